import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";
import { FUNCIONES_SIN_JIT } from "./migrations/2026-12-07-0054-resumenes-sin-jit.js";

// Migration 0054: the summaries' trigger, fold and rebuild functions run without JIT (a
// PostgreSQL built with LLVM spent most of a bulk statement compiling their one query). A later
// `CREATE OR REPLACE` of one of them drops the setting unless it says it again: this fails then.
let bd: BaseDeDatos;

beforeAll(async () => {
  bd = await crearBaseDePruebas();
});
afterAll(() => bd.cerrar());

it("cada función de los resúmenes lleva jit = off, y son todas las de los disparadores que los llevan", async () => {
  const { rows } = await sql<{ nombre: string; ajustes: string[] | null }>`
    select p.proname as nombre, p.proconfig as ajustes
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and p.proname = any(${[...FUNCIONES_SIN_JIT]}::text[])
    order by 1`.execute(bd.db);
  expect(rows.map((r) => r.nombre)).toEqual([...FUNCIONES_SIN_JIT].sort());
  for (const r of rows) expect([r.nombre, r.ajustes]).toEqual([r.nombre, ["jit=off"]]);
  // Every statement trigger that keeps a summary (…_ajustar, …_propagar) is in the list.
  const disparadores = await sql<{ funcion: string }>`
    select distinct p.proname as funcion
    from pg_trigger t join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal and (p.proname like '%\\_ajustar' or p.proname like '%\\_propagar')`.execute(
    bd.db,
  );
  expect(disparadores.rows.length).toBeGreaterThan(5);
  for (const { funcion } of disparadores.rows)
    expect(FUNCIONES_SIN_JIT as readonly string[]).toContain(funcion);
});
