// Not a measurement (not in `npm run bench`): the SQL profile of some API calls on an existing
// PostgreSQL database (issue 51). Runs each call through the app (`app.inject`, as the demo
// administrator or usuario), records every statement it sends (pg `Client.query`) and prints each
// one's `EXPLAIN (ANALYZE, BUFFERS)` execution time, the pages it read (its work, whatever the
// machine's load), its sequential scans and its first characters: where a
// call's time goes in the database and what grows with the data.
// Run: DATABASE_URL=postgres://…/base_con_demo npx tsx bench/perfil-sql.ts /api/informes/puntos …
// (a database seeded with `generar-escala.ts`; PERFIL_CUENTA=usuario for the member's calls;
// PERFIL_PLAN=1 also prints each statement, its parameters and its whole plan)
import pg from "pg";
import { buildApp } from "../packages/api/src/app.js";
import { leerConfig } from "../packages/api/src/config.js";
import { abrirBaseDeDatos } from "../packages/api/src/db/database.js";
import { CUENTAS_DEMO, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: la base con la demo que perfilar");
// Installed before any connection opens: each binds its `query` when it connects.
const original = pg.Client.prototype.query;
const anotadas: { texto: string; valores: unknown[] }[] = [];
let anotando = false;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [t, v] = args as [string | { text: string; values?: unknown[] }, unknown[]];
  if (anotando) {
    if (typeof t === "string") anotadas.push({ texto: t, valores: v ?? [] });
    else if (t?.text) anotadas.push({ texto: t.text, valores: t.values ?? [] });
  }
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const bd = await abrirBaseDeDatos({ tipo: "postgres", url });
const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, pushWorker: false };
const app = await buildApp({ config, db: bd.db, clave: ClaveInstalacion.nueva(), logger: false });
await app.ready();
const cuenta = (process.env.PERFIL_CUENTA ?? "administrador") as keyof typeof CUENTAS_DEMO;
const login = await app.inject({
  method: "POST",
  url: "/api/login",
  payload: { email: CUENTAS_DEMO[cuenta], password: PASSWORD_DEMO },
});
const token = login.json().accessToken as string;

type Nodo = {
  "Node Type": string;
  "Relation Name"?: string;
  Plans?: Nodo[];
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
};
const seq = (n: Nodo, fuera: string[] = []): string[] => {
  if (n["Node Type"] === "Seq Scan" && n["Relation Name"]) fuera.push(n["Relation Name"]);
  for (const h of n.Plans ?? []) seq(h, fuera);
  return fuera;
};

const cliente = new pg.Client({ connectionString: url });
await cliente.connect();
for (const ruta of process.argv.slice(2)) {
  anotadas.length = 0;
  anotando = true;
  const t0 = performance.now();
  const res = await app.inject({ url: ruta, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - t0;
  anotando = false;
  console.log(`\n${ruta}: ${res.statusCode} en ${ms.toFixed(0)} ms, ${anotadas.length} sentencias`);
  for (const s of anotadas) {
    if (!/^\s*(with|select)\b/i.test(s.texto)) continue;
    const { rows } = await cliente.query(
      `explain (analyze, buffers, format json) ${s.texto}`,
      s.valores,
    );
    const plan = (rows[0] as { "QUERY PLAN": { Plan: Nodo; "Execution Time": number }[] })[
      "QUERY PLAN"
    ][0];
    // Pages read (from cache or disk): the statement's work, whatever the machine's load.
    const paginas = plan.Plan["Shared Hit Blocks"] + plan.Plan["Shared Read Blocks"];
    console.log(
      `  ${plan["Execution Time"].toFixed(1).padStart(8)} ms ${String(paginas).padStart(7)} págs  seq: ${seq(plan.Plan).join(",") || "-"}  ${s.texto.replace(/\s+/g, " ").slice(0, 140)}`,
    );
    if (process.env.PERFIL_PLAN === "1") {
      // The whole statement, its parameters and its plan in text, for the slow ones.
      const texto = await cliente.query(`explain (analyze, buffers) ${s.texto}`, s.valores);
      console.log(`${s.texto}\n  -- ${JSON.stringify(s.valores)}`);
      for (const f of texto.rows as { "QUERY PLAN": string }[])
        console.log(`    ${f["QUERY PLAN"]}`);
    }
  }
}
await cliente.end();
await app.close();
await bd.cerrar();
