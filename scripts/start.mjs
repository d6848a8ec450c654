// `npm start`: builds the web app when its sources are newer than the build, then runs the API
// (migrations, first administrator, optional demo) serving web + API on one port.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const web = path.join(raiz, "packages/web");
const fuentes = [
  path.join(web, "src"),
  path.join(web, "public"),
  path.join(web, "index.html"),
  path.join(web, "arranque"),
  path.join(web, "vite.config.ts"),
  path.join(web, "package.json"),
  path.join(raiz, "packages/domain/src"),
];

function masReciente(ruta) {
  if (!existsSync(ruta)) return 0;
  const st = statSync(ruta);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entrada of readdirSync(ruta))
    max = Math.max(max, masReciente(path.join(ruta, entrada)));
  return max;
}

const indice = path.join(web, "dist/index.html");
const construida = existsSync(indice) ? statSync(indice).mtimeMs : 0;
if (construida < Math.max(...fuentes.map(masReciente))) {
  console.log("Construyendo la aplicación web…");
  const r = spawnSync("npm", ["run", "build", "-w", "@fila/web"], { cwd: raiz, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("No se ha podido construir la aplicación web.");
    process.exit(r.status ?? 1);
  }
}

// The API bundled (scripts/construir-servidor.mjs): built by `npm run build`, or here when a
// source is newer.
const { construirServidor, SERVIDOR_CONSTRUIDO, servidorAlDia } = await import(
  "./construir-servidor.mjs"
);
if (!servidorAlDia()) {
  console.log("Construyendo el servidor…");
  await construirServidor();
}
await import(SERVIDOR_CONSTRUIDO);
