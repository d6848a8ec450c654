import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leerConfig } from "./config.js";
import { crearBaseTemporal } from "./db/base-temporal.js";
import { abrirBaseDeDatos } from "./db/database.js";

const urlPostgres = process.env.DATABASE_URL;

describe("DATABASE_POOL_MAX", () => {
  it("is 5 connections unless a whole number from 1 to 100 is given", () => {
    const pool = (valor?: string) => leerConfig({ DATABASE_POOL_MAX: valor }, []).databasePoolMax;
    expect(pool()).toBe(5);
    expect(pool("12")).toBe(12);
    expect(pool("1")).toBe(1);
    for (const malo of ["0", "101", "2.5", "muchas", ""]) expect(pool(malo)).toBe(5);
  });

  // Needs a PostgreSQL server; CI runs this file again with DATABASE_URL.
  describe.skipIf(!urlPostgres)("PostgreSQL", () => {
    let base: Awaited<ReturnType<typeof crearBaseTemporal>>;
    beforeAll(async () => {
      base = await crearBaseTemporal(urlPostgres ?? "", "fila_pool");
    });
    afterAll(async () => base.borrar());

    it("the pool opens no more connections than that, however many queries wait", async () => {
      const { db, cerrar } = await abrirBaseDeDatos({
        tipo: "postgres",
        url: base.url,
        maxConexiones: 2,
      });
      try {
        const pids = await Promise.all(
          Array.from({ length: 6 }, () =>
            sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db),
          ),
        );
        expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBe(2);
      } finally {
        await cerrar();
      }
    });
  });
});
