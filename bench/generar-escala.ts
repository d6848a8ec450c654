// Builds the demo filà of a size in a database (not a measurement: the tool behind
// escala.bench.ts and the way to try the generator). PGlite in ESCALA_DIR/db, or DATABASE_URL.
// Run: DEMO_SOCIOS=1200 DEMO_ANYOS=10 ESCALA_DIR=/tmp/x npx tsx bench/generar-escala.ts
import path from "node:path";
import { sql } from "kysely";
import { asegurarAsociacion } from "../packages/api/src/bootstrap/bootstrap.js";
import { abrirBaseDeDatos, type Database } from "../packages/api/src/db/database.js";
import { migrar } from "../packages/api/src/db/migrar.js";
import { cargarDemo } from "../packages/api/src/demo/seed-demo.js";
import { type TamanyoDemo, tamanyoDemo } from "../packages/api/src/demo/tamanyo.js";

/** Migrates, seeds the demo of `tamanyo` and answers the seconds the seed took. */
export async function generarEscala(
  tamanyo: TamanyoDemo,
  destino: { dataDir: string; databaseUrl?: string },
): Promise<number> {
  const bd = await abrirBaseDeDatos(
    destino.databaseUrl
      ? { tipo: "postgres", url: destino.databaseUrl }
      : { tipo: "pglite", dataDir: path.join(destino.dataDir, "db") },
  );
  try {
    const db = bd.db as Database;
    await migrar(db);
    await asegurarAsociacion(db);
    const t0 = performance.now();
    await cargarDemo(db, destino.dataDir, tamanyo);
    const segundos = (performance.now() - t0) / 1000;
    // Statistics of every table as they end up, as autovacuum would leave them: a copy measured
    // before it runs plans on the counts of half-seeded tables (the levy report at 1,200 × 10
    // took 117 ms with them, 22 ms after ANALYZE).
    await sql`analyze`.execute(db);
    return segundos;
  } finally {
    await bd.cerrar();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tamanyo = tamanyoDemo(process.env);
  const dataDir = process.env.ESCALA_DIR ?? "/tmp/fila-escala";
  const s = await generarEscala(tamanyo, { dataDir, databaseUrl: process.env.DATABASE_URL });
  console.log(`${tamanyo.socios} × ${tamanyo.anyos}: ${s.toFixed(1)} s`);
}
