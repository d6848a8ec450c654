import { type InformeQuery, InformeQuerySchema } from "@fila/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InformesRepository } from "../modules/informes/informes.repository.js";
import { InformesConsultasRepository } from "../modules/informes/informes-consultas.repository.js";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import type { BaseDeDatos } from "./database.js";

// Issue 51: the report Deudas reads `deuda_socio` (migration 0051), the outstanding charges per
// (member, payer, year, due date) kept by statement triggers on `pago`, instead of every charge.
// It must say exactly what the plain aggregate says (the query the report ran before, kept here as
// the reference) after any mix of writes, also concurrent ones with a compaction among them (on
// PostgreSQL, DATABASE_URL: each transaction on its own connection).
let bd: BaseDeDatos & { motor: "pglite" | "postgres" };
let repo: InformesConsultasRepository;
let socios: number[];
let tipos: number[];

const ANYO = 2026;
const HOY = `${ANYO}-06-15`;

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  repo = new InformesConsultasRepository(bd.db);
  tipos = (
    await sql<{ id: number }>`
      insert into tipo_socio (nombre) values ('Deuda A'), ('Deuda B') returning id`.execute(bd.db)
  ).rows.map((r) => r.id);
  socios = (
    await sql<{ id: number }>`
      insert into socio (nombre, apellidos, id_tipo_socio)
      select 'Deudor ' || g, 'Informe ' || (g % 9), (${tipos}::int[])[1 + g % 2]
      from generate_series(1, 24) g
      returning id`.execute(bd.db)
  ).rows.map((r) => r.id);
});
afterAll(() => bd.cerrar());

/** The report Deudas as it was computed before migration 0051: every outstanding charge read. */
function deudasLlano(f: InformeQuery) {
  const grupo = f.agrupar === "pagador" ? sql`p.id_pagador` : sql`p.id_socio`;
  const dias = sql`(${HOY}::date - p.fecha_vencimiento)`;
  return sql`select * from (select g.matricula, g.apellidos || ', ' || g.nombre as socio, t.nombre as tipo,
      count(distinct p.id_socio)::int as "numSocios",
      count(*)::int as cargos,
      coalesce(sum(p.importe) filter (where ${dias} <= 0), 0)::bigint as "noVencido",
      coalesce(sum(p.importe) filter (where ${dias} between 1 and 30), 0)::bigint as d30,
      coalesce(sum(p.importe) filter (where ${dias} between 31 and 90), 0)::bigint as d90,
      coalesce(sum(p.importe) filter (where ${dias} > 90), 0)::bigint as mas90,
      sum(p.importe)::bigint as total,
      row_number() over (order by sum(p.importe) desc, g.orden_apellidos, g.id) as _orden
    from pago p
    join socio g on g.id = ${grupo}
    join socio d on d.id = p.id_socio
    left join tipo_socio t on t.id = g.id_tipo_socio
    where p.estado = 'pendiente'
      ${f.tipo !== undefined ? sql`and d.id_tipo_socio = ${f.tipo}` : sql``}
      ${typeof f.anyo === "number" ? sql`and p.anyo = ${f.anyo}` : sql``}
    group by g.id, t.nombre) q order by _orden`;
}

async function filasDe(consulta: ReturnType<typeof sql>) {
  return (await consulta.execute(bd.db)).rows as Record<string, unknown>[];
}

const clave = (f: Record<string, unknown>) =>
  `${f.id_socio}/${f.id_pagador}/${f.anyo}/${f.fecha}: ${f.num} ${f.importe}`;

/** The summary, key by key, equals the outstanding charges; the report equals the plain one. */
async function cuadra() {
  const resumen = await filasDe(sql`
    select id_socio, id_pagador, anyo, fecha_vencimiento::text as fecha,
      sum(num)::int as num, sum(importe)::bigint as importe
    from deuda_socio group by 1, 2, 3, 4 having sum(num) <> 0 or sum(importe) <> 0
    order by 1, 2, 3, 4`);
  const cargos = await filasDe(sql`
    select id_socio, id_pagador, anyo, fecha_vencimiento::text as fecha,
      count(*)::int as num, sum(importe)::bigint as importe
    from pago where estado = 'pendiente' group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  expect(resumen.map(clave)).toEqual(cargos.map(clave));
  for (const agrupar of ["socio", "pagador"])
    for (const tipo of [undefined, tipos[0]])
      for (const anyo of [undefined, ANYO - 1, ANYO]) {
        const q = InformeQuerySchema.parse({ agrupar, tipo, anyo });
        const llano = await filasDe(deudasLlano(q));
        const consulta = repo.deudas(q, HOY);
        expect(await repo.filas(consulta)).toEqual(llano);
        const pagina = await repo.paginaConTotales(consulta, { page: 1, pageSize: 3 });
        expect(pagina?.total ?? 0).toBe(llano.length);
        // Page by page (each numbered apart from the others), the same rows in the same order.
        const paginas: Record<string, unknown>[] = [];
        for (let page = 1; page <= Math.ceil(llano.length / 3) + 1; page++)
          paginas.push(...(await repo.filas(consulta, { page, pageSize: 3 })));
        expect(paginas).toEqual(llano);
        for (const k of consulta.sumar)
          expect([k, pagina?.sumas[k] ?? 0]).toEqual([
            k,
            llano.reduce((t, f) => t + Number(f[k]), 0),
          ]);
      }
  return cargos.reduce((t, f) => t + Number(f.num), 0);
}

/** A charge for each member, due on `vence`; every third one paid by another member. */
async function emitir(anyo: number, vence: string, importe: number) {
  await sql`
    insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
    select s, case when i % 3 = 0 then ${socios[0]}::int else s end, ${anyo}, 'Cargo ' || s,
      ${importe} + s % 7, ${`${anyo}-01-01`}, ${vence}
    from unnest(${socios}::int[]) with ordinality u(s, i)`.execute(bd.db);
}

describe("informe de deudas con lo que llevan los disparadores (migración 0051)", () => {
  it("cuadra con el agregado llano tras emitir, cobrar, cobrar en parte, devolver, anular, cambiar y borrar", async () => {
    expect(await cuadra()).toBe(0);
    // Charges of this year, due before and after today, and of the year before.
    await emitir(ANYO, `${ANYO}-01-31`, 9000);
    await emitir(ANYO, `${ANYO}-06-01`, 2500);
    await emitir(ANYO, `${ANYO}-07-31`, 4500);
    await emitir(ANYO - 1, `${ANYO - 1}-02-28`, 8000);
    expect(await cuadra()).toBe(4 * socios.length);

    // Payments (pendiente → pagado) and a return of some of them (→ devuelto).
    await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-03-02`}
      where id % 3 = 0`.execute(bd.db);
    await sql`update pago set estado = 'devuelto', fecha_devolucion = ${`${ANYO}-04-12`}
      where id in (select id from pago where estado = 'pagado' order by id limit 4)`.execute(bd.db);
    // A returned charge owed again (devuelto → pendiente) and cancellations (→ anulado).
    await sql`update pago set estado = 'pendiente'
      where id in (select id from pago where estado = 'devuelto' order by id limit 2)`.execute(
      bd.db,
    );
    await sql`update pago set estado = 'anulado' where estado = 'pendiente' and id % 7 = 0`.execute(
      bd.db,
    );
    await cuadra();

    // Partial payments, as the service does: the charge keeps what is still owed, its paid part
    // is a new charge (`id_pago_origen`).
    const partidos = (
      await sql<{
        id: number;
      }>`select id from pago where estado = 'pendiente' order by id limit 3`.execute(bd.db)
    ).rows.map((r) => r.id);
    await bd.db.transaction().execute(async (tx) => {
      await sql`update pago set importe = importe - 1000 where id = any(${partidos})`.execute(tx);
      await sql`
        insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento,
          estado, fecha_pago, id_pago_origen)
        select id_socio, id_pagador, anyo, concepto, 1000, fecha_emision, fecha_vencimiento,
          'pagado', ${`${ANYO}-05-05`}, id
        from pago where id = any(${partidos})`.execute(tx);
    });
    await cuadra();

    // Amount, due date (past 90 days, to another month), payer, member and year changed; a change
    // of nothing the summary keeps; a paid charge changed (no summary row).
    await sql`update pago set importe = importe + 100, fecha_vencimiento = ${`${ANYO}-02-20`}
      where id in (select id from pago where estado = 'pendiente' order by id desc limit 3)`.execute(
      bd.db,
    );
    await sql`update pago set id_pagador = ${socios[1]}
      where id in (select id from pago where estado = 'pendiente' and id_pagador <> ${socios[1]} order by id limit 4)`.execute(
      bd.db,
    );
    await sql`update pago set id_socio = ${socios[2]}, anyo = ${ANYO - 1}
      where id in (select id from pago where estado = 'pendiente' order by id limit 2 offset 5)`.execute(
      bd.db,
    );
    await sql`update pago set concepto = concepto || ' (revisado)'`.execute(bd.db);
    await sql`update pago set importe = importe + 1 where estado = 'pagado'`.execute(bd.db);
    // A member's type changed: the report filters by the debtor's type, read from `socio`.
    await sql`update socio set id_tipo_socio = ${tipos[0]} where id = ${socios[3]}`.execute(bd.db);
    await cuadra();

    // Deletes: outstanding and paid charges.
    await sql`delete from pago where id_pago_origen is null and id % 4 = 1`.execute(bd.db);
    expect(await cuadra()).toBeGreaterThan(0);
  });

  it("compactar y rehacer dejan una fila por clave con las mismas sumas", async () => {
    const filas = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from deuda_socio`.execute(bd.db))
          .rows[0]?.n,
      );
    const claves = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from (
            select distinct id_socio, id_pagador, anyo, fecha_vencimiento from pago
            where estado = 'pendiente') c`.execute(bd.db)
        ).rows[0]?.n,
      );
    expect(await filas()).toBeGreaterThan(await claves());
    // The hourly task folds it with the other summaries.
    await new InformesRepository(bd.db).compactarResumenPagos();
    expect(await filas()).toBe(await claves());
    await cuadra();
    await sql`select deuda_socio_rehacer()`.execute(bd.db);
    expect(await filas()).toBe(await claves());
    await cuadra();
    // Everything paid: no rows left once folded, and the report is empty.
    await sql`update pago set estado = 'pagado', fecha_pago = ${HOY} where estado = 'pendiente'`.execute(
      bd.db,
    );
    expect(await cuadra()).toBe(0);
    await sql`select deuda_socio_compactar()`.execute(bd.db);
    expect(await filas()).toBe(0);
    expect(await repo.filas(repo.deudas(InformeQuerySchema.parse({}), HOY))).toEqual([]);
  });

  it("cuadra con cargos, cobros y devoluciones simultáneos en transacciones distintas", async () => {
    await emitir(ANYO, `${ANYO}-05-31`, 3000);
    await emitir(ANYO, `${ANYO}-08-31`, 3000);
    const pendientes = (
      await sql<{ id: number }>`select id from pago where estado = 'pendiente' order by id`.execute(
        bd.db,
      )
    ).rows.map((r) => r.id);
    // Ten transactions at once (the pool has five connections), each emitting charges for one
    // member, collecting some of the outstanding ones, returning, moving and deleting; a
    // compaction among them.
    const TRANSACCIONES = 10;
    const fallos: unknown[] = [];
    await Promise.all([
      ...Array.from({ length: TRANSACCIONES }, (_, k) =>
        bd.db
          .transaction()
          .execute(async (tx) => {
            const s = socios[k] as number;
            const { rows } = await sql<{ id: number }>`
              insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
              values (${s}, ${s}, ${ANYO}, 'Cena', 2500, ${`${ANYO}-02-01`}, ${`${ANYO}-03-01`}),
                     (${s}, ${socios[0]}, ${ANYO}, 'Comida', 1800, ${`${ANYO}-02-01`}, ${`${ANYO}-09-01`})
              returning id`.execute(tx);
            const mios = pendientes.filter((_, i) => i % TRANSACCIONES === k);
            await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-05-0${1 + (k % 3)}`}
              where id = any(${mios.slice(1)})`.execute(tx);
            if (k % 2 === 0)
              await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-05-04`} where id = ${rows[0]?.id}`.execute(
                tx,
              );
            if (k % 4 === 1)
              await sql`update pago set estado = 'devuelto' where id = ${mios[1] ?? 0}`.execute(tx);
            if (k % 3 === 0)
              await sql`update pago set fecha_vencimiento = ${`${ANYO}-10-01`}, importe = 999
                where id = ${mios[0] ?? 0}`.execute(tx);
            if (k % 5 === 0) await sql`delete from pago where id = ${rows[1]?.id}`.execute(tx);
          })
          .catch((error) => fallos.push(error)),
      ),
      sql`select deuda_socio_compactar()`.execute(bd.db),
    ]);
    expect(fallos).toEqual([]);
    expect(await cuadra()).toBeGreaterThan(0);
  });
});
