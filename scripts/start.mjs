// `npm start`: builds the web app when its sources are newer than the build, then runs the API
// (migrations, first administrator, optional demo) serving web + API on one port.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { webAlDia } from "./construir-web.mjs";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!webAlDia()) {
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
