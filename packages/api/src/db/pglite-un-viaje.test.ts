import { PGlite } from "@electric-sql/pglite";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abrirBaseDeDatos, type BaseDeDatos } from "./database.js";
import { pgliteEnUnViaje } from "./pglite-un-viaje.js";

// PGlite behind Kysely runs each query as one message (pglite-un-viaje.ts). These check that it
// gives what PGlite's own query gives, keeps PGlite's locks, and reports errors the same way.
let bd: BaseDeDatos;
const crudo = <T>(texto: string, parametros: unknown[] = []) =>
  bd.db.executeQuery<T>(CompiledQuery.raw(texto, parametros));

beforeAll(async () => {
  bd = await abrirBaseDeDatos({ tipo: "pglite-memoria" });
  await sql`create table prueba (
    id int primary key, nombre text not null unique, alta timestamptz, dia date, activo boolean,
    importe bigint, datos jsonb, numeros int[], fichero bytea)`.execute(bd.db);
});
afterAll(() => bd.cerrar());

describe("PGlite en un solo viaje", () => {
  it("da los mismos valores y tipos que la consulta de PGlite", async () => {
    const alta = new Date("2026-03-19T10:30:00.123Z");
    await crudo("insert into prueba values ($1, $2, $3, $4, $5, $6, $7, $8, $9)", [
      1,
      'Àngel «l\'Alcoià» "x"',
      alta,
      "2026-03-19",
      true,
      123456789012,
      { a: [1, "b"] },
      [3, 4],
      Buffer.from([0, 255, 7]),
    ]);
    const consulta = "select * from prueba where id = any($1::int[]) and alta <= $2";
    const parametros = [[1, 2], new Date("2026-12-31T00:00:00Z")];
    const { rows } = await crudo<Record<string, unknown>>(consulta, parametros);
    const propios = await bd.pglite?.query(consulta, parametros);
    expect(rows).toEqual(propios?.rows);
    expect(rows[0]).toMatchObject({
      id: 1,
      nombre: 'Àngel «l\'Alcoià» "x"',
      alta,
      dia: "2026-03-19",
      activo: true,
      importe: 123456789012,
      datos: { a: [1, "b"] },
      numeros: [3, 4],
    });
    expect(Buffer.from(rows[0].fichero as Uint8Array)).toEqual(Buffer.from([0, 255, 7]));
  });

  it("una respuesta grande, que llega en muchos trozos, da las mismas filas", async () => {
    const consulta = `select g as id, repeat('ñ', g % 50) as texto, g::bigint * 1000 as grande,
      case when g % 7 = 0 then null else timestamptz '2026-03-19 10:30:00.123+00' + g * interval '1 s'
        end as cuando, g % 2 = 0 as par
      from generate_series(1, $1::int) g`;
    const { rows } = await crudo<Record<string, unknown>>(consulta, [20_000]);
    const propios = await bd.pglite?.query(consulta, [20_000]);
    expect(rows).toHaveLength(20_000);
    expect(rows).toEqual(propios?.rows);
  });

  it("cuenta las filas afectadas y acepta nulos", async () => {
    await crudo("insert into prueba (id, nombre, datos) values ($1, $2, $3)", [2, "dos", null]);
    const r = await crudo("update prueba set activo = $1 where id in (1, 2)", [false]);
    expect(r.numAffectedRows).toBe(2n);
    const { rows } = await crudo<{ datos: unknown }>("select datos from prueba where id = 2");
    expect(rows[0].datos).toBeNull();
  });

  it("un error trae el código y la restricción de PostgreSQL y la base sigue respondiendo", async () => {
    const error = await crudo("insert into prueba (id, nombre) values ($1, $2)", [3, "dos"]).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "23505", constraint: "prueba_nombre_key" });
    const { rows } = await crudo<{ n: number }>("select count(*)::int as n from prueba");
    expect(rows[0].n).toBe(2);
  });

  it("una consulta de fuera espera a que acabe la transacción abierta y no entra en ella", async () => {
    // Straight on the wrapped PGlite, without Kysely's own connection lock in front.
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await pglite.query("create table t (id int)");
    let fuera: Promise<number> | null = null;
    await pglite
      .transaction(async (tx) => {
        await tx.query("insert into t values ($1)", [1]);
        fuera = pglite
          .query<{ n: number }>("select count(*)::int as n from t")
          .then((r) => r.rows[0].n);
        // Gives the outside query every chance to run now, inside the open transaction.
        await new Promise((ok) => setTimeout(ok, 20));
        throw new Error("deshacer");
      })
      .catch(() => {});
    // It ran after the rollback: the row it would have seen inside never existed.
    expect(await fuera).toBe(0);
    await pglite.close();
  });

  it("prepara cada texto una vez y lo vuelve a preparar si la tabla cambia de columnas", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await pglite.query("create table c (id int)");
    await pglite.query("insert into c values ($1)", [1]);
    const todo = "select * from c where id = $1";
    expect((await pglite.query(todo, [1])).rows).toEqual([{ id: 1 }]);
    expect((await pglite.query(todo, [2])).rows).toEqual([]);
    const preparadas = async () =>
      (await pglite.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements"))
        .rows[0].n;
    const antes = await preparadas();
    await pglite.query(todo, [1]);
    expect(await preparadas()).toBe(antes);
    // A migration adds a column: the prepared `select *` would now return another row type.
    await pglite.query("alter table c add column nombre text default 'x'");
    expect((await pglite.query(todo, [1])).rows).toEqual([{ id: 1, nombre: "x" }]);
    await pglite.close();
  });

  it("no pasa de las sentencias permitidas y una cerrada se vuelve a preparar", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create(), { maxSentencias: 3 });
    const textos = [1, 2, 3, 4, 5].map((n) => `select ${n} + $1::int as r`);
    for (const texto of textos) await pglite.query(texto, [1]);
    const { rows } = await pglite.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(rows[0].n).toBeLessThanOrEqual(3);
    expect((await pglite.query<{ r: number }>(textos[0], [10])).rows[0].r).toBe(11);
    await pglite.close();
  });

  it("un texto que PostgreSQL rechaza da su error y no se recuerda", async () => {
    const pglite = pgliteEnUnViaje(await PGlite.create());
    await expect(pglite.query("selec $1::int")).rejects.toMatchObject({ code: "42601" });
    await expect(pglite.query("select * from todavia_no where id = $1", [1])).rejects.toMatchObject(
      {
        code: "42P01",
      },
    );
    await pglite.query("create table todavia_no (id int)");
    expect((await pglite.query("select * from todavia_no where id = $1", [1])).rows).toEqual([]);
    await pglite.close();
  });
});
