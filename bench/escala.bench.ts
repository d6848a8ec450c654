// How the cost grows with the data (issue 51): the demo filà at three sizes, DEMO_SOCIOS ×
// DEMO_ANYOS = 300 × 1, 1,200 × 10 and 12,000 × 10 (ESCALA_TAMANYOS="300x1,1200x10"), each seeded
// by the real server on its first start (`npm start` as it runs: scripts/start.mjs in its own
// process, the built dist/server.mjs, the embedded default database unless BASE_EMBEBIDA says) in
// a temporary DATA_DIR. For each size:
//   - p95 (client, from this process) of the interactive calls, with `GET /api/salud` as the
//     yardstick: the session, the member list (first page, a surname search, sorted by age,
//     filtered by type and active, by type and debt), the member's own calls (mis actos, mis pagos, news) cached and
//     uncached (the first request after a write: a product created by the board, which raises the
//     data version), a member's record with its history and family, the events list (the «próximos» and «pasados»
//     tabs as the web asks them, and all events), the enrolled
//     list of the biggest event up to 1,000 people, every report's JSON and the board's home;
//   - bulk work per member: emission of a one-off charge to every active member, a SEPA
//     remittance, the backup download, its restore, the import of 1,000 members (XLSX) and the
//     full member export (XLSX);
//   - PSS of the server and its processes (node and the embedded PostgreSQL) after a restart and
//     after the bulk jobs.
// Then the opening minute (actos.bench.ts) at 1,200 × 10 and 300 × 1, on PGlite and, with
// DATABASE_URL, PostgreSQL (ESCALA_PICO=0 leaves it out).
// Prints one table: each figure at each size, the ratio of the biggest to 300 × 1 and the goal
// (interactive ≤ 1.5×, reports ≤ 3×, bulk per member ≤ 1.2×, PSS ≤ 256 MB, peak ≤ 2.5× its
// yardstick). Ratios of one run are the measure: the machine is shared and noisy.
// Run: npx tsx bench/escala.bench.ts   (ESCALA_PORT, 3414; ESCALA_REPETICIONES, 40)
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import ExcelJS from "exceljs";
import { BASE_EMBEBIDA_POR_DEFECTO } from "../packages/api/src/config.js";
import { PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { ID_INFORMES } from "../packages/api/src/modules/informes/informes.registro.js";
import * as real from "./servidor-real.js";

const PUERTO = Number(process.env.ESCALA_PORT ?? 3414);
const BASE = `http://127.0.0.1:${PUERTO}`;
const REPETICIONES = Number(process.env.ESCALA_REPETICIONES ?? 40);
/** Each report's requests (ESCALA_REPETICIONES_INFORMES, 5): they are the slow ones. */
const REPETICIONES_INFORMES = Number(process.env.ESCALA_REPETICIONES_INFORMES ?? 5);
const TAMANYOS = (process.env.ESCALA_TAMANYOS ?? "300x1,1200x10,12000x10").split(",").map((t) => {
  const [socios, anyos] = t.split("x").map(Number);
  return { socios, anyos, nombre: `${socios.toLocaleString("es-ES")} × ${anyos}` };
});
// ESCALA_BASES="12000x10=postgres://…/a,300x1=postgres://…/b": those sizes are served from a
// PostgreSQL database already seeded (bench/generar-escala.ts; the server finds the demo loaded),
// not from the embedded default in a temporary folder (from its second run on, with
// FILA_CLAVE_NUEVA=1: the base keeps the key of the first run's temporary folder).
const BASES = new Map(
  (process.env.ESCALA_BASES ?? "")
    .split(",")
    .filter(Boolean)
    .map((par) => [par.slice(0, par.indexOf("=")), par.slice(par.indexOf("=") + 1)] as const),
);
// ESCALA_PARTES: the parts to measure (interactivas, junta, informes, masiva; all by default).
// The bulk work writes (emission, remittance, import, restore): leave it out on a kept database.
const PARTES = new Set(
  (process.env.ESCALA_PARTES ?? "interactivas,junta,informes,masiva").split(","),
);
// ESCALA_TRABAJOS: the bulk jobs to measure (emision, remesa, exportacion, copia, importacion,
// restauracion; all by default). The restore needs the backup: `restauracion` measures `copia` too.
const TRABAJOS = new Set(
  (
    process.env.ESCALA_TRABAJOS ?? "emision,remesa,exportacion,copia,importacion,restauracion"
  ).split(","),
);
const baseEmbebida = (process.env.BASE_EMBEBIDA?.trim() || BASE_EMBEBIDA_POR_DEFECTO) as
  | "pglite"
  | "postgres";

/** `primerByte`: ms until the first byte of the body (a download sent while written starts early). */
type Respuesta = { estado: number; cuerpo: Buffer; ms: number; primerByte: number };

// node:http without compression (its time is the same at every size), one keep-alive agent: the client's CPU stays out of the server's way.
const agente = new http.Agent({ keepAlive: true, maxSockets: 4 });
function pedir(
  ruta: string,
  opciones: { metodo?: string; token?: string; cuerpo?: Buffer | string; tipo?: string } = {},
): Promise<Respuesta> {
  return new Promise((resolve, reject) => {
    const inicio = performance.now();
    const headers: Record<string, string> = {};
    if (opciones.token) headers.authorization = `Bearer ${opciones.token}`;
    if (opciones.tipo) headers["content-type"] = opciones.tipo;
    const req = http.request(
      `${BASE}${ruta}`,
      { method: opciones.metodo ?? "GET", headers, agent: agente },
      (res) => {
        const trozos: Buffer[] = [];
        let primerByte = Number.NaN;
        res.on("data", (t) => {
          if (trozos.length === 0) primerByte = performance.now() - inicio;
          trozos.push(t);
        });
        res.on("end", () =>
          resolve({
            estado: res.statusCode ?? 0,
            cuerpo: Buffer.concat(trozos),
            ms: performance.now() - inicio,
            primerByte,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (opciones.cuerpo) req.write(opciones.cuerpo);
    req.end();
  });
}

/** Lines of a backup (one per row, plus one per table, the header and the end), read as a stream. */
async function lineasDe(gzip: Buffer): Promise<number> {
  let lineas = 0;
  for await (const trozo of Readable.from([gzip]).pipe(createGunzip())) {
    for (const byte of trozo as Buffer) if (byte === 10) lineas++;
  }
  return lineas;
}

async function ok(ruta: string, opciones: Parameters<typeof pedir>[1] = {}): Promise<Respuesta> {
  const r = await pedir(ruta, opciones);
  if (r.estado >= 300)
    throw new Error(
      `${opciones.metodo ?? "GET"} ${ruta}: ${r.estado} ${r.cuerpo.toString().slice(0, 300)}`,
    );
  return r;
}

const json = <T>(r: Respuesta) => JSON.parse(r.cuerpo.toString()) as T;

function p95(ms: number[]): number {
  const orden = [...ms].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.ceil(orden.length * 0.95) - 1)];
}

async function p95De(ruta: string, token: string | undefined, n = REPETICIONES): Promise<number> {
  for (let i = 0; i < 3; i++) await ok(ruta, { token });
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push((await ok(ruta, { token })).ms);
  return p95(ms);
}

/** The process and its descendants, from /proc (as memoria.bench.ts). */
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

/**
 * CPU ticks (utime + stime, USER_HZ) by process: the server's tree and, on a PostgreSQL database
 * of ESCALA_BASES, its backends (pg_stat_activity). The difference between two readings is the
 * work a job cost, whatever the machine's load made its wall time (a backend that closed in
 * between is lost: the pool keeps them open).
 */
function ticksCpu(servidor: ChildProcess, databaseUrl: string | undefined): Map<number, number> {
  const pids = arbol(servidor.pid ?? 0);
  if (databaseUrl) pids.push(...procesosDeLaBase(databaseUrl));
  const ticks = new Map<number, number>();
  for (const p of pids) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const campos = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(
        p,
        Number(campos[11]) + Number(campos[12]) + Number(campos[13]) + Number(campos[14]),
      );
    } catch {
      // gone
    }
  }
  return ticks;
}

/** CPU ms between two readings of `ticksCpu`. */
function msCpu(antes: Map<number, number>, despues: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, t] of despues) ticks += t - (antes.get(pid) ?? 0);
  return ticks * 10;
}

function pssKb(pids: number[]): number {
  let kb = 0;
  for (const p of pids) {
    try {
      kb += Number(
        /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, "utf8"))?.[1] ?? 0,
      );
    } catch {
      // gone
    }
  }
  return kb;
}

/** The backends of the server's database on a PostgreSQL of ESCALA_BASES (pg_stat_activity). */
function procesosDeLaBase(databaseUrl: string): number[] {
  const salida = execFileSync(
    "psql",
    [
      databaseUrl,
      "-Atc",
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    ],
    { encoding: "utf8" },
  );
  return salida.split("\n").filter(Boolean).map(Number);
}

/**
 * PSS (MB) of the server's tree (node and an embedded PostgreSQL) after 5 s; on a PostgreSQL of
 * ESCALA_BASES, that of its database's backends too (their share of shared_buffers included),
 * printed beside it: a server's memory is node plus its PostgreSQL.
 */
async function pssMb(servidor: ChildProcess, databaseUrl?: string): Promise<number> {
  await new Promise((ok) => setTimeout(ok, 5000));
  const kb = pssKb(arbol(servidor.pid ?? 0));
  if (databaseUrl) {
    const pids = procesosDeLaBase(databaseUrl);
    const pg = pssKb(pids);
    console.log(
      `    (PSS: el árbol del servidor ${Math.round(kb / 1024)} MB; sus ${pids.length} procesos de PostgreSQL ${Math.round(pg / 1024)} MB; juntos ${Math.round((kb + pg) / 1024)} MB)`,
    );
  }
  return Math.round(kb / 1024);
}

async function trabajo(
  ruta: string,
  token: string,
  cuerpo: unknown,
): Promise<{ ms: number; resultado: unknown }> {
  const inicio = performance.now();
  const r = await ok(ruta, {
    metodo: "POST",
    token,
    cuerpo: JSON.stringify(cuerpo),
    tipo: "application/json",
  });
  if (r.estado !== 202) return { ms: performance.now() - inicio, resultado: json(r) };
  const { idTrabajo } = json<{ idTrabajo: number }>(r);
  for (;;) {
    const t = json<{ estado: string; resultado: unknown; error: string | null }>(
      await ok(`/api/trabajos/${idTrabajo}`, { token }),
    );
    if (t.estado === "fallido") throw new Error(`${ruta}: ${t.error}`);
    if (t.estado === "terminado") return { ms: performance.now() - inicio, resultado: t.resultado };
    await new Promise((h) => setTimeout(h, 20));
  }
}

function multipart(campos: [string, string | { nombre: string; datos: Buffer }][]) {
  const limite = `----escala${Date.now()}`;
  const partes: Buffer[] = [];
  for (const [nombre, valor] of campos) {
    partes.push(Buffer.from(`--${limite}\r\n`));
    if (typeof valor === "string")
      partes.push(
        Buffer.from(`Content-Disposition: form-data; name="${nombre}"\r\n\r\n${valor}\r\n`),
      );
    else {
      partes.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${nombre}"; filename="${valor.nombre}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        valor.datos,
        Buffer.from("\r\n"),
      );
    }
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
      `Escala${sal} Medición${i}`,
      `${1950 + (i % 60)}-0${1 + (i % 9)}-1${i % 10}`,
      i % 2 ? "hombre" : "mujer",
      "Alcoi",
      `7${String(10_000_000 + sal * 1000 + i).padStart(8, "0")}`,
    ]);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

type Fila = {
  grupo: string;
  nombre: string;
  objetivo: number;
  unidad: "ms" | "ms/socio" | "MB" | "×";
};
const filas = new Map<string, Fila>();
/** valores[size][row] */
const valores: Record<string, Record<string, number>> = {};

function anotar(tamanyo: string, fila: Fila, valor: number) {
  filas.set(fila.nombre, fila);
  valores[tamanyo] ??= {};
  valores[tamanyo][fila.nombre] = valor;
  console.log(
    `  ${fila.nombre.padEnd(52)} ${valor.toFixed(fila.unidad === "ms/socio" ? 3 : 1)} ${fila.unidad}`,
  );
}

async function medirTamanyo(t: (typeof TAMANYOS)[number]) {
  console.log(`\n${t.nombre} (base embebida: ${baseEmbebida})`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "fila-escala-"));
  process.env.DEMO_SOCIOS = String(t.socios);
  process.env.DEMO_ANYOS = String(t.anyos);
  process.env.METRICS_TOKEN = "medicion-escala";
  let servidor: ChildProcess | null = null;
  const databaseUrl = BASES.get(`${t.socios}x${t.anyos}`);
  if (databaseUrl) console.log(`  en ${databaseUrl.replace(/\/\/[^@]*@/, "//")}`);
  const arrancar = () =>
    real.arrancarServidorReal({
      puerto: PUERTO,
      dataDir,
      baseEmbebida,
      databaseUrl,
      limiteMs: 30 * 60_000,
    });
  try {
    // A kept database is seeded already: one start (each stop makes the shutdown backup, minutes
    // at 12,000 × 10).
    if (!databaseUrl) {
      const t0 = performance.now();
      servidor = await arrancar();
      console.log(
        `  primer arranque con la semilla: ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      await real.pararServidor(servidor);
    }
    servidor = await arrancar();
    const I = (nombre: string) => ({
      grupo: "interactiva",
      nombre,
      objetivo: 1.5,
      unidad: "ms" as const,
    });
    anotar(
      t.nombre,
      { grupo: "memoria", nombre: "PSS tras reiniciar", objetivo: 256, unidad: "MB" },
      await pssMb(servidor, databaseUrl),
    );

    const admin = (await real.entrarConCuentaDemo(PUERTO, "administrador")).token;
    const usuario = (await real.entrarConCuentaDemo(PUERTO, "usuario")).token;
    const usuarioYo = json<{ socioId: number }>(await ok("/api/sesion", { token: usuario }));

    anotar(
      t.nombre,
      { grupo: "vara", nombre: "GET /api/salud (vara de medir)", objetivo: 0, unidad: "ms" },
      await p95De("/api/salud", undefined),
    );
    if (PARTES.has("interactivas")) await interactivas();
    async function interactivas() {
      anotar(t.nombre, I("sesión"), await p95De("/api/sesion", usuario));
      anotar(
        t.nombre,
        I("socios: primera página"),
        await p95De("/api/socios?page=1&pageSize=50", admin),
      );
      anotar(
        t.nombre,
        I("socios: búsqueda por apellido"),
        await p95De("/api/socios?q=pastor&page=1&pageSize=50", admin),
      );
      anotar(
        t.nombre,
        I("socios: por edad"),
        await p95De("/api/socios?sort=-edad&page=1&pageSize=50", admin),
      );
      const tipos = json<
        { items?: { id: number; nombre: string }[] } | { id: number; nombre: string }[]
      >(
        await ok("/api/tipossocio", { token: admin }).catch(() => ({
          cuerpo: Buffer.from("[]"),
          estado: 200,
          ms: 0,
          primerByte: 0,
        })),
      );
      const listaTipos = Array.isArray(tipos) ? tipos : (tipos.items ?? []);
      const fester = listaTipos.find((x) => x.nombre === "Fester")?.id ?? 1;
      anotar(
        t.nombre,
        I("socios: tipo y activos"),
        await p95De(`/api/socios?tipo=${fester}&activo=1&page=1&pageSize=50`, admin),
      );
      anotar(
        t.nombre,
        I("socios: tipo y con deuda"),
        await p95De(`/api/socios?tipo=${fester}&conDeuda=1&page=1&pageSize=50`, admin),
      );
      for (const [nombre, ruta] of [
        ["mis actos", "/api/actos/mios?pageSize=200"],
        // As the member's home asks it: only what is owed (the history is for «Mis pagos»).
        ["mis pagos", "/api/pagos/mios?pendientes=1&page=1&pageSize=200"],
        ["noticias", "/api/noticias?page=1&pageSize=12&publicadas=1"],
      ] as const) {
        anotar(t.nombre, I(`${nombre} (en caché)`), await p95De(ruta, usuario));
        const ms: number[] = [];
        for (let i = 0; i < Math.min(REPETICIONES, 20); i++) {
          await ok("/api/productos", {
            metodo: "POST",
            token: admin,
            tipo: "application/json",
            cuerpo: JSON.stringify({
              nombre: `Escrito ${nombre} ${i}`,
              anyo: new Date().getFullYear(),
              tipo: "otro",
              precio: 0,
            }),
          });
          ms.push((await ok(ruta, { token: usuario })).ms);
        }
        anotar(t.nombre, I(`${nombre} (primera tras escribir)`), p95(ms));
      }
      anotar(
        t.nombre,
        I("ficha de un socio"),
        await p95De(`/api/socios/${usuarioYo.socioId}`, admin),
      );
      anotar(
        t.nombre,
        I("historial de un socio"),
        await p95De(`/api/socios/${usuarioYo.socioId}/historial`, admin),
      );
      anotar(
        t.nombre,
        I("familia de un socio"),
        await p95De(`/api/socios/${usuarioYo.socioId}/familia`, admin),
      );
      // The events page as the web asks it (actos-page.tsx, use-actos.ts): the «próximos» tab it
      // opens on and the «pasados» one, first page of 50, each with its sort; and, as before, the
      // list without a tab (all events, newest first), which no page asks for.
      for (const [nombre, ruta] of [
        [
          "actos: próximos (la pestaña que se abre)",
          "cuando=proximos&page=1&pageSize=50&sort=fecha",
        ],
        ["actos: pasados, página 1", "cuando=pasados&page=1&pageSize=50&sort=-fecha"],
        ["lista de actos (todos, sin pestaña)", "page=1&pageSize=50"],
      ] as const) {
        anotar(t.nombre, I(nombre), await p95De(`/api/actos?${ruta}`, admin));
        const { items, total } = json<{ items: unknown[]; total: number }>(
          await ok(`/api/actos?${ruta}`, { token: admin }),
        );
        console.log(`    (${items.length} actos en la página de ${total})`);
      }
      const actos = json<{ items: { id: number; numInscritos: number; nombre: string }[] }>(
        await ok("/api/actos?cuando=todos&page=1&pageSize=200", { token: admin }).catch(() =>
          ok("/api/actos?page=1&pageSize=200", { token: admin }),
        ),
      ).items;
      const grande = [...actos]
        .filter((a) => a.numInscritos <= 1000)
        .sort((a, b) => b.numInscritos - a.numInscritos)[0];
      anotar(
        t.nombre,
        {
          ...I("inscritos del acto mayor (≤ 1.000)"),
          nombre: `inscritos del acto mayor (≤ 1.000)`,
        },
        await p95De(`/api/actos/${grande.id}/inscripciones?page=1&pageSize=50`, admin),
      );
      console.log(`    (${grande.nombre}: ${grande.numInscritos} inscritos)`);
    }
    if (PARTES.has("junta"))
      anotar(
        t.nombre,
        I("inicio de la junta (resumen)"),
        await p95De("/api/informes/resumen", admin),
      );
    if (PARTES.has("informes"))
      for (const id of ID_INFORMES)
        anotar(
          t.nombre,
          { grupo: "informe", nombre: `informe ${id} (JSON)`, objetivo: 3, unidad: "ms" },
          await p95De(`/api/informes/${id}?formato=json`, admin, REPETICIONES_INFORMES),
        );
    if (!PARTES.has("masiva")) return;

    // Bulk work, per member.
    const { total: activos } = json<{ total: number }>(
      await ok("/api/socios?activo=1&page=1&pageSize=1", { token: admin }),
    );
    const B = (nombre: string) => ({
      grupo: "masiva",
      nombre,
      objetivo: 1.2,
      unidad: "ms/socio" as const,
    });
    /** The job's CPU (server and its database backends) per member, beside its wall time. */
    const proceso = servidor;
    const cpu = (nombre: string, c0: Map<number, number>, divisor: number) =>
      anotar(t.nombre, B(`${nombre}, CPU`), msCpu(c0, ticksCpu(proceso, databaseUrl)) / divisor);
    const anyo = new Date().getFullYear();
    if (TRABAJOS.has("emision")) {
      const producto = json<{ id: number }>(
        await ok("/api/productos", {
          metodo: "POST",
          token: admin,
          tipo: "application/json",
          cuerpo: JSON.stringify({
            nombre: "Derrama extraordinaria escala",
            anyo,
            tipo: "otro",
            precio: 10,
          }),
        }),
      );
      const c0 = ticksCpu(servidor, databaseUrl);
      const emision = await trabajo("/api/pagos/emision", admin, {
        anyo,
        productos: [producto.id],
        confirmar: true,
      });
      anotar(t.nombre, B("emisión (por socio activo)"), emision.ms / activos);
      cpu("emisión (por socio activo)", c0, activos);
    }
    if (TRABAJOS.has("remesa")) {
      const enDias = (d: number) =>
        new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      const c0 = ticksCpu(servidor, databaseUrl);
      const remesa = await trabajo("/api/remesas", admin, {
        fechaCobro: enDias(5),
        hasta: `${anyo}-12-31`,
      });
      anotar(t.nombre, B("remesa (por socio activo)"), remesa.ms / activos);
      cpu("remesa (por socio activo)", c0, activos);
    }
    if (TRABAJOS.has("exportacion")) {
      const c0 = ticksCpu(servidor, databaseUrl);
      const exportar = await ok("/api/socios/exportar?formato=xlsx", { token: admin });
      anotar(t.nombre, B("exportación completa XLSX (por socio)"), exportar.ms / t.socios);
      cpu("exportación completa XLSX (por socio)", c0, t.socios);
    }
    let copia: Respuesta | null = null;
    if (TRABAJOS.has("copia") || TRABAJOS.has("restauracion")) {
      const c0 = ticksCpu(servidor, databaseUrl);
      copia = await ok("/api/utilidades/copia", { token: admin });
      anotar(t.nombre, B("copia de seguridad (por socio)"), copia.ms / t.socios);
      cpu("copia de seguridad (por socio)", c0, t.socios);
      console.log(
        `    (copia de ${(copia.cuerpo.length / 1048576).toFixed(1)} MB, ${(await lineasDe(copia.cuerpo)).toLocaleString("es-ES")} líneas; primer byte a los ${(copia.primerByte / 1000).toFixed(1)} s, entera a los ${(copia.ms / 1000).toFixed(1)} s)`,
      );
    }
    if (TRABAJOS.has("importacion")) {
      const importar = multipart([
        ["archivo", { nombre: "socios.xlsx", datos: await hojaDeMilSocios(t.socios) }],
      ]);
      const c0 = ticksCpu(servidor, databaseUrl);
      const imp = await ok("/api/socios/importar?confirmar=1", {
        metodo: "POST",
        token: admin,
        ...importar,
      });
      anotar(t.nombre, B("importación de 1.000 (por socio importado)"), imp.ms / 1000);
      cpu("importación de 1.000 (por socio importado)", c0, 1000);
    }
    if (copia && TRABAJOS.has("restauracion")) {
      const asociacion = json<{ nombre: string }>(await ok("/api/asociacion", { token: admin }));
      const restauracion = multipart([
        ["password", PASSWORD_DEMO],
        ["nombre", asociacion.nombre],
        ["archivo", { nombre: "copia.fila.gz", datos: copia.cuerpo }],
      ]);
      const c0 = ticksCpu(servidor, databaseUrl);
      const rest = await ok("/api/utilidades/restauracion", {
        metodo: "POST",
        token: admin,
        ...restauracion,
      });
      anotar(t.nombre, B("restauración (por socio)"), rest.ms / t.socios);
      cpu("restauración (por socio)", c0, t.socios);
    }
    anotar(
      t.nombre,
      { grupo: "memoria", nombre: "PSS tras los trabajos masivos", objetivo: 256, unidad: "MB" },
      await pssMb(servidor, databaseUrl),
    );
  } finally {
    await real.pararServidor(servidor);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** actos.bench.ts at a size, its lines printed; answers the ratios it prints. */
async function pico(socios: number, anyos: number): Promise<string[]> {
  const hijo = spawn(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "actos.bench.ts")],
    {
      env: {
        ...process.env,
        DEMO_SOCIOS: String(socios),
        DEMO_ANYOS: String(anyos),
        ACTOS_PORT: String(PUERTO + 1),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let salida = "";
  hijo.stdout.on("data", (d) => {
    salida += d;
    process.stdout.write(d);
  });
  await new Promise((ok) => hijo.once("exit", ok));
  return salida.split("\n").filter((l) => /×|p95/.test(l));
}

for (const t of TAMANYOS)
  try {
    await medirTamanyo(t);
  } catch (error) {
    // A size that fails (a start beyond its limit) leaves its column short, not the table.
    console.error(`  ${t.nombre}: ${(error as Error).message}`);
  }

// The ratio is always the biggest size over the smallest, whatever the order they ran in.
const porTamanyo = [...TAMANYOS].sort((a, b) => a.socios * a.anyos - b.socios * b.anyos);
const primero = porTamanyo[0].nombre;
const ultimo = porTamanyo.at(-1)?.nombre ?? primero;
const yard = "GET /api/salud (vara de medir)";
const ya = valores[primero]?.[yard];
const yb = valores[ultimo]?.[yard];
console.log(
  `\n| cifra | ${TAMANYOS.map((t) => t.nombre).join(" | ")} | ${ultimo} / ${primero} | neta de la vara | objetivo |`,
);
console.log(`|---|${TAMANYOS.map(() => "---:").join("|")}|---:|---:|---|`);
for (const f of filas.values()) {
  const celdas = TAMANYOS.map((t) => {
    const v = valores[t.nombre]?.[f.nombre];
    return v === undefined ? "—" : v.toFixed(f.unidad === "ms/socio" ? 3 : 1);
  });
  const a = valores[primero]?.[f.nombre];
  const b = valores[ultimo]?.[f.nombre];
  let razon = "—";
  let neta = "—";
  let objetivo = "";
  if (f.unidad === "MB") {
    const peor = Math.max(...TAMANYOS.map((t) => valores[t.nombre]?.[f.nombre] ?? 0));
    razon = `${peor} MB máx.`;
    objetivo = `≤ ${f.objetivo} MB ${peor <= f.objetivo ? "✓" : "✗"}`;
  } else if (a && b) {
    // Interactive calls compared net of the yardstick's change (same run, same machine load).
    const r = b / a;
    razon = `${r.toFixed(2)}×`;
    // The same ratio with the yardstick's change taken out (a loaded machine slows every call).
    if (f.unidad === "ms" && ya && yb) neta = `${(r / (yb / ya)).toFixed(2)}×`;
    objetivo = f.objetivo ? `≤ ${f.objetivo}× ${r <= f.objetivo ? "✓" : "✗"}` : "";
  }
  console.log(
    `| ${f.nombre} (${f.unidad}) | ${celdas.join(" | ")} | ${razon} | ${neta} | ${objetivo} |`,
  );
}
if (ya && yb)
  console.log(`\n(la vara de medir cambió ${(yb / ya).toFixed(2)}× entre las dos pasadas)`);

if (process.env.ESCALA_PICO !== "0") {
  console.log("\nEl minuto de apertura (actos.bench.ts): 300 × 1 y 1.200 × 10");
  const antes = await pico(300, 1);
  const despues = await pico(1200, 10);
  console.log(`\n300 × 1:\n${antes.join("\n")}\n1.200 × 10:\n${despues.join("\n")}`);
}
agente.destroy();
