import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { OpcionesBaseDeDatos } from "../packages/api/src/db/database.js";

/**
 * PGlite as `npm start` runs it, its data directory on disk: the in-memory PGlite of the tests
 * grows each file by copying it (emscripten's MEMFS), which a bulk insert pays for and the
 * server never does. The directory is removed afterwards.
 */
export async function conPgliteEnDisco<T>(
  fn: (opciones: OpcionesBaseDeDatos) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "fila-bench-pglite-"));
  try {
    return await fn({ tipo: "pglite", dataDir: path.join(dir, "pgdata") });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
