import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leerConfig } from "./config.js";
import { crearBaseTemporal } from "./db/base-temporal.js";
import { abrirBaseDeDatos, CONEXIONES_POR_DEFECTO } from "./db/database.js";

const urlPostgres = process.env.DATABASE_URL;

describe("DATABASE_POOL_MAX", () => {
  it("is a whole number from 1 to 100, or the default (5) when unset or anything else", () => {
    const pool = (valor?: string) => leerConfig({ DATABASE_POOL_MAX: valor }, []).databasePoolMax;
    expect(pool("12")).toBe(12);
    expect(pool("1")).toBe(1);
    for (const otro of [undefined, "0", "101", "2.5", "muchas", ""])
      expect(pool(otro)).toBe(undefined);
  });

  // Needs a PostgreSQL server; CI runs this file again with DATABASE_URL.
  describe.skipIf(!urlPostgres)("PostgreSQL", () => {
    let base: Awaited<ReturnType<typeof crearBaseTemporal>>;
    beforeAll(async () => {
      base = await crearBaseTemporal(urlPostgres ?? "", "fila_pool");
    });
    afterAll(async () => base.borrar());

    it.each([
      [2, 2],
      [undefined, CONEXIONES_POR_DEFECTO],
    ])(
      "with maxConexiones %s the pool opens %i connections, however many queries wait",
      async (maxConexiones, esperadas) => {
        expect(CONEXIONES_POR_DEFECTO).toBe(5);
        const { db, cerrar } = await abrirBaseDeDatos({
          tipo: "postgres",
          url: base.url,
          maxConexiones,
        });
        try {
          const pids = await Promise.all(
            Array.from({ length: 12 }, () =>
              sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(db),
            ),
          );
          expect(new Set(pids.map((r) => r.rows[0]?.pid)).size).toBe(esperadas);
        } finally {
          await cerrar();
        }
      },
    );
  });
});
