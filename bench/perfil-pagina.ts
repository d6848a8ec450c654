// Where a page's main-thread time goes while it loads on a phone: the real server (as `npm
// start` starts it, demo filà), Chromium with a phone's screen and its CPU slowed down as
// Lighthouse's mobile preset assumes (4×), and V8's sampling profiler from before the navigation
// until the page has settled. Prints each task of the main thread longer than 50 ms (what
// Lighthouse's TBT adds up) with the functions that took its time and the React components
// under way, and saves the profile (`.cpuprofile`, opens in Chromium's DevTools). A build
// without minifying gives readable names: `FILA_SIN_MINIFICAR=1 npm run build`.
// Run: npx tsx bench/perfil-pagina.ts   (PERFIL_RUTA, #/socio-home; PERFIL_CUENTA, socio, or
// none for a page without a session; PERFIL_CPU, 4; PERFIL_ESPERA_MS, 6000; PERFIL_PORT, 3409;
// PERFIL_SALIDA, where the profile goes)
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer, { type Browser, type Protocol } from "puppeteer-core";
import {
  arrancarServidorReal,
  entrarConCuentaDemo,
  esCuentaDemo,
  pararServidor,
} from "./servidor-real.js";

const PUERTO = Number(process.env.PERFIL_PORT ?? 3409);
const RUTA = process.env.PERFIL_RUTA ?? "#/socio-home";
const CUENTA = process.env.PERFIL_CUENTA ?? "socio";
if (CUENTA !== "ninguna" && !esCuentaDemo(CUENTA)) {
  throw new Error(`PERFIL_CUENTA: socio, usuario, administrador o ninguna, no «${CUENTA}»`);
}
const CPU = Number(process.env.PERFIL_CPU ?? 4);
const ESPERA_MS = Number(process.env.PERFIL_ESPERA_MS ?? 6000);
const SALIDA =
  process.env.PERFIL_SALIDA ?? path.join(tmpdir(), `fila-perfil-${Date.now()}.cpuprofile`);
const LARGA_MS = 50;
const BASE = `http://127.0.0.1:${PUERTO}`;

type Nodo = Protocol.Profiler.ProfileNode;
type Tarea = { inicio: number; fin: number; muestras: Array<{ id: number; us: number }> };

/** Consecutive samples that are not idle, as the main thread's tasks (µs from the start). */
function tareas(perfil: Protocol.Profiler.Profile, nodos: Map<number, Nodo>): Tarea[] {
  const resultado: Tarea[] = [];
  let actual: Tarea | null = null;
  let t = 0;
  const deltas = perfil.timeDeltas ?? [];
  perfil.samples?.forEach((id, i) => {
    t += deltas[i] ?? 0;
    const us = deltas[i + 1] ?? 0;
    if (nodos.get(id)?.callFrame.functionName === "(idle)") {
      if (actual) resultado.push(actual);
      actual = null;
      return;
    }
    actual ??= { inicio: t, fin: t, muestras: [] };
    actual.fin = t + us;
    actual.muestras.push({ id, us });
  });
  if (actual) resultado.push(actual);
  return resultado;
}

function nombre(nodo: Nodo): string {
  const { functionName, url, lineNumber } = nodo.callFrame;
  const fichero = url.split("/").pop() || "";
  return `${functionName || "(anónima)"}${fichero ? ` ${fichero}:${lineNumber + 1}` : ""}`;
}

/** The heaviest names of a task: by own time, and React components (capitalised) by total. */
function resumir(tarea: Tarea, nodos: Map<number, Nodo>, padres: Map<number, number>) {
  const propio = new Map<string, number>();
  const componentes = new Map<string, number>();
  for (const { id, us } of tarea.muestras) {
    const nodo = nodos.get(id) as Nodo;
    propio.set(nombre(nodo), (propio.get(nombre(nodo)) ?? 0) + us);
    const vistos = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = padres.get(x)) {
      const f = (nodos.get(x) as Nodo).callFrame.functionName;
      if (/^[A-Z][A-Za-z0-9]+$/.test(f) && !vistos.has(f)) {
        vistos.add(f);
        componentes.set(f, (componentes.get(f) ?? 0) + us);
      }
    }
  }
  const primeros = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`)
      .join(" · ");
  return { propio: primeros(propio, 6), componentes: primeros(componentes, 8) };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "fila-perfil-"));
let servidor: ChildProcess | null = null;
let navegador: Browser | null = null;
try {
  servidor = await arrancarServidorReal({ puerto: PUERTO, dataDir });
  navegador = await puppeteer.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
    defaultViewport: {
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    },
  });
  const pagina = await navegador.newPage();
  if (esCuentaDemo(CUENTA)) {
    const { token, usuario } = await entrarConCuentaDemo(PUERTO, CUENTA);
    // Same origin, no-store: nothing of the app is cached before the measured load.
    await pagina.goto(`${BASE}/assets/config.json`);
    // The keys of packages/web/src/lib/storage.ts (CLAVES).
    await pagina.evaluate(
      `localStorage.setItem("token", ${JSON.stringify(token)});
       localStorage.setItem("user", ${JSON.stringify(usuario)});`,
    );
  }
  const cdp = await pagina.createCDPSession();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await pagina.goto(`${BASE}/${RUTA}`);
  await new Promise((ok) => setTimeout(ok, ESPERA_MS));
  const { profile } = await cdp.send("Profiler.stop");
  writeFileSync(SALIDA, JSON.stringify(profile));

  const nodos = new Map(profile.nodes.map((n) => [n.id, n]));
  const padres = new Map<number, number>();
  for (const n of profile.nodes) for (const hijo of n.children ?? []) padres.set(hijo, n.id);
  const lista = tareas(profile, nodos);
  const ocupado = lista.reduce((t, x) => t + x.fin - x.inicio, 0) / 1000;
  const largas = lista.filter((x) => (x.fin - x.inicio) / 1000 > LARGA_MS);
  const bloqueo = largas.reduce((t, x) => t + (x.fin - x.inicio) / 1000 - LARGA_MS, 0);
  console.log(
    `${RUTA} (${CUENTA}), CPU ${CPU}× más lenta, ${ESPERA_MS} ms: hilo principal ocupado ${ocupado.toFixed(0)} ms en ${lista.length} tareas; ${largas.length} de más de ${LARGA_MS} ms, que bloquean ${bloqueo.toFixed(0)} ms (lo que suma el TBT)`,
  );
  for (const tarea of largas) {
    const { propio, componentes } = resumir(tarea, nodos, padres);
    console.log(
      `\n${(tarea.inicio / 1000).toFixed(0)} ms: tarea de ${((tarea.fin - tarea.inicio) / 1000).toFixed(0)} ms`,
    );
    console.log(`  tiempo propio (ms): ${propio}`);
    if (componentes) console.log(`  componentes (ms): ${componentes}`);
  }
  console.log(`\nPerfil: ${SALIDA}`);
} finally {
  await navegador?.close();
  await pararServidor(servidor);
  rmSync(dataDir, { recursive: true, force: true });
}
