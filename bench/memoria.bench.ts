// Memory of the real server (issue 33): the PSS summed over the node process that serves (started
// as `npm start` starts it, scripts/start.mjs) and every process it starts, never the npm CLI nor
// this one. Read from /proc after each step, once the server has been idle for a few seconds:
//   1. after the demo seed (first start on an empty DATA_DIR),
//   2. after a restart on the same data,
//   3. after importing 1,000 members from an XLSX,
//   4. after a full backup downloaded and restored,
//   5. after MEMORIA_CARGA_SEGUNDOS (600 by default) of load on the member's and the board's calls.
// The embedded database always (real PostgreSQL by default, ADR 0028; PGlite with BASE_EMBEBIDA=pglite);
// with DATABASE_URL also PostgreSQL, in a database of its own for the run.
// Goals: ≤ 256 MB with the embedded database, ≤ 160 MB with PostgreSQL (printed with ✓/✗).
// Besides the PSS it prints what the server says of itself through GET /api/metricas (V8 heap,
// external memory, where PGlite's WebAssembly memory is counted): where the memory goes.
// Run: npx tsx bench/memoria.bench.ts   (MEMORIA_PORT, 3412; MEMORIA_CARGA_SEGUNDOS, 600;
// MEMORIA_MOTORES=embebida,postgresql, which of them (`pglite` still means the embedded one); BENCH_OPCIONES_NODE replaces the node options
// of `npm start`, for a comparison)
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import ExcelJS from "exceljs";
import { BASE_EMBEBIDA_POR_DEFECTO } from "../packages/api/src/config.js";
import { PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import * as real from "./servidor-real.js";

const PUERTO = Number(process.env.MEMORIA_PORT ?? 3412);
const CARGA_SEGUNDOS = Number(process.env.MEMORIA_CARGA_SEGUNDOS ?? 600);
const BASE = `http://127.0.0.1:${PUERTO}`;
const TOKEN_METRICAS = "medicion-de-memoria";
const REPOSO_MS = 5_000;
// A PostgreSQL started apart whose processes count as the server's (the prototype of ADR 0028:
// PostgreSQL binaries from npm as the embedded database): its postmaster's pid. The PostgreSQL
// run is then measured against the embedded goal.
const POSTMASTER_APARTE = Number(process.env.MEMORIA_POSTMASTER_PID ?? 0);

type Medida = {
  paso: string;
  pssMb: number;
  /** Of it, the processes the server started (the embedded PostgreSQL's, with BASE_EMBEBIDA). */
  hijosMb: number;
  heapMb: number;
  externaMb: number;
};

/** The process and its descendants, from /proc (children of every thread). */
function arbol(pid: number): number[] {
  const hijos: number[] = [];
  try {
    for (const hilo of readdirSync(`/proc/${pid}/task`)) {
      const texto = readFileSync(`/proc/${pid}/task/${hilo}/children`, "utf8").trim();
      if (texto) hijos.push(...texto.split(/\s+/).map(Number));
    }
  } catch {
    // the process is gone
  }
  return [pid, ...hijos.flatMap(arbol)];
}

function pssMb(pid: number, soloHijos = false): number {
  let kb = 0;
  for (const p of arbol(pid).slice(soloHijos ? 1 : 0)) {
    try {
      const linea = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, "utf8"));
      kb += Number(linea?.[1] ?? 0);
    } catch {
      // gone between the two reads
    }
  }
  return Math.round(kb / 1024);
}

async function medir(servidor: ChildProcess, paso: string): Promise<Medida> {
  await new Promise((ok) => setTimeout(ok, REPOSO_MS));
  const texto = await (
    await fetch(`${BASE}/api/metricas`, { headers: { authorization: `Bearer ${TOKEN_METRICAS}` } })
  ).text();
  const valor = (nombre: string) =>
    Math.round(Number(new RegExp(`^${nombre} (\\S+)$`, "m").exec(texto)?.[1] ?? 0) / 1048576);
  const medida = {
    paso,
    pssMb: pssMb(servidor.pid ?? 0) + (POSTMASTER_APARTE ? pssMb(POSTMASTER_APARTE) : 0),
    hijosMb: pssMb(servidor.pid ?? 0, true),
    heapMb: valor("nodejs_heap_size_total_bytes"),
    externaMb: valor("nodejs_external_memory_bytes"),
  };
  console.log(
    `  ${paso.padEnd(38)} PSS ${String(medida.pssMb).padStart(4)} MB   (procesos hijos ${medida.hijosMb} MB, heap de V8 ${medida.heapMb} MB, externa ${medida.externaMb} MB)`,
  );
  return medida;
}

async function llamar(token: string, metodo: string, ruta: string, cuerpo?: FormData) {
  const r = await fetch(`${BASE}${ruta}`, {
    method: metodo,
    headers: { authorization: `Bearer ${token}` },
    body: cuerpo,
  });
  if (!r.ok) throw new Error(`${metodo} ${ruta}: ${r.status} ${(await r.text()).slice(0, 300)}`);
  return r;
}

/** 1,000 new members in an XLSX with the export's own headers. */
async function hojaDeMilSocios(): Promise<Blob> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet("Socios");
  hoja.addRow(["Nombre", "Apellidos", "Fecha de nacimiento", "Sexo", "Población", "Teléfono"]);
  for (let i = 1; i <= 1000; i++) {
    hoja.addRow([
      `Importado${i}`,
      `Medición Memoria${i}`,
      `${1950 + (i % 60)}-0${1 + (i % 9)}-1${i % 10}`,
      i % 2 ? "hombre" : "mujer",
      "Alcoi",
      `6${String(10_000_000 + i).padStart(8, "0")}`,
    ]);
  }
  return new Blob([await libro.xlsx.writeBuffer()]);
}

async function cargar(tokens: string[], segundos: number): Promise<void> {
  let siguiente = 0;
  const rutas = ["/api/actos/mios?pageSize=200", "/api/pagos/mios", "/api/noticias", "/api/sesion"];
  const resultado = await autocannon({
    url: BASE,
    connections: 8,
    duration: segundos,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: rutas[siguiente % rutas.length],
          headers: {
            ...req.headers,
            authorization: `Bearer ${tokens[siguiente++ % tokens.length]}`,
          },
        }),
      },
    ],
  });
  if (resultado.non2xx > 0 || resultado.errors > 0)
    throw new Error(`carga: ${resultado.non2xx} respuestas no 2xx, ${resultado.errors} errores`);
}

async function medirMotor(motor: string, databaseUrl?: string) {
  const objetivo = motor !== "PostgreSQL" || POSTMASTER_APARTE ? 256 : 160;
  console.log(`\n${motor} (objetivo ≤ ${objetivo} MB)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-memoria-"));
  const medidas: Medida[] = [];
  let servidor: ChildProcess | null = null;
  process.env.METRICS_TOKEN = TOKEN_METRICAS;
  try {
    servidor = await real.arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      baseEmbebida,
    });
    medidas.push(await medir(servidor, "tras la semilla de demostración"));
    await real.pararServidor(servidor);
    servidor = await real.arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      databaseUrl,
      baseEmbebida,
    });
    medidas.push(await medir(servidor, "tras reiniciar"));

    const admin = (await real.entrarConCuentaDemo(PUERTO, "administrador")).token;
    const formulario = new FormData();
    formulario.append("archivo", await hojaDeMilSocios(), "socios.xlsx");
    await llamar(admin, "POST", "/api/socios/importar?confirmar=1", formulario);
    medidas.push(await medir(servidor, "tras importar 1.000 socios (XLSX)"));

    const copia = await (await llamar(admin, "GET", "/api/utilidades/copia")).blob();
    const asociacion = (await (await llamar(admin, "GET", "/api/asociacion")).json()) as {
      nombre: string;
    };
    const restauracion = new FormData();
    restauracion.append("password", PASSWORD_DEMO);
    restauracion.append("nombre", asociacion.nombre);
    restauracion.append("archivo", copia, "copia.fila.gz");
    await llamar(admin, "POST", "/api/utilidades/restauracion", restauracion);
    medidas.push(await medir(servidor, "tras una copia y su restauración"));

    const tokens = await Promise.all(
      (["usuario", "socio", "administrador"] as const).map(
        async (c) => (await real.entrarConCuentaDemo(PUERTO, c)).token,
      ),
    );
    await cargar(tokens, CARGA_SEGUNDOS);
    medidas.push(await medir(servidor, `tras ${CARGA_SEGUNDOS} s de carga`));
  } finally {
    await real.pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const peor = Math.max(...medidas.map((m) => m.pssMb));
  console.log(`  máximo ${peor} MB ${peor <= objetivo ? "✓" : "✗"} (objetivo ≤ ${objetivo} MB)`);
}

// The embedded database as `npm start` chooses it (BASE_EMBEBIDA, or the default).
const baseEmbebida = (process.env.BASE_EMBEBIDA?.trim() || BASE_EMBEBIDA_POR_DEFECTO) as
  | "pglite"
  | "postgres";
const motores = (process.env.MEMORIA_MOTORES ?? "embebida,postgresql").split(",");
// The embedded database as `npm start` chooses it (BASE_EMBEBIDA, passed on to the server): with
// `postgres` its postmaster and backends are children of the server, so their PSS counts.
const embebida = baseEmbebida === "postgres" ? "PostgreSQL embebido" : "PGlite";
if (motores.includes("embebida") || motores.includes("pglite")) await medirMotor(embebida);
const url = process.env.DATABASE_URL;
if (url && motores.includes("postgresql"))
  await real.conBaseDePostgres(url, "memoria", (propia) => medirMotor("PostgreSQL", propia));
