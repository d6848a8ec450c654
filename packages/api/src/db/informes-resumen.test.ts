import { MESES } from "@fila/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { concurrentesConCompactacion, ids, prepararResumenes } from "../test/resumenes-prueba.js";

// Issue 51, point 2: the reports Inscripciones and Recaudación read what triggers keep (migration
// 0048: `acto.inscritos` and `acto.invitados_inscritos`, `pago_anyo_resumen`) instead of every
// enrolment and charge. They must say exactly what the plain aggregates say (the queries the
// reports ran before, kept here as the reference) after any mix of writes, also concurrent ones
// (on PostgreSQL, DATABASE_URL: each transaction on its own connection).
let socios: number[];
let productos: number[];
let actos: number[];

const ANYO = 2026;

const r = prepararResumenes(async ({ bd }) => {
  socios = await ids(
    bd,
    sql`insert into socio (nombre, apellidos)
      select 'Resumen ' || g, 'Informe' from generate_series(1, 30) g
      returning id`,
  );
  productos = await ids(
    bd,
    sql`insert into producto (nombre, anyo, tipo, precio) values
      ('Cena resumen', ${ANYO}, 'acto', 2500), ('Cuota resumen', ${ANYO}, 'cuota', 9000),
      ('Cuota resumen pasada', ${ANYO - 1}, 'cuota', 8000)
    returning id`,
  );
  actos = await ids(
    bd,
    sql`insert into acto (nombre, fecha, se_paga, aforo, invitados_max, lista_espera) values
      ('Cena resumen', ${`${ANYO}-03-10`}, true, 40, 3, true),
      ('Desfile resumen', ${`${ANYO}-04-22`}, false, null, 2, false),
      ('Comida resumen', ${`${ANYO}-06-01`}, true, 12, 2, true),
      ('Acto pasado resumen', ${`${ANYO - 1}-06-01`}, false, null, 0, false)
    returning id`,
  );
});

/** The report Inscripciones as it was computed before migration 0048: every enrolment read. */
const inscripcionesLlano = (desde: string, hasta: string) => sql`
  select a.nombre as acto, a.fecha::text as fecha,
    case when a.cancelado then 'Cancelado' else '' end as estado,
    x.socios, x.invitados, a.ocupadas as plazas, a.aforo,
    case when a.aforo > 0 then round(100.0 * a.ocupadas / a.aforo, 1)::float8 end as ocupacion,
    x.importe, x.cobrado,
    row_number() over (order by a.fecha, a.id) as _orden
  from acto a
  cross join lateral (
    select count(i.id)::int as socios,
      coalesce(sum(i.invitados), 0)::int as invitados,
      coalesce(sum(p.importe) filter (where p.estado <> 'anulado'), 0)::bigint as importe,
      coalesce(sum(p.importe) filter (where p.estado = 'pagado'), 0)::bigint as cobrado
    from inscripcion i left join pago p on p.id = i.id_pago
    where i.id_acto = a.id and i.estado = 'confirmada'
  ) x
  where a.fecha >= ${desde} and a.fecha <= ${hasta}
  order by _orden`;

/** The report Recaudación as it was computed before migration 0048: every charge of the year. */
function recaudacionLlana(anyo: number, porMes: boolean) {
  const suma = (estado: string) =>
    sql`coalesce(sum(p.importe) filter (where p.estado = ${estado}), 0)::bigint`;
  const mes = sql`extract(month from p.fecha_vencimiento)::int`;
  const nombreMes = sql`case ${mes} ${sql.join(
    MESES.map((m, i) => sql`when ${i + 1}::int then ${m}::text`),
    sql` `,
  )} end`;
  const grupo = porMes
    ? { select: sql`${nombreMes} as mes`, por: mes, orden: mes }
    : {
        select: sql`coalesce(pr.nombre, 'Cargos sin producto') as producto`,
        por: sql`pr.id, pr.nombre`,
        orden: sql`pr.nombre is null, pr.nombre, pr.id`,
      };
  return sql`select * from (select ${grupo.select},
      count(*)::int as cargos, sum(p.importe)::bigint as emitido,
      ${suma("pagado")} as cobrado, ${suma("pendiente")} as pendiente,
      ${suma("devuelto")} as devuelto, ${suma("anulado")} as anulado,
      row_number() over (order by ${grupo.orden}) as _orden
    from pago p left join producto pr on pr.id = p.id_producto
    where p.anyo = ${anyo}
    group by ${grupo.por}) q order by _orden`;
}

/** The reports from the kept figures equal the plain aggregates: rows, order and totals. */
async function cuadra() {
  const periodos: [string, string][] = [
    [`${ANYO}-01-01`, `${ANYO}-12-31`],
    [`${ANYO - 1}-01-01`, `${ANYO}-12-31`],
  ];
  for (const [desde, hasta] of periodos) {
    const llano = await r.filasDe(inscripcionesLlano(desde, hasta));
    const consulta = r.repo.inscripciones(desde, hasta);
    expect(await r.repo.filas(consulta)).toEqual(llano);
    const totales = await r.repo.totales(consulta);
    expect(totales.total).toBe(llano.length);
    for (const k of consulta.sumar)
      expect([k, totales.sumas[k]]).toEqual([k, llano.reduce((t, f) => t + Number(f[k]), 0)]);
  }
  for (const anyo of [ANYO - 1, ANYO, ANYO + 1]) {
    for (const porMes of [false, true]) {
      const llano = await r.filasDe(recaudacionLlana(anyo, porMes));
      const consulta = r.repo.recaudacion(anyo, porMes);
      expect(await r.repo.filas(consulta)).toEqual(llano);
      const pagina = await r.repo.paginaConTotales(consulta, { page: 1, pageSize: 2 });
      expect(pagina?.total ?? 0).toBe(llano.length);
      for (const k of consulta.sumar)
        expect([k, pagina?.sumas[k] ?? 0]).toEqual([
          k,
          llano.reduce((t, f) => t + Number(f[k]), 0),
        ]);
    }
  }
  // The counters themselves, event by event, against a count of the enrolments.
  const contadores = await r.filasDe(sql`
    select a.id, a.inscritos, a.invitados_inscritos,
      (select count(*)::int from inscripcion i where i.id_acto = a.id and i.estado = 'confirmada') as cuenta,
      (select coalesce(sum(invitados), 0)::int from inscripcion i where i.id_acto = a.id and i.estado = 'confirmada') as invitados
    from acto a order by a.id`);
  for (const c of contadores)
    expect([c.id, c.inscritos, c.invitados_inscritos]).toEqual([c.id, c.cuenta, c.invitados]);
}

/** Enrols `ids` of the members in `acto`, each with a charge of the event's product if `pago`. */
async function inscribir(
  acto: number,
  ids: number[],
  opciones: { invitados?: number; pago?: number; estado?: "confirmada" | "en_espera" } = {},
) {
  for (const s of ids) {
    let idPago: number | null = null;
    if (opciones.pago !== undefined) {
      const { rows } = await sql<{ id: number }>`
        insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
        values (${s}, ${s}, ${productos[0]}, ${ANYO}, 'Cena', ${opciones.pago}, ${`${ANYO}-02-01`}, ${`${ANYO}-03-01`})
        returning id`.execute(r.bd.db);
      idPago = rows[0]?.id ?? null;
    }
    await sql`insert into inscripcion (id_acto, id_socio, invitados, id_pago, estado)
      values (${acto}, ${s}, ${opciones.invitados ?? 0}, ${idPago}, ${opciones.estado ?? "confirmada"})`.execute(
      r.bd.db,
    );
  }
}

async function emitir(producto: number | null, anyo: number, vence: string, importe: number) {
  await sql`
    insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
    select s, s, ${producto}, ${anyo}, 'Cargo ' || s, ${importe} + s % 7, ${`${anyo}-01-01`}, ${vence}
    from unnest(${socios}::int[]) s`.execute(r.bd.db);
}

describe("informes de inscripciones y recaudación con lo que llevan los disparadores (migración 0048)", () => {
  it("cuadran con los agregados llanos tras inscribir, cobrar, devolver, anular, cambiar y borrar", async () => {
    const [cena, desfile, comida, pasado] = actos as [number, number, number, number];
    await cuadra();
    // Enrolments: paid ones with their charge, free ones with guests, a wait-list, a past year.
    await inscribir(cena, socios.slice(0, 10), { pago: 2500, invitados: 1 });
    await inscribir(desfile, socios.slice(0, 20), { invitados: 2 });
    await inscribir(comida, socios.slice(0, 8), { pago: 1800 });
    await inscribir(comida, socios.slice(8, 12), { estado: "en_espera" });
    await inscribir(pasado, socios.slice(0, 5));
    // Charges of the year by product and without one, and of the year before.
    await emitir(productos[1] as number, ANYO, `${ANYO}-01-31`, 9000);
    await emitir(productos[1] as number, ANYO, `${ANYO}-07-31`, 4500);
    await emitir(null, ANYO, `${ANYO}-05-15`, 300);
    await emitir(productos[2] as number, ANYO - 1, `${ANYO - 1}-02-28`, 8000);
    await cuadra();

    // Payments on two days, a refund, cancellations (a dinner's charge too), an amount, a due
    // date moved to another month and a charge moved to another year.
    await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-03-02`}
      where id_socio = any(${socios}) and id % 3 = 0`.execute(r.bd.db);
    await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-04-10`}
      where id in (select id_pago from inscripcion where id_acto = ${cena} and id_pago is not null)
        and estado = 'pendiente'`.execute(r.bd.db);
    await sql`update pago set estado = 'devuelto', fecha_devolucion = ${`${ANYO}-04-12`}
      where id in (select id from pago where estado = 'pagado' order by id limit 4)`.execute(
      r.bd.db,
    );
    await sql`update pago set estado = 'anulado'
      where id in (select id_pago from inscripcion where id_acto = ${comida} and id_pago is not null order by id limit 3)`.execute(
      r.bd.db,
    );
    await sql`update pago set estado = 'anulado' where estado = 'pendiente' and id % 7 = 0`.execute(
      r.bd.db,
    );
    await sql`update pago set importe = importe + 100, fecha_vencimiento = ${`${ANYO}-09-30`}
      where id in (select id from pago where estado = 'pendiente' and id_producto = ${productos[1]} order by id limit 3)`.execute(
      r.bd.db,
    );
    await sql`update pago set anyo = ${ANYO - 1}, id_producto = ${productos[2]}
      where id in (select id from pago where id_producto is null order by id limit 2)`.execute(
      r.bd.db,
    );
    await sql`update pago set concepto = concepto || ' (revisado)'`.execute(r.bd.db);
    await cuadra();

    // Enrolments changed: guests, a promotion from the wait-list, one moved to another event,
    // a charge linked late and one unlinked, the event cancelled, enrolments deleted.
    await sql`update inscripcion set invitados = invitados + 1
      where id_acto = ${desfile} and id_socio = any(${socios.slice(0, 5)})`.execute(r.bd.db);
    await sql`update inscripcion set estado = 'confirmada'
      where id in (select id from inscripcion where id_acto = ${comida} and estado = 'en_espera' order by id limit 2)`.execute(
      r.bd.db,
    );
    await sql`update inscripcion set id_acto = ${cena}
      where id_acto = ${desfile} and id_socio = ${socios[15]}`.execute(r.bd.db);
    await sql`update inscripcion set id_pago = (select id from pago where id_producto = ${productos[1]} order by id limit 1)
      where id_acto = ${desfile} and id_socio = ${socios[16]}`.execute(r.bd.db);
    await sql`update inscripcion set id_pago = null
      where id in (select id from inscripcion where id_acto = ${cena} and id_pago is not null order by id limit 1)`.execute(
      r.bd.db,
    );
    await sql`update acto set cancelado = true where id = ${comida}`.execute(r.bd.db);
    await sql`delete from inscripcion where id_acto = ${desfile} and id_socio = any(${socios.slice(17, 20)})`.execute(
      r.bd.db,
    );
    // A charge deleted while an enrolment points at it (the link goes, ON DELETE SET NULL),
    // and some others.
    await sql`delete from pago where id in (
      select id_pago from inscripcion where id_acto = ${cena} and id_pago is not null order by id limit 1)`.execute(
      r.bd.db,
    );
    await sql`delete from pago where id_pago_origen is null and id % 4 = 1
      and id not in (select id_pago from inscripcion where id_pago is not null)`.execute(r.bd.db);
    await cuadra();
  });

  it("compactar y rehacer dejan una fila por clave con las mismas sumas", async () => {
    const filas = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from pago_anyo_resumen`.execute(
            r.bd.db,
          )
        ).rows[0]?.n,
      );
    const claves = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from (
            select distinct anyo, id_producto, extract(month from fecha_vencimiento), estado from pago) c`.execute(
            r.bd.db,
          )
        ).rows[0]?.n,
      );
    expect(await filas()).toBeGreaterThan(await claves());
    await sql`select pago_anyo_resumen_compactar()`.execute(r.bd.db);
    expect(await filas()).toBe(await claves());
    await cuadra();
    await sql`select pago_anyo_resumen_rehacer()`.execute(r.bd.db);
    expect(await filas()).toBe(await claves());
    await cuadra();
  });

  it("cuadran con inscripciones y cobros simultáneos en transacciones distintas", async () => {
    const [cena, desfile] = actos as [number, number];
    const nuevos = (
      await sql<{ id: number }>`
        insert into socio (nombre, apellidos) select 'Ráfaga ' || g, 'Informe' from generate_series(1, 20) g
        returning id`.execute(r.bd.db)
    ).rows.map((r) => r.id);
    const pendientes = (
      await sql<{ id: number }>`select id from pago where estado = 'pendiente' order by id`.execute(
        r.bd.db,
      )
    ).rows.map((r) => r.id);
    // Ten transactions at once (the pool has five connections; enrolments in one event wait for
    // its row, as they always have): each enrols one member in a paid event (with its charge) and
    // in a free one, collects or returns some charges; a compaction among them.
    const TRANSACCIONES = 10;
    await concurrentesConCompactacion(
      r.bd,
      TRANSACCIONES,
      async (tx, k) => {
        const s = nuevos[k] as number;
        // As the enrolment does: the event's row first (`ocupadas`, migration 0010), or two
        // inserts' foreign-key share locks would deadlock the counters' triggers.
        await sql`select 1 from acto where id in (${cena}, ${desfile}) order by id for update`.execute(
          tx,
        );
        const { rows } = await sql<{ id: number }>`
          insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
          values (${s}, ${s}, ${productos[0]}, ${ANYO}, 'Cena', 2500, ${`${ANYO}-02-01`}, ${`${ANYO}-03-01`})
          returning id`.execute(tx);
        await sql`insert into inscripcion (id_acto, id_socio, invitados, id_pago)
          values (${cena}, ${s}, ${k % 3}, ${rows[0]?.id})`.execute(tx);
        await sql`insert into inscripcion (id_acto, id_socio, invitados) values (${desfile}, ${s}, 1)`.execute(
          tx,
        );
        const mios = pendientes.filter((_, i) => i % TRANSACCIONES === k);
        await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-05-0${1 + (k % 3)}`}
          where id = any(${mios})`.execute(tx);
        if (k % 2 === 0)
          await sql`update pago set estado = 'pagado', fecha_pago = ${`${ANYO}-05-04`} where id = ${rows[0]?.id}`.execute(
            tx,
          );
        if (k % 4 === 1)
          await sql`update pago set estado = 'devuelto' where id = ${mios[0] ?? 0}`.execute(tx);
        if (k % 5 === 0)
          await sql`delete from inscripcion where id_acto = ${desfile} and id_socio = ${s}`.execute(
            tx,
          );
      },
      "pago_anyo_resumen_compactar",
    );
    await cuadra();
  });
});
