// Backup, restore and the other bulk jobs against the data size, with the memory they take
// (issue 51, points 3 and 4): the real server (`npm start` as it runs, the embedded default database
// unless BASE_EMBEBIDA says) on the demo filà at each size of COPIAS_TAMANYOS (DEMO_SOCIOS ×
// DEMO_ANYOS). The seed of each size is made once into COPIAS_DIR/semilla-<s>x<a> (the 12,000 × 10
// seed takes ~10 minutes) and every run works on a fresh copy of it (`cp -a`), so runs see the
// same data. For each size:
//   - PSS of the server's tree (node and its embedded PostgreSQL) after a restart;
//   - each bulk job (emission of a one-off charge to every active member, a SEPA remittance, the
//     full member export in XLSX, the backup download, the import of 1,000 members, the restore of
//     that backup): its time per member and the peak, sampled every COPIAS_MUESTRA_MS (200) from
//     /proc while it runs, of the PSS of node, of the PostgreSQL processes together, and of the
//     largest single PostgreSQL process's RSS (a backend that grows with the data shows there);
//   - PSS of the tree after the bulk jobs, once idle.
// Prints one table per size and, at the end, one with every size side by side.
// Run: COPIAS_DIR=/some/dir npx tsx bench/copias.bench.ts
//   (COPIAS_PORT, 3418; COPIAS_TAMANYOS, "300x1,1200x10"; COPIAS_TRABAJOS, every job, or a list
//   of emision,remesa,exportacion,copia,importacion,restauracion; COPIAS_TRABAJO_DIR, where the
//   working copies go, COPIAS_DIR unless said)
import { type ChildProcess, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { BASE_EMBEBIDA_POR_DEFECTO } from "../packages/api/src/config.js";
import { PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import * as real from "./servidor-real.js";

const PUERTO = Number(process.env.COPIAS_PORT ?? 3418);
const BASE = `http://127.0.0.1:${PUERTO}`;
const DIR = process.env.COPIAS_DIR;
if (!DIR) throw new Error("COPIAS_DIR: la carpeta donde se guardan las semillas de cada tamaño");
const MUESTRA_MS = Number(process.env.COPIAS_MUESTRA_MS ?? 200);
const TAMANYOS = (process.env.COPIAS_TAMANYOS ?? "300x1,1200x10").split(",").map((t) => {
  const [socios, anyos] = t.split("x").map(Number);
  return { socios, anyos, clave: `${socios}x${anyos}`, nombre: `${socios} × ${anyos}` };
});
const TRABAJOS = new Set(
  (
    process.env.COPIAS_TRABAJOS ?? "emision,remesa,exportacion,copia,importacion,restauracion"
  ).split(","),
);
const baseEmbebida = (process.env.BASE_EMBEBIDA?.trim() || BASE_EMBEBIDA_POR_DEFECTO) as
  | "pglite"
  | "postgres";

const carga = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

// ---- memory from /proc ----
function arbol(pid: number): number[] {
  const hijos: number[] = [];
  try {
    for (const hilo of readdirSync(`/proc/${pid}/task`)) {
      const texto = readFileSync(`/proc/${pid}/task/${hilo}/children`, "utf8").trim();
      if (texto) hijos.push(...texto.split(/\s+/).map(Number));
    }
  } catch {
    // gone
  }
  return [pid, ...hijos.flatMap(arbol)];
}

type Foto = { nodeMb: number; pgMb: number; totalMb: number; pgMayorRssMb: number };

function foto(pid: number): Foto {
  let node = 0;
  let pg = 0;
  let mayor = 0;
  for (const p of arbol(pid)) {
    try {
      const comm = readFileSync(`/proc/${p}/comm`, "utf8").trim();
      const texto = readFileSync(`/proc/${p}/smaps_rollup`, "utf8");
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(texto)?.[1] ?? 0);
      const rss = Number(/^Rss:\s+(\d+) kB/m.exec(texto)?.[1] ?? 0);
      if (comm === "postgres") {
        pg += pss;
        mayor = Math.max(mayor, rss);
      } else node += pss;
    } catch {
      // gone between the reads
    }
  }
  const mb = (kb: number) => Math.round(kb / 1024);
  return { nodeMb: mb(node), pgMb: mb(pg), totalMb: mb(node + pg), pgMayorRssMb: mb(mayor) };
}

const TICKS = 100; // USER_HZ on Linux
/**
 * CPU seconds of the tree so far: each live process's own (utime + stime), plus what its reaped
 * children used (cutime + cstime: the PostgreSQL backends that closed). Read before and after a
 * job, the difference is the work it cost, whatever the machine's load made its wall time.
 */
function cpuSegundos(pid: number): number {
  let ticks = 0;
  for (const p of arbol(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Fields 14–17 of proc(5): utime, stime, cutime, cstime (here from field 3, the state).
      ticks += Number(campos[11]) + Number(campos[12]) + Number(campos[13]) + Number(campos[14]);
    } catch {
      // gone
    }
  }
  return ticks / TICKS;
}

/** Runs `fn` while sampling the tree every MUESTRA_MS: the peaks of each figure. */
async function conPicos<T>(pid: number, fn: () => Promise<T>): Promise<{ r: T; pico: Foto }> {
  const pico: Foto = { nodeMb: 0, pgMb: 0, totalMb: 0, pgMayorRssMb: 0 };
  const tomar = () => {
    const f = foto(pid);
    for (const k of Object.keys(pico) as (keyof Foto)[]) pico[k] = Math.max(pico[k], f[k]);
  };
  tomar();
  const reloj = setInterval(tomar, MUESTRA_MS);
  try {
    const r = await fn();
    tomar();
    return { r, pico };
  } finally {
    clearInterval(reloj);
  }
}

async function enReposo(pid: number): Promise<Foto> {
  await new Promise((ok) => setTimeout(ok, 5000));
  return foto(pid);
}

// ---- HTTP ----
// node:http, without fetch's 300 s wait for the headers: the backup answers once its file is whole,
// which at 12,000 × 10 on a loaded machine takes longer.
function pedir(
  ruta: string,
  opciones: { metodo?: string; token?: string; cuerpo?: Buffer | string; tipo?: string } = {},
): Promise<{ estado: number; cuerpo: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (opciones.token) headers.authorization = `Bearer ${opciones.token}`;
    if (opciones.tipo) headers["content-type"] = opciones.tipo;
    const req = http.request(
      `${BASE}${ruta}`,
      { method: opciones.metodo ?? "GET", headers },
      (res) => {
        const trozos: Buffer[] = [];
        res.on("data", (t) => trozos.push(t));
        res.on("end", () => {
          const cuerpo = Buffer.concat(trozos);
          const estado = res.statusCode ?? 0;
          if (estado >= 300)
            reject(
              new Error(
                `${opciones.metodo ?? "GET"} ${ruta}: ${estado} ${cuerpo.toString().slice(0, 300)}`,
              ),
            );
          else resolve({ estado, cuerpo });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opciones.cuerpo) req.write(opciones.cuerpo);
    req.end();
  });
}
const json = <T>(r: { cuerpo: Buffer }) => JSON.parse(r.cuerpo.toString()) as T;

async function trabajo(ruta: string, token: string, cuerpo: unknown): Promise<unknown> {
  const r = await pedir(ruta, {
    metodo: "POST",
    token,
    cuerpo: JSON.stringify(cuerpo),
    tipo: "application/json",
  });
  if (r.estado !== 202) return json(r);
  const { idTrabajo } = json<{ idTrabajo: number }>(r);
  for (;;) {
    const t = json<{ estado: string; resultado: unknown; error: string | null }>(
      await pedir(`/api/trabajos/${idTrabajo}`, { token }),
    );
    if (t.estado === "fallido") throw new Error(`${ruta}: ${t.error}`);
    if (t.estado === "terminado") return t.resultado;
    await new Promise((h) => setTimeout(h, 50));
  }
}

function multipart(campos: [string, string | { nombre: string; datos: Buffer }][]) {
  const limite = `----copias${Date.now()}`;
  const partes: Buffer[] = [];
  for (const [nombre, valor] of campos) {
    partes.push(Buffer.from(`--${limite}\r\n`));
    if (typeof valor === "string")
      partes.push(
        Buffer.from(`Content-Disposition: form-data; name="${nombre}"\r\n\r\n${valor}\r\n`),
      );
    else
      partes.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${nombre}"; filename="${valor.nombre}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        valor.datos,
        Buffer.from("\r\n"),
      );
  }
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return { cuerpo: Buffer.concat(partes), tipo: `multipart/form-data; boundary=${limite}` };
}

async function hojaDeMilSocios(sal: number): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet("Socios");
  hoja.addRow(["Nombre", "Apellidos", "Fecha de nacimiento", "Sexo", "Población", "Teléfono"]);
  for (let i = 1; i <= 1000; i++)
    hoja.addRow([
      `Importado${i}`,
      `Copias${sal} Medición${i}`,
      `${1950 + (i % 60)}-0${1 + (i % 9)}-1${i % 10}`,
      i % 2 ? "hombre" : "mujer",
      "Alcoi",
      `6${String(10_000_000 + sal * 1000 + i).padStart(8, "0")}`,
    ]);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

// ---- one size ----
type Linea = {
  trabajo: string;
  ms: number;
  porSocio: number;
  /** CPU milliseconds of node and PostgreSQL per member. */
  cpuPorSocio: number;
  extra: string;
  pico: Foto;
};
type Resultado = { tras: Foto; lineas: Linea[]; despues: Foto | null; tarde: Foto | null };
const resultados = new Map<string, Resultado>();

async function sembrar(t: (typeof TAMANYOS)[number], semilla: string) {
  if (existsSync(path.join(semilla, "sembrada"))) return;
  rmSync(semilla, { recursive: true, force: true });
  mkdirSync(semilla, { recursive: true });
  console.log(`  sembrando ${t.nombre} en ${semilla} (carga ${carga()})`);
  const t0 = performance.now();
  const s = await real.arrancarServidorReal({
    puerto: PUERTO,
    dataDir: semilla,
    baseEmbebida,
    limiteMs: 60 * 60_000,
  });
  await real.pararServidor(s);
  // The shutdown's automatic backup is not part of the data.
  rmSync(path.join(semilla, "copias"), { recursive: true, force: true });
  writeFileSync(path.join(semilla, "sembrada"), new Date().toISOString());
  console.log(`  semilla: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function medirTamanyo(t: (typeof TAMANYOS)[number]) {
  console.log(`\n${t.nombre} (base embebida: ${baseEmbebida})`);
  process.env.DEMO_SOCIOS = String(t.socios);
  process.env.DEMO_ANYOS = String(t.anyos);
  const semilla = path.join(DIR as string, `semilla-${t.clave}`);
  await sembrar(t, semilla);
  const dataDir = path.join(
    process.env.COPIAS_TRABAJO_DIR ?? (DIR as string),
    `trabajo-${t.clave}`,
  );
  rmSync(dataDir, { recursive: true, force: true });
  execFileSync("cp", ["-a", semilla, dataDir]);
  let servidor: ChildProcess | null = null;
  const arrancar = () =>
    real.arrancarServidorReal({ puerto: PUERTO, dataDir, baseEmbebida, limiteMs: 30 * 60_000 });
  try {
    servidor = await arrancar();
    const pid = servidor.pid ?? 0;
    const tras = await enReposo(pid);
    console.log(
      `  PSS tras reiniciar: ${tras.totalMb} MB (node ${tras.nodeMb}, PostgreSQL ${tras.pgMb})`,
    );
    const lineas: Linea[] = [];
    const r: Resultado = { tras, lineas, despues: null, tarde: null };
    resultados.set(t.nombre, r);
    let admin = (await real.entrarConCuentaDemo(PUERTO, "administrador")).token;
    const { total: activos } = json<{ total: number }>(
      await pedir("/api/socios?activo=1&page=1&pageSize=1", { token: admin }),
    );
    const { total: socios } = json<{ total: number }>(
      await pedir("/api/socios?page=1&pageSize=1", { token: admin }),
    );
    console.log(`  ${socios} socios, ${activos} activos (carga ${carga()})`);
    const anotar = async (nombre: string, divisor: number, fn: () => Promise<string>) => {
      const c = carga();
      const cpu0 = cpuSegundos(pid);
      const inicio = performance.now();
      const { r: extra, pico } = await conPicos(pid, fn);
      const ms = performance.now() - inicio;
      const cpu = cpuSegundos(pid) - cpu0;
      const l = {
        trabajo: nombre,
        ms,
        porSocio: ms / divisor,
        cpuPorSocio: (cpu * 1000) / divisor,
        extra: `${extra}; CPU ${cpu.toFixed(1)} s; carga ${c}`,
        pico,
      };
      lineas.push(l);
      console.log(
        `  ${nombre.padEnd(28)} ${(ms / 1000).toFixed(1)} s, ${l.porSocio.toFixed(3)} ms/socio (CPU ${l.cpuPorSocio.toFixed(3)}); pico PSS node ${pico.nodeMb} MB, PostgreSQL ${pico.pgMb} MB (mayor RSS ${pico.pgMayorRssMb}), total ${pico.totalMb} MB; ${l.extra}`,
      );
    };
    const anyo = new Date().getFullYear();
    if (TRABAJOS.has("emision")) {
      const producto = json<{ id: number }>(
        await pedir("/api/productos", {
          metodo: "POST",
          token: admin,
          tipo: "application/json",
          cuerpo: JSON.stringify({ nombre: "Derrama copias", anyo, tipo: "otro", precio: 10 }),
        }),
      );
      await anotar("emisión", activos, async () => {
        await trabajo("/api/pagos/emision", admin, {
          anyo,
          productos: [producto.id],
          confirmar: true,
        });
        return `${activos} activos`;
      });
    }
    if (TRABAJOS.has("remesa")) {
      const enDias = (d: number) =>
        new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      await anotar("remesa", activos, async () => {
        await trabajo("/api/remesas", admin, { fechaCobro: enDias(5), hasta: `${anyo}-12-31` });
        return `${activos} activos`;
      });
    }
    if (TRABAJOS.has("exportacion"))
      await anotar("exportación XLSX", socios, async () => {
        const e = await pedir("/api/socios/exportar?formato=xlsx", { token: admin });
        return `${(e.cuerpo.length / 1048576).toFixed(1)} MB`;
      });
    let copia: Buffer | null = null;
    if (TRABAJOS.has("copia") || TRABAJOS.has("restauracion"))
      await anotar("copia de seguridad", socios, async () => {
        copia = (await pedir("/api/utilidades/copia", { token: admin })).cuerpo;
        return `${(copia.length / 1048576).toFixed(1)} MB`;
      });
    if (TRABAJOS.has("importacion")) {
      const hoja = multipart([
        ["archivo", { nombre: "socios.xlsx", datos: await hojaDeMilSocios(t.socios) }],
      ]);
      await anotar("importación de 1.000", 1000, async () => {
        await pedir("/api/socios/importar?confirmar=1", { metodo: "POST", token: admin, ...hoja });
        return "1.000 socios";
      });
    }
    if (TRABAJOS.has("restauracion") && copia) {
      const asociacion = json<{ nombre: string }>(await pedir("/api/asociacion", { token: admin }));
      const cuerpo = multipart([
        ["password", PASSWORD_DEMO],
        ["nombre", asociacion.nombre],
        ["archivo", { nombre: "copia.fila.gz", datos: copia }],
      ]);
      copia = null;
      await anotar("restauración", socios, async () => {
        const resumen = json<{ filas: number }>(
          await pedir("/api/utilidades/restauracion", { metodo: "POST", token: admin, ...cuerpo }),
        );
        return `${resumen.filas} filas`;
      });
      admin = (await real.entrarConCuentaDemo(PUERTO, "administrador")).token;
    }
    r.despues = await enReposo(pid);
    console.log(
      `  PSS tras los trabajos: ${r.despues.totalMb} MB (node ${r.despues.nodeMb}, PostgreSQL ${r.despues.pgMb})`,
    );
    // Half a minute later: what V8 gives back once idle, and the pool's idle connections closed.
    await new Promise((ok) => setTimeout(ok, 25_000));
    r.tarde = foto(pid);
    console.log(
      `  PSS medio minuto después: ${r.tarde.totalMb} MB (node ${r.tarde.nodeMb}, PostgreSQL ${r.tarde.pgMb})`,
    );
  } finally {
    await real.pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const t of TAMANYOS)
  try {
    await medirTamanyo(t);
  } catch (error) {
    console.error(`  ${t.nombre}: ${(error as Error).stack}`);
  }

const nombres = [...resultados.keys()];
console.log(`\n| cifra | ${nombres.join(" | ")} |`);
console.log(`|---|${nombres.map(() => "---:").join("|")}|`);
const celda = (f: Foto | null | undefined) =>
  f ? `${f.totalMb} (node ${f.nodeMb} + PG ${f.pgMb})` : "—";
console.log(
  `| PSS tras reiniciar (MB) | ${nombres.map((n) => celda(resultados.get(n)?.tras)).join(" | ")} |`,
);
const trabajos = [
  ...new Set(nombres.flatMap((n) => resultados.get(n)?.lineas.map((l) => l.trabajo) ?? [])),
];
for (const tr of trabajos) {
  const de = (n: string) => resultados.get(n)?.lineas.find((l) => l.trabajo === tr);
  console.log(
    `| ${tr}: ms por socio | ${nombres.map((n) => de(n)?.porSocio.toFixed(3) ?? "—").join(" | ")} |`,
  );
  console.log(
    `| ${tr}: ms de CPU (node + PG) por socio | ${nombres.map((n) => de(n)?.cpuPorSocio.toFixed(3) ?? "—").join(" | ")} |`,
  );
  console.log(
    `| ${tr}: pico PSS node / PG / total (MB) | ${nombres
      .map((n) => {
        const p = de(n)?.pico;
        return p ? `${p.nodeMb} / ${p.pgMb} / ${p.totalMb}` : "—";
      })
      .join(" | ")} |`,
  );
  console.log(
    `| ${tr}: mayor RSS de un proceso de PG (MB) | ${nombres.map((n) => de(n)?.pico.pgMayorRssMb ?? "—").join(" | ")} |`,
  );
  console.log(`| ${tr}: detalle | ${nombres.map((n) => de(n)?.extra ?? "—").join(" | ")} |`);
}
console.log(
  `| PSS tras los trabajos (MB) | ${nombres.map((n) => celda(resultados.get(n)?.despues)).join(" | ")} |`,
);
console.log(
  `| PSS medio minuto después (MB) | ${nombres.map((n) => celda(resultados.get(n)?.tarde)).join(" | ")} |`,
);
