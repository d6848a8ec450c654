import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { crearBaseTemporal } from "./base-temporal.js";
import { abrirBaseDeDatos } from "./database.js";
import { conSentenciasPreparadas, MAX_PARAMETROS_PREPARADA } from "./pg-preparadas.js";

const urlPostgres = process.env.DATABASE_URL;

/** The statements prepared on the connection (a query without parameters is not one of them). */
async function preparadas(cliente: pg.ClientBase): Promise<string[]> {
  const r = await cliente.query<{ statement: string }>(
    "select statement from pg_prepared_statements order by prepare_time, name",
  );
  return r.rows.map((f) => f.statement);
}

// Prepared statements are PostgreSQL's (PGlite has its own in pglite-un-viaje.ts); CI runs this
// file again with DATABASE_URL.
describe.skipIf(!urlPostgres)("PostgreSQL: sentencias preparadas por conexión", () => {
  let base: Awaited<ReturnType<typeof crearBaseTemporal>>;
  let cliente: pg.Client;
  beforeAll(async () => {
    base = await crearBaseTemporal(urlPostgres ?? "", "fila_preparadas");
  });
  afterAll(async () => base.borrar());
  beforeEach(async () => {
    cliente = new pg.Client({ connectionString: base.url });
    await cliente.connect();
    await cliente.query("create table if not exists t (a int primary key)");
    await cliente.query("truncate t");
  });
  afterEach(async () => cliente.end());

  it("prepares a text with parameters once and runs it again with other values", async () => {
    conSentenciasPreparadas(cliente);
    const texto = "select $1::int + 1 as n, $2::text as t";
    expect((await cliente.query(texto, [1, "uno"])).rows).toEqual([{ n: 2, t: "uno" }]);
    expect((await cliente.query(texto, [41, null])).rows).toEqual([{ n: 42, t: null }]);
    expect(await preparadas(cliente)).toEqual([texto]);
  });

  it("leaves queries without parameters to the simple protocol (several statements at once)", async () => {
    conSentenciasPreparadas(cliente);
    await cliente.query("insert into t values (1); insert into t values (2)", []);
    const r = await cliente.query("select count(*)::int as n from t", []);
    expect(r.rows).toEqual([{ n: 2 }]);
    expect(await preparadas(cliente)).toEqual([]);
  });

  it("runs a bulk statement (more than 100 parameters) unnamed, as before", async () => {
    conSentenciasPreparadas(cliente);
    const filas = Array.from({ length: MAX_PARAMETROS_PREPARADA + 1 }, (_, i) => i + 1);
    await cliente.query(
      `insert into t values ${filas.map((_, i) => `($${i + 1})`).join(", ")}`,
      filas,
    );
    await cliente.query(
      `insert into t values ${filas
        .slice(1)
        .map((_, i) => `($${i + 1} + 1000)`)
        .join(", ")}`,
      filas.slice(1),
    );
    expect((await cliente.query("select count(*)::int as n from t")).rows).toEqual([{ n: 201 }]);
    expect(await preparadas(cliente)).toHaveLength(1);
  });

  it("keeps at most the cap, deallocating the least recently used", async () => {
    conSentenciasPreparadas(cliente, 2);
    await cliente.query("select $1::int as a", [1]);
    await cliente.query("select $1::int as b", [1]);
    await cliente.query("select $1::int as a", [1]);
    await cliente.query("select $1::int as c", [1]);
    expect(await preparadas(cliente)).toEqual(["select $1::int as a", "select $1::int as c"]);
    // The one deallocated is prepared again when it comes back.
    expect((await cliente.query("select $1::int as b", [7])).rows).toEqual([{ b: 7 }]);
  });

  it("deallocates only once the transaction has ended, so that it cannot abort it", async () => {
    conSentenciasPreparadas(cliente, 1);
    await cliente.query("begin", []);
    await cliente.query("insert into t values ($1)", [1]);
    await cliente.query("insert into t values ($1 + 1)", [1]);
    // A failed statement inside the transaction: nothing queued may run before the rollback.
    await expect(cliente.query("insert into t values ($1)", [1])).rejects.toMatchObject({
      code: "23505",
    });
    expect(await preparadas(cliente).catch((e: { code: string }) => e.code)).toBe("25P02");
    await cliente.query("rollback", []);
    expect(await preparadas(cliente)).toEqual(["insert into t values ($1)"]);
    await cliente.query("begin", []);
    await cliente.query("insert into t values ($1 + 1)", [1]);
    await cliente.query("commit", []);
    expect(await preparadas(cliente)).toEqual(["insert into t values ($1 + 1)"]);
    expect((await cliente.query("select a from t", [])).rows).toEqual([{ a: 2 }]);
  });

  it("after the columns under a select * change, prepares it again (outside a transaction)", async () => {
    conSentenciasPreparadas(cliente);
    await cliente.query("insert into t values (1)");
    const texto = "select * from t where a = $1";
    expect((await cliente.query(texto, [1])).rows).toEqual([{ a: 1 }]);
    await cliente.query("alter table t add column b text default 'x'");
    expect((await cliente.query(texto, [1])).rows).toEqual([{ a: 1, b: "x" }]);
    await cliente.query("alter table t drop column b");
    await cliente.query("begin", []);
    // Inside a transaction the error stands (the transaction is lost anyway)...
    await expect(cliente.query(texto, [1])).rejects.toMatchObject({ code: "0A000" });
    await cliente.query("rollback", []);
    // ...and the next run prepares it again.
    expect((await cliente.query(texto, [1])).rows).toEqual([{ a: 1 }]);
    expect(await preparadas(cliente)).toEqual([texto]);
  });

  it("does not remember a text PostgreSQL refuses, and the connection goes on", async () => {
    conSentenciasPreparadas(cliente);
    await expect(cliente.query("select $1::int frm t", [1])).rejects.toMatchObject({
      code: "42601",
    });
    await expect(cliente.query("select $1::int frm t", [1])).rejects.toMatchObject({
      code: "42601",
    });
    expect((await cliente.query("select $1::int as n", [3])).rows).toEqual([{ n: 3 }]);
    expect(await preparadas(cliente)).toEqual(["select $1::int as n"]);
  });

  it("is what the pool of abrirBaseDeDatos gives Kysely", async () => {
    const { db, cerrar } = await abrirBaseDeDatos({ tipo: "postgres", url: base.url });
    try {
      await db.connection().execute(async (conexion) => {
        const r = await sql<{ n: number }>`select ${5}::int as n`.execute(conexion);
        expect(r.rows).toEqual([{ n: 5 }]);
        const p = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(conexion);
        expect(p.rows.map((f) => f.statement)).toEqual(["select $1::int as n"]);
      });
    } finally {
      await cerrar();
    }
  });
});
