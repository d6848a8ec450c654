import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { crearBaseTemporal } from "../db/base-temporal.js";

// The real server process (src/server.ts), as `npm start` runs it.
const SERVIDOR = path.resolve(import.meta.dirname, "../server.ts");
const urlPostgres = process.env.DATABASE_URL;

type Arranque = { proceso: ChildProcess; salida: () => string; errores: () => string };

const procesos: ChildProcess[] = [];
const limpiezas: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const p of procesos.splice(0)) {
    if (p.exitCode === null && p.signalCode === null) {
      p.kill("SIGTERM");
      await new Promise((ok) => p.once("exit", ok));
    }
  }
  for (const limpiar of limpiezas.splice(0)) await limpiar();
});

function arrancar(env: Record<string, string>): Arranque {
  const proceso = spawn(process.execPath, ["--import", "tsx", SERVIDOR], {
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  procesos.push(proceso);
  let salida = "";
  let errores = "";
  proceso.stdout?.on("data", (d) => {
    salida += d;
  });
  proceso.stderr?.on("data", (d) => {
    errores += d;
  });
  return { proceso, salida: () => salida, errores: () => errores };
}

const fin = (p: ChildProcess) =>
  new Promise<number | null>((ok) =>
    p.exitCode !== null ? ok(p.exitCode) : p.once("exit", (c) => ok(c)),
  );

async function esperarLista(puerto: number, proceso: ChildProcess): Promise<void> {
  const limite = Date.now() + 90_000;
  while (Date.now() < limite) {
    if (proceso.exitCode !== null) throw new Error(`terminó con código ${proceso.exitCode}`);
    try {
      const r = await fetch(`http://127.0.0.1:${puerto}/api/salud/lista`);
      if (r.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
  throw new Error("no ha arrancado a tiempo");
}

function directorioTemporal(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fila-arranque-"));
  limpiezas.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The lines a person reads on the console when start-up fails, without Node's own warnings. */
const lineas = (texto: string) =>
  texto
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("(node:") && !l.startsWith("(Use `node"));

describe("arranque", () => {
  it("sin PostgreSQL, una sola línea clara en español y código 1", async () => {
    const a = arrancar({
      PORT: "3591",
      DATA_DIR: directorioTemporal(),
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/fila",
    });
    expect(await fin(a.proceso)).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: no se puede conectar con PostgreSQL en 127.0.0.1:1. Comprueba que está en marcha y revisa DATABASE_URL.",
    ]);
  });

  it("con el puerto ocupado, una sola línea clara en español y código 1", async () => {
    const ocupante: Server = createServer();
    await new Promise<void>((ok) => ocupante.listen(3592, "127.0.0.1", ok));
    limpiezas.push(() => new Promise<void>((ok) => ocupante.close(() => ok())));
    const env: Record<string, string> = { PORT: "3592", DATA_DIR: directorioTemporal() };
    if (urlPostgres) {
      const temporal = await crearBaseTemporal(urlPostgres, "fila_arranque");
      limpiezas.push(temporal.borrar);
      env.DATABASE_URL = temporal.url;
    }
    const a = arrancar(env);
    expect(await fin(a.proceso)).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: el puerto 3592 ya está en uso por otro programa. Detenlo o elige otro con PORT.",
    ]);
  });

  // Two processes on one database need a PostgreSQL server; CI runs this file with DATABASE_URL.
  it.skipIf(!urlPostgres)(
    "dos instancias de demostración a la vez sobre una base vacía arrancan las dos y siembran una vez",
    async () => {
      const temporal = await crearBaseTemporal(urlPostgres as string, "fila_arranque");
      limpiezas.push(temporal.borrar);
      const comun = {
        DATABASE_URL: temporal.url,
        DEMO: "1",
        ADMIN_EMAIL: "primer@fila.test",
        ADMIN_PASSWORD: "una-clave-larga-de-prueba",
      };
      const a = arrancar({ ...comun, PORT: "3593", DATA_DIR: directorioTemporal() });
      const b = arrancar({ ...comun, PORT: "3594", DATA_DIR: directorioTemporal() });
      await Promise.all([esperarLista(3593, a.proceso), esperarLista(3594, b.proceso)]);
      expect(lineas(a.errores()).join("\n")).not.toMatch(/duplicate key|No se ha podido/);
      expect(lineas(b.errores()).join("\n")).not.toMatch(/duplicate key|No se ha podido/);

      const cliente = new pg.Client({ connectionString: temporal.url });
      await cliente.connect();
      try {
        const cuentas = await cliente.query(
          "select email from usuario where email in ('primer@fila.test', 'admin@filademo.es')",
        );
        expect(cuentas.rows.map((r) => r.email).sort()).toEqual([
          "admin@filademo.es",
          "primer@fila.test",
        ]);
        const nifs = await cliente.query(
          "select count(*)::int as n, count(distinct nif)::int as distintos from socio where nif <> ''",
        );
        expect(nifs.rows[0].n).toBeGreaterThan(100);
        expect(nifs.rows[0].n).toBe(nifs.rows[0].distintos);
      } finally {
        await cliente.end();
      }
      // Both serve: a login on one works.
      const login = await fetch("http://127.0.0.1:3594/api/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@filademo.es", password: "demo-fila-2026" }),
      });
      expect(login.status).toBe(200);
    },
    120_000,
  );
});
