// Reads a V8 CPU profile (`node --cpu-prof`, e.g. ACTOS_PERFIL=<dir> npx tsx bench/actos.bench.ts)
// and prints where the time went.
//   node bench/perfil-cpu.mjs <file.cpuprofile>              busy samples per 100 ms, to find a burst
//   node bench/perfil-cpu.mjs <file.cpuprofile> <from> <to>  self and inclusive time (% of busy
//                                                           samples) between two second marks
import fs from "node:fs";

const [, , fichero, desde, hasta] = process.argv;
if (!fichero) {
  console.error("Uso: node bench/perfil-cpu.mjs <perfil.cpuprofile> [desde_s hasta_s]");
  process.exit(2);
}
const perfil = JSON.parse(fs.readFileSync(fichero, "utf8"));
const nodos = new Map(perfil.nodes.map((n) => [n.id, n]));
const padreDe = new Map();
for (const n of perfil.nodes) for (const hijo of n.children ?? []) padreDe.set(hijo, n.id);

const nombre = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  return `${functionName || "(anónima)"} ${url.split("/").slice(-2).join("/")}:${lineNumber}`;
};
const ocioso = (n) => n.callFrame.functionName === "(idle)";

// The second (from the profile's start) of each sample.
const segundos = [];
let t = perfil.startTime;
for (const delta of perfil.timeDeltas) {
  t += delta;
  segundos.push((t - perfil.startTime) / 1e6);
}

if (desde === undefined) {
  const cubos = new Map();
  perfil.samples.forEach((id, i) => {
    const cubo = Math.floor(segundos[i] * 10);
    const c = cubos.get(cubo) ?? { ocupadas: 0, total: 0 };
    c.total++;
    if (!ocioso(nodos.get(id))) c.ocupadas++;
    cubos.set(cubo, c);
  });
  for (const [cubo, c] of [...cubos].sort((a, b) => a[0] - b[0])) {
    if (c.ocupadas > c.total * 0.3)
      console.log(`${(cubo / 10).toFixed(1)} s  ${c.ocupadas}/${c.total}`);
  }
  process.exit(0);
}

const propio = new Map();
const incluido = new Map();
let ocupadas = 0;
perfil.samples.forEach((id, i) => {
  if (segundos[i] < Number(desde) || segundos[i] > Number(hasta)) return;
  const hoja = nodos.get(id);
  if (ocioso(hoja)) return;
  ocupadas++;
  propio.set(nombre(hoja), (propio.get(nombre(hoja)) ?? 0) + 1);
  const vistos = new Set();
  for (let n = hoja.id; n !== undefined; n = padreDe.get(n)) {
    const k = nombre(nodos.get(n));
    if (vistos.has(k)) continue; // recursion counts once
    vistos.add(k);
    incluido.set(k, (incluido.get(k) ?? 0) + 1);
  }
});
const imprimir = (titulo, mapa, cuantos) => {
  console.log(`-- ${titulo}`);
  for (const [k, v] of [...mapa].sort((a, b) => b[1] - a[1]).slice(0, cuantos)) {
    console.log(`${((100 * v) / ocupadas).toFixed(1)} %  ${k}`);
  }
};
console.log(`${ocupadas} muestras ocupadas entre ${desde} y ${hasta} s`);
imprimir("tiempo propio", propio, 25);
imprimir("tiempo incluido", incluido, 45);
