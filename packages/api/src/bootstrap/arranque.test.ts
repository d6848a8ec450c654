import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { crearBaseTemporal } from "../db/base-temporal.js";
import { codigoTotp } from "../lib/totp.js";
import {
  ADMIN,
  arrancarServidor,
  detener,
  entrar,
  esperarLista,
  lineas,
  llamar,
  type ServidorReal,
} from "../resiliencia/servidor-real.js";

const urlPostgres = process.env.DATABASE_URL;

const procesos: ServidorReal[] = [];
const limpiezas: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of procesos.splice(0)) await detener(s);
  for (const limpiar of limpiezas.splice(0)) await limpiar();
});

function arrancar(puerto: number, env: Record<string, string>): ServidorReal {
  const servidor = arrancarServidor(puerto, env);
  procesos.push(servidor);
  return servidor;
}

function directorioTemporal(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fila-arranque-"));
  limpiezas.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("arranque", () => {
  it("sin PostgreSQL, una sola línea clara en español y código 1", async () => {
    const a = arrancar(3591, {
      DATA_DIR: directorioTemporal(),
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/fila",
    });
    expect(await a.fin).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: no se puede conectar con PostgreSQL en 127.0.0.1:1. Comprueba que está en marcha y revisa DATABASE_URL.",
    ]);
  });

  it("con un TRUST_PROXY que no se entiende, una sola línea clara en español y código 1", async () => {
    const a = arrancar(3595, { DATA_DIR: directorioTemporal(), TRUST_PROXY: "nginx" });
    expect(await a.fin).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: TRUST_PROXY no es válida («nginx»): usa false, true, un número de saltos (de 1 a 10) o una lista de direcciones o redes separadas por comas (127.0.0.1,10.0.0.0/8).",
    ]);
  });

  it("con una FILA_CLAVE no válida, una sola línea clara en español y código 1", async () => {
    const a = arrancar(3599, { DATA_DIR: directorioTemporal(), FILA_CLAVE: "no-es-una-clave" });
    expect(await a.fin).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: la variable FILA_CLAVE no es una clave de 256 bits en hexadecimal (64 cifras) ni en base64. Genera una con «openssl rand -base64 32».",
    ]);
  });

  it("con el puerto ocupado, una sola línea clara en español y código 1", async () => {
    const ocupante: Server = createServer();
    await new Promise<void>((ok) => ocupante.listen(3592, "127.0.0.1", ok));
    limpiezas.push(() => new Promise<void>((ok) => ocupante.close(() => ok())));
    const env: Record<string, string> = { DATA_DIR: directorioTemporal() };
    if (urlPostgres) {
      const temporal = await crearBaseTemporal(urlPostgres, "fila_arranque");
      limpiezas.push(temporal.borrar);
      env.DATABASE_URL = temporal.url;
    }
    const a = arrancar(3592, env);
    expect(await a.fin).toBe(1);
    expect(lineas(a.errores())).toEqual([
      "No se ha podido arrancar Filà: el puerto 3592 ya está en uso por otro programa. Detenlo o elige otro con PORT.",
    ]);
  });

  // Two processes on one database need a PostgreSQL server; CI runs this file with DATABASE_URL.
  if (urlPostgres)
    it("dos instancias de demostración a la vez sobre una base vacía arrancan las dos y siembran una vez", async () => {
      const temporal = await crearBaseTemporal(urlPostgres as string, "fila_arranque");
      limpiezas.push(temporal.borrar);
      // Instances of one installation share its key (FILA_CLAVE), each with its own DATA_DIR:
      // with a key each, the second would refuse the first one's data (issue 45 §12).
      const comun = {
        DATABASE_URL: temporal.url,
        FILA_CLAVE: randomBytes(32).toString("base64"),
        DEMO: "1",
        ADMIN_EMAIL: "primer@fila.test",
        ADMIN_PASSWORD: "una-clave-larga-de-prueba",
      };
      const a = arrancar(3593, { ...comun, DATA_DIR: directorioTemporal() });
      const b = arrancar(3594, { ...comun, DATA_DIR: directorioTemporal() });
      await Promise.all([esperarLista(a), esperarLista(b)]);
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
    }, 120_000);

  it("arrancar los mismos datos con otra clave de instalación para con una línea que nombra DATA_DIR/clave y FILA_CLAVE; con FILA_CLAVE_NUEVA=1 pide volver a configurar la verificación en dos pasos (issue 45 §12)", async () => {
    const dataDir = directorioTemporal();
    const otraClave = randomBytes(32).toString("base64");
    const a = arrancar(3596, { DATA_DIR: dataDir, FILA_CLAVE: randomBytes(32).toString("base64") });
    await esperarLista(a);
    const token = await entrar(a.puerto);
    const { secreto } = (await llamar(a.puerto, "POST", "/api/cuenta/totp", { token })).cuerpo;
    const confirmacion = await llamar(a.puerto, "POST", "/api/cuenta/totp/confirmacion", {
      token,
      cuerpo: { codigo: codigoTotp(secreto) },
    });
    expect(confirmacion.status).toBe(200);
    await detener(a);

    const b = arrancar(3597, { DATA_DIR: dataDir, FILA_CLAVE: otraClave });
    expect(await b.fin).toBe(1);
    // The embedded PostgreSQL's own lines (starting, stopping) may come before it.
    expect(lineas(b.errores()).filter((l) => !l.startsWith("PostgreSQL:"))).toEqual([
      `No se ha podido arrancar Filà: los datos se escribieron con otra clave de instalación. Recupera el fichero DATA_DIR/clave (${path.join(dataDir, "clave")}) o la variable FILA_CLAVE con que funcionaba. Si esa clave se ha perdido para siempre, arranca con FILA_CLAVE_NUEVA=1: quien tenga la verificación en dos pasos tendrá que volver a configurarla y los carnés y enlaces de baja anteriores dejarán de valer.`,
    ]);

    const c = arrancar(3598, { DATA_DIR: dataDir, FILA_CLAVE: otraClave, FILA_CLAVE_NUEVA: "1" });
    await esperarLista(c);
    const entrada = await llamar(c.puerto, "POST", "/api/login", { cuerpo: ADMIN });
    expect(entrada.status).toBe(200);
    const estado = await llamar(c.puerto, "GET", "/api/cuenta/totp", {
      token: entrada.cuerpo.accessToken,
    });
    expect(estado.cuerpo).toMatchObject({ activo: false, pendiente: true, renovar: true });
  }, 180_000);
});
