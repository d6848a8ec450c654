// The enrolled list of the biggest upcoming event (issue 51, item 2): the board's page asks one
// page of 50 (`?page=1&pageSize=50`, with the event's totals) instead of the whole list. Measured
// in-process (`app.inject`, no HTTP) on PostgreSQL at 300 × 1 (its biggest event: 285 enrolled)
// and 1,200 × 10 (the generator's upcoming event with 1,000, as at 12,000 × 10: the event's size,
// not the filà's, is what the list costs), with `GET /api/salud` as the yardstick of the same run.
// Both sizes are prepared first and each call alternates between them (the same load for
// both). Prints the p95 (and median) of each call at each size and the ratio; goal ≤ 1.5×. The whole list (no page,
// what the exports and older clients still get) is printed for comparison.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/inscritos.bench.ts
// (INSCRITOS_VECES: calls per figure, 60 by default)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../packages/api/src/app.js";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { leerConfig } from "../packages/api/src/config.js";
import { crearBaseTemporal } from "../packages/api/src/db/base-temporal.js";
import { abrirBaseDeDatos } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { ClaveInstalacion } from "../packages/api/src/lib/clave-instalacion.js";

const url = process.env.DATABASE_URL;
if (!url) {
  // `npm run bench` runs it too: without a PostgreSQL server it has nothing to measure on.
  console.log("inscritos.bench.ts: sin DATABASE_URL no se mide (crea sus bases en PostgreSQL)");
  process.exit(0);
}
const VECES = Number(process.env.INSCRITOS_VECES ?? 60);
const TAMANYOS = [
  { nombre: "300 × 1", socios: 300, anyos: 1 },
  { nombre: "1.200 × 10", socios: 1200, anyos: 10 },
];

function mediana(ms: number[]): number {
  const orden = [...ms].sort((a, b) => a - b);
  return orden[Math.floor(orden.length / 2)] ?? 0;
}

function p95(ms: number[]): number {
  const orden = [...ms].sort((a, b) => a - b);
  return orden[Math.ceil(0.95 * orden.length) - 1] ?? 0;
}

type Preparado = {
  nombre: string;
  llamar: (ruta: string) => Promise<number>;
  rutas: [string, string][];
  cerrar: () => Promise<void>;
};

/** A database of its own with the demo at `t`, the app on it and the calls to measure. */
async function preparar(t: (typeof TAMANYOS)[number]): Promise<Preparado> {
  const temporal = await crearBaseTemporal(url as string, "fila_bench_inscritos");
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-inscritos-"));
  const bd = await abrirBaseDeDatos({ tipo: "postgres", url: temporal.url });
  const t0 = performance.now();
  await migrar(bd.db);
  await asegurarAsociacion(bd.db);
  await cargarDemo(bd.db, dataDir, { socios: t.socios, anyos: t.anyos });
  const semilla = (performance.now() - t0) / 1000;
  const config = { ...leerConfig({ LOG_LEVEL: "silent" }, []), webDist: null, pushWorker: false };
  const app = await buildApp({ config, db: bd.db, clave: ClaveInstalacion.nueva(), logger: false });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email: CUENTAS_DEMO.administrador, password: PASSWORD_DEMO },
  });
  const token = login.json().accessToken as string;
  const mayor = await bd.db
    .selectFrom("inscripcion")
    .innerJoin("acto", "acto.id", "inscripcion.id_acto")
    .select(["acto.id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("acto.fecha", ">=", new Date().toISOString().slice(0, 10))
    .groupBy("acto.id")
    .orderBy("n", "desc")
    .executeTakeFirstOrThrow();
  console.log(`${t.nombre}: acto mayor con ${mayor.n} inscritos (semilla ${semilla.toFixed(0)} s)`);
  return {
    nombre: t.nombre,
    rutas: [
      ["GET /api/salud (vara de medir)", "/api/salud"],
      [
        "inscritos: primera página de 50",
        `/api/actos/${mayor.id}/inscripciones?page=1&pageSize=50`,
      ],
      ["inscritos: búsqueda por apellido", `/api/actos/${mayor.id}/inscripciones?q=garcia`],
      ["inscritos: lista entera (sin página)", `/api/actos/${mayor.id}/inscripciones`],
    ],
    llamar: async (ruta) => {
      const a = performance.now();
      const res = await app.inject({ url: ruta, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${ruta}: ${res.statusCode}`);
      return performance.now() - a;
    },
    cerrar: async () => {
      await app.close();
      await bd.cerrar();
      await temporal.borrar();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Both sizes ready at once and each call measured alternately on one and the other: on a shared
// machine whose load changes by the minute, both sizes meet the same load.
const preparados: Preparado[] = [];
try {
  for (const t of TAMANYOS) preparados.push(await preparar(t));
  const [a, b] = preparados as [Preparado, Preparado];
  const filas: { nombre: string; pa: number; pb: number; ma: number; mb: number }[] = [];
  for (const [i, [nombre]] of a.rutas.entries()) {
    const msA: number[] = [];
    const msB: number[] = [];
    for (let n = 0; n < VECES + 5; n++) {
      const ta = await a.llamar(a.rutas[i][1]);
      const tb = await b.llamar(b.rutas[i][1]);
      if (n >= 5) {
        msA.push(ta);
        msB.push(tb);
      }
    }
    filas.push({ nombre, pa: p95(msA), pb: p95(msB), ma: mediana(msA), mb: mediana(msB) });
  }
  const vara = filas[0] as (typeof filas)[number];
  console.log(
    `\n| llamada (p95; mediana) | ${a.nombre} | ${b.nombre} | razón p95 | neta de la vara | objetivo |`,
  );
  console.log("|---|---:|---:|---:|---:|---|");
  for (const f of filas) {
    const r = f.pb / f.pa;
    const neta = r / (vara.pb / vara.pa);
    const objetivo = f === vara ? "" : `≤ 1,5× ${r <= 1.5 ? "✓" : "✗"}`;
    console.log(
      `| ${f.nombre} | ${f.pa.toFixed(1)} ms; ${f.ma.toFixed(1)} | ${f.pb.toFixed(1)} ms; ${f.mb.toFixed(1)} | ${r.toFixed(2)}× | ${f === vara ? "" : `${neta.toFixed(2)}×`} | ${objetivo} |`,
    );
  }
} finally {
  for (const p of preparados) await p.cerrar();
}
