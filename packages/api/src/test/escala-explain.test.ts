// The EXPLAIN guard (issue 51): on PostgreSQL only (DATABASE_URL, the CI's PostgreSQL pass), the
// demo at 1,200 members × 10 years built once, ANALYZEd, and the interactive calls of the issue run
// through the app (`app.inject`) while every statement they send is recorded (at pg's
// `Client.query`, the one door of Kysely's PostgreSQL dialect). Each recorded statement is then
// planned with `EXPLAIN (FORMAT JSON)` and its own parameters, with `enable_seqscan = off` (so the
// planner only scans a table sequentially where no index can serve the statement: at 1,200 members
// a sequential scan of a few pages can be its right choice, and would be an index scan at 12,000):
// a sequential scan of a table that grows with the members or the years fails the test.
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

type Sentencia = { texto: string; valores: unknown[]; llamada: string };
type Nodo = { "Node Type": string; "Relation Name"?: string; Plans?: Nodo[] };

function seqScans(nodo: Nodo, fuera: string[] = []): string[] {
  if (nodo["Node Type"] === "Seq Scan" && nodo["Relation Name"]) fuera.push(nodo["Relation Name"]);
  for (const hijo of nodo.Plans ?? []) seqScans(hijo, fuera);
  return fuera;
}

describe.skipIf(!url)("EXPLAIN de las llamadas interactivas con 1.200 socios × 10 años", () => {
  let e: Entorno;
  const sentencias: Sentencia[] = [];
  let llamadaEnCurso = "";
  const queryOriginal = pg.Client.prototype.query;

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
    await sql`analyze`.execute(e.db);
  }, 240_000);

  afterAll(async () => {
    pg.Client.prototype.query = queryOriginal;
    await e?.cerrar();
  });

  it("ninguna hace un recorrido secuencial de una tabla que crece", async () => {
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
      // What the member's home asks (only what is owed), and the page of the whole history.
      [usuario, "/api/pagos/mios?pendientes=1&page=1&pageSize=200"],
      [usuario, "/api/noticias?page=1&pageSize=12&publicadas=1"],
      [admin, `/api/socios/${yo.socioId}`],
      [admin, `/api/socios/${yo.socioId}/historial`],
      [admin, `/api/socios/${yo.socioId}/familia`],
      [admin, `/api/socios/${yo.socioId}/estructura`],
      [admin, `/api/socios/${yo.socioId}/antiguedad`],
      [admin, "/api/actos?page=1&pageSize=50"],
      [admin, `/api/actos/${grande}/inscripciones?page=1&pageSize=50`],
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

    const filas = new Map(
      (
        await sql<{ relname: string; n: number }>`
          select relname, reltuples::bigint as n from pg_class
          where relkind = 'r' and relnamespace = 'public'::regnamespace`.execute(e.db)
      ).rows.map((f) => [f.relname, Number(f.n)]),
    );
    const cliente = new pg.Client({ connectionString: await urlDe(e) });
    await cliente.connect();
    // A sequential scan is then chosen only where no index can serve the query: what grows with
    // the data whatever the statistics of this size say.
    await cliente.query("set enable_seqscan = off");
    const malas: string[] = [];
    try {
      for (const s of sentencias) {
        if (!/^\s*(with|select)\b/i.test(s.texto)) continue;
        const { rows } = await cliente.query(`explain (format json) ${s.texto}`, s.valores);
        const plan = (rows[0] as { "QUERY PLAN": { Plan: Nodo }[] })["QUERY PLAN"][0].Plan;
        for (const tabla of seqScans(plan))
          if (
            CRECEN.includes(tabla) &&
            !ADMITIDOS.some((a) => s.llamada.startsWith(a.llamada) && a.tabla === tabla)
          )
            malas.push(
              `${s.llamada}: Seq Scan on ${tabla} (${filas.get(tabla)} filas)\n    ${s.texto.replace(/\s+/g, " ").slice(0, 400)}`,
            );
      }
    } finally {
      await cliente.end();
    }
    expect(malas, malas.join("\n")).toEqual([]);
  }, 120_000);
});

/** The URL of the test's own database (the one the app uses). */
async function urlDe(e: Entorno): Promise<string> {
  const nombre = (await sql<{ n: string }>`select current_database() as n`.execute(e.db)).rows[0].n;
  const destino = new URL(url ?? "");
  destino.pathname = `/${nombre}`;
  return destino.toString();
}
