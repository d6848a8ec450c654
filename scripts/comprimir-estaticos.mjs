// Build-time compression of the web app: next to every text asset, a brotli (.br, maximum
// quality) and a gzip (.gz) copy, which the server sends as they are (@fastify/static
// `preCompressed`) to browsers that accept them. Compressing once here costs seconds at build
// time instead of CPU on every request.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipar = promisify(gzip);

// Source maps are left out: only developer tools fetch them, and brotli at quality 11 on them
// would double the build time. Images and fonts are already compressed.
export const EXTENSIONES_COMPRIMIBLES = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".ico",
]);

/** Below this size the compressed copy saves less than a network packet. */
export const TAMANYO_MINIMO = 1024;

async function ficheros(dir) {
  const entradas = await readdir(dir, { withFileTypes: true, recursive: true });
  return entradas.filter((e) => e.isFile()).map((e) => path.join(e.parentPath ?? e.path, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` of at least
 * `minimo` bytes, each only when it is smaller than the original. Returns the totals.
 */
export async function comprimirEstaticos(dir, { minimo = TAMANYO_MINIMO } = {}) {
  const candidatos = (await ficheros(dir)).filter((f) =>
    EXTENSIONES_COMPRIMIBLES.has(path.extname(f).toLowerCase()),
  );
  const totales = { ficheros: 0, original: 0, brotli: 0, gzip: 0 };
  await Promise.all(
    candidatos.map(async (fichero) => {
      const contenido = await readFile(fichero);
      if (contenido.length < minimo) return;
      const [br, gz] = await Promise.all([
        brotli(contenido, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: contenido.length,
          },
        }),
        gzipar(contenido, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      totales.ficheros++;
      totales.original += contenido.length;
      totales.brotli += Math.min(br.length, contenido.length);
      totales.gzip += Math.min(gz.length, contenido.length);
      if (br.length < contenido.length) await writeFile(`${fichero}.br`, br);
      if (gz.length < contenido.length) await writeFile(`${fichero}.gz`, gz);
    }),
  );
  return totales;
}
