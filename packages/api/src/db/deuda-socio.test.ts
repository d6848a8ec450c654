import { type InformeQuery, InformeQuerySchema } from "@fila/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { InformesRepository } from "../modules/informes/informes.repository.js";
import { concurrentesConCompactacion, ids, prepararResumenes } from "../test/resumenes-prueba.js";

// Issue 51: the report Deudas reads `deuda_socio` (migrations 0051 and 0052), the charges still to
// collect (`pendiente` or `devuelto`) per (member, payer, year, due date), and for a page and the
// totals `deuda_grupo` (per member and payer) and `deuda_vencimiento` (per due date), all kept by
// statement triggers on `pago`, instead of every charge. It must say exactly what the plain
// aggregate says (the query the report would run on `pago`, kept here as the reference) after any
// mix of writes, also concurrent ones with a compaction among them (on PostgreSQL, DATABASE_URL:
// each transaction on its own connection), page by page and with every filter.
let socios: number[];
let tipos: number[];

const ANYO = 2026;
const HOY = `${ANYO}-06-15`;

const r = prepararResumenes(async ({ bd }) => {
  tipos = await ids(
    bd,
    sql`insert into tipo_socio (nombre) values ('Deuda A'), ('Deuda B') returning id`,
  );
  socios = await ids(
    bd,
    sql`insert into socio (nombre, apellidos, id_tipo_socio)
      select 'Deudor ' || g, 'Informe ' || (g % 9), (${tipos}::int[])[1 + g % 2]
      from generate_series(1, 24) g
      returning id`,
  );
});

/** The report Deudas from every charge still to collect (`pendiente` or `devuelto`). */
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
      coalesce(sum(p.importe) filter (where p.estado = 'devuelto'), 0)::bigint as devuelto,
      row_number() over (order by sum(p.importe) desc, g.orden_apellidos, g.id) as _orden
    from pago p
    join socio g on g.id = ${grupo}
    join socio d on d.id = p.id_socio
    left join tipo_socio t on t.id = g.id_tipo_socio
    where p.estado in ('pendiente', 'devuelto')
      ${f.tipo !== undefined ? sql`and d.id_tipo_socio = ${f.tipo}` : sql``}
      ${typeof f.anyo === "number" ? sql`and p.anyo = ${f.anyo}` : sql``}
    group by g.id, t.nombre) q order by _orden`;
}

const clave = (f: Record<string, unknown>) =>
  `${f.id_socio}/${f.id_pagador}/${f.anyo}/${f.fecha}: ${f.num} ${f.importe} ${f.devuelto}`;
const clavesDe = (filas: Record<string, unknown>[]) => filas.map(clave);

/** The charges still to collect, by the given key (columns of `pago`, as `clave` names them). */
const porCobrar = (columnas: string) => {
  const posiciones = sql.raw(
    columnas
      .split(",")
      .map((_, i) => i + 1)
      .join(", "),
  );
  return sql`
    select ${sql.raw(columnas)}, count(*)::int as num, sum(importe)::bigint as importe,
      coalesce(sum(importe) filter (where estado = 'devuelto'), 0)::bigint as devuelto
    from pago where estado in ('pendiente', 'devuelto')
    group by ${posiciones} order by ${posiciones}`;
};

/**
 * The summaries, key by key, equal the charges still to collect; the report, whole, page by page
 * and its totals, equals the plain one with every filter.
 */
async function cuadra() {
  const resumen = await r.filasDe(sql`
    select id_socio, id_pagador, anyo, fecha_vencimiento::text as fecha,
      sum(num)::int as num, sum(importe)::bigint as importe, sum(devuelto)::bigint as devuelto
    from deuda_socio group by 1, 2, 3, 4
    having sum(num) <> 0 or sum(importe) <> 0 or sum(devuelto) <> 0
    order by 1, 2, 3, 4`);
  const cargos = await r.filasDe(
    porCobrar("id_socio, id_pagador, anyo, fecha_vencimiento::text as fecha"),
  );
  expect(clavesDe(resumen)).toEqual(clavesDe(cargos));
  // Per member and per payer, per year and for every year (`anyo = 0`).
  const grupos = await r.filasDe(sql`
    select por_pagador, anyo, id_grupo, sum(num)::int as num, sum(total)::bigint as importe,
      sum(devuelto)::bigint as devuelto
    from deuda_grupo group by 1, 2, 3
    having sum(num) <> 0 or sum(total) <> 0 or sum(devuelto) <> 0
    order by 1, 2, 3`);
  const esperados = await r.filasDe(sql`
    select g.por_pagador, g.anyo, g.id_grupo, sum(c.num)::int as num,
      sum(c.importe)::bigint as importe, sum(c.devuelto)::bigint as devuelto
    from (${porCobrar("id_socio, id_pagador, anyo")}) c
    cross join lateral (values (false, c.anyo, c.id_socio), (false, 0, c.id_socio),
      (true, c.anyo, c.id_pagador), (true, 0, c.id_pagador)) g (por_pagador, anyo, id_grupo)
    group by 1, 2, 3 order by 1, 2, 3`);
  const grupo = (f: Record<string, unknown>) =>
    `${f.por_pagador}/${f.anyo}/${f.id_grupo}: ${f.num} ${f.importe} ${f.devuelto}`;
  expect(grupos.map(grupo)).toEqual(esperados.map(grupo));
  // Per due date.
  const vencimientos = await r.filasDe(sql`
    select anyo, fecha_vencimiento::text as fecha, sum(num)::int as num,
      sum(importe)::bigint as importe, sum(devuelto)::bigint as devuelto
    from deuda_vencimiento group by 1, 2
    having sum(num) <> 0 or sum(importe) <> 0 or sum(devuelto) <> 0
    order by 1, 2`);
  expect(clavesDe(vencimientos)).toEqual(
    clavesDe(await r.filasDe(porCobrar("anyo, fecha_vencimiento::text as fecha"))),
  );
  for (const agrupar of ["socio", "pagador"])
    for (const tipo of [undefined, tipos[0]])
      for (const anyo of [undefined, ANYO - 1, ANYO]) {
        const q = InformeQuerySchema.parse({ agrupar, tipo, anyo });
        const llano = await r.filasDe(deudasLlano(q));
        const consulta = r.repo.deudas(q, HOY);
        expect(await r.repo.filas(consulta)).toEqual(llano);
        // Page by page (each numbered apart from the others), the same rows in the same order,
        // with pages of 3 and of 50 (the whole report on the first).
        for (const pageSize of [3, 50]) {
          const paginas: Record<string, unknown>[] = [];
          for (let page = 1; page <= Math.ceil(llano.length / pageSize) + 1; page++)
            paginas.push(...(await r.repo.filas(consulta, { page, pageSize })));
          expect(paginas).toEqual(llano);
        }
        for (const page of [1, 2]) {
          const pagina = await r.repo.paginaConTotales(consulta, { page, pageSize: 3 });
          expect(pagina?.total ?? 0).toBe(llano.length);
          expect(pagina?.filas ?? []).toEqual(llano.slice(3 * (page - 1), 3 * page));
          for (const k of consulta.sumar)
            expect([k, pagina?.sumas[k] ?? 0]).toEqual([
              k,
              llano.reduce((t, f) => t + Number(f[k]), 0),
            ]);
        }
      }
  return cargos.reduce((t, f) => t + Number(f.num), 0);
}

/** A charge for each member, due on `vence`; every third one paid by another member. */
async function emitir(anyo: number, vence: string, importe: number) {
  await sql`
    insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
    select s, case when i % 3 = 0 then ${socios[0]}::int else s end, ${anyo}, 'Cargo ' || s,
      ${importe} + s % 7, ${`${anyo}-01-01`}, ${vence}
    from unnest(${socios}::int[]) with ordinality u(s, i)`.execute(r.bd.db);
}

describe("informe de deudas con lo que llevan los disparadores (migraciones 0051 y 0052)", () => {
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
      where id % 3 = 0`.execute(r.bd.db);
    await sql`update pago set estado = 'devuelto', fecha_devolucion = ${`${ANYO}-04-12`}
      where id in (select id from pago where estado = 'pagado' order by id limit 4)`.execute(
      r.bd.db,
    );
    // A returned charge owed again (devuelto → pendiente) and cancellations (→ anulado).
    await sql`update pago set estado = 'pendiente'
      where id in (select id from pago where estado = 'devuelto' order by id limit 2)`.execute(
      r.bd.db,
    );
    await sql`update pago set estado = 'anulado' where estado = 'pendiente' and id % 7 = 0`.execute(
      r.bd.db,
    );
    await cuadra();

    // Partial payments, as the service does: the charge keeps what is still owed, its paid part
    // is a new charge (`id_pago_origen`).
    const partidos = (
      await sql<{
        id: number;
      }>`select id from pago where estado = 'pendiente' order by id limit 3`.execute(r.bd.db)
    ).rows.map((r) => r.id);
    await r.bd.db.transaction().execute(async (tx) => {
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
      r.bd.db,
    );
    await sql`update pago set id_pagador = ${socios[1]}
      where id in (select id from pago where estado = 'pendiente' and id_pagador <> ${socios[1]} order by id limit 4)`.execute(
      r.bd.db,
    );
    await sql`update pago set id_socio = ${socios[2]}, anyo = ${ANYO - 1}
      where id in (select id from pago where estado = 'pendiente' order by id limit 2 offset 5)`.execute(
      r.bd.db,
    );
    await sql`update pago set concepto = concepto || ' (revisado)'`.execute(r.bd.db);
    await sql`update pago set importe = importe + 1 where estado = 'pagado'`.execute(r.bd.db);
    // A member's type changed: the report filters by the debtor's type, read from `socio`.
    await sql`update socio set id_tipo_socio = ${tipos[0]} where id = ${socios[3]}`.execute(
      r.bd.db,
    );
    await cuadra();

    // Deletes: outstanding and paid charges.
    await sql`delete from pago where id_pago_origen is null and id % 4 = 1`.execute(r.bd.db);
    expect(await cuadra()).toBeGreaterThan(0);
  });

  it("compactar y rehacer dejan una fila por clave con las mismas sumas", async () => {
    const filas = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from deuda_socio`.execute(r.bd.db))
          .rows[0]?.n,
      );
    const claves = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from (
            select distinct id_socio, id_pagador, anyo, fecha_vencimiento from pago
            where estado in ('pendiente', 'devuelto')) c`.execute(r.bd.db)
        ).rows[0]?.n,
      );
    expect(await filas()).toBeGreaterThan(await claves());
    // The hourly task folds it with the other summaries.
    await new InformesRepository(r.bd.db).compactarResumenPagos();
    expect(await filas()).toBe(await claves());
    // The groups' rows folded too: one per key, every one fixed; and one per due date.
    const { rows: grupos } = await sql<{ filas: number; claves: number; sueltas: number }>`
      select count(*)::int as filas, count(distinct (por_pagador, anyo, id_grupo))::int as claves,
        count(*) filter (where not fija)::int as sueltas
      from deuda_grupo`.execute(r.bd.db);
    expect(grupos[0]?.filas).toBe(grupos[0]?.claves);
    expect(grupos[0]?.sueltas).toBe(0);
    const { rows: vencimientos } = await sql<{ filas: number; claves: number }>`
      select count(*)::int as filas, count(distinct (anyo, fecha_vencimiento))::int as claves
      from deuda_vencimiento`.execute(r.bd.db);
    expect(vencimientos[0]?.filas).toBe(vencimientos[0]?.claves);
    await cuadra();
    await sql`select deuda_socio_rehacer()`.execute(r.bd.db);
    expect(await filas()).toBe(await claves());
    await cuadra();
    // Everything paid: no rows left once folded, and the report is empty.
    await sql`update pago set estado = 'pagado', fecha_pago = ${HOY}
      where estado in ('pendiente', 'devuelto')`.execute(r.bd.db);
    expect(await cuadra()).toBe(0);
    await sql`select deuda_socio_compactar()`.execute(r.bd.db);
    expect(await filas()).toBe(0);
    for (const tabla of ["deuda_grupo", "deuda_vencimiento"])
      expect([
        tabla,
        (
          await sql<{ n: number }>`select count(*)::int as n from ${sql.table(tabla)}`.execute(
            r.bd.db,
          )
        ).rows[0]?.n,
      ]).toEqual([tabla, 0]);
    expect(await r.repo.filas(r.repo.deudas(InformeQuerySchema.parse({}), HOY))).toEqual([]);
  });

  it("cuadra con cargos, cobros y devoluciones simultáneos en transacciones distintas", async () => {
    await emitir(ANYO, `${ANYO}-05-31`, 3000);
    await emitir(ANYO, `${ANYO}-08-31`, 3000);
    const pendientes = (
      await sql<{ id: number }>`select id from pago where estado = 'pendiente' order by id`.execute(
        r.bd.db,
      )
    ).rows.map((r) => r.id);
    // Ten transactions at once, each emitting charges for one member (one of them paid by the
    // first member), collecting some of the outstanding ones (of every member), returning,
    // moving and deleting, in several statements; two compactions among them.
    const TRANSACCIONES = 10;
    await concurrentesConCompactacion(
      r.bd,
      TRANSACCIONES,
      async (tx, k) => {
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
      },
      "deuda_socio_compactar",
      // Two folds at once (two instances' hourly tasks): the second waits for the first.
      2,
    );
    expect(await cuadra()).toBeGreaterThan(0);
  });

  it("cuenta lo devuelto por el banco como deuda, dentro del total y en su columna", async () => {
    const [deudor] = await ids(
      r.bd,
      sql`insert into socio (nombre, apellidos) values ('Devuelta', 'Aaa Deudora') returning id`,
    );
    await sql`
      insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento,
        estado, fecha_pago)
      values (${deudor}, ${deudor}, ${ANYO}, 'Cuota devuelta', 987654, ${`${ANYO}-01-01`},
        ${`${ANYO}-01-31`}, 'pagado', ${`${ANYO}-02-01`})`.execute(r.bd.db);
    const deSuFila = async () => {
      const consulta = r.repo.deudas(InformeQuerySchema.parse({}), HOY);
      const pagina = await r.repo.paginaConTotales(consulta, { page: 1, pageSize: 1 });
      return { fila: pagina?.filas[0], sumas: pagina?.sumas };
    };
    // Paid: no debt (the largest one would be first).
    expect((await deSuFila()).fila?.socio).not.toBe("Aaa Deudora, Devuelta");
    // The bank returns it: owed again, the first row, overdue more than 90 days.
    await sql`update pago set estado = 'devuelto', fecha_devolucion = ${`${ANYO}-02-10`}
      where concepto = 'Cuota devuelta'`.execute(r.bd.db);
    const { fila, sumas } = await deSuFila();
    expect(fila).toMatchObject({
      socio: "Aaa Deudora, Devuelta",
      cargos: 1,
      mas90: 987654,
      total: 987654,
      devuelto: 987654,
    });
    expect(sumas?.devuelto).toBeGreaterThanOrEqual(987654);
    expect(sumas?.total).toBeGreaterThanOrEqual(987654);
    await cuadra();
    await sql`select deuda_socio_compactar()`.execute(r.bd.db);
    expect((await deSuFila()).fila).toMatchObject({ total: 987654, devuelto: 987654 });
    // Owed again as outstanding (devuelto → pendiente): still owed, no longer returned.
    await sql`update pago set estado = 'pendiente' where concepto = 'Cuota devuelta'`.execute(
      r.bd.db,
    );
    expect((await deSuFila()).fila).toMatchObject({ total: 987654, devuelto: 0 });
    await cuadra();
  });

  it("tras escribir cargos de muchos grupos, antes de plegarlos, la página y los totales siguen cuadrando", async () => {
    // More groups with rows not yet folded than a page merges (500): the page is numbered from
    // `deuda_socio` as a whole until the fold.
    const muchos = await ids(
      r.bd,
      sql`insert into socio (nombre, apellidos, id_tipo_socio)
        select 'Masivo ' || g, 'Emision ' || (g % 13), (${tipos}::int[])[1 + g % 2]
        from generate_series(1, 620) g
        returning id`,
    );
    await sql`select deuda_socio_compactar()`.execute(r.bd.db);
    await sql`
      insert into pago (id_socio, id_pagador, anyo, concepto, importe, fecha_emision, fecha_vencimiento)
      select s, s, ${ANYO}, 'Cuota masiva', 1000 + s % 5, ${`${ANYO}-01-01`}, ${`${ANYO}-05-31`}
      from unnest(${muchos}::int[]) s`.execute(r.bd.db);
    const compara = async () => {
      for (const agrupar of ["socio", "pagador"])
        for (const tipo of [undefined, tipos[1]]) {
          const q = InformeQuerySchema.parse({ agrupar, tipo });
          const llano = await r.filasDe(deudasLlano(q));
          const consulta = r.repo.deudas(q, HOY);
          for (const page of [1, 2, 7]) {
            const pagina = await r.repo.paginaConTotales(consulta, { page, pageSize: 50 });
            expect(pagina?.filas ?? []).toEqual(llano.slice(50 * (page - 1), 50 * page));
            if (!pagina) continue;
            expect(pagina.total).toBe(llano.length);
            for (const k of consulta.sumar)
              expect([k, pagina.sumas[k]]).toEqual([
                k,
                llano.reduce((t, f) => t + Number(f[k]), 0),
              ]);
          }
        }
    };
    await compara();
    // Some of them paid: still more than 500 changed groups.
    await sql`update pago set estado = 'pagado', fecha_pago = ${HOY}
      where concepto = 'Cuota masiva' and id % 10 = 0`.execute(r.bd.db);
    await compara();
    await sql`select deuda_socio_compactar()`.execute(r.bd.db);
    await compara();
    expect(await cuadra()).toBeGreaterThan(500);
  }, 180_000);
});
