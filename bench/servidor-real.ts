// The real server, started as `npm start` starts it (scripts/start.mjs: the web built if its
// sources are newer, migrations, the demo filà), in its own process, for the measurements that
// must not share a process with what they measure.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { abrirBaseDeDatos, type Database } from "../packages/api/src/db/database.js";
import { CUENTAS_DEMO, PASSWORD_DEMO } from "../packages/api/src/demo/seed-demo.js";

export const raiz = path.resolve(import.meta.dirname, "..");

/**
 * The node options `npm start` runs the server with: those of the `start` script in package.json
 * (`node <opciones> scripts/start.mjs`), so that a measurement starts it as `npm start` does.
 * BENCH_OPCIONES_NODE replaces them for a comparison ("" = none).
 */
export function opcionesNodeDeNpmStart(): string[] {
  const forzadas = process.env.BENCH_OPCIONES_NODE;
  if (forzadas !== undefined) return forzadas.split(/\s+/).filter(Boolean);
  const { scripts } = JSON.parse(readFileSync(path.join(raiz, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const partes = scripts.start.trim().split(/\s+/);
  if (partes[0] !== "node" || partes.at(-1) !== "scripts/start.mjs")
    throw new Error(
      `el script start de package.json no es «node … scripts/start.mjs»: ${scripts.start}`,
    );
  return partes.slice(1, -1);
}

export type OpcionesServidor = {
  puerto: number;
  /** A temporary folder of the measurement's own. */
  dataDir: string;
  /** PostgreSQL; without it, PGlite in `dataDir` (DATABASE_URL of this process is not used). */
  databaseUrl?: string;
  /** Options for the server's node (`--cpu-prof`…), after those of `npm start`. */
  argumentosNode?: string[];
  /** Loads the demo filà (DEMO=1), as by default; false for a measurement's own data. */
  demo?: boolean;
  /**
   * Without `databaseUrl`: the embedded database (BASE_EMBEBIDA). PGlite unless said (or set in
   * this process's BASE_EMBEBIDA): the measurements prepare and count their data in PGlite's
   * folder (`conBaseDelServidor`); the default of `npm start`, real PostgreSQL, would carry that
   * over to its own on the first start.
   */
  baseEmbebida?: "pglite" | "postgres";
  /** How long the start may take (the demo seed included); five minutes unless said. */
  limiteMs?: number;
};

/**
 * Runs `usar` on the database the server of `dataDir` uses (its PGlite folder `dataDir/db`, or
 * PostgreSQL) and closes it: for a measurement to prepare its data before the server starts and
 * to count after it stops, as PGlite is one process's at a time.
 */
export async function conBaseDelServidor<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  usar: (db: Database) => Promise<T>,
): Promise<T> {
  const bd = await abrirBaseDeDatos(
    databaseUrl
      ? { tipo: "postgres", url: databaseUrl }
      : { tipo: "pglite", dataDir: path.join(dataDir, "db") },
  );
  try {
    return await usar(bd.db);
  } finally {
    await bd.cerrar();
  }
}

/** Starts it and waits until it is ready (`GET /api/salud/lista`), `limiteMs` at most. */
export async function arrancarServidorReal({
  puerto,
  dataDir,
  databaseUrl,
  argumentosNode = [],
  demo = true,
  baseEmbebida,
  limiteMs = 300_000,
}: OpcionesServidor): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${puerto}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(puerto),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DEMO: demo ? "1" : "0",
    ADMIN_EMAIL: "primer@filademo.es",
    ADMIN_PASSWORD: "primer-admin-medicion-2026",
    LOG_LEVEL: "warn",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else {
    delete env.DATABASE_URL;
    env.BASE_EMBEBIDA =
      baseEmbebida ?? (process.env.BASE_EMBEBIDA?.trim() === "postgres" ? "postgres" : "pglite");
  }
  const servidor = spawn(
    process.execPath,
    [...opcionesNodeDeNpmStart(), ...argumentosNode, path.join(raiz, "scripts/start.mjs")],
    {
      cwd: raiz,
      stdio: ["ignore", "inherit", "inherit"],
      env,
    },
  );
  const limite = Date.now() + limiteMs;
  while (Date.now() < limite) {
    if (servidor.exitCode !== null) throw new Error("el servidor ha terminado al arrancar");
    try {
      if ((await fetch(`${base}/api/salud/lista`)).ok) return servidor;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 300));
  }
  throw new Error(`el servidor no ha arrancado en ${Math.round(limiteMs / 60_000)} minutos`);
}

/** Stops it (SIGTERM: requests in flight finish) and waits for it to exit. */
export async function pararServidor(servidor: ChildProcess | null): Promise<void> {
  if (!servidor || servidor.exitCode !== null) return;
  const fin = new Promise((ok) => servidor.once("exit", ok));
  servidor.kill("SIGTERM");
  await fin;
}

export type CuentaDemo = keyof typeof CUENTAS_DEMO;

/** What the web keeps in `localStorage` for a session: the token and the user (JSON). */
export type SesionDemo = { token: string; usuario: string };

export const esCuentaDemo = (nombre: string): nombre is CuentaDemo => nombre in CUENTAS_DEMO;

/** Signs in with a demo account: its token and the user the web keeps in `localStorage`. */
export async function entrarConCuentaDemo(puerto: number, cuenta: CuentaDemo): Promise<SesionDemo> {
  const r = await fetch(`http://127.0.0.1:${puerto}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: CUENTAS_DEMO[cuenta], password: PASSWORD_DEMO }),
  });
  if (!r.ok) throw new Error(`login de ${cuenta}: ${r.status}`);
  const { accessToken, ...usuario } = (await r.json()) as { accessToken: string };
  return { token: accessToken, usuario: JSON.stringify(usuario) };
}

/** A PostgreSQL database of the measurement's own (`fila_<prefijo>_<pid>`), dropped after `usar`. */
export async function conBaseDePostgres<T>(
  url: string,
  prefijo: string,
  usar: (url: string) => Promise<T>,
): Promise<T> {
  const nombre = `fila_${prefijo}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  try {
    const destino = new URL(url);
    destino.pathname = `/${nombre}`;
    return await usar(destino.toString());
  } finally {
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}
