// `npm test`: every suite, one phase after another, and the seconds each phase took.
//
// On the embedded database (no DATABASE_URL): the suites that read no database (domain, scripts,
// web), the API on PGlite, the API tests that start real servers, the build, and the whole
// browser suite on the embedded PostgreSQL.
// With DATABASE_URL: only what depends on the database, on that server: the API, the API tests
// that start real servers, and the browser specs of e2e/specs-con-base.json (the build only when a
// source is newer than it).
// Every phase runs even when one before it failed; the exit code is 0 only if all passed.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const conPostgres = Boolean(process.env.DATABASE_URL);

function vitest(proyecto) {
  return { nombre: `vitest ${proyecto}`, orden: ["npx", "vitest", "run", "--project", proyecto] };
}

async function construccionAlDia() {
  const { servidorAlDia } = await import("./construir-servidor.mjs");
  const { webAlDia } = await import("./construir-web.mjs");
  return servidorAlDia() && webAlDia();
}

const specsConBase = JSON.parse(readFileSync(path.join(raiz, "e2e/specs-con-base.json"), "utf8"));

const fases = conPostgres
  ? [
      vitest("api"),
      vitest("api-servidores"),
      ...((await construccionAlDia())
        ? []
        : [{ nombre: "construcción", orden: ["npm", "run", "build"] }]),
      {
        nombre: "navegador (specs con base de datos)",
        orden: ["npm", "test", "-w", "@fila/e2e", "--", ...specsConBase.map((s) => `specs/${s}`)],
      },
    ]
  : [
      vitest("domain"),
      vitest("scripts"),
      vitest("web"),
      vitest("api"),
      vitest("api-servidores"),
      { nombre: "construcción", orden: ["npm", "run", "build"] },
      { nombre: "navegador", orden: ["npm", "test", "-w", "@fila/e2e"] },
    ];

const tiempos = [];
for (const fase of fases) {
  console.log(`\n== ${fase.nombre} ==`);
  const inicio = performance.now();
  const r = spawnSync(fase.orden[0], fase.orden.slice(1), { cwd: raiz, stdio: "inherit" });
  const segundos = Math.round((performance.now() - inicio) / 1000);
  tiempos.push({ ...fase, segundos, bien: r.status === 0 });
  console.log(`== ${fase.nombre}: ${segundos} s${r.status === 0 ? "" : " (FALLA)"} ==`);
}

const motor = conPostgres ? "PostgreSQL (DATABASE_URL)" : "base embebida";
console.log(`\nTiempos de npm test (${motor}, Node ${process.versions.node}):`);
for (const t of tiempos)
  console.log(
    `  ${t.nombre.padEnd(40)} ${String(t.segundos).padStart(5)} s${t.bien ? "" : "  FALLA"}`,
  );
const total = tiempos.reduce((s, t) => s + t.segundos, 0);
console.log(`  ${"total".padEnd(40)} ${String(total).padStart(5)} s`);
process.exit(tiempos.every((t) => t.bien) ? 0 : 1);
