import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { leerConfig } from "../../config.js";
import { esConexionPerdida } from "../../db/conexion-perdida.js";
import { abrirBaseDeDatos } from "../../db/database.js";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

const urlPostgres = process.env.DATABASE_URL;

/** What a database restart, a failover or a pooler's idle timeout does to our connections.
 * The database's name is read once, before any cut: asking the pool for it afterwards could
 * land on a connection the previous cut already killed. */
async function cortarConexiones(nombreBase: string): Promise<number> {
  const admin = new pg.Client({ connectionString: urlPostgres });
  await admin.connect();
  try {
    const r = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [nombreBase],
    );
    return r.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe("GET /api/salud", () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  });
  afterAll(async () => e.cerrar());

  it("answers liveness and readiness without a session", async () => {
    const vivo = await e.app.inject({ method: "GET", url: "/api/salud" });
    expect(vivo.statusCode).toBe(200);
    expect(vivo.json()).toMatchObject({ estado: "ok" });
    const lista = await e.app.inject({ method: "GET", url: "/api/salud/lista" });
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toEqual({ estado: "ok", baseDeDatos: "ok" });
  });

  it("is in the OpenAPI document with its 503", async () => {
    const doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths["/api/salud/lista"].get.responses)).toEqual(
      expect.arrayContaining(["200", "503"]),
    );
  });
});

describe("sin base de datos", () => {
  // A server that refuses connections: the database is down or restarting.
  const db = abrirBaseDeDatos({ tipo: "postgres", url: "postgres://postgres@127.0.0.1:1/fila" });
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const config = {
      ...leerConfig({ LOG_LEVEL: "silent" }, []),
      webDist: null,
      pushWorker: false,
    };
    app = await buildApp({
      config,
      db: (await db).db,
      clave: ClaveInstalacion.nueva(),
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await (await db).cerrar();
  });

  it("liveness still answers 200, readiness answers 503 in Spanish", async () => {
    expect((await app.inject({ method: "GET", url: "/api/salud" })).statusCode).toBe(200);
    const lista = await app.inject({ method: "GET", url: "/api/salud/lista" });
    expect(lista.statusCode).toBe(503);
    expect(lista.headers["retry-after"]).toBe("5");
    expect(lista.json()).toEqual({
      error: "bd_no_disponible",
      mensaje:
        "La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
      detalles: [],
    });
  });

  it("answers 503, not 500, to a call that needs the database", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/socios",
      headers: bearer("un-token-cualquiera"),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe("bd_no_disponible");
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "a@b.es", password: "lo-que-sea-1234" },
    });
    expect(login.statusCode).toBe(503);
  });
});

// Terminating server backends needs a PostgreSQL server; CI runs this file again with DATABASE_URL.
if (urlPostgres)
  describe("PostgreSQL: conexiones cortadas por el servidor", () => {
    let e: Entorno;
    let token: string;
    let nombreBase: string;
    beforeAll(async () => {
      e = await crearEntorno();
      const { rows } = await sql<{ nombre: string }>`select current_database() as nombre`.execute(
        e.db,
      );
      nombreBase = rows[0]?.nombre ?? "";
      const cuenta = await crearCuenta(e.db, { rol: "administrador" });
      token = await entrar(e.app, cuenta.email);
    });
    afterAll(async () => e.cerrar());

    it("a connection cut inside a transaction fails that transaction only, and the process lives", async () => {
      const errores: unknown[] = [];
      const alFallar = (err: unknown) => errores.push(err);
      process.on("uncaughtException", alFallar);
      try {
        const fallo = await e.db
          .transaction()
          .execute(async (trx) => {
            await sql`select 1`.execute(trx);
            // The connection is checked out and idle between two queries when it is cut.
            expect(await cortarConexiones(nombreBase)).toBeGreaterThan(0);
            await new Promise((ok) => setTimeout(ok, 300));
            await sql`select 1`.execute(trx);
          })
          .then(
            () => null,
            (err: unknown) => err,
          );
        expect(esConexionPerdida(fallo)).toBe(true);
      } finally {
        process.off("uncaughtException", alFallar);
      }
      expect(errores).toEqual([]);
      const { rows } = await sql<{ uno: number }>`select 1 as uno`.execute(e.db);
      expect(rows[0]?.uno).toBe(1);
    });

    it("requests in flight get 200 or a Spanish 503, and the next ones succeed without a restart", async () => {
      const url = "/api/socios?page=1&pageSize=50";
      const enVuelo = Array.from({ length: 30 }, (_, i) =>
        new Promise((ok) => setTimeout(ok, i * 5)).then(() =>
          e.app.inject({ method: "GET", url, headers: bearer(token) }),
        ),
      );
      await new Promise((ok) => setTimeout(ok, 40));
      await cortarConexiones(nombreBase);
      const respuestas = await Promise.all(enVuelo);
      for (const r of respuestas) {
        expect([200, 503]).toContain(r.statusCode);
        if (r.statusCode === 503) expect(r.json().error).toBe("bd_no_disponible");
      }
      // Idle connections are cut as well: the pool drops them and opens new ones.
      await cortarConexiones(nombreBase);
      await new Promise((ok) => setTimeout(ok, 100));
      const despues = await Promise.all(
        Array.from({ length: 5 }, () =>
          e.app.inject({ method: "GET", url, headers: bearer(token) }),
        ),
      );
      expect(despues.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const lista = await e.app.inject({ method: "GET", url: "/api/salud/lista" });
      expect(lista.statusCode).toBe(200);
    });
  });
