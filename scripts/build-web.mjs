// Builds packages/web with a version stamp shared by the bundle and dist/assets/config.json,
// so a running app can tell that a newer build has been deployed (SPEC §4, version check).
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { comprimirEstaticos } from "./comprimir-estaticos.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const webDir = path.join(root, "packages", "web");

const { version: rootVersion } = JSON.parse(
  await readFile(path.join(root, "package.json"), "utf8"),
);
const version = `${rootVersion}-${Date.now().toString(36)}`;
process.env.FILA_APP_VERSION = version;

// FILA_SIN_MINIFICAR=1: readable function names in a profile (bench/perfil-pagina.ts); never
// for a deployment.
const sinMinificar = process.env.FILA_SIN_MINIFICAR === "1" ? { build: { minify: false } } : {};

try {
  await build({
    root: webDir,
    configFile: path.join(webDir, "vite.config.ts"),
    logLevel: "warn",
    ...sinMinificar,
  });
} catch (error) {
  console.error(error);
  process.exit(1);
}

const distDir = path.join(webDir, "dist");
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const comprimidos = await comprimirEstaticos(distDir);
console.log(
  `web: ${comprimidos.ficheros} ficheros comprimidos, ${kb(comprimidos.original)} → ${kb(comprimidos.brotli)} brotli, ${kb(comprimidos.gzip)} gzip`,
);

// config.json is answered by the API (no-store), never from these files: not compressed.
const assetsDir = path.join(distDir, "assets");
await mkdir(assetsDir, { recursive: true });
await writeFile(path.join(assetsDir, "config.json"), `${JSON.stringify({ version })}\n`);

// What the app prefetches once its first page is on screen (src/app/precarga.ts): every script
// and style of the build that index.html does not already load.
const html = await readFile(path.join(distDir, "index.html"), "utf8");
const enIndex = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
const precarga = (await readdir(assetsDir))
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => `/assets/${f}`)
  .filter((f) => !enIndex.has(f))
  .sort();
await writeFile(path.join(assetsDir, "precarga.json"), `${JSON.stringify(precarga)}\n`);
console.log(`web: built version ${version} in ${path.relative(root, distDir)}`);
