import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearBaseTemporal } from "../db/base-temporal.js";
import { LIMITES_LOGIN } from "../modules/auth/auth.service.js";
import {
  ADMIN,
  arrancarServidor,
  detener,
  entrar,
  esperarLista,
  hoyMas,
  lineas,
  llamar,
  type ServidorReal,
  vivo,
} from "./servidor-real.js";

/*
 * Three real server processes on one PostgreSQL database, as behind a load balancer: the API
 * keeps no state of its own (sessions, login counters and capacity live in the database).
 */

const urlPostgres = process.env.DATABASE_URL;
const FILA_CLAVE = randomBytes(32).toString("base64");
const PUERTOS = [3760, 3761, 3762];
const PLAZAS = 50;
const INSCRIPCIONES = 300;

let servidores: ServidorReal[] = [];
let puertos: number[] = [];
let url = "";
let token = "";
let sql: pg.Client;
const limpiezas: Array<() => Promise<void> | void> = [];

const puertoDe = (i: number) => puertos[i % puertos.length] as number;

// Several processes on one database need a PostgreSQL server (PGlite admits one process per data
// directory); CI runs the suite a second time with DATABASE_URL, and this file runs then.
describe.skipIf(!urlPostgres)("varias instancias sobre un PostgreSQL", () => {
  beforeAll(async () => {
    const temporal = await crearBaseTemporal(urlPostgres as string, "fila_instancias");
    limpiezas.push(temporal.borrar);
    url = temporal.url;
    const arrancar = (puerto: number) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "fila-instancia-"));
      limpiezas.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // Each its own DATA_DIR: the installation key, shared, comes in FILA_CLAVE.
      const s = arrancarServidor(puerto, { DATABASE_URL: url, DATA_DIR: dataDir, FILA_CLAVE });
      servidores.push(s);
      return s;
    };
    // Two at the same moment on the empty database: migrations and the first administrator race.
    const [a, b] = [arrancar(PUERTOS[0] as number), arrancar(PUERTOS[1] as number)];
    await Promise.all([esperarLista(a), esperarLista(b)]);
    const c = arrancar(PUERTOS[2] as number);
    await esperarLista(c);
    puertos = servidores.map((s) => s.puerto);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
    token = await entrar(puertoDe(0));
  }, 180_000);

  afterAll(async () => {
    await sql?.end();
    for (const s of servidores) await detener(s);
    servidores = [];
    for (const limpiar of limpiezas.splice(0)) await limpiar();
  }, 60_000);

  it("dos arrancan a la vez sobre la base vacía: migran y crean el administrador una sola vez", async () => {
    for (const s of servidores) {
      expect(lineas(s.errores()).join("\n")).not.toMatch(/duplicate key|No se ha podido/);
    }
    const cuentas = await sql.query("select count(*)::int as n from usuario where email = $1", [
      ADMIN.email,
    ]);
    expect(cuentas.rows[0].n).toBe(1);
    const migraciones = await sql.query(
      "select count(*)::int as n, count(distinct name)::int as distintas from kysely_migration",
    );
    expect(migraciones.rows[0].n).toBeGreaterThan(0);
    expect(migraciones.rows[0].n).toBe(migraciones.rows[0].distintas);
  });

  it("la sesión abierta en una instancia vale en las otras y cerrarla en una la cierra en todas", async () => {
    for (const p of puertos) {
      const r = await llamar(p, "GET", "/api/sesion", { token });
      expect(r.status).toBe(200);
      expect(r.cuerpo.email).toBe(ADMIN.email);
    }
    const otra = await entrar(puertoDe(2));
    for (const p of puertos)
      expect((await llamar(p, "GET", "/api/sesion", { token: otra })).status).toBe(200);
    expect((await llamar(puertoDe(1), "POST", "/api/logout", { token: otra })).status).toBe(204);
    for (const p of puertos) {
      expect((await llamar(p, "GET", "/api/sesion", { token: otra })).status).toBe(401);
      // Only that session: the first one still works everywhere.
      expect((await llamar(p, "GET", "/api/sesion", { token })).status).toBe(200);
    }
  });

  // The members of the enrolment peaks (the first test creates them, the wait-list reuses them).
  const ids: number[] = [];
  /** Every one of them enrols in the event at once, spread over the instances. */
  const inscribirATodos = (idActo: number) =>
    Promise.all(
      ids.map((idSocio, i) =>
        llamar(puertoDe(i), "POST", `/api/actos/${idActo}/inscripciones`, {
          token,
          cuerpo: { idSocio },
        }),
      ),
    );

  it(`${INSCRIPCIONES} inscripciones repartidas entre las tres para ${PLAZAS} plazas: entran exactamente ${PLAZAS}`, async () => {
    for (let lote = 0; lote < INSCRIPCIONES; lote += 30) {
      const altas = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          llamar(puertoDe(lote + i), "POST", "/api/socios", {
            token,
            cuerpo: { nombre: "Aforo", apellidos: `Instancias ${lote + i}` },
          }),
        ),
      );
      for (const a of altas) {
        expect(a.status).toBe(201);
        ids.push(a.cuerpo.id);
      }
    }
    const acto = await llamar(puertoDe(0), "POST", "/api/actos", {
      token,
      cuerpo: { nombre: "Cena con aforo", fecha: hoyMas(30), aforo: PLAZAS, listaEspera: false },
    });
    expect(acto.status).toBe(201);
    const idActo = acto.cuerpo.id as number;

    const respuestas = await inscribirATodos(idActo);
    const estados: Record<number, number> = {};
    for (const r of respuestas) estados[r.status] = (estados[r.status] ?? 0) + 1;
    expect(estados).toEqual({ 201: PLAZAS, 409: INSCRIPCIONES - PLAZAS });
    for (const r of respuestas.filter((x) => x.status === 409)) {
      expect(r.cuerpo.mensaje).toBe("No quedan plazas");
    }
    const filas = await sql.query("select count(*)::int as n from inscripcion where id_acto = $1", [
      idActo,
    ]);
    expect(filas.rows[0].n).toBe(PLAZAS);
    for (const p of puertos) {
      const r = await llamar(p, "GET", `/api/actos/${idActo}`, { token });
      expect(r.cuerpo.numInscritos).toBe(PLAZAS);
      expect(r.cuerpo.plazasLibres).toBe(0);
    }
    console.log(
      `varias instancias: ${INSCRIPCIONES} inscripciones a la vez en 3 instancias para ${PLAZAS} plazas → ${estados[201]} aceptadas, ${estados[409]} con 409, sobreventa 0`,
    );
  }, 120_000);

  it(`con lista de espera, las mismas ${INSCRIPCIONES} para ${PLAZAS} plazas: ${PLAZAS} confirmadas y el resto en espera con puestos únicos; 20 bajas a la vez suben a las 20 primeras`, async () => {
    expect(ids).toHaveLength(INSCRIPCIONES);
    const acto = await llamar(puertoDe(0), "POST", "/api/actos", {
      token,
      cuerpo: { nombre: "Cena con lista de espera", fecha: hoyMas(30), aforo: PLAZAS },
    });
    expect(acto.status).toBe(201);
    expect(acto.cuerpo.listaEspera).toBe(true);
    const idActo = acto.cuerpo.id as number;
    const respuestas = await inscribirATodos(idActo);
    expect(new Set(respuestas.map((r) => r.status))).toEqual(new Set([201]));
    const confirmadas = respuestas.filter((r) => r.cuerpo.estado === "confirmada");
    const enEspera = respuestas
      .filter((r) => r.cuerpo.estado === "en_espera")
      .map((r) => r.cuerpo as { id: number; puestoEspera: number })
      .sort((a, b) => a.puestoEspera - b.puestoEspera);
    expect(confirmadas).toHaveLength(PLAZAS);
    expect(enEspera.map((i) => i.puestoEspera)).toEqual(
      Array.from({ length: INSCRIPCIONES - PLAZAS }, (_, i) => i + 1),
    );

    const bajas = await Promise.all(
      confirmadas.slice(0, 20).map((r, i) =>
        llamar(puertoDe(i), "DELETE", `/api/actos/${idActo}/inscripciones/${r.cuerpo.id}`, {
          token,
        }),
      ),
    );
    expect(new Set(bajas.map((r) => r.status))).toEqual(new Set([200]));
    const filas = await sql.query(
      "select id from inscripcion where id_acto = $1 and estado = 'confirmada'",
      [idActo],
    );
    const ahora = new Set(filas.rows.map((f) => f.id as number));
    expect(ahora.size).toBe(PLAZAS);
    for (const { id } of enEspera.slice(0, 20)) expect(ahora.has(id)).toBe(true);
    for (const { id } of enEspera.slice(20)) expect(ahora.has(id)).toBe(false);
    for (const p of puertos) {
      const r = await llamar(p, "GET", `/api/actos/${idActo}`, { token });
      expect(r.cuerpo).toMatchObject({
        numInscritos: PLAZAS,
        plazasLibres: 0,
        numEnEspera: INSCRIPCIONES - PLAZAS - 20,
      });
    }
  }, 120_000);

  it("cortar las conexiones de la base de datos con carga deja servir a todas las instancias", async () => {
    const socio = await llamar(puertoDe(0), "POST", "/api/socios", {
      token,
      cuerpo: { nombre: "Carga", apellidos: "Conexiones cortadas" },
    });
    expect(socio.status).toBe(201);
    const idSocio = socio.cuerpo.id as number;
    const cargo = { idSocio, concepto: "Carga", importe: 1, fechaVencimiento: hoyMas(30) };

    const estados: Record<string, number> = {};
    const sinRespuesta: string[] = [];
    const confirmados: number[] = [];
    const hasta = Date.now() + 4000;
    const trabajador = async (i: number) => {
      for (let n = 0; Date.now() < hasta; n++) {
        const puerto = puertoDe(i);
        try {
          const r =
            n % 2 === 0
              ? await llamar(puerto, "POST", "/api/pagos", { token, cuerpo: cargo })
              : await llamar(puerto, "GET", "/api/socios?pageSize=20", { token });
          const clave = r.status === 503 ? `503 ${r.cuerpo.error}` : String(r.status);
          estados[clave] = (estados[clave] ?? 0) + 1;
          if (r.status === 201) confirmados.push(r.cuerpo.id);
        } catch (e) {
          sinRespuesta.push(`${puerto}: ${(e as Error).message}`);
        }
      }
    };
    let terminadas = 0;
    const cortar = async () => {
      for (const espera of [700, 1300, 1300]) {
        await new Promise((ok) => setTimeout(ok, espera));
        const r = await sql.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        terminadas += r.rowCount ?? 0;
      }
    };
    await Promise.all([cortar(), ...Array.from({ length: 9 }, (_, i) => trabajador(i))]);

    expect(terminadas).toBeGreaterThan(0);
    expect(sinRespuesta).toEqual([]);
    // In-flight requests may get the clean 503; never a 500.
    expect(
      Object.keys(estados).filter((k) => !["200", "201", "503 bd_no_disponible"].includes(k)),
    ).toEqual([]);
    for (const s of servidores) expect(vivo(s)).toBe(true);

    await new Promise((ok) => setTimeout(ok, 300));
    for (const p of puertos) {
      expect((await llamar(p, "GET", "/api/salud/lista")).status).toBe(200);
      expect((await llamar(p, "GET", "/api/socios?pageSize=5", { token })).status).toBe(200);
      const r = await llamar(p, "POST", "/api/pagos", { token, cuerpo: cargo });
      expect(r.status).toBe(201);
      confirmados.push(r.cuerpo.id);
    }
    const guardados = await sql.query(
      "select count(*)::int as n from pago where id = any($1::int[])",
      [confirmados],
    );
    expect(guardados.rows[0].n).toBe(confirmados.length);
    console.log(
      `varias instancias: ${terminadas} conexiones cortadas bajo carga, respuestas ${JSON.stringify(estados)}, 500 ninguna, ${confirmados.length} cargos confirmados y guardados, las 3 instancias siguen sirviendo`,
    );
  }, 60_000);

  // Last: it locks the administrator's sign-in for the window (the session already open stays).
  it("el límite de intentos de entrada cuenta los fallos de todas las instancias, también a la vez", async () => {
    const intento = (i: number, password: string) =>
      llamar(puertoDe(i), "POST", "/api/login", { cuerpo: { email: ADMIN.email, password } });
    // Thirty wrong passwords at once, spread over the instances: each attempt is taken and
    // counted in one statement before it is tried, so exactly the limit are tried.
    const respuestas = await Promise.all(
      Array.from({ length: 30 }, (_, i) => intento(i, "no-es-la-clave")),
    );
    const estados = respuestas.map((r) => r.status);
    expect(estados.filter((s) => s === 401)).toHaveLength(LIMITES_LOGIN.porCuenta);
    expect(estados.filter((s) => s === 429)).toHaveLength(30 - LIMITES_LOGIN.porCuenta);
    // Even the right password is refused on every one of them.
    for (let i = 0; i < puertos.length; i++) {
      const r = await intento(i, ADMIN.password);
      expect(r.status).toBe(429);
      expect(r.cuerpo.error).toBe("demasiados_intentos");
    }
    const rechazadas = await sql.query(
      "select count(*)::int as n from auditoria where accion = 'entrada rechazada'",
    );
    expect(rechazadas.rows[0].n).toBe(30 - LIMITES_LOGIN.porCuenta + puertos.length);
  });
});
