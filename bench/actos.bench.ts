// Capacity under load, the annual dinner's evening: every active member of the demo filà
// enrols at once in a paid event with room for two thirds of them and a price per member type
// (so the accepted ones also get their charge), as the board for each of them. The server is the
// real one, started as `npm start` starts it (scripts/start.mjs) in a process of its own; the
// requests go out from this process, each on a connection of its own, as from as many phones.
// Exactly the capacity must be accepted, the rest get 409, and no place may be oversold.
// Reports 201/409 counts, places taken (counted and the event's counter) and the client's
// p50/p95, with the same burst against a trivial route (`GET /api/salud`) in the same run as
// the yardstick, for a paid event and then a free one. Goals: client p95 ≤ 500 ms on PostgreSQL,
// ≤ 1 s on PGlite (issue 14), and ≤ 2.5× the yardstick's p95 (issue 37, goal 3). PGlite (on disk,
// as `npm start` runs it) and the embedded PostgreSQL (the default of `npm start`, ADR 0028)
// always; PostgreSQL too when DATABASE_URL is set (ACTOS_MOTORES=pglite,embebido,postgres picks).
// Issue 51, item 5: each member enrols with their own account (a session per member, as from
// their phone: the board enrols anyone at any time, turns do not apply to it), in an event whose
// only turn, the general opening, opens at the minute the burst is fired (the bench waits for it).
// Run: npx tsx bench/actos.bench.ts   (or with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test;
// ACTOS_PORT, 3411 by default; ACTOS_PERFIL=<dir> writes the server's CPU profile there, --cpu-prof;
// DEMO_SOCIOS/DEMO_ANYOS the size of the filà)

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos, type Database } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { arrancarPostgresEmbebido } from "../packages/api/src/db/postgres-embebido.js";
import { cargarDemo } from "../packages/api/src/demo/seed-demo.js";
import { tamanyoDemo } from "../packages/api/src/demo/tamanyo.js";
import { nuevoToken } from "../packages/api/src/lib/tokens.js";
import { AuthRepository } from "../packages/api/src/modules/auth/auth.repository.js";
import {
  arrancarServidorReal,
  conBaseDelServidor,
  entrarConCuentaDemo,
  pararServidor,
} from "./servidor-real.js";

const PUERTO = Number(process.env.ACTOS_PORT ?? 3411);
const BASE = `http://127.0.0.1:${PUERTO}`;

// node:http and not fetch: undici's fetch spent about 1.5 ms of CPU per request, more than the
// server spends on an enrolment, and on two cores that CPU is taken from the server
// (bench/README.md). No agent: each request opens its own connection.
function pedir(ruta: string, metodo: "GET" | "POST", token?: string, cuerpo?: string) {
  return new Promise<number>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (cuerpo) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(cuerpo);
    }
    const req = http.request(
      { host: "127.0.0.1", port: PUERTO, path: ruta, method: metodo, headers, agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(cuerpo);
  });
}

type Rafaga = { resultados: { estado: number; ms: number }[]; total: number };

/** All the requests at once, each with its session token and JSON body if it has them. */
async function enParalelo(
  ruta: string,
  metodo: "GET" | "POST",
  peticiones: { token?: string; cuerpo?: string }[],
): Promise<Rafaga> {
  const inicio = performance.now();
  const resultados = await Promise.all(
    peticiones.map(async ({ token, cuerpo }) => {
      const t0 = performance.now();
      const estado = await pedir(ruta, metodo, token, cuerpo);
      return { estado, ms: performance.now() - t0 };
    }),
  );
  return { resultados, total: performance.now() - inicio };
}

function percentil(valores: number[], p: number): number {
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil((p / 100) * orden.length) - 1)] ?? 0;
}

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

/** `AAAA-MM-DDTHH:mm` of an instant in Madrid's time, as a turn's `desde`. */
function horaDeMadrid(instante: Date): string {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Madrid",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instante)
      .map((p) => [p.type, p.value]),
  );
  return `${partes.year}-${partes.month}-${partes.day}T${partes.hour}:${partes.minute}`;
}

/** The next minute that starts at least `margenMs` from now. */
function proximoMinuto(margenMs: number): Date {
  return new Date(Math.ceil((Date.now() + margenMs) / 60_000) * 60_000);
}

const esperarHasta = (instante: number) =>
  new Promise((ok) => setTimeout(ok, Math.max(0, instante - Date.now())));

type Motor = "pglite" | "embebido" | "postgres";
const NOMBRE_MOTOR: Record<Motor, string> = {
  pglite: "PGlite",
  embebido: "PG embebido",
  postgres: "PostgreSQL",
};

/**
 * Runs `usar` on the server's database while it is stopped: PGlite's folder, the embedded
 * PostgreSQL of `dataDir` (started for the while, as the server starts it) or PostgreSQL.
 */
async function conBase<T>(
  motor: Motor,
  dataDir: string,
  databaseUrl: string | undefined,
  usar: (db: Database) => Promise<T>,
): Promise<T> {
  if (motor !== "embebido") return conBaseDelServidor(dataDir, databaseUrl, usar);
  const pg = await arrancarPostgresEmbebido(path.join(dataDir, "postgres"), { avisar: () => {} });
  try {
    const bd = await abrirBaseDeDatos({ tipo: "postgres", url: pg.url });
    try {
      return await usar(bd.db);
    } finally {
      await bd.cerrar();
    }
  } finally {
    await pg.parar();
  }
}

async function medir(motor: Motor, databaseUrl?: string): Promise<boolean> {
  const nombreMotor = NOMBRE_MOTOR[motor];
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-actos-"));
  let servidor: ChildProcess | null = null;
  const arrancar = () =>
    arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      baseEmbebida: motor === "embebido" ? "postgres" : "pglite",
      limiteMs: 20 * 60_000,
      argumentosNode: process.env.ACTOS_PERFIL
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.ACTOS_PERFIL}`]
        : [],
    });
  try {
    // The embedded PostgreSQL is filled by the server itself on its first start (the demo at
    // DEMO_SOCIOS × DEMO_ANYOS, as `npm start` does), then stopped to add the accounts.
    if (motor === "embebido") {
      await pararServidor(await arrancar());
    }
    // Before the server starts (PGlite is one process's at a time): the demo filà, an account of
    // its own for every active member (those without one get a `socio` account; all with the
    // conditions accepted) and one session per member, as from as many phones. The server reads
    // the sessions of requests that arrive together in one query, and one token repeated would
    // flatter it.
    const { socios, tipos, sesiones } = await conBase(motor, dataDir, databaseUrl, async (db) => {
      if (motor !== "embebido") {
        await migrar(db);
        await asegurarAsociacion(db);
        await cargarDemo(db, dataDir, tamanyoDemo(process.env));
      }
      const { version_condiciones } = await db
        .selectFrom("asociacion")
        .select("version_condiciones")
        .executeTakeFirstOrThrow();
      await sql`
        insert into usuario (email, nombre, rol, id_socio, activo)
        select 'medicion-' || s.id || '@filademo.es', s.nombre || ' ' || s.apellidos, 'socio', s.id,
          true
        from socio s
        where s.activo and not exists (
          select 1 from usuario u where u.id_socio = s.id and u.activo)`.execute(db);
      await db
        .updateTable("usuario")
        .set({ condiciones_aceptadas_en: new Date(), condiciones_version: version_condiciones })
        .where("id_socio", "is not", null)
        .execute();
      const cuentas = await db
        .selectFrom("socio")
        .innerJoin("usuario", "usuario.id_socio", "socio.id")
        .select(["socio.id as id", (eb) => eb.fn.min("usuario.id").as("idUsuario")])
        .where("socio.activo", "=", true)
        .where("usuario.activo", "=", true)
        .groupBy("socio.id")
        .orderBy("socio.id")
        .execute();
      const tipos = await db.selectFrom("tipo_socio").select("id").execute();
      const sesiones = cuentas.map(() => nuevoToken());
      const auth = new AuthRepository(db);
      const expira = new Date(Date.now() + 3_600_000);
      for (const [i, t] of sesiones.entries())
        await auth.crearSesion(Number(cuentas[i].idUsuario), t.hash, expira, "127.0.0.1");
      return { socios: cuentas.map((c) => ({ id: c.id })), tipos, sesiones };
    });
    const aforo = Math.floor((socios.length * 2) / 3);

    servidor = await arrancar();
    const { token } = await entrarConCuentaDemo(PUERTO, "administrador");

    // A warm-up, discarded: the same bursts once against a third event, so that both the
    // yardstick and the enrolments are measured on a warm server (the first burst after a start
    // pays the JIT and the first connections, and used to flatter whichever came first).
    const calentamiento = await fetch(`${BASE}/api/actos`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      // Paid, as the first measured event: its own code path (the charges) warms up too.
      body: JSON.stringify({
        nombre: "Calentamiento",
        fecha: dentroDe(30),
        listaEspera: false,
        sePaga: true,
        precios: tipos.map((t, i) => ({ idTipoSocio: t.id, idProducto: null, precio: 10 + i })),
      }),
    });
    if (calentamiento.status !== 201) throw new Error(`acto: ${calentamiento.status}`);
    const { id: idCalentamiento } = (await calentamiento.json()) as { id: number };
    await enParalelo(
      "/api/salud",
      "GET",
      socios.map(() => ({})),
    );
    await enParalelo(
      `/api/actos/${idCalentamiento}/inscripciones`,
      "POST",
      socios.map((socio, i) => ({
        token: sesiones[i].token,
        cuerpo: JSON.stringify({ idSocio: socio.id }),
      })),
    );

    // Paid first, then free: a paid enrolment also writes its charge in the same transaction.
    const rafagas: { sePaga: boolean; id: number; trivial: Rafaga; inscripciones: Rafaga }[] = [];
    for (const sePaga of [true, false]) {
      // The turn opens at the first minute at least 20 s away: the yardstick goes 8 s before it,
      // the burst at that very second.
      const apertura = proximoMinuto(20_000);
      const acto = await fetch(`${BASE}/api/actos`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          nombre: sePaga ? "Cena de la medición" : "Almuerzo de la medición",
          fecha: dentroDe(30),
          aforo,
          // The bench measures «full refuses» (409): no wait-list.
          listaEspera: false,
          sePaga,
          // Issue 50's turns: the general opening (the one turn without filters) at that minute.
          turnos: [{ desde: horaDeMadrid(apertura) }],
          precios: sePaga
            ? tipos.map((t, i) => ({ idTipoSocio: t.id, idProducto: null, precio: 20 + i }))
            : [],
        }),
      });
      if (acto.status !== 201) throw new Error(`acto: ${acto.status} ${await acto.text()}`);
      const { id } = (await acto.json()) as { id: number };

      // The yardstick, in the same run: as many requests at once to a trivial route of the same
      // server (its health check, no session). What they take is the floor that connections,
      // HTTP and the client put under any route on this machine.
      await esperarHasta(apertura.getTime() - 8_000);
      const trivial = await enParalelo(
        "/api/salud",
        "GET",
        socios.map(() => ({})),
      );
      await esperarHasta(apertura.getTime());
      const inscripciones = await enParalelo(
        `/api/actos/${id}/inscripciones`,
        "POST",
        socios.map((socio, i) => ({
          token: sesiones[i].token,
          cuerpo: JSON.stringify({ idSocio: socio.id }),
        })),
      );
      rafagas.push({ sePaga, id, trivial, inscripciones });
    }
    await pararServidor(servidor);
    servidor = null;

    let correcto = true;
    for (const { sePaga, id, trivial, inscripciones } of rafagas) {
      const { ocupadas, contador } = await conBase(motor, dataDir, databaseUrl, async (db) => {
        const { n } = await db
          .selectFrom("inscripcion")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("id_acto", "=", id)
          .executeTakeFirstOrThrow();
        const acto = await db
          .selectFrom("acto")
          .select("ocupadas")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        return { ocupadas: Number(n), contador: acto.ocupadas };
      });
      const estados = inscripciones.resultados.map((r) => r.estado);
      const cliente = inscripciones.resultados.map((r) => r.ms);
      const creadas = estados.filter((e) => e === 201).length;
      const llenas = estados.filter((e) => e === 409).length;
      const otras = estados.length - creadas - llenas;
      const sobreventa = Math.max(0, ocupadas - aforo);
      const msTrivial = trivial.resultados.map((r) => r.ms);
      const p95 = percentil(cliente, 95);
      const p95Trivial = percentil(msTrivial, 95);
      const proporcion = p95 / p95Trivial;
      const clase = sePaga ? "de pago" : "gratis";
      console.log(
        `${nombreMotor.padEnd(11)} ${socios.length} peticiones a la vez a GET /api/salud (referencia): total ${trivial.total.toFixed(0)} ms | cliente p50 ${percentil(msTrivial, 50).toFixed(1)} ms, p95 ${p95Trivial.toFixed(1)} ms`,
      );
      console.log(
        `${nombreMotor.padEnd(11)} acto ${clase}, ${socios.length} socios, aforo ${aforo}: 201=${creadas} 409=${llenas} otras=${otras} | plazas ocupadas ${ocupadas} (contador ${contador}), sobreventa ${sobreventa} | total ${inscripciones.total.toFixed(0)} ms | cliente p50 ${percentil(cliente, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms = ${proporcion.toFixed(2)}× la referencia (objetivo ≤ 2,5×) ${proporcion <= 2.5 ? "✓" : "✗"}`,
      );
      correcto &&=
        ocupadas === aforo &&
        contador === aforo &&
        creadas === aforo &&
        llenas === socios.length - aforo &&
        otras === 0;
    }
    return correcto;
  } finally {
    await pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL;
const motores = (
  process.env.ACTOS_MOTORES?.trim() || `pglite,embebido${url ? ",postgres" : ""}`
).split(",") as Motor[];
let correcto = true;
for (const motor of motores) {
  if (!(motor in NOMBRE_MOTOR)) throw new Error(`ACTOS_MOTORES: ${motor} no es un motor`);
  if (motor !== "postgres") {
    correcto = (await medir(motor)) && correcto;
    continue;
  }
  if (!url) throw new Error("ACTOS_MOTORES con postgres necesita DATABASE_URL");
  const temporal = await crearBaseTemporal(url, "fila_bench");
  try {
    correcto = (await medir("postgres", temporal.url)) && correcto;
  } finally {
    await temporal.borrar();
  }
}
if (!correcto) {
  console.error("ERROR: el aforo no se ha respetado");
  process.exitCode = 1;
}
