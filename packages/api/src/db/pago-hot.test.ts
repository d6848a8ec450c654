import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";

// Issue 14, goal 4: a remittance marks 15,000 charges collected at once. That is cheap only while
// a change of state rewrites no index of pago (a HOT update), which needs `estado` out of every
// index and room on the row's page (fillfactor).
let bd: BaseDeDatos;

beforeAll(async () => {
  bd = await crearBaseDePruebas();
});
afterAll(() => bd.cerrar());

async function actualizacionesDePago() {
  await sql`select pg_stat_force_next_flush()`.execute(bd.db);
  const { rows } = await sql<{ hot: number; todas: number }>`
    select n_tup_hot_upd::integer as hot, n_tup_upd::integer as todas
    from pg_stat_user_tables where relname = 'pago'
  `.execute(bd.db);
  return rows[0] ?? { hot: 0, todas: 0 };
}

it("cobrar o anular un cargo lo cambia en su sitio, sin tocar los índices de pago", async () => {
  const [socio] = (
    await sql<{ id: number }>`
      insert into socio (nombre) values ('Cobro en su sitio') returning id
    `.execute(bd.db)
  ).rows;
  await sql`
    insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
    select ${socio?.id}, ${socio?.id}, 2026, 'Cuota ' || g, 1000, '2026-01-01', '2026-03-01'
    from generate_series(1, 400) g
  `.execute(bd.db);
  const [forma] = (
    await sql<{ id: number }>`insert into forma_pago (nombre) values ('Caja') returning id`.execute(
      bd.db,
    )
  ).rows;
  const antes = await actualizacionesDePago();
  // One charge in four paid and one in ten cancelled: what fits in the room each page keeps.
  await sql`
    update pago set estado = 'pagado', fecha_pago = '2026-03-02', id_forma_pago = ${forma?.id},
      referencia = 'R1', actualizado_en = now()
    where id_socio = ${socio?.id} and id % 4 = 0
  `.execute(bd.db);
  await sql`
    update pago set estado = 'anulado', motivo_anulacion = 'Baja', actualizado_en = now()
    where id_socio = ${socio?.id} and id % 10 = 1
  `.execute(bd.db);
  const despues = await actualizacionesDePago();
  expect(despues.todas - antes.todas).toBe(140);
  expect(despues.hot - antes.hot).toBe(140);
});
