import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abrirBaseDeDatos, type BaseDeDatos } from "./database.js";
import { mantenerTablas } from "./mantenimiento.js";

let bd: BaseDeDatos;

beforeAll(async () => {
  bd = await abrirBaseDeDatos({ tipo: "pglite-memoria" });
  await sql`create table cuenta (id serial primary key, saldo integer not null)`.execute(bd.db);
  await sql`create table quieta (id serial primary key)`.execute(bd.db);
  await sql`insert into quieta default values`.execute(bd.db);
});

afterAll(() => bd.cerrar());

const contadores = async (tabla: string) => {
  await sql`select pg_stat_force_next_flush()`.execute(bd.db);
  return (
    await sql<{ muertas: number; cambiadas: number }>`
      select n_dead_tup::integer as muertas, n_mod_since_analyze::integer as cambiadas
      from pg_stat_user_tables where relname = ${tabla}
    `.execute(bd.db)
  ).rows[0];
};

const estadisticas = async (tabla: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::integer as n from pg_stats where tablename = ${tabla}`.execute(bd.db)
  ).rows[0]?.n;

describe("mantenimiento de PGlite (sin autovacuum)", () => {
  it("PGlite no limpia ni analiza nada por sí solo", async () => {
    await sql`insert into cuenta (saldo) select g from generate_series(1, 2000) g`.execute(bd.db);
    await sql`update cuenta set saldo = saldo + 1`.execute(bd.db);
    expect((await contadores("cuenta"))?.muertas).toBe(2000);
    expect(await estadisticas("cuenta")).toBe(0);
  });

  it("limpia y analiza la tabla que pasa los umbrales de autovacuum, y no toca las demás", async () => {
    expect(await mantenerTablas(bd.db)).toEqual(["cuenta"]);
    expect(await contadores("cuenta")).toEqual({ muertas: 0, cambiadas: 0 });
    expect(await estadisticas("cuenta")).toBe(2);
    expect(await estadisticas("quieta")).toBe(0);
  });

  it("sin cambios desde la última pasada no hace nada; tras pocos cambios, tampoco", async () => {
    expect(await mantenerTablas(bd.db)).toEqual([]);
    await sql`update cuenta set saldo = 0 where id <= 40`.execute(bd.db);
    expect(await mantenerTablas(bd.db)).toEqual([]);
  });

  it("con cambios por encima del 10 % solo analiza, aunque no haya filas muertas bastantes", async () => {
    await sql`insert into cuenta (saldo) select g from generate_series(1, 300) g`.execute(bd.db);
    expect(await mantenerTablas(bd.db)).toEqual(["cuenta"]);
    expect((await contadores("cuenta"))?.cambiadas).toBe(0);
    expect((await contadores("cuenta"))?.muertas).toBe(40);
  });
});
