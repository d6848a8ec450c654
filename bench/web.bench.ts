// What the browser downloads to open each page of the built web (issue 14, goal 5), read from
// packages/web/dist as the server sends it (the .gz and .br files made at build time): the
// scripts of index.html, the page's own chunk and every chunk they import statically, which the
// browser must have before the page runs. Chunks imported with import() (the news editor, the
// association's texts editor) only count when they are opened.
// Goals: the login's initial JavaScript ≤ 150 KB gzip, and the news page without the editor.
// Run: npx tsx bench/web.bench.ts   (builds the web first if packages/web/dist is missing)
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const raiz = path.resolve(import.meta.dirname, "..");
const dist = path.join(raiz, "packages/web/dist");
const assets = path.join(dist, "assets");
const OBJETIVO_LOGIN_KB = 150;

if (!existsSync(path.join(dist, "index.html"))) {
  const build = spawnSync("npm", ["run", "build"], { cwd: raiz, stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
}

const html = readFileSync(path.join(dist, "index.html"), "utf8");
const ficheros = readdirSync(assets);
const entrada = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);

/** The chunk and everything it imports statically (`import … from "./x.js"`), transitively. */
function conSusImportaciones(inicio: string[]): Set<string> {
  const vistos = new Set<string>();
  const visitar = (fichero: string) => {
    if (vistos.has(fichero)) return;
    vistos.add(fichero);
    const codigo = readFileSync(path.join(assets, fichero), "utf8");
    for (const m of codigo.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visitar(m[1]);
  };
  for (const f of inicio) visitar(f);
  return vistos;
}

const tamanyo = (fichero: string) => {
  const de = (ext: string) => {
    const ruta = path.join(assets, `${fichero}${ext}`);
    return existsSync(ruta) ? statSync(ruta).size : statSync(path.join(assets, fichero)).size;
  };
  return { real: de(""), gzip: de(".gz"), brotli: de(".br") };
};

/** Whether a chunk carries tiptap (the rich text editor), by its source map. */
const llevaEditor = (fichero: string) => {
  const mapa = path.join(assets, `${fichero}.map`);
  if (!existsSync(mapa)) return false;
  const { sources } = JSON.parse(readFileSync(mapa, "utf8")) as { sources: string[] };
  return sources.some((s) => s.includes("node_modules/@tiptap/"));
};

type Fila = {
  pagina: string;
  ficheros: number;
  real: number;
  gzip: number;
  brotli: number;
  mayor: string;
  mayorGzip: number;
  editor: boolean;
};

function medir(pagina: string): Fila {
  const chunk = ficheros.find((f) => f.startsWith(`${pagina}-`) && f.endsWith(".js"));
  if (!chunk) throw new Error(`No encuentro el trozo de ${pagina} en ${assets}`);
  const todos = [...conSusImportaciones([...entrada, chunk])];
  const medidas = todos.map((f) => ({ f, ...tamanyo(f) }));
  const mayor = medidas.reduce((a, b) => (b.gzip > a.gzip ? b : a));
  return {
    pagina,
    ficheros: todos.length,
    real: medidas.reduce((s, m) => s + m.real, 0),
    gzip: medidas.reduce((s, m) => s + m.gzip, 0),
    brotli: medidas.reduce((s, m) => s + m.brotli, 0),
    mayor: mayor.f.replace(/-[\w-]{8}\.js$/, ""),
    mayorGzip: mayor.gzip,
    editor: todos.some(llevaEditor),
  };
}

// The pages: the chunks the entry script loads with import() (packages/web/src/app/rutas.ts).
const paginas = [
  ...new Set(
    entrada.flatMap((f) =>
      [
        ...readFileSync(path.join(assets, f), "utf8").matchAll(
          /import\(\s*[`"']\.\/([\w-]+-page)-[\w-]{8}\.js[`"']\s*\)/g,
        ),
      ].map((m) => m[1]),
    ),
  ),
].sort();
const filas = paginas.map(medir).sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

console.log("JavaScript inicial de cada página (lo que se descarga antes de que funcione):");
console.log(
  "página                      ficheros  sin comprimir     gzip   brotli  mayor trozo (gzip)",
);
for (const f of filas) {
  console.log(
    `${f.pagina.padEnd(28)}${String(f.ficheros).padStart(8)}${kb(f.real).padStart(15)}${kb(f.gzip).padStart(10)}${kb(f.brotli).padStart(9)}  ${f.mayor} ${kb(f.mayorGzip)}${f.editor ? "  (con el editor)" : ""}`,
  );
}

const login = filas.find((f) => f.pagina === "login-page");
const noticias = filas.find((f) => f.pagina === "noticias-page");
const editorEnPaginas = filas.filter((f) => f.editor).map((f) => f.pagina);
const editorAparte = ficheros.some((f) => f.endsWith(".js") && llevaEditor(f));
console.log("");
console.log(
  `Objetivo 5a, JavaScript inicial del login ≤ ${OBJETIVO_LOGIN_KB} KB gzip: ${login ? kb(login.gzip) : "?"} (brotli ${login ? kb(login.brotli) : "?"}) ${login && login.gzip <= OBJETIVO_LOGIN_KB * 1024 ? "✓" : "✗"}`,
);
console.log(
  `Objetivo 5b, el editor solo cuando se edita: noticias abre con ${noticias ? kb(noticias.gzip) : "?"} gzip ${noticias?.editor ? "con" : "sin"} el editor; páginas que lo cargan al abrir: ${editorEnPaginas.join(", ") || "ninguna"}; trozo aparte del editor: ${editorAparte ? "sí" : "no"} ${editorEnPaginas.length === 0 && editorAparte ? "✓" : "✗"}`,
);
