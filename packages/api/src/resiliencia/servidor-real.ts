import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crearBaseTemporal } from "../db/base-temporal.js";
import { pararHuerfano } from "../db/postgres-embebido.js";

/**
 * The real server process, started as `npm start` starts it: the bundle of src/server.ts
 * (scripts/construir-servidor.mjs), which the project's global setup builds when a source is
 * newer (test/servidor-construido.ts).
 */
const SERVIDOR = path.resolve(import.meta.dirname, "../../dist/server.mjs");

export const ADMIN = { email: "resiliencia@fila.test", password: "una-clave-larga-de-prueba" };

export type ServidorReal = {
  proceso: ChildProcess;
  puerto: number;
  errores: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  fin: Promise<number | null>;
};

/**
 * A temporary DATA_DIR, and with DATABASE_URL a temporary PostgreSQL database, for the real server
 * of one test: the env to start it with; `limpiezas` gets what removes both.
 */
export async function datosDelServidor(
  prefijo: string,
  limpiezas: Array<() => Promise<void> | void>,
): Promise<{ dataDir: string; env: Record<string, string> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefijo.replaceAll("_", "-")}-`));
  limpiezas.push(async () => {
    // The embedded PostgreSQL a server killed with SIGKILL leaves running.
    await pararHuerfano(path.join(dataDir, "postgres"), () => {});
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const url = process.env.DATABASE_URL;
  // The embedded database of the run (BASE_EMBEBIDA=postgres: real PostgreSQL, ADR 0028).
  if (!url && process.env.BASE_EMBEBIDA) env.BASE_EMBEBIDA = process.env.BASE_EMBEBIDA;
  if (url) {
    const temporal = await crearBaseTemporal(url, prefijo);
    limpiezas.push(temporal.borrar);
    env.DATABASE_URL = temporal.url;
  }
  return { dataDir, env };
}

export function arrancarServidor(puerto: number, env: Record<string, string>): ServidorReal {
  const proceso = spawn(process.execPath, [SERVIDOR], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
      PORT: String(puerto),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errores = "";
  proceso.stderr?.on("data", (d) => {
    errores += d;
  });
  const fin = new Promise<number | null>((ok) => proceso.once("exit", (codigo) => ok(codigo)));
  return { proceso, puerto, errores: () => errores, fin };
}

export const vivo = (s: ServidorReal) =>
  s.proceso.exitCode === null && s.proceso.signalCode === null;

export async function esperarLista(s: ServidorReal, limiteMs = 120_000): Promise<void> {
  const limite = Date.now() + limiteMs;
  while (Date.now() < limite) {
    if (!vivo(s)) throw new Error(`el servidor terminó al arrancar: ${s.errores()}`);
    try {
      const r = await fetch(`http://127.0.0.1:${s.puerto}/api/salud/lista`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`no ha arrancado a tiempo: ${s.errores()}`);
}

export async function detener(s: ServidorReal, senal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (vivo(s)) s.proceso.kill(senal);
  await s.fin;
}

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies of many shapes, read field by field by the tests
export type Json = any;

export type Respuesta = { status: number; cuerpo: Json };

/** One HTTP request to a server; a dropped connection rejects (nothing was acknowledged). */
export async function llamar(
  puerto: number,
  metodo: string,
  ruta: string,
  opciones: { token?: string; cuerpo?: unknown } = {},
): Promise<Respuesta> {
  const headers: Record<string, string> = {};
  if (opciones.token) headers.authorization = `Bearer ${opciones.token}`;
  if (opciones.cuerpo !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`http://127.0.0.1:${puerto}${ruta}`, {
    method: metodo,
    headers,
    body: opciones.cuerpo === undefined ? undefined : JSON.stringify(opciones.cuerpo),
  });
  const texto = await r.text();
  let cuerpo: Json = texto;
  try {
    cuerpo = texto ? JSON.parse(texto) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: r.status, cuerpo };
}

export async function entrar(puerto: number, credenciales = ADMIN): Promise<string> {
  const r = await llamar(puerto, "POST", "/api/login", { cuerpo: credenciales });
  if (r.status !== 200) throw new Error(`login ${r.status}: ${JSON.stringify(r.cuerpo)}`);
  const token = r.cuerpo.accessToken as string;
  if (r.cuerpo.condicionesAceptadas !== "si") {
    // The first administrator has not accepted the terms yet; until then the API answers 403.
    const c = await llamar(puerto, "POST", "/api/login/condiciones", {
      token,
      cuerpo: { id: r.cuerpo.id },
    });
    if (c.status !== 200) throw new Error(`condiciones ${c.status}: ${JSON.stringify(c.cuerpo)}`);
  }
  return token;
}

/** Every item of a paginated list (`{items, total}`), 200 at a time. */
export async function todos(puerto: number, token: string, ruta: string): Promise<Json[]> {
  const items: Json[] = [];
  const sep = ruta.includes("?") ? "&" : "?";
  for (let page = 1; ; page++) {
    const r = await llamar(puerto, "GET", `${ruta}${sep}page=${page}&pageSize=200`, { token });
    if (r.status !== 200) throw new Error(`GET ${ruta} ${r.status}: ${JSON.stringify(r.cuerpo)}`);
    items.push(...r.cuerpo.items);
    if (r.cuerpo.items.length === 0 || items.length >= r.cuerpo.total) return items;
  }
}

/** The lines a person reads on the console, without Node's own warnings. */
export const lineas = (texto: string) =>
  texto
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("(node:") && !l.startsWith("(Use `node"));

export { aleatorio } from "../lib/aleatorio.js";

export const hoyMas = (dias: number) =>
  new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
