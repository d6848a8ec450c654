// The API as one ES module for `npm start` (packages/api/dist/server.mjs): our TypeScript (the
// API and @fila/domain) bundled by esbuild, every other package left to node_modules. Node runs it
// as it is: no TypeScript loader in the running server, which saved ~70 MB of memory against
// running the sources through tsx (docs/adr/0024). Built by `npm run build`, and by `npm start`
// when a source is newer than the bundle. `npm run dev` and the tests keep running the sources,
// except those that start the real server (vitest project api-servidores), which run this bundle.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const entrada = path.join(raiz, "packages/api/src/server.ts");
// Same depth as packages/api/src: paths the API takes from its own folder (config.ts) still hold.
export const SERVIDOR_CONSTRUIDO = path.join(raiz, "packages/api/dist/server.mjs");
const FUENTES = [
  path.join(raiz, "packages/api/src"),
  path.join(raiz, "packages/api/package.json"),
  path.join(raiz, "packages/domain/src"),
  path.join(raiz, "packages/domain/package.json"),
  path.join(raiz, "scripts/construir-servidor.mjs"),
];

/** The newest modification time under `ruta` (0 when it does not exist). */
export function masReciente(ruta) {
  if (!existsSync(ruta)) return 0;
  const st = statSync(ruta);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(ruta)) max = Math.max(max, masReciente(path.join(ruta, e)));
  return max;
}

export function servidorAlDia() {
  if (!existsSync(SERVIDOR_CONSTRUIDO)) return false;
  return statSync(SERVIDOR_CONSTRUIDO).mtimeMs >= Math.max(...FUENTES.map(masReciente));
}

/** Bare imports stay imports, except our own workspace packages (TypeScript sources). */
const paquetesFuera = {
  name: "paquetes-fuera",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@fila/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function construirServidor() {
  // Loaded here: a server whose bundle is up to date never loads esbuild.
  const { build, stop } = await import("esbuild");
  try {
    await build({
      entryPoints: [entrada],
      outfile: SERVIDOR_CONSTRUIDO,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node22",
      plugins: [paquetesFuera],
      // Tests are never part of it; readable names in stack traces.
      minify: false,
      logLevel: "warning",
      legalComments: "none",
    });
  } finally {
    // esbuild's service is a child process that would live as long as the server `npm start`
    // goes on to run (~50 MB more of its memory, bench/README.md).
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await construirServidor();
  console.log(`api: ${path.relative(raiz, SERVIDOR_CONSTRUIDO)}`);
}
