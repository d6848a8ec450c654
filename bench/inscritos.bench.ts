// The enrolled list of the biggest upcoming event (issue 51, item 2): the board's page asks one
// page of 50 (`?page=1&pageSize=50`, with the event's totals) instead of the whole list. Measured
// in-process (`app.inject`, no HTTP) on PostgreSQL at 300 × 1 (its biggest event: 285 enrolled)
// and 1,200 × 10 (the generator's upcoming event with 1,000, as at 12,000 × 10: the event's size,
// not the filà's, is what the list costs), with `GET /api/salud` as the yardstick of the same run.
// Prints the p95 of each call at each size and the ratio; goal ≤ 1.5×. The whole list (no page,
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
if (!url) throw new Error("DATABASE_URL: el PostgreSQL donde crear las bases de la medición");
const VECES = Number(process.env.INSCRITOS_VECES ?? 60);
const TAMANYOS = [
  { nombre: "300 × 1", socios: 300, anyos: 1 },
  { nombre: "1.200 × 10", socios: 1200, anyos: 10 },
];

function p95(ms: number[]): number {
  const orden = [...ms].sort((a, b) => a - b);
  return orden[Math.ceil(0.95 * orden.length) - 1] ?? 0;
}

const resultados: Record<string, Record<string, number>> = {};
for (const t of TAMANYOS) {
  const temporal = await crearBaseTemporal(url, "fila_bench_inscritos");
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-bench-inscritos-"));
  try {
    const bd = await abrirBaseDeDatos({ tipo: "postgres", url: temporal.url });
    try {
      const t0 = performance.now();
      await migrar(bd.db);
      await asegurarAsociacion(bd.db);
      await cargarDemo(bd.db, dataDir, { socios: t.socios, anyos: t.anyos });
      const semilla = (performance.now() - t0) / 1000;
      const config = {
        ...leerConfig({ LOG_LEVEL: "silent" }, []),
        webDist: null,
        pushWorker: false,
      };
      const app = await buildApp({
        config,
        db: bd.db,
        clave: ClaveInstalacion.nueva(),
        logger: false,
      });
      await app.ready();
      try {
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
        const llamadas: [string, string][] = [
          ["GET /api/salud (vara de medir)", "/api/salud"],
          [
            "inscritos: primera página de 50",
            `/api/actos/${mayor.id}/inscripciones?page=1&pageSize=50`,
          ],
          ["inscritos: búsqueda por apellido", `/api/actos/${mayor.id}/inscripciones?q=garcia`],
          ["inscritos: lista entera (sin página)", `/api/actos/${mayor.id}/inscripciones`],
        ];
        console.log(
          `\n${t.nombre}: acto mayor con ${mayor.n} inscritos (semilla ${semilla.toFixed(0)} s)`,
        );
        resultados[t.nombre] = {};
        for (const [nombre, ruta] of llamadas) {
          const ms: number[] = [];
          for (let i = 0; i < VECES + 5; i++) {
            const a = performance.now();
            const res = await app.inject({
              url: ruta,
              headers: { authorization: `Bearer ${token}` },
            });
            if (res.statusCode !== 200) throw new Error(`${ruta}: ${res.statusCode}`);
            if (i >= 5) ms.push(performance.now() - a);
          }
          resultados[t.nombre][nombre] = p95(ms);
          console.log(`  ${nombre.padEnd(40)} p95 ${p95(ms).toFixed(1)} ms`);
        }
      } finally {
        await app.close();
      }
    } finally {
      await bd.cerrar();
    }
  } finally {
    await temporal.borrar();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const [a, b] = TAMANYOS.map((t) => resultados[t.nombre]);
const vara = "GET /api/salud (vara de medir)";
console.log(
  `\n| llamada | ${TAMANYOS.map((t) => t.nombre).join(" | ")} | razón | neta de la vara |`,
);
console.log("|---|---:|---:|---:|---:|");
for (const nombre of Object.keys(a)) {
  const r = b[nombre] / a[nombre];
  const neta = r / (b[vara] / a[vara]);
  console.log(
    `| ${nombre} | ${a[nombre].toFixed(1)} ms | ${b[nombre].toFixed(1)} ms | ${r.toFixed(2)}× | ${nombre === vara ? "" : `${neta.toFixed(2)}×`} |`,
  );
}
