import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_EMBEBIDA_POR_DEFECTO,
  baseEmbebida,
  CLAVE_PUBLICA_PRUEBAS_REDSYS,
  confianzaProxy,
  leerConfig,
  leerRedsys,
  redsysEnPruebas,
} from "./config.js";
import { crearBaseTemporal } from "./db/base-temporal.js";
import { abrirBaseDeDatos, CONEXIONES_POR_DEFECTO } from "./db/database.js";

const urlPostgres = process.env.DATABASE_URL;

describe("TRUST_PROXY", () => {
  it("sin definir o false: ningún proxy; true; un número de saltos; direcciones y redes", () => {
    expect(leerConfig({}, []).trustProxy).toBe(false);
    expect(confianzaProxy("false")).toBe(false);
    expect(confianzaProxy(" ")).toBe(false);
    expect(confianzaProxy("true")).toBe(true);
    expect(confianzaProxy("2")).toBe(2);
    expect(confianzaProxy("127.0.0.1, 10.0.0.0/8,::1,fd00::/8")).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
  });

  it("cualquier otro valor detiene el arranque con una frase en español", () => {
    for (const malo of [
      "sí",
      "0",
      "11",
      "-1",
      "1.5",
      "10.0.0.0/33",
      "localhost",
      "10.0.0.1,",
      "::1/129",
    ])
      expect(() => confianzaProxy(malo), malo).toThrow(/^TRUST_PROXY no es válida/);
  });
});

describe("BASE_EMBEBIDA", () => {
  it("pglite o postgres; sin definir, la predeterminada; otro valor detiene el arranque", () => {
    expect(leerConfig({}, []).baseEmbebida).toBe(BASE_EMBEBIDA_POR_DEFECTO);
    expect(baseEmbebida(" ")).toBe(BASE_EMBEBIDA_POR_DEFECTO);
    expect(baseEmbebida("pglite")).toBe("pglite");
    expect(baseEmbebida(" postgres ")).toBe("postgres");
    for (const malo of ["Postgres", "postgresql", "sqlite", "1"]) {
      expect(() => baseEmbebida(malo), malo).toThrow(/^BASE_EMBEBIDA no es válida/);
    }
  });
});

describe("DATABASE_POOL_MAX", () => {
  it("is a whole number from 1 to 100, or the default (5) when unset or anything else", () => {
    const pool = (valor?: string) => leerConfig({ DATABASE_POOL_MAX: valor }, []).databasePoolMax;
    expect(pool("12")).toBe(12);
    expect(pool("1")).toBe(1);
    for (const otro of [undefined, "0", "101", "2.5", "muchas", ""])
      expect(pool(otro)).toBe(undefined);
  });

  // Needs a PostgreSQL server; CI runs this file again with DATABASE_URL.
  if (urlPostgres)
    describe("PostgreSQL", () => {
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

describe("REDSYS_* (pago en línea)", () => {
  const bien = {
    REDSYS_MERCHANT_CODE: "999008881",
    REDSYS_TERMINAL: "1",
    REDSYS_SECRET_KEY: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
    REDSYS_URL: "https://sis-t.redsys.es:25443/sis/realizarPago",
  };

  it("sin ninguna, el pago en línea está apagado; con las cuatro, encendido", () => {
    expect(leerRedsys({})).toBeNull();
    expect(leerRedsys(bien)).toEqual({
      merchantCode: "999008881",
      terminal: "1",
      secretKey: "sq7HjrUOBfKmC576ILgskD5srU870gJ7",
      url: "https://sis-t.redsys.es:25443/sis/realizarPago",
    });
  });

  it("la clave pública de pruebas con la dirección real de Redsys no deja arrancar, y lo dice en español", () => {
    expect(() =>
      leerRedsys({ ...bien, REDSYS_URL: "https://sis.redsys.es/sis/realizarPago" }),
    ).toThrow(/clave de pruebas que Redsys publica.*dirección real \(sis\.redsys\.es\)/);
    // The terminal's own key with the real address: paying for real.
    const propia = { ...bien, REDSYS_SECRET_KEY: Buffer.alloc(24, 3).toString("base64") };
    const real = leerRedsys({ ...propia, REDSYS_URL: "https://sis.redsys.es/sis/realizarPago" });
    expect(real && redsysEnPruebas(real)).toBe(false);
  });

  it("la dirección de pruebas o la clave pública ponen el modo de pruebas", () => {
    const propia = Buffer.alloc(24, 3).toString("base64");
    const pruebas = "https://sis-t.redsys.es:25443/sis/realizarPago";
    const local = "http://127.0.0.1:3221/sis/realizarPago";
    expect(redsysEnPruebas({ secretKey: propia, url: pruebas })).toBe(true);
    expect(redsysEnPruebas({ secretKey: CLAVE_PUBLICA_PRUEBAS_REDSYS, url: local })).toBe(true);
    expect(redsysEnPruebas({ secretKey: propia, url: local })).toBe(false);
  });

  it("media configuración o un valor mal formado no deja arrancar, nombrando el problema", () => {
    expect(() => leerRedsys({ ...bien, REDSYS_URL: "" })).toThrow(/faltan REDSYS_URL/);
    expect(() => leerRedsys({ ...bien, REDSYS_MERCHANT_CODE: "ABC" })).toThrow(/FUC/);
    expect(() => leerRedsys({ ...bien, REDSYS_TERMINAL: "1234" })).toThrow(/REDSYS_TERMINAL/);
    expect(() => leerRedsys({ ...bien, REDSYS_SECRET_KEY: "corta" })).toThrow(/REDSYS_SECRET_KEY/);
    expect(() => leerRedsys({ ...bien, REDSYS_URL: "http://sis.redsys.es/x" })).toThrow(/https/);
    expect(leerRedsys({ ...bien, REDSYS_URL: "http://127.0.0.1:3221/sis/realizarPago" })?.url).toBe(
      "http://127.0.0.1:3221/sis/realizarPago",
    );
  });
});
