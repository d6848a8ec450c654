// Issue 51, on a loaded machine: the interactive calls of escala.bench.ts measured two ways that a
// busy CPU blurs less than one p95 of each build in turn:
//   - CPU per request (ms): the server's node process (all its threads) plus its PostgreSQL
//     backends, from the scheduler's nanoseconds in /proc/<pid>/task/*/schedstat read before and
//     after each request (the work done, whatever else runs on the machine);
//   - wall time, median and p95, with the two builds' requests interleaved one by one (A, B, A, B…):
//     both see the same load at the same moment.
// Two roots (ESCALA_CPU_RAICES="antes=/path/a,despues=/path/b"; each a checkout with its build,
// started as `npm start` starts it) on two copies of the same seeded database
// (ESCALA_CPU_BASES="antes=postgres://…/x,despues=postgres://…/y"; FILA_CLAVE_NUEVA=1 as in
// escala.bench.ts). The «primera tras escribir» rows raise the data version before each request
// with a no-op update of a product (a statement trigger), from this process's own connection: its
// work is not counted. Ports ESCALA_PORT and ESCALA_PORT + 1.
// Also one build on several sizes: ESCALA_CPU_RAICES="t300=/repo,t12000=/repo" with a base of each.
// Run: npx tsx bench/escala-cpu.bench.ts   (ESCALA_CPU_N, 60 requests per call and build;
// ESCALA_CPU_LLAMADAS, some of the calls by a piece of their name)
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { CUENTAS_DEMO, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";
import { ID_INFORMES } from "../packages/api/src/modules/informes/informes.registro.js";

const N = Number(process.env.ESCALA_CPU_N ?? 60);
const PUERTO = Number(process.env.ESCALA_PORT ?? 3414);
const pares = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .filter(Boolean)
    .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const);
const RAICES = pares(process.env.ESCALA_CPU_RAICES);
const BASES = new Map(pares(process.env.ESCALA_CPU_BASES));

type Lado = {
  nombre: string;
  puerto: number;
  servidor: ChildProcess;
  admin: string;
  usuario: string;
  socioId: number;
  pg: pg.Client;
  backends: number[];
};

const agente = new http.Agent({ keepAlive: true, maxSockets: 2 });
function pedir(
  puerto: number,
  ruta: string,
  token?: string,
  metodo = "GET",
  cuerpo?: string,
): Promise<{ estado: number; texto: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const inicio = performance.now();
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (cuerpo) headers["content-type"] = "application/json";
    const req = http.request(
      `http://127.0.0.1:${puerto}${ruta}`,
      { method: metodo, headers, agent: agente },
      (res) => {
        const trozos: Buffer[] = [];
        res.on("data", (t) => trozos.push(t));
        res.on("end", () =>
          resolve({
            estado: res.statusCode ?? 0,
            texto: Buffer.concat(trozos).toString(),
            ms: performance.now() - inicio,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (cuerpo) req.write(cuerpo);
    req.end();
  });
}

/** CPU time (ms) of every thread of `pid`, from the scheduler's nanoseconds (/proc/…/schedstat). */
function cpuMs(pid: number): number {
  let ns = 0;
  try {
    for (const hilo of readdirSync(`/proc/${pid}/task`))
      ns += Number(readFileSync(`/proc/${pid}/task/${hilo}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    // gone
  }
  return ns / 1e6;
}

async function arrancar(nombre: string, raiz: string, puerto: number): Promise<Lado> {
  const url = BASES.get(nombre);
  if (!url) throw new Error(`sin base para ${nombre}`);
  const servidor = spawn(
    process.execPath,
    ["--max-semi-space-size=4", "--heap-growing-percent=50", path.join(raiz, "scripts/start.mjs")],
    {
      cwd: raiz,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        PORT: String(puerto),
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "fila-escala-cpu-")),
        PUBLIC_URL: `http://127.0.0.1:${puerto}`,
        DEMO: "1",
        DATABASE_URL: url,
        ADMIN_EMAIL: "primer@filademo.es",
        ADMIN_PASSWORD: "primer-admin-medicion-2026",
        LOG_LEVEL: "warn",
      },
    },
  );
  for (let i = 0; ; i++) {
    if (servidor.exitCode !== null) throw new Error(`${nombre}: el servidor ha terminado`);
    try {
      if ((await pedir(puerto, "/api/salud/lista")).estado === 200) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error(`${nombre}: no arranca`);
    await new Promise((ok) => setTimeout(ok, 300));
  }
  const entrar = async (email: string) =>
    (
      JSON.parse(
        (
          await pedir(
            puerto,
            "/api/login",
            undefined,
            "POST",
            JSON.stringify({ email, password: PASSWORD_DEMO }),
          )
        ).texto,
      ) as { accessToken: string }
    ).accessToken;
  const admin = await entrar(CUENTAS_DEMO.administrador);
  const usuario = await entrar(CUENTAS_DEMO.usuario);
  const socioId = (
    JSON.parse((await pedir(puerto, "/api/sesion", usuario)).texto) as {
      socioId: number;
    }
  ).socioId;
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  return { nombre, puerto, servidor, admin, usuario, socioId, pg: cliente, backends: [] };
}

/** The server's connections: every backend of its database but this process's own. */
async function backends(l: Lado): Promise<number[]> {
  const { rows } = await l.pg.query(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  return rows.map((r: { pid: number }) => r.pid);
}

const cpuDe = (l: Lado) =>
  cpuMs(l.servidor.pid ?? 0) + l.backends.reduce((t, p) => t + cpuMs(p), 0);

function cuantil(ms: number[], q: number): number {
  const o = [...ms].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil(o.length * q) - 1)];
}

type Llamada = {
  nombre: string;
  ruta: (l: Lado) => string;
  token: (l: Lado) => string;
  trasEscribir?: boolean;
};

const LLAMADAS: Llamada[] = [
  { nombre: "GET /api/salud (vara de medir)", ruta: () => "/api/salud", token: () => "" },
  {
    nombre: "mis pagos del inicio (primera tras escribir)",
    ruta: (l) =>
      l.nombre === "antes"
        ? "/api/pagos/mios?page=1&pageSize=200"
        : "/api/pagos/mios?pendientes=1&page=1&pageSize=200",
    token: (l) => l.usuario,
    trasEscribir: true,
  },
  {
    nombre: "mis pagos, historial (primera tras escribir)",
    // As «Mis pagos» asks it since issue 51's last change: the latest 20 settled charges.
    ruta: (l) =>
      l.nombre === "antes"
        ? "/api/pagos/mios?page=1&pageSize=200"
        : "/api/pagos/mios?historial=1&page=1&pageSize=20",
    token: (l) => l.usuario,
    trasEscribir: true,
  },
  {
    nombre: "mis actos (primera tras escribir)",
    ruta: () => "/api/actos/mios?pageSize=200",
    token: (l) => l.usuario,
    trasEscribir: true,
  },
  {
    nombre: "noticias (en caché)",
    ruta: () => "/api/noticias?page=1&pageSize=12&publicadas=1",
    token: (l) => l.usuario,
  },
  { nombre: "ficha de un socio", ruta: (l) => `/api/socios/${l.socioId}`, token: (l) => l.admin },
  {
    nombre: "historial de un socio",
    ruta: (l) => `/api/socios/${l.socioId}/historial`,
    token: (l) => l.admin,
  },
  {
    nombre: "familia de un socio",
    ruta: (l) => `/api/socios/${l.socioId}/familia`,
    token: (l) => l.admin,
  },
  {
    nombre: "socios: búsqueda por apellido",
    ruta: () => "/api/socios?q=pastor&page=1&pageSize=50",
    token: (l) => l.admin,
  },
  // The events page as the web asks it (actos-page.tsx): the tab it opens on, the past ones, and
  // all events without a tab.
  {
    nombre: "actos: próximos (la pestaña que se abre)",
    ruta: () => "/api/actos?cuando=proximos&page=1&pageSize=50&sort=fecha",
    token: (l) => l.admin,
  },
  {
    nombre: "actos: pasados, página 1",
    ruta: () => "/api/actos?cuando=pasados&page=1&pageSize=50&sort=-fecha",
    token: (l) => l.admin,
  },
  {
    nombre: "lista de actos (todos, sin pestaña)",
    ruta: () => "/api/actos?page=1&pageSize=50",
    token: (l) => l.admin,
  },
  {
    nombre: "socios: con deuda",
    ruta: () => "/api/socios?conDeuda=1&page=1&pageSize=50",
    token: (l) => l.admin,
  },
  // Every report's JSON (as escala.bench.ts asks them): deudas just below, with its variant.
  ...ID_INFORMES.filter((id) => id !== "deudas").map(
    (id): Llamada => ({
      nombre: `informe ${id} (JSON)`,
      ruta: () => `/api/informes/${id}?formato=json`,
      token: (l) => l.admin,
    }),
  ),
  {
    nombre: "inicio de la junta (resumen)",
    ruta: () => "/api/informes/resumen",
    token: (l) => l.admin,
  },
  {
    nombre: "informe deudas (JSON)",
    ruta: () => "/api/informes/deudas?formato=json",
    token: (l) => l.admin,
  },
  {
    nombre: "informe deudas por pagador (JSON)",
    ruta: () => "/api/informes/deudas?formato=json&agrupar=pagador",
    token: (l) => l.admin,
  },
];
// ESCALA_CPU_LLAMADAS="actos,ficha": only the calls whose name contains one of them (and the
// yardstick).
const SOLO = (process.env.ESCALA_CPU_LLAMADAS ?? "").split(",").filter(Boolean);
const MEDIDAS = LLAMADAS.filter(
  (l, i) => i === 0 || SOLO.length === 0 || SOLO.some((s) => l.nombre.includes(s)),
);

async function main() {
  const lados: Lado[] = [];
  try {
    for (const [i, [nombre, raiz]] of RAICES.entries())
      lados.push(await arrancar(nombre, raiz, PUERTO + i));
    for (const l of lados) l.backends = await backends(l);
    console.log(
      `| llamada | ${lados.map((l) => `${l.nombre}: CPU ms/pet., mediana, p95 (ms)`).join(" | ")} |`,
    );
    console.log(`|---|${lados.map(() => "---:|").join("")}`);
    for (const llamada of MEDIDAS) {
      const ms = new Map<string, number[]>(lados.map((l) => [l.nombre, []]));
      const cpu = new Map<string, number>(lados.map((l) => [l.nombre, 0]));
      for (const l of lados)
        for (let i = 0; i < 3; i++) await pedir(l.puerto, llamada.ruta(l), llamada.token(l));
      for (let i = 0; i < N; i++) {
        // Alternate which build goes first.
        for (const l of i % 2 ? [...lados].reverse() : lados) {
          if (llamada.trasEscribir)
            await l.pg.query(
              "update producto set activo = activo where id = (select min(id) from producto)",
            );
          // Pool connections may change: re-read them now and then.
          if (i % 20 === 0) l.backends = await backends(l);
          const c0 = cpuDe(l);
          const r = await pedir(l.puerto, llamada.ruta(l), llamada.token(l) || undefined);
          cpu.set(l.nombre, (cpu.get(l.nombre) ?? 0) + cpuDe(l) - c0);
          if (r.estado !== 200)
            throw new Error(`${l.nombre} ${llamada.ruta(l)}: ${r.estado} ${r.texto.slice(0, 200)}`);
          ms.get(l.nombre)?.push(r.ms);
        }
      }
      console.log(
        `| ${llamada.nombre} | ${lados
          .map((l) => {
            const m = ms.get(l.nombre) ?? [];
            return `${((cpu.get(l.nombre) ?? 0) / N).toFixed(2)} · ${cuantil(m, 0.5).toFixed(1)} · ${cuantil(m, 0.95).toFixed(1)}`;
          })
          .join(" | ")} |`,
      );
    }
  } finally {
    for (const l of lados) {
      await l.pg.end().catch(() => {});
      const fin = new Promise((ok) => l.servidor.once("exit", ok));
      // SIGKILL: the copies are thrown away, and SIGTERM makes the shutdown backup (minutes at
      // 12,000 × 10).
      l.servidor.kill("SIGKILL");
      await fin;
    }
    agente.destroy();
  }
}

await main();
