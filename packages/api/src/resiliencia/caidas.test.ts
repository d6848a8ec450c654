import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import {
  aleatorio,
  arrancarServidor,
  datosDelServidor,
  detener,
  entrar,
  esperarLista,
  hoyMas,
  lineas,
  llamar,
  type ServidorReal,
  todos,
  vivo,
} from "./servidor-real.js";

/*
 * Crash test: writers create members, enrolments and charges against the real server process,
 * which gets SIGKILL at a random moment of each round. After every restart each acknowledged
 * write (a 2xx received by the writer) must be there and the data must hold together. One data
 * directory (or database) for all the rounds, as a real installation lives through its crashes.
 * Repeat a run with SEMILLA_CAIDAS=<seed printed on the console>.
 */

const urlPostgres = process.env.DATABASE_URL;
const BD = urlPostgres
  ? "PostgreSQL"
  : process.env.BASE_EMBEBIDA === "postgres"
    ? "PostgreSQL embebido"
    : "PGlite";
const RONDAS = urlPostgres ? 10 : 20;
// One port per start (rounds + the final check), so no client keeps a socket to a dead server.
const PUERTO_BASE = urlPostgres ? 3730 : 3700;
const PUERTO_SEGUNDO = 3750;
const SEMILLA = Number(process.env.SEMILLA_CAIDAS) || Math.floor(Math.random() * 2 ** 31);
const ESCRITORES = 3;
const AFORO = 40;
const PRECIO_INVITADO = 7.5;
// The kill falls somewhere in this window after the writers start (ms).
const MUERTE_MIN = 150;
const MUERTE_MAX = 1500;

type Registro = {
  socios: Set<number>;
  inscripciones: Map<number, { idActo: number; idSocio: number; invitados: number }>;
  pagos: Map<number, { idSocio: number; cobrado: boolean }>;
  /** Events created, with their capacity. */
  actos: Map<number, number>;
  /** Acknowledged writes: every 201 of a member, enrolment or charge and every 200 of a payment. */
  escrituras: number;
  /** Requests cut by the kill: sent, never answered (they may or may not have been written). */
  cortadas: number;
  inesperadas: string[];
};

const servidores: ServidorReal[] = [];
const limpiezas: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) await detener(s, "SIGKILL");
  for (const limpiar of limpiezas.splice(0)) await limpiar();
});

/** Checks every acknowledged write and the consistency of the data; returns what is wrong. */
async function verificar(
  puerto: number,
  token: string,
  reg: Registro,
  urlSql: string | null,
): Promise<string[]> {
  const problemas: string[] = [];
  const socios = new Set((await todos(puerto, token, "/api/socios")).map((s) => s.id as number));
  for (const id of reg.socios) if (!socios.has(id)) problemas.push(`perdido: socio ${id}`);

  const pagos = new Map((await todos(puerto, token, "/api/pagos")).map((p) => [p.id as number, p]));
  for (const [id, r] of reg.pagos) {
    const p = pagos.get(id);
    if (!p) problemas.push(`perdido: cargo ${id}`);
    else if (r.cobrado && p.estado !== "pagado") problemas.push(`perdido: cobro del cargo ${id}`);
  }
  for (const p of pagos.values()) {
    if (!socios.has(p.idSocio)) problemas.push(`cargo ${p.id} sin su socio ${p.idSocio}`);
  }

  for (const [idActo, aforo] of reg.actos) {
    const r = await llamar(puerto, "GET", `/api/actos/${idActo}/inscripciones`, { token });
    if (r.status !== 200) {
      problemas.push(`acto ${idActo}: inscripciones ${r.status}`);
      continue;
    }
    const { acto, items, totales } = r.cuerpo;
    const personas = items.reduce((n: number, i: { invitados: number }) => n + 1 + i.invitados, 0);
    if (acto.numInscritos !== personas || totales.personas !== personas) {
      problemas.push(
        `acto ${idActo}: numInscritos ${acto.numInscritos}, totales ${totales.personas}, inscripciones ${personas}`,
      );
    }
    if (acto.plazasLibres !== aforo - personas || personas > aforo) {
      problemas.push(`acto ${idActo}: plazasLibres ${acto.plazasLibres} con ${personas}/${aforo}`);
    }
    const porId = new Map(items.map((i: { id: number }) => [i.id, i]));
    for (const i of items) {
      if (!socios.has(i.idSocio)) problemas.push(`inscripción ${i.id} sin su socio ${i.idSocio}`);
      const importe = i.invitados * PRECIO_INVITADO;
      if (i.importe !== importe) problemas.push(`inscripción ${i.id}: importe ${i.importe}`);
      // An enrolment with guests and its charge are written in one transaction: both or neither.
      const cargo = i.idPago === null ? null : pagos.get(i.idPago);
      if (importe > 0 && (!cargo || cargo.importe !== importe || cargo.idSocio !== i.idSocio)) {
        problemas.push(`inscripción ${i.id} con invitados sin su cargo (${i.idPago})`);
      }
      if (importe === 0 && i.idPago !== null)
        problemas.push(`inscripción ${i.id} gratis con cargo`);
    }
    for (const [id, e] of reg.inscripciones) {
      if (e.idActo !== idActo) continue;
      const i = porId.get(id) as { idSocio: number; invitados: number } | undefined;
      if (!i) problemas.push(`perdida: inscripción ${id}`);
      else if (i.idSocio !== e.idSocio || i.invitados !== e.invitados) {
        problemas.push(`inscripción ${id} cambiada`);
      }
    }
  }

  if (urlSql) {
    const cliente = new pg.Client({ connectionString: urlSql });
    await cliente.connect();
    try {
      const huerfanos = await cliente.query(
        `select (select count(*)::int from pago p where not exists (select 1 from socio s where s.id = p.id_socio)) as pagos,
                (select count(*)::int from inscripcion i where not exists (select 1 from socio s where s.id = i.id_socio)) as inscripciones,
                (select count(*)::int from inscripcion i where i.id_pago is not null and not exists (select 1 from pago p where p.id = i.id_pago)) as cargos`,
      );
      const h = huerfanos.rows[0];
      if (h.pagos || h.inscripciones || h.cargos)
        problemas.push(`SQL: huérfanos ${JSON.stringify(h)}`);
      // acto.ocupadas (migration 0010) is the counter a new enrolment checks against the capacity.
      const conOcupadas = await cliente.query(
        "select 1 from information_schema.columns where table_name = 'acto' and column_name = 'ocupadas'",
      );
      const ocupadas = conOcupadas.rowCount ? "a.ocupadas" : "null::int";
      const actos = await cliente.query(
        `select a.id, a.aforo, ${ocupadas} as ocupadas,
                (select coalesce(sum(1 + i.invitados), 0)::int from inscripcion i where i.id_acto = a.id) as personas
           from acto a where a.id = any($1::int[])`,
        [[...reg.actos.keys()]],
      );
      for (const a of actos.rows) {
        if (a.personas > a.aforo || (a.ocupadas !== null && a.ocupadas !== a.personas)) {
          problemas.push(
            `SQL: acto ${a.id} ocupadas ${a.ocupadas}, personas ${a.personas}/${a.aforo}`,
          );
        }
      }
    } finally {
      await cliente.end();
    }
  }
  return problemas;
}

/** One writer: member → enrolment (with 0–2 guests) → manual charge → sometimes its payment. */
async function escribir(
  puerto: number,
  token: string,
  idActo: number,
  idFormaPago: number,
  azar: () => number,
  reg: Registro,
  etiqueta: string,
): Promise<void> {
  const esperar = (r: { status: number; cuerpo: unknown }, estados: number[], que: string) => {
    if (!estados.includes(r.status)) {
      reg.inesperadas.push(`${que}: ${r.status} ${JSON.stringify(r.cuerpo)}`);
      throw new Error("respuesta inesperada");
    }
  };
  try {
    for (let n = 0; ; n++) {
      const socio = await llamar(puerto, "POST", "/api/socios", {
        token,
        cuerpo: { nombre: "Caída", apellidos: `${etiqueta} ${n}` },
      });
      esperar(socio, [201], "alta de socio");
      const idSocio = socio.cuerpo.id as number;
      reg.socios.add(idSocio);
      reg.escrituras++;

      const invitados = Math.floor(azar() * 3);
      const ins = await llamar(puerto, "POST", `/api/actos/${idActo}/inscripciones`, {
        token,
        cuerpo: { idSocio, invitados },
      });
      // 409: the event is full, which the capacity rule answers; nothing was written.
      esperar(ins, [201, 409], "inscripción");
      if (ins.status === 201) {
        reg.inscripciones.set(ins.cuerpo.id, { idActo, idSocio, invitados });
        reg.escrituras++;
      }

      const pago = await llamar(puerto, "POST", "/api/pagos", {
        token,
        cuerpo: {
          idSocio,
          concepto: "Prueba de caída",
          importe: 12.34,
          fechaVencimiento: hoyMas(30),
        },
      });
      esperar(pago, [201], "cargo");
      const idPago = pago.cuerpo.id as number;
      reg.pagos.set(idPago, { idSocio, cobrado: false });
      reg.escrituras++;

      if (azar() < 0.5) {
        const cobro = await llamar(puerto, "POST", `/api/pagos/${idPago}/cobro`, {
          token,
          cuerpo: { fecha: hoyMas(0), idFormaPago },
        });
        esperar(cobro, [200], "cobro");
        reg.pagos.set(idPago, { idSocio, cobrado: true });
        reg.escrituras++;
      }
    }
  } catch (e) {
    // The server died under this writer (or answered something unexpected, recorded above).
    if ((e as Error).message !== "respuesta inesperada") reg.cortadas++;
  }
}

describe(`caídas con kill -9 (${BD})`, () => {
  it(`${RONDAS} rondas: ninguna escritura confirmada se pierde y los datos cuadran`, async () => {
    console.log(`caídas ${BD}: semilla ${SEMILLA} (repite con SEMILLA_CAIDAS=${SEMILLA})`);
    const azar = aleatorio(SEMILLA);
    const inicio = Date.now();
    const { dataDir, env } = await datosDelServidor("fila_caidas", limpiezas);
    const cerrojo = path.join(dataDir, "fila.lock");
    const reg: Registro = {
      socios: new Set(),
      inscripciones: new Map(),
      pagos: new Map(),
      actos: new Map(),
      escrituras: 0,
      cortadas: 0,
      inesperadas: [],
    };
    let idFormaPago = 0;

    for (let ronda = 0; ronda <= RONDAS; ronda++) {
      const puerto = PUERTO_BASE + ronda;
      let pidMuerto = 0;
      if (!urlPostgres && ronda > 0) {
        // The killed process left its lock behind: it must not stop the restart.
        expect(existsSync(cerrojo)).toBe(true);
        pidMuerto = Number(readFileSync(cerrojo, "utf8"));
      }
      const servidor = arrancarServidor(puerto, env);
      servidores.push(servidor);
      await esperarLista(servidor);
      if (pidMuerto) {
        expect(Number(readFileSync(cerrojo, "utf8"))).toBe(servidor.proceso.pid);
        expect(servidor.proceso.pid).not.toBe(pidMuerto);
      }

      const token = await entrar(puerto);
      const problemas = await verificar(puerto, token, reg, env.DATABASE_URL ?? null);
      expect(problemas, `ronda ${ronda}, semilla ${SEMILLA}`).toEqual([]);
      if (ronda === RONDAS) {
        await detener(servidor);
        break;
      }

      if (ronda === 0) {
        const forma = await llamar(puerto, "POST", "/api/formaspago", {
          token,
          cuerpo: { nombre: "Efectivo (prueba de caídas)" },
        });
        expect(forma.status).toBe(201);
        idFormaPago = forma.cuerpo.id;
        if (!urlPostgres) {
          // A live second process on the same DATA_DIR is refused with one Spanish line.
          const segundo = arrancarServidor(PUERTO_SEGUNDO, env);
          servidores.push(segundo);
          expect(await segundo.fin).toBe(1);
          expect(lineas(segundo.errores())).toEqual([
            `No se ha podido arrancar Filà: Otro proceso (pid ${servidor.proceso.pid}) ya está usando el directorio de datos ${dataDir}. Detenlo antes de arrancar otro.`,
          ]);
          expect(vivo(servidor)).toBe(true);
        }
      }
      const acto = await llamar(puerto, "POST", "/api/actos", {
        token,
        cuerpo: {
          nombre: `Cena de la ronda ${ronda}`,
          fecha: hoyMas(60),
          sePaga: true,
          aforo: AFORO,
          // Full means refused here (the wait-list has its own tests).
          listaEspera: false,
          invitadosMax: 2,
          precioInvitado: PRECIO_INVITADO,
        },
      });
      expect(acto.status).toBe(201);
      reg.actos.set(acto.cuerpo.id, AFORO);

      const escritores = Array.from({ length: ESCRITORES }, (_, w) =>
        escribir(puerto, token, acto.cuerpo.id, idFormaPago, azar, reg, `r${ronda}e${w}`),
      );
      const espera = MUERTE_MIN + azar() * (MUERTE_MAX - MUERTE_MIN);
      await new Promise((ok) => setTimeout(ok, espera));
      servidor.proceso.kill("SIGKILL");
      await servidor.fin;
      await Promise.all(escritores);
      expect(reg.inesperadas, `ronda ${ronda}, semilla ${SEMILLA}`).toEqual([]);
    }

    if (!urlPostgres) expect(existsSync(cerrojo)).toBe(false); // a clean stop frees the lock
    const segundos = ((Date.now() - inicio) / 1000).toFixed(0);
    console.log(
      `caídas ${BD}: ${RONDAS} rondas, ${reg.escrituras} escrituras confirmadas (${reg.socios.size} socios, ${reg.inscripciones.size} inscripciones, ${reg.pagos.size} cargos), ${reg.cortadas} peticiones cortadas por la muerte, perdidas 0, incoherencias 0, semilla ${SEMILLA}, ${segundos} s`,
    );
  }, 600_000);
});
