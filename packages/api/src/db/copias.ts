import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

const COPIAS_A_CONSERVAR = 7;

/** Writes a compressed snapshot of the embedded database to DATA_DIR/copias and keeps the last 7. */
export async function copiaDeSeguridad(pglite: PGlite, dataDir: string): Promise<string> {
  const carpeta = path.join(dataDir, "copias");
  await mkdir(carpeta, { recursive: true });
  const marca = new Date().toISOString().replace(/[:.]/g, "-");
  const fichero = path.join(carpeta, `fila-${marca}.tar.gz`);
  const volcado = await pglite.dumpDataDir("gzip");
  await writeFile(fichero, Buffer.from(await volcado.arrayBuffer()));
  const copias = (await readdir(carpeta)).filter((f) => f.startsWith("fila-")).sort();
  for (const vieja of copias.slice(0, Math.max(0, copias.length - COPIAS_A_CONSERVAR))) {
    await rm(path.join(carpeta, vieja), { force: true });
  }
  return fichero;
}
