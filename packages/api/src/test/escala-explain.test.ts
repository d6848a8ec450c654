// The EXPLAIN guard (issue 51): on PostgreSQL only (DATABASE_URL, the CI's PostgreSQL pass), the
// demo at 1,200 members × 10 years built once, VACUUM ANALYZEd, and the interactive calls of the
// issue run through the app (`app.inject`) while every statement they send is recorded (at pg's
// `Client.query`, the one door of Kysely's PostgreSQL dialect). Each recorded statement is then
// planned with `EXPLAIN (FORMAT JSON)` and its own parameters, with `enable_seqscan = off` (so the
// planner only scans a table sequentially where no index can serve the statement: at 1,200 members
// a sequential scan of a few pages can be its right choice, and would be an index scan at 12,000):
// a sequential scan of a table that grows with the members or the years fails the test.
//
// That alone lets through a plan that reads a growing table whole by an index (an index scan of
// every row of `pago` is no sequential scan) and what the planner's own settings pick (a parallel
// plan, a sequential scan it prefers at this size). So each statement also runs, with the
// planner's own settings, under `EXPLAIN (ANALYZE, BUFFERS)` (in a transaction rolled back): the
// blocks it touches (shared, hit + read, whatever the cache holds) must stay within what a page of
// the call asks for (`TOPE_BLOQUES`), far below what reading a growing table costs at this size.
import { writeFileSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "../demo/seed-demo.js";
import { bearer, crearEntorno, type Entorno, entrar } from "./entorno.js";

const url = process.env.DATABASE_URL;

/** Tables that grow with the members or the years. */
const CRECEN = [
  "socio",
  "usuario",
  "sesion",
  "pago",
  // Some rows per day of every year, read by key (migration 0045).
  "pago_resumen",
  // Some rows per product and month of every year, read by year (migration 0048).
  "pago_anyo_resumen",
  // Some rows per member and due date of the charges still to collect (migrations 0051, 0052).
  "deuda_socio",
  // Some rows per member and payer that owe, read in order by an index (migration 0052).
  "deuda_grupo",
  "producto",
  "producto_precio",
  "remesa",
  "remesa_adeudo",
  "acto",
  "acto_precio",
  "inscripcion",
  "auditoria",
  "noticia",
  "alerta",
  "alerta_destinatario",
  // Some rows per alert, read by key (migration 0050).
  "alerta_cuenta",
  "mensaje_evento",
  "correo_saliente",
  "loteria",
  "loteria_talonario",
  "loteria_participacion",
  "tesoreria_movimiento",
  "tesoreria_linea",
  "pedido_online",
  "anuncio",
  "gallofa",
  "documento",
  // Generated for every past year too (escuadras, cargos, periods, assemblies, tables).
  "grupo",
  "grupo_miembro",
  "grupo_desfile",
  "socio_cargo",
  "socio_periodo",
  "asamblea",
  "asamblea_punto",
  "asamblea_recuento",
  "asamblea_votante",
  "asamblea_voto_publico",
  "asamblea_censo",
  "asamblea_delegacion",
  "asamblea_asistente",
  "asamblea_acta",
  "mesa",
];

/**
 * Known sequential scans, each with why it stays and where its design is (bench/README.md, issue
 * 51): a call's path prefix and the table. Anything else fails.
 */
const ADMITIDOS: { llamada: string; tabla: string; porque: string }[] = [];

/**
 * Shared blocks (hit + read) one statement of an interactive call may touch at 1,200 × 10: what a
 * page of 50 (or 200) asks for through its indexes, with room. Measured on 07/12/2026
 * (bench/README.md, «Tarea rv»; the same in every run): the heaviest page is the member list's (50
 * members with their charges' summary, 469–578 blocks), a member's 200 charges 479, the enrolled
 * list of the big event 345. Reading a growing table whole costs more: `pago` is 1,569 blocks here,
 * `inscripcion` 1,694, and by an index at least as many. (A smaller table read whole, `auditoria`'s
 * 595 blocks, is no page of anything either, but under this cap: the first check catches its
 * sequential scan, and an index read of its 51,695 rows would not fit.)
 */
const TOPE_BLOQUES = 1000;

/**
 * Statements known to touch more, each with why (bench/README.md, issue 51): a call's path prefix,
 * a piece of the statement's text, and its own cap. Anything else over `TOPE_BLOQUES` fails.
 */
const ADMITIDOS_BLOQUES: { llamada: string; texto: string; tope: number; porque: string }[] = [
  // None since «con deuda» counts from `deuda_grupo` (migration 0052); it read every charge of
  // every member without debt by `pago_socio_idx` (3,476 blocks here, 20,264 at 12,000 × 10).
];

type Sentencia = { texto: string; valores: unknown[]; llamada: string };
type Nodo = {
  "Node Type": string;
  "Relation Name"?: string;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: Nodo[];
};

/** The tables a plan reads, once per node that reads them. */
function lecturas(nodo: Nodo, fuera: string[] = []): string[] {
  if (nodo["Relation Name"]) fuera.push(nodo["Relation Name"]);
  for (const hijo of nodo.Plans ?? []) lecturas(hijo, fuera);
  return fuera;
}

function seqScans(nodo: Nodo, fuera: string[] = []): string[] {
  if (nodo["Node Type"] === "Seq Scan" && nodo["Relation Name"]) fuera.push(nodo["Relation Name"]);
  for (const hijo of nodo.Plans ?? []) seqScans(hijo, fuera);
  return fuera;
}

/**
 * What the guard plans: the statements that read (a `select … for update` too; a `with` that
 * writes runs, under ANALYZE, in a transaction rolled back).
 */
function esLectura(texto: string): boolean {
  return /^\s*(with|select)\b/i.test(texto);
}

/** The statement, in one line, for a failure's message. */
function resumen(texto: string): string {
  return texto.replace(/\s+/g, " ").slice(0, 400);
}

/**
 * The sequential scans of growing tables in the statements' plans, planned with
 * `enable_seqscan = off` (set on `cliente` by the caller), that no entry of ADMITIDOS lets through.
 */
async function recorridosSecuenciales(
  cliente: pg.Client,
  sentencias: Sentencia[],
  filas: Map<string, number>,
): Promise<string[]> {
  const malas: string[] = [];
  for (const s of sentencias) {
    if (!esLectura(s.texto)) continue;
    const { rows } = await cliente.query(`explain (format json) ${s.texto}`, s.valores);
    const plan = (rows[0] as { "QUERY PLAN": { Plan: Nodo }[] })["QUERY PLAN"][0].Plan;
    for (const tabla of seqScans(plan))
      if (
        CRECEN.includes(tabla) &&
        !ADMITIDOS.some((a) => s.llamada.startsWith(a.llamada) && a.tabla === tabla)
      )
        malas.push(
          `${s.llamada}: Seq Scan on ${tabla} (${filas.get(tabla)} filas)\n    ${resumen(s.texto)}`,
        );
  }
  return malas;
}

/**
 * The shared blocks (hit + read) each statement touches when run with the planner's own settings
 * (`EXPLAIN (ANALYZE, BUFFERS)` in a transaction rolled back: nothing it does stays), and those
 * over their cap (`TOPE_BLOQUES` or their entry of ADMITIDOS_BLOQUES).
 */
async function bloquesDeMas(
  cliente: pg.Client,
  sentencias: Sentencia[],
): Promise<{ malas: string[]; medidas: { llamada: string; bloques: number; texto: string }[] }> {
  const malas: string[] = [];
  const medidas: { llamada: string; bloques: number; texto: string }[] = [];
  for (const s of sentencias) {
    if (!esLectura(s.texto)) continue;
    await cliente.query("begin");
    let plan: Nodo;
    try {
      const { rows } = await cliente.query(
        `explain (analyze, buffers, format json) ${s.texto}`,
        s.valores,
      );
      plan = (rows[0] as { "QUERY PLAN": { Plan: Nodo }[] })["QUERY PLAN"][0].Plan;
    } finally {
      await cliente.query("rollback");
    }
    // A node's counts include its children's (and its subplans'): the root's are the statement's.
    const bloques = (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
    medidas.push({ llamada: s.llamada, bloques, texto: resumen(s.texto) });
    const admitido = ADMITIDOS_BLOQUES.find(
      (a) => s.llamada.startsWith(a.llamada) && s.texto.includes(a.texto),
    );
    const tope = admitido?.tope ?? TOPE_BLOQUES;
    if (bloques > tope)
      malas.push(`${s.llamada}: ${bloques} bloques (tope ${tope})\n    ${resumen(s.texto)}`);
  }
  return { malas, medidas };
}

describe.skipIf(!url)("EXPLAIN de las llamadas interactivas con 1.200 socios × 10 años", () => {
  let e: Entorno;
  const sentencias: Sentencia[] = [];
  let llamadaEnCurso = "";
  const queryOriginal = pg.Client.prototype.query;
  let filas = new Map<string, number>();
  let cliente: pg.Client;

  beforeAll(async () => {
    // Every statement the app sends while a call runs; installed before any connection opens
    // (each connection binds its `query` when it connects: pg-preparadas.ts).
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [texto, valores] = args as [string | { text: string; values?: unknown[] }, unknown[]];
      if (llamadaEnCurso) {
        if (typeof texto === "string")
          sentencias.push({ texto, valores: valores ?? [], llamada: llamadaEnCurso });
        else if (texto && typeof texto.text === "string")
          sentencias.push({
            texto: texto.text,
            valores: texto.values ?? [],
            llamada: llamadaEnCurso,
          });
      }
      return (queryOriginal as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
    e = await crearEntorno();
    await cargarDemo(e.db, undefined, { socios: 1200, anyos: 10 });
    // The same statistics and the same pages every run, so that the blocks a statement touches
    // are the same: every row sampled (the default samples 30,000 rows of a table, and `pago`,
    // `inscripcion` and `auditoria` have more at this size, so a plan could change from run to
    // run), and the visibility map written now (else an autovacuum at some moment of the run
    // turns heap fetches of index scans into index-only ones).
    await e.db.connection().execute(async (c) => {
      await sql`set default_statistics_target = 1000`.execute(c);
      await sql`vacuum (analyze)`.execute(c);
      await sql`reset default_statistics_target`.execute(c);
    });

    const admin = await entrar(e.app, CUENTAS_DEMO.administrador, PASSWORD_DEMO);
    const usuario = await entrar(e.app, CUENTAS_DEMO.usuario, PASSWORD_DEMO);
    const yo = (await e.app.inject({ url: "/api/sesion", headers: bearer(usuario) })).json() as {
      socioId: number;
    };
    const fester = (
      await sql<{ id: number }>`select id from tipo_socio where nombre = 'Fester'`.execute(e.db)
    ).rows[0]?.id;
    const grande = (
      await sql<{ id: number }>`select id from acto where ocupadas <= 1000
        order by ocupadas desc limit 1`.execute(e.db)
    ).rows[0]?.id;
    const alerta = (
      await sql<{ id: number }>`select id from alerta order by id desc limit 1`.execute(e.db)
    ).rows[0]?.id;
    const llamadas: [string, string][] = [
      [usuario, "/api/sesion"],
      [admin, "/api/socios?page=1&pageSize=50"],
      [admin, "/api/socios?q=pastor&page=1&pageSize=50"],
      [admin, "/api/socios?sort=-edad&page=1&pageSize=50"],
      [admin, `/api/socios?tipo=${fester}&activo=1&page=1&pageSize=50`],
      [admin, `/api/socios?tipo=${fester}&conDeuda=1&page=1&pageSize=50`],
      [usuario, "/api/actos/mios?pageSize=200"],
      [usuario, "/api/escuadras/mia"],
      [usuario, "/api/pagos/mios?page=1&pageSize=200"],
      // What the member's home and «Mis pagos» ask (only what is owed), and the pages of the
      // history «Mis pagos» reads after it (the first and a later one).
      [usuario, "/api/pagos/mios?pendientes=1&page=1&pageSize=200"],
      [usuario, "/api/pagos/mios?historial=1&page=1&pageSize=20"],
      [usuario, "/api/pagos/mios?historial=1&page=3&pageSize=20"],
      [usuario, "/api/noticias?page=1&pageSize=12&publicadas=1"],
      [admin, `/api/socios/${yo.socioId}`],
      [admin, `/api/socios/${yo.socioId}/historial`],
      [admin, `/api/socios/${yo.socioId}/familia`],
      [admin, `/api/socios/${yo.socioId}/estructura`],
      [admin, `/api/socios/${yo.socioId}/antiguedad`],
      [admin, "/api/actos?page=1&pageSize=50"],
      [admin, `/api/actos/${grande}/inscripciones?page=1&pageSize=50`],
      // The board's alerts, with their recipients and readings (alerta_cuenta).
      [admin, "/api/alertas?page=1&pageSize=50"],
      [admin, `/api/alertas/${alerta}`],
      [admin, "/api/informes/resumen"],
    ];
    for (const [token, ruta] of llamadas) {
      llamadaEnCurso = ruta;
      const res = await e.app.inject({ url: ruta, headers: bearer(token) });
      llamadaEnCurso = "";
      expect(res.statusCode, `${ruta}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    for (const [, ruta] of llamadas)
      expect(
        sentencias.some((s) => s.llamada === ruta),
        `${ruta}: ninguna sentencia anotada`,
      ).toBe(true);

    filas = new Map(
      (
        await sql<{ relname: string; n: number }>`
          select relname, reltuples::bigint as n from pg_class
          where relkind = 'r' and relnamespace = 'public'::regnamespace`.execute(e.db)
      ).rows.map((f) => [f.relname, Number(f.n)]),
    );
    cliente = new pg.Client({ connectionString: await urlDe(e) });
    await cliente.connect();
  }, 300_000);

  afterAll(async () => {
    pg.Client.prototype.query = queryOriginal;
    await cliente?.end();
    await e?.cerrar();
  });

  it("ninguna hace un recorrido secuencial de una tabla que crece", async () => {
    // A sequential scan is then chosen only where no index can serve the query: what grows with
    // the data whatever the statistics of this size say.
    await cliente.query("set enable_seqscan = off");
    try {
      const malas = await recorridosSecuenciales(cliente, sentencias, filas);
      expect(malas, malas.join("\n")).toEqual([]);
    } finally {
      await cliente.query("reset enable_seqscan");
    }
  }, 120_000);

  it("ninguna sentencia lee más bloques de los que pide su página (planificador sin tocar)", async () => {
    const { malas, medidas } = await bloquesDeMas(cliente, sentencias);
    if (process.env.ESCALA_EXPLAIN_BLOQUES)
      writeFileSync(
        process.env.ESCALA_EXPLAIN_BLOQUES,
        medidas
          .sort((a, b) => b.bloques - a.bloques)
          .map((m) => `${m.bloques}\t${m.llamada}\t${m.texto}`)
          .join("\n"),
      );
    expect(malas, malas.join("\n")).toEqual([]);
  }, 120_000);

  it("la lista de alertas lee alerta_cuenta una vez para sus dos sumas", async () => {
    const deAlertas = sentencias.filter(
      (s) => s.llamada.startsWith("/api/alertas") && /alerta_cuenta/.test(s.texto),
    );
    expect(deAlertas.length).toBeGreaterThan(0);
    for (const s of deAlertas) {
      const { rows } = await cliente.query(`explain (format json) ${s.texto}`, s.valores);
      const plan = (rows[0] as { "QUERY PLAN": { Plan: Nodo }[] })["QUERY PLAN"][0].Plan;
      expect(
        lecturas(plan).filter((t) => t === "alerta_cuenta"),
        `${s.llamada}: ${resumen(s.texto)}`,
      ).toHaveLength(1);
    }
  });

  it("la guarda falla con una sentencia que lee `pago` entero, por índice o recorriéndolo", async () => {
    // What the count of members «con deuda» once did: every charge of every year, to keep the
    // outstanding ones. With the planner's settings it reads `pago` whole (one way or another).
    const mala: Sentencia = {
      llamada: "/api/socios?conDeuda=1",
      texto: `select count(distinct p.id_socio)::int as n from pago p
        where p.estado = 'pendiente' and p.id_socio > $1`,
      valores: [0],
    };
    const { malas, medidas } = await bloquesDeMas(cliente, [mala]);
    const paginasPago = (
      await sql<{ n: number }>`select relpages as n from pg_class where relname = 'pago'`.execute(
        e.db,
      )
    ).rows[0]?.n;
    expect(Number(paginasPago)).toBeGreaterThan(TOPE_BLOQUES);
    expect(medidas[0]?.bloques).toBeGreaterThanOrEqual(Number(paginasPago));
    expect(malas, JSON.stringify(medidas)).toHaveLength(1);
    // A sequential scan that no index could avoid is caught by the first check.
    await cliente.query("set enable_seqscan = off");
    try {
      const recorrido: Sentencia = {
        llamada: "/api/pagos",
        texto: "select count(*)::int as n from pago where importe > $1",
        valores: [0],
      };
      expect(await recorridosSecuenciales(cliente, [recorrido], filas)).toHaveLength(1);
    } finally {
      await cliente.query("reset enable_seqscan");
    }
    // And a page read by key stays within the cap.
    const buena: Sentencia = {
      llamada: "/api/pagos/mios",
      texto: "select id, importe from pago where id_socio = $1 order by id desc limit 50",
      valores: [
        (await sql<{ id: number }>`select id_socio as id from pago limit 1`.execute(e.db)).rows[0]
          ?.id,
      ],
    };
    expect((await bloquesDeMas(cliente, [buena])).malas).toEqual([]);
  }, 60_000);
});

/** The URL of the test's own database (the one the app uses). */
async function urlDe(e: Entorno): Promise<string> {
  const nombre = (await sql<{ n: string }>`select current_database() as n`.execute(e.db)).rows[0].n;
  const destino = new URL(url ?? "");
  destino.pathname = `/${nombre}`;
  return destino.toString();
}
