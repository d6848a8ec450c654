import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";

// Issue 51: the board's home reads `pago_resumen` (migration 0045), kept by statement triggers
// on `pago`, instead of every charge. It must say exactly what a count of `pago` says after any
// mix of writes, also concurrent ones (on PostgreSQL, DATABASE_URL: each transaction on its own
// connection, waiting on the summary's row locks).
let bd: BaseDeDatos & { motor: "pglite" | "postgres" };
let socio: number;

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  const { rows } = await sql<{ id: number }>`
    insert into socio (nombre) values ('Resumen de cargos') returning id`.execute(bd.db);
  socio = rows[0]?.id as number;
});
afterAll(() => bd.cerrar());

type Fila = { estado: string; dia: string; num: number; importe: number };

/** The summary's rows that are not zero, and what a count of `pago` says they should be. */
async function resumenYRecuento(): Promise<{ resumen: Fila[]; recuento: Fila[] }> {
  const leer = async (consulta: ReturnType<typeof sql>) =>
    ((await consulta.execute(bd.db)).rows as Fila[]).map((f) => ({
      estado: f.estado,
      dia: String(f.dia),
      num: Number(f.num),
      importe: Number(f.importe),
    }));
  const resumen = await leer(sql`
    select estado, dia::text as dia, sum(num)::int as num, sum(importe)::bigint as importe
    from pago_resumen group by 1, 2
    having sum(num) <> 0 or sum(importe) <> 0 order by 1, 2`);
  const recuento = await leer(sql`
    select estado, (case when estado = 'pagado' then fecha_pago else fecha_vencimiento end)::text as dia,
           count(*)::int as num, sum(importe)::bigint as importe
    from pago
    where estado in ('pendiente', 'devuelto') or (estado = 'pagado' and fecha_pago is not null)
    group by 1, 2 order by 1, 2`);
  return { resumen, recuento };
}

async function emitir(n: number, vence: string, importe = 1000) {
  await sql`
    insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
    select ${socio}, ${socio}, ${Number(vence.slice(0, 4))}, 'Cuota ' || g, ${importe} + g, '2026-01-01', ${vence}
    from generate_series(1, ${n}) g`.execute(bd.db);
}

describe("pago_resumen", () => {
  it("cuadra con los cargos tras emitir, cobrar, devolver, anular, cambiar y borrar", async () => {
    await emitir(30, "2026-03-01");
    await emitir(20, "2026-06-01", 2500);
    // Collected in two statements on two days, one returned, some cancelled.
    await sql`update pago set estado = 'pagado', fecha_pago = '2026-03-02'
      where id_socio = ${socio} and id % 3 = 0`.execute(bd.db);
    await sql`update pago set estado = 'pagado', fecha_pago = '2026-04-10'
      where id_socio = ${socio} and estado = 'pendiente' and id % 5 = 0`.execute(bd.db);
    await sql`update pago set estado = 'devuelto', fecha_devolucion = '2026-04-12'
      where id in (select id from pago where id_socio = ${socio} and estado = 'pagado' order by id limit 4)`.execute(
      bd.db,
    );
    await sql`update pago set estado = 'anulado' where id_socio = ${socio} and estado = 'pendiente' and id % 7 = 0`.execute(
      bd.db,
    );
    // A change of amount and of due date, one that changes nothing summed, and a paid charge
    // without a date (not counted as collected on any day).
    await sql`update pago set importe = importe + 100, fecha_vencimiento = '2026-07-01'
      where id in (select id from pago where id_socio = ${socio} and estado = 'pendiente' order by id limit 3)`.execute(
      bd.db,
    );
    await sql`update pago set concepto = concepto || ' (revisado)' where id_socio = ${socio}`.execute(
      bd.db,
    );
    await sql`update pago set estado = 'pagado', fecha_pago = null
      where id in (select id from pago where id_socio = ${socio} and estado = 'pendiente' order by id desc limit 1)`.execute(
      bd.db,
    );
    await sql`delete from pago where id_socio = ${socio} and id % 4 = 1`.execute(bd.db);

    const { resumen, recuento } = await resumenYRecuento();
    expect(recuento.length).toBeGreaterThan(4);
    expect(resumen).toEqual(recuento);
  });

  it("compactar y rehacer dejan una fila por clave con las mismas sumas", async () => {
    const filas = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from pago_resumen`.execute(bd.db))
          .rows[0]?.n,
      );
    const antes = await resumenYRecuento();
    expect(await filas()).toBeGreaterThan(antes.recuento.length);
    await sql`select pago_resumen_compactar()`.execute(bd.db);
    expect(await filas()).toBe(antes.recuento.length);
    expect((await resumenYRecuento()).resumen).toEqual(antes.recuento);
    await sql`select pago_resumen_rehacer()`.execute(bd.db);
    expect(await filas()).toBe(antes.recuento.length);
    expect((await resumenYRecuento()).resumen).toEqual(antes.recuento);
  });

  it("cuadra con escrituras simultáneas en transacciones distintas", async () => {
    await emitir(40, "2026-09-01", 700);
    const ids = (
      await sql<{ id: number }>`
        select id from pago where id_socio = ${socio} and estado = 'pendiente' order by id`.execute(
        bd.db,
      )
    ).rows.map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    // Twenty transactions at once, each touching the same summary rows in its own order:
    // emitting, collecting (today and another day), returning and deleting.
    const TRANSACCIONES = 20;
    const fallos: unknown[] = [];
    await Promise.all(
      Array.from({ length: TRANSACCIONES }, (_, k) =>
        bd.db
          .transaction()
          .execute(async (tx) => {
            const mios = ids.filter((_, i) => i % TRANSACCIONES === k);
            if (k % 2 === 0) {
              await sql`insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
                values (${socio}, ${socio}, 2026, 'Nuevo ' || ${k}, 333, '2026-01-01', '2026-09-01')`.execute(
                tx,
              );
            }
            await sql`update pago set estado = 'pagado', fecha_pago = ${k % 3 === 0 ? "2026-09-02" : "2026-09-03"}
              where id = any(${mios})`.execute(tx);
            await sql`update pago set estado = 'devuelto' where id = ${mios[0] ?? 0}`.execute(tx);
            if (k % 2 === 1) {
              await sql`insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
                values (${socio}, ${socio}, 2026, 'Nuevo ' || ${k}, 444, '2026-01-01', '2026-09-01')`.execute(
                tx,
              );
            }
            if (k % 5 === 0) await sql`delete from pago where id = ${mios[1] ?? 0}`.execute(tx);
          })
          .catch((error) => fallos.push(error)),
      ),
    );
    expect(fallos).toEqual([]);
    // A compaction alongside more writers leaves the sums as they are.
    await Promise.all([
      sql`select pago_resumen_compactar()`.execute(bd.db),
      sql`update pago set estado = 'pendiente', fecha_pago = null where id = (
        select max(id) from pago where estado = 'pagado' and fecha_vencimiento = '2026-09-01')`.execute(
        bd.db,
      ),
      sql`select pago_resumen_compactar()`.execute(bd.db),
    ]);
    const { resumen, recuento } = await resumenYRecuento();
    expect(resumen).toEqual(recuento);
    const nuevos = recuento.find((f) => f.estado === "pendiente" && f.dia === "2026-09-01");
    // 40 emitted, all collected or returned (one pending again); 20 new ones pending.
    expect(nuevos?.num).toBe(TRANSACCIONES + 1);
  });
});
