// Throughput of authenticated calls against the real server (issue 14, goal 1; issue 37, goal 2),
// started as `npm start` starts it (the demo filà, a temporary DATA_DIR, its own port), loaded
// from this separate process with autocannon. Routes in the same run, one after the other: the
// trivial `GET /assets/config.json` as the yardstick, `GET /api/sesion` (token lookup),
// `GET /api/socios?page=1&pageSize=50` (administrator) and what a festero's phone asks on opening
// the app, with the usuario account (who pays for three other members): `GET /api/actos/mios`,
// `GET /api/pagos/mios` and the first page of news. PGlite always; with DATABASE_URL also
// PostgreSQL, in a database of its own created for the run and dropped after it.
// Goals: /api/sesion ≥ 30 %, the member list ≥ 15 % and each of the member's three calls ≥ 25 % of
// the trivial route's requests per second (printed with ✓/✗; the exit code is 1 only when a
// request failed).
// Run: npx tsx bench/carga.bench.ts   (CARGA_PORT, 3408 by default; CARGA_SEGUNDOS, 10;
// CARGA_CONEXIONES, 16; CARGA_PERFIL=carpeta starts the server with --cpu-prof into that folder;
// CARGA_MOTORES=pglite,postgresql, which of them; BENCH_OPCIONES_NODE replaces the node options of
// `npm start`, for a comparison)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  arrancarServidorReal,
  type CuentaDemo,
  conBaseDePostgres,
  entrarConCuentaDemo,
  pararServidor,
} from "./servidor-real.js";

const PUERTO = Number(process.env.CARGA_PORT ?? 3408);
const SEGUNDOS = Number(process.env.CARGA_SEGUNDOS ?? 10);
const CONEXIONES = Number(process.env.CARGA_CONEXIONES ?? 16);
const PERFIL = process.env.CARGA_PERFIL;
const BASE = `http://127.0.0.1:${PUERTO}`;

/** `cuenta`: the demo account whose sessions the route is asked with, or none. */
type Ruta = { nombre: string; url: string; cuenta: CuentaDemo | null; objetivo: number | null };
const RUTAS: Ruta[] = [
  {
    nombre: "GET /assets/config.json",
    url: "/assets/config.json",
    cuenta: null,
    objetivo: null,
  },
  { nombre: "GET /api/sesion", url: "/api/sesion", cuenta: "administrador", objetivo: 30 },
  {
    nombre: "GET /api/socios?page=1&pageSize=50",
    url: "/api/socios?page=1&pageSize=50",
    cuenta: "administrador",
    objetivo: 15,
  },
  // Issue 37, goal 2: what a festero's phone asks on opening the app, as the web asks it, with
  // the usuario account (who pays for three other members: each event comes with the four and
  // their enrolments, and the charges of the four are listed).
  {
    nombre: "GET /api/actos/mios (inicio del socio)",
    url: "/api/actos/mios?pageSize=200",
    cuenta: "usuario",
    objetivo: 25,
  },
  {
    nombre: "GET /api/pagos/mios (mis pagos)",
    // What the home asks since issue 51: only what is owed.
    url: "/api/pagos/mios?pendientes=1&page=1&pageSize=200",
    cuenta: "usuario",
    objetivo: 25,
  },
  {
    nombre: "GET /api/noticias, primera página (ver noticias)",
    url: "/api/noticias?page=1&pageSize=12&publicadas=1",
    cuenta: "usuario",
    objetivo: 25,
  },
];

type Sesiones = Record<CuentaDemo, string[]>;

type Resultado = { ruta: Ruta; rps: number; p50: number; p99: number; errores: number };

/**
 * Load on one route. Authenticated requests take the sessions in turn, one after another, so
 * concurrent requests carry different tokens as they would from different people (the server
 * reads the sessions of requests that arrive together in one query, and one token repeated would
 * make that read cheaper than it is).
 */
function autocannonDe(ruta: Ruta, sesiones: Sesiones, duracion: number) {
  let siguiente = 0;
  const tokens = ruta.cuenta ? sesiones[ruta.cuenta] : [];
  return autocannon({
    url: `${BASE}${ruta.url}`,
    connections: CONEXIONES,
    duration: duracion,
    requests: [
      ruta.cuenta
        ? {
            setupRequest: (req) => {
              const token = tokens[siguiente++ % tokens.length];
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } };
            },
          }
        : {},
    ],
  });
}

async function cargar(ruta: Ruta, sesiones: Sesiones): Promise<Resultado> {
  const r = await autocannonDe(ruta, sesiones, SEGUNDOS);
  return {
    ruta,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errores: r.non2xx + r.errors + r.timeouts,
  };
}

async function medir(motor: string, databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-carga-"));
  const servidor = await arrancarServidorReal({
    puerto: PUERTO,
    dataDir,
    databaseUrl,
    argumentosNode: PERFIL ? ["--cpu-prof", `--cpu-prof-dir=${PERFIL}`] : [],
  });
  try {
    // One session per connection and account, as many people signed in at once.
    const sesiones: Sesiones = { administrador: [], usuario: [], socio: [] };
    for (const cuenta of new Set(RUTAS.flatMap((r) => (r.cuenta ? [r.cuenta] : [])))) {
      for (let i = 0; i < CONEXIONES; i++) {
        sesiones[cuenta].push((await entrarConCuentaDemo(PUERTO, cuenta)).token);
      }
    }
    // Warm-up: JIT, the connection pool and the first query plans.
    for (const ruta of RUTAS) await autocannonDe(ruta, sesiones, 2);
    const resultados: Resultado[] = [];
    for (const ruta of RUTAS) resultados.push(await cargar(ruta, sesiones));
    const base = resultados[0].rps;
    let cumple = true;
    console.log(`\n${motor} (${CONEXIONES} conexiones, ${SEGUNDOS} s por ruta)`);
    console.log("| ruta | req/s | % de la trivial | objetivo | p50 ms | p99 ms | errores |");
    console.log("|---|---|---|---|---|---|---|");
    for (const r of resultados) {
      const porcentaje = (100 * r.rps) / base;
      const ok = r.ruta.objetivo === null || porcentaje >= r.ruta.objetivo;
      if (r.errores > 0) cumple = false;
      console.log(
        `| ${r.ruta.nombre} | ${Math.round(r.rps)} | ${porcentaje.toFixed(1)} % | ${
          r.ruta.objetivo === null ? "—" : `≥ ${r.ruta.objetivo} % ${ok ? "✓" : "✗"}`
        } | ${r.p50} | ${r.p99} | ${r.errores} |`,
      );
    }
    return cumple;
  } finally {
    await pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const motores = (process.env.CARGA_MOTORES ?? "pglite,postgresql").split(",");
let cumple = motores.includes("pglite") ? await medir("PGlite") : true;
if (process.env.DATABASE_URL && motores.includes("postgresql")) {
  cumple =
    (await conBaseDePostgres(process.env.DATABASE_URL, "carga", (url) =>
      medir("PostgreSQL", url),
    )) && cumple;
}
process.exitCode = cumple ? 0 : 1;
