// Whether packages/web/dist is older than its sources: `npm start` builds the web app then, and
// `npm test` on PostgreSQL reuses the build of the pass before when nothing changed.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { masReciente } from "./construir-servidor.mjs";

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const web = path.join(raiz, "packages/web");
const FUENTES = [
  path.join(web, "src"),
  path.join(web, "public"),
  path.join(web, "index.html"),
  path.join(web, "arranque"),
  path.join(web, "vite.config.ts"),
  path.join(web, "package.json"),
  path.join(raiz, "packages/domain/src"),
];

export function webAlDia() {
  const indice = path.join(web, "dist/index.html");
  if (!existsSync(indice)) return false;
  return statSync(indice).mtimeMs >= Math.max(...FUENTES.map(masReciente));
}
