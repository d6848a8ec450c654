/**
 * The demo filà at any size (issue 51): `DEMO_SOCIOS` members (300 by default) and `DEMO_ANYOS`
 * years of history (1 by default: only the current one). With the defaults nothing here runs and
 * the demo is exactly the one of `seed-demo.ts` (tests, e2e and benches read its names and
 * accounts). Larger sizes add, in bulk SQL (`insert … select generate_series`, never the API):
 *
 * - `sociosDeEscala`, before the current year's seeds: the members beyond the demo's 300, half of
 *   them in families of four (a head who pays for a partner and two children), joining over forty
 *   years and some leaving within the history, with their accounts; the demo's own seeds then
 *   emit the current year's fees, mandates and enrolments for them too;
 * - after the demo, one function per area for every past year of the history: `cargosDeEscala`
 *   (the yearly fee in instalments, most paid, some returned, cancelled or still owed),
 *   `remesasDeEscala` (a collected SEPA remittance per quarter), `actosDeEscala` (twenty events a
 *   year with enrolments and attendance, the dinners paid with their charges), `noticiasDeEscala`,
 *   `alertasDeEscala` (with their recipients), `auditoriaDeEscala`, `loteriasDeEscala` (a
 *   Christmas lottery a year with settled books), `tesoreriaDeEscala` (the month's movements),
 *   `estructuraDeEscala` (escuadras with their cabos, the junta's cargos), `asambleasDeEscala`
 *   (the general assembly: census, delegations, attendance, votes, minutes) and `mesasDeEscala`
 *   (the paid dinners' tables and diets); and `actoGrandeDeEscala`, an upcoming event with 1,000
 *   enrolled (the bench's biggest list). The members' periods (`socio_periodo`) are set with the
 *   members, in `sociosDeEscala`.
 *
 * Every value comes from `hashint4` of the row's numbers: the same size gives the same filà.
 * To add an area, write one more `async function xDeEscala(ctx: ContextoEscala)` and add it to
 * `AREAS_HISTORIA`.
 */
import { REGLAS_ASAMBLEA_POR_DEFECTO } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../db/database.js";
import { InformesRepository } from "../modules/informes/informes.repository.js";
import { APELLIDOS, BANCOS, digitosControlCcc, ibanEspanyol, NOMBRES } from "./seed-demo.js";
import type { TamanyoDemo } from "./tamanyo.js";

export {
  esTamanyoPorDefecto,
  TAMANYO_DEMO_POR_DEFECTO,
  type TamanyoDemo,
  tamanyoDemo,
} from "./tamanyo.js";

export type ContextoEscala = {
  tx: Database;
  tamanyo: TamanyoDemo;
  /** The current year and today (yyyy-mm-dd). */
  anyo: number;
  hoy: string;
  /** First year of the history (`anyo - anyos + 1`); the past years are `desde … anyo - 1`. */
  desde: number;
  idAdmin: number;
};

/** A pseudo-random non-negative integer of an SQL integer expression and a salt. */
const h = (expr: string, sal: number) =>
  `(hashint4(((${expr}) * 97 + ${sal})::integer) & 2147483647)`;

/** Runs one statement (DEMO_TRAZA=1: with its time). */
async function correr(tx: Database, texto: string): Promise<void> {
  const t0 = performance.now();
  await sql.raw(texto).execute(tx);
  if (process.env.DEMO_TRAZA === "1")
    console.log(
      `  ${texto.trim().slice(0, 60).replace(/\s+/g, " ")}: ${Math.round(performance.now() - t0)} ms`,
    );
}

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const arrayLiteral = (lista: readonly string[]) => `array[${lista.map(literal).join(",")}]::text[]`;

/** Months' due dates of the instalments: `plazos` of 1, 2, 4 or 12 a year. */
const PLAZOS_SQL = `case s.tipo_pago when 'mensual' then 12 when 'trimestral' then 4 when 'semestral' then 2 else 1 end`;

/** Yearly fee per member type, in cents (as `seed-pagos.ts`). */
const CUOTA_POR_TIPO: Record<string, number> = {
  Fester: 24000,
  Jubilat: 12000,
  Juvenil: 12000,
  Infantil: 6000,
  Dama: 18000,
  Protector: 6000,
};

/** Members active at some time in year `y` (an SQL expression), as `s`. */
const activoEn = (y: string) =>
  `extract(year from s.fecha_alta) <= ${y} and (s.fecha_baja is null or extract(year from s.fecha_baja) >= ${y})`;

/** A pool of valid Spanish IBANs with their BIC, for the generated members. */
function cuentas(n: number): { ibans: string[]; bics: string[] } {
  const ibans: string[] = [];
  const bics: string[] = [];
  for (let i = 0; i < n; i++) {
    const banco = BANCOS[i % BANCOS.length];
    const oficina = String(1000 + ((i * 37) % 9000)).padStart(4, "0");
    const cuenta = String(1_000_000_000 + i * 7919).slice(-10);
    const ccc = `${banco.entidad}${oficina}${digitosControlCcc(banco.entidad, oficina, cuenta)}${cuenta}`;
    ibans.push(ibanEspanyol(ccc));
    bics.push(banco.bic);
  }
  return { ibans, bics };
}

// ---------------------------------------------------------------------------
// Members (before the current year's seeds)
// ---------------------------------------------------------------------------

/**
 * The members beyond the demo's: `tamanyo.socios` in all. Half come in families of four (the head,
 * a Fester who pays for the others; the partner; two children), the rest alone; joining dates over
 * forty years and, for some of those alone, a leaving date within the history. A socio account
 * (without password: invitation pending) for half the active adults.
 */
export async function sociosDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx, anyo } = ctx;
  const { total } = await tx
    .selectFrom("socio")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const extra = ctx.tamanyo.socios - Number(total);
  if (extra <= 0) return;
  const { maxima } = await tx
    .selectFrom("socio")
    .select((eb) => eb.fn.max("matricula").as("maxima"))
    .executeTakeFirstOrThrow();
  const base = Number(maxima ?? 0);
  const { ibans, bics } = cuentas(400);
  const desdeBaja = Math.min(ctx.desde, anyo - 8);
  // g: i, k (place in its group of four), familia; t: the type; n: the birth year.
  await correr(
    tx,
    `
    with g as (
      select i, (i - 1) % 4 as k, ((i - 1) / 4) % 2 = 0 as familia, (i - 1) / 4 as grupo
      from generate_series(1, ${extra}) as i
    ), t as (
      select g.*, case
        when familia then case k when 0 then 'Fester'
          when 1 then case when ${h("i", 1)} % 2 = 0 then 'Dama' else 'Fester' end
          when 2 then case when ${h("i", 2)} % 3 = 0 then 'Juvenil' else 'Infantil' end
          else 'Infantil' end
        else case
          when ${h("i", 3)} % 100 < 50 then 'Fester'
          when ${h("i", 3)} % 100 < 74 then 'Jubilat'
          when ${h("i", 3)} % 100 < 83 then 'Protector'
          when ${h("i", 3)} % 100 < 93 then 'Dama'
          when ${h("i", 3)} % 100 < 97 then 'Juvenil'
          else 'Infantil' end
        end as tipo,
        case when familia then (case when k = 1 then 'mujer' else 'hombre' end)
          else (case when ${h("i", 4)} % 2 = 0 then 'hombre' else 'mujer' end) end as sexo0
      from g
    ), n as (
      select t.*,
        case when familia and k >= 2 then (case when k = 2 then 'hombre' else 'mujer' end)
          when tipo = 'Dama' then 'mujer' else sexo0 end as sexo,
        ${anyo} - case tipo
          when 'Fester' then 19 + ${h("i", 5)} % 46
          when 'Jubilat' then 66 + ${h("i", 5)} % 25
          when 'Juvenil' then 14 + ${h("i", 5)} % 4
          when 'Infantil' then 1 + ${h("i", 5)} % 13
          when 'Dama' then 20 + ${h("i", 5)} % 47
          else 30 + ${h("i", 5)} % 47 end as nacido
      from t
    ), a as (
      select n.*,
        least(${anyo}, greatest(nacido + case when tipo in ('Infantil', 'Juvenil') then 1 else 8 end,
          ${anyo} - ${h("i", 6)} % 40)) as alta
      from n
    ), b as (
      select a.*,
        case when not familia and alta < ${anyo} and ${h("i", 7)} % 100 < 15
          then greatest(alta + 1, ${desdeBaja}) + ${h("i", 8)} % (${anyo} - greatest(alta + 1, ${desdeBaja}) + 1)
        end as baja
      from a
    )
    insert into socio (nombre, apellidos, direccion, poblacion, provincia, cod_postal, telefono,
      email, fecha_nacimiento, nif, anyo_alta, id_tipo_socio, tipo_pago, id_forma_pago, fecha_alta,
      activo, fecha_baja, motivo_baja, matricula, pagar_derrama, ramell, tipo_pago_ramell, sexo,
      comentarios, iban, bic, num_damas, edad_festera)
    select
      case when sexo = 'hombre'
        then (${arrayLiteral([...NOMBRES.hombre.mayores, ...NOMBRES.hombre.adultos, ...NOMBRES.hombre.jovenes])})[1 + ${h("i", 9)} % ${NOMBRES.hombre.mayores.length + NOMBRES.hombre.adultos.length + NOMBRES.hombre.jovenes.length}]
        else (${arrayLiteral([...NOMBRES.mujer.mayores, ...NOMBRES.mujer.adultos, ...NOMBRES.mujer.jovenes])})[1 + ${h("i", 9)} % ${NOMBRES.mujer.mayores.length + NOMBRES.mujer.adultos.length + NOMBRES.mujer.jovenes.length}] end,
      (${arrayLiteral(APELLIDOS)})[1 + ${h("case when familia and k <> 1 then grupo else i end", 10)} % ${APELLIDOS.length}]
        || ' ' || (${arrayLiteral(APELLIDOS)})[1 + ${h("case when familia and k <> 1 then grupo + 7 else i end", 11)} % ${APELLIDOS.length}],
      (${arrayLiteral(["Carrer Sant Nicolau", "Carrer Sant Llorenç", "Avinguda del País Valencià", "Carrer Entença", "Carrer Sant Mateu", "Passeig del Viaducte", "Carrer Santa Rosa", "Carrer Major"])})[1 + ${h("case when familia then grupo else i end", 12)} % 8]
        || ', ' || (1 + ${h("case when familia then grupo else i end", 13)} % 90),
      (${arrayLiteral(["Alcoi", "Alcoi", "Alcoi", "Alcoi", "Alcoi", "Alcoi", "Alcoi", "Cocentaina", "Muro d'Alcoi", "Ibi"])})[1 + ${h("case when familia then grupo else i end", 14)} % 10],
      'Alacant', '0380' || (1 + ${h("case when familia then grupo else i end", 15)} % 4),
      '6' || lpad(((10000000 + i * 7919) % 100000000)::text, 8, '0'),
      'socio' || (${base} + i) || '@correo-fila.es',
      make_date(nacido, 1 + ${h("i", 16)} % 12, 1 + ${h("i", 17)} % 28),
      case when tipo = 'Infantil' and ${h("i", 18)} % 2 = 0 then null
        else lpad((80000000 + i)::text, 8, '0') || substr('TRWAGMYFPDXBNJZSQVHLCKE', ((80000000 + i) % 23) + 1, 1) end,
      alta,
      (select ts.id from tipo_socio ts where ts.nombre = b.tipo),
      case when tipo = 'Protector' then 'anual' else (array['anual','anual','anual','anual','semestral','semestral','trimestral','trimestral','trimestral','mensual'])[1 + ${h("case when familia then grupo else i end", 19)} % 10] end,
      (select f.id from forma_pago f where f.nombre = (array['Domiciliación bancaria','Domiciliación bancaria','Domiciliación bancaria','Domiciliación bancaria','Domiciliación bancaria','Domiciliación bancaria','Efectivo','Efectivo','Transferencia','Bizum'])[1 + ${h("case when familia then grupo else i end", 20)} % 10]),
      make_date(alta, 1 + ${h("i", 21)} % 12, 1 + ${h("i", 22)} % 28),
      baja is null,
      case when baja is null then null
        when baja = ${anyo} then make_date(${anyo}, 1, 1 + ${h("i", 23)} % 5)
        else make_date(baja, 1 + ${h("i", 23)} % 12, 1 + ${h("i", 24)} % 28) end,
      case when baja is null then '' else (array['Traslado de residencia','Motivos personales','Motivos económicos','Falta de tiempo','Cambio a otra filà'])[1 + ${h("i", 25)} % 5] end,
      ${base} + i,
      case when tipo in ('Infantil', 'Protector') then 'no' else 'si' end,
      'no', 'completo', sexo, '',
      (${arrayLiteral(ibans)})[1 + ${h("case when familia then grupo else i end", 26)} % ${ibans.length}],
      (${arrayLiteral(bics)})[1 + ${h("case when familia then grupo else i end", 26)} % ${bics.length}],
      case when tipo = 'Dama' then ${h("i", 27)} % 3 else 0 end,
      greatest(0, coalesce(baja, ${anyo}) - alta)
    from b
    order by i
  `,
  );
  await correr(tx, `analyze socio`);
  // The families: the partner and the children paid by the head; partners both ways.
  await correr(
    tx,
    `
    update socio s set
      id_pagador = c.id,
      id_pareja = case when (s.matricula - ${base} - 1) % 4 = 1 then c.id end,
      id_padre = case when (s.matricula - ${base} - 1) % 4 >= 2 then c.id end
    from socio c
    where s.matricula > ${base} and ((s.matricula - ${base} - 1) / 4) % 2 = 0
      and (s.matricula - ${base} - 1) % 4 > 0
      and c.matricula = s.matricula - (s.matricula - ${base} - 1) % 4
  `,
  );
  await correr(
    tx,
    `
    update socio c set id_pareja = p.id
    from socio p
    where c.matricula > ${base} and ((c.matricula - ${base} - 1) / 4) % 2 = 0
      and (c.matricula - ${base} - 1) % 4 = 0 and p.matricula = c.matricula + 1
  `,
  );
  await periodosDeEscala(ctx, base);
  await correr(
    tx,
    `
    insert into usuario (email, nombre, rol, password_hash, id_socio, activo)
    select s.email, s.nombre || ' ' || s.apellidos, 'socio', null, s.id, true
    from socio s
    where s.matricula > ${base} and s.activo and s.fecha_nacimiento < make_date(${anyo} - 18, 1, 1)
      and ${h("s.matricula", 28)} % 2 = 0
    on conflict (email) do nothing
  `,
  );
}

/**
 * The generated members' periods in the filà (`socio_periodo`, migration 0040). The trigger
 * `socio_periodo_al_cambiar` already opened one from `fecha_alta` for each active member inserted;
 * it opens none for a member inserted already gone, so those get their one closed period
 * (`fecha_alta` to `fecha_baja`). One in twelve of the active members who joined at least six
 * years before the history left and came back: their open period starts on the return and an
 * earlier one runs from `fecha_alta` to the leaving day. The gap falls before the first year of
 * the history, so every generated year (fees, events, escuadras, assemblies) sees them active.
 */
async function periodosDeEscala(ctx: ContextoEscala, base: number): Promise<void> {
  const { tx } = ctx;
  await correr(
    tx,
    `
    insert into socio_periodo (id_socio, desde, hasta, id_tipo_socio, creado_en)
    select s.id, s.fecha_alta, s.fecha_baja, s.id_tipo_socio, s.fecha_baja::timestamptz
    from socio s
    where s.matricula > ${base} and not s.activo and s.fecha_baja is not null
    order by s.id
  `,
  );
  // r: the year of the return, within [leaving year + 1, desde - 1]; leaving in [alta + 1, desde - 4].
  await correr(
    tx,
    `
    with v as materialized (
      select s.id, s.id_tipo_socio, s.fecha_alta, l.sale,
        l.sale + 1 + ${h("s.id", 82)} % (${ctx.desde} - 1 - l.sale) as vuelve
      from socio s
      cross join lateral (select extract(year from s.fecha_alta)::integer + 1
        + ${h("s.id", 81)} % (${ctx.desde} - 4 - extract(year from s.fecha_alta)::integer) as sale) l
      where s.matricula > ${base} and s.activo
        and extract(year from s.fecha_alta) <= ${ctx.desde} - 6 and ${h("s.id", 80)} % 12 = 0
    ), antes as (
      insert into socio_periodo (id_socio, desde, hasta, id_tipo_socio, creado_en)
      select id, fecha_alta, make_date(sale, 1 + ${h("id", 83)} % 12, 1 + ${h("id", 84)} % 28),
        id_tipo_socio, make_date(sale, 1, 1)::timestamptz
      from v order by id
    ), abierto as (
      update socio_periodo p set desde = make_date(v.vuelve, 1 + ${h("v.id", 85)} % 12, 1 + ${h("v.id", 86)} % 28)
      from v where p.id_socio = v.id and p.hasta is null
    )
    update socio s set edad_festera = greatest(0, s.edad_festera - (v.vuelve - v.sale))
    from v where s.id = v.id
  `,
  );
}

// ---------------------------------------------------------------------------
// The history (after the demo's seeds), one function per area
// ---------------------------------------------------------------------------

const anyosPasados = (ctx: ContextoEscala) => `generate_series(${ctx.desde}, ${ctx.anyo - 1})`;

/**
 * Every past year's fee: its product with a price per member type and, for every member active in
 * it, the instalments of their payment period (`repartirEnPlazos`: the leftover cents to the first
 * ones) with the emission's keys. 96 % paid (with the payer's method), 2.5 % returned by the bank,
 * 1 % cancelled and the rest still owed.
 */
export async function cargosDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  await correr(
    tx,
    `
    insert into producto (nombre, descripcion, anyo, tipo, precio, activo, creado_en)
    select 'Cuota anual ' || y, 'Cuota de socio del año, según el tipo de socio.', y, 'cuota',
      ${CUOTA_POR_TIPO.Fester}, false, make_date(y, 1, 2)
    from ${anyosPasados(ctx)} as y
    on conflict (anyo, nombre) do nothing
  `,
  );
  await correr(
    tx,
    `
    insert into producto_precio (id_producto, id_tipo_socio, precio)
    select pr.id, ts.id, v.precio
    from producto pr
    cross join (values ${Object.entries(CUOTA_POR_TIPO)
      .map(([n, p]) => `(${literal(n)}, ${p})`)
      .join(", ")}) as v(nombre, precio)
    join tipo_socio ts on ts.nombre = v.nombre
    where pr.tipo = 'cuota' and pr.anyo between ${ctx.desde} and ${ctx.anyo - 1}
    on conflict (id_producto, id_tipo_socio) do nothing
  `,
  );
  await correr(
    tx,
    `
    insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision,
      fecha_vencimiento, estado, fecha_pago, id_forma_pago, referencia, plazo, plazos, clave_emision,
      motivo_anulacion, motivo_devolucion, fecha_devolucion, creado_en, actualizado_en)
    select id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision, vence,
      case when r < 25 then 'devuelto' when r < 35 then 'anulado' when r < 40 then 'pendiente'
        else 'pagado' end,
      case when r >= 40 then vence + (r % 20) end,
      case when r >= 40 then id_forma_pago end,
      case when r >= 40 then 'Cobro ' || to_char(vence + (r % 20), 'DD/MM/YYYY') else '' end,
      plazo, plazos, clave,
      case when r between 25 and 34 then 'Baja a mitad de año' else '' end,
      case when r < 25 then 'Devuelto por el banco (AM04)' else '' end,
      case when r < 25 then vence + 10 end,
      fecha_emision::timestamptz, (vence + (r % 20))::timestamptz
    from (
      select s.id as id_socio, coalesce(s.id_pagador, s.id) as id_pagador, pr.id as id_producto,
        pr.anyo, pg.id_forma_pago,
        case when t.plazos > 1 then pr.nombre || ' (plazo ' || g.plazo || '/' || t.plazos || ')'
          else pr.nombre end as concepto,
        t.total / t.plazos + case when g.plazo - 1 < t.total % t.plazos then 1 else 0 end as importe,
        make_date(pr.anyo, 1, 10) as fecha_emision,
        make_date(pr.anyo, ((g.plazo - 1) * 12 / t.plazos + 1)::integer, 1) as vence,
        g.plazo, t.plazos,
        pr.tipo || ':' || pr.id || ':' || s.id || ':' || g.plazo as clave,
        ${h("s.id * 64 + g.plazo * 4 + pr.anyo", 30)} % 1000 as r
      from producto pr
      join socio s on ${activoEn("pr.anyo")}
      join socio pg on pg.id = coalesce(s.id_pagador, s.id)
      left join producto_precio pp on pp.id_producto = pr.id and pp.id_tipo_socio = s.id_tipo_socio
      cross join lateral (select coalesce(pp.precio, pr.precio)::bigint as total,
        ${PLAZOS_SQL} as plazos) t
      cross join lateral generate_series(1, t.plazos) as g(plazo)
      where pr.tipo = 'cuota' and pr.anyo between ${ctx.desde} and ${ctx.anyo - 1}
    ) c
    order by anyo, id_socio, plazo
  `,
  );
  await correr(tx, `analyze pago`);
}

/**
 * A collected SEPA remittance per quarter of every past year: the paid or returned fees of the
 * payers who pay by direct debit with a mandate, one debit per payer (its amount, the sum of its
 * charges; FRST the payer's first, RCUR after; returned when any of its charges was).
 */
export async function remesasDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  const cargos = `
    from pago p
    join socio s on s.id = p.id_pagador
    join forma_pago f on f.id = s.id_forma_pago and f.domiciliada
    where p.anyo between ${ctx.desde} and ${ctx.anyo - 1} and p.estado in ('pagado', 'devuelto')
      and p.clave_emision like 'cuota:%' and s.mandato_id <> '' and s.iban <> ''`;
  await correr(
    tx,
    `
    insert into remesa (mensaje_id, fecha_cobro, hasta, estado, xml, id_usuario, creada_en,
      cobrada_en, excluidos)
    select 'ESCALA-' || y || '-' || q, make_date(y, (q - 1) * 3 + 1, 5),
      (make_date(y, (q - 1) * 3 + 1, 1) + interval '3 months' - interval '1 day')::date, 'cobrada', '',
      ${ctx.idAdmin}, make_date(y, (q - 1) * 3 + 1, 2)::timestamptz,
      make_date(y, (q - 1) * 3 + 1, 8)::timestamptz, '[]'::jsonb
    from ${anyosPasados(ctx)} as y cross join generate_series(1, 4) as q
  `,
  );
  // The debits with their ids taken first: linking the charges is then a join on the payer.
  await correr(
    tx,
    `
    with d as materialized (
      select nextval(pg_get_serial_sequence('remesa_adeudo', 'id')) as id_adeudo, r.id as id_remesa,
        r.mensaje_id, g.*,
        row_number() over (partition by g.id_pagador order by r.fecha_cobro) = 1 as primero
      from (
        select p.anyo, extract(quarter from p.fecha_vencimiento)::integer as q, p.id_pagador,
          sum(p.importe) as importe, bool_or(p.estado = 'devuelto') as devuelto,
          min(s.mandato_id) as mandato_id, min(coalesce(s.mandato_fecha, s.fecha_alta)) as mandato_fecha,
          min(s.iban) as iban, min(s.bic) as bic, min(s.nombre || ' ' || s.apellidos) as nombre
        ${cargos}
        group by p.anyo, 2, p.id_pagador
      ) g
      join remesa r on r.mensaje_id = 'ESCALA-' || g.anyo || '-' || g.q
    ), nuevos as (
      insert into remesa_adeudo (id, id_remesa, id_pagador, importe, end_to_end_id, mandato_id,
        mandato_fecha, secuencia, iban, bic, estado, motivo_devolucion, nombre, concepto)
      select id_adeudo, id_remesa, id_pagador, importe, mensaje_id || '-' || id_pagador, mandato_id,
        mandato_fecha, case when primero then 'FRST' else 'RCUR' end, iban, bic,
        case when devuelto then 'devuelto' else 'cobrado' end,
        case when devuelto then 'AM04' else '' end, nombre, 'Cuotas de la filà'
      from d order by id_adeudo
    )
    update pago p set id_remesa = d.id_remesa, id_adeudo = d.id_adeudo
    from d
    where d.id_pagador = p.id_pagador and d.anyo = p.anyo
      and d.q = extract(quarter from p.fecha_vencimiento)
      and p.estado in ('pagado', 'devuelto') and p.clave_emision like 'cuota:%'
  `,
  );
  await correr(
    tx,
    `
    update remesa r set num_adeudos = a.n, total = a.total
    from (select id_remesa, count(*)::integer as n, sum(importe) as total
          from remesa_adeudo group by id_remesa) a
    where a.id_remesa = r.id and r.mensaje_id like 'ESCALA-%'
  `,
  );
}

/** The events of a year: name, type, month, day, share of the members who enrol, paid price. */
const ACTOS_DEL_ANYO: readonly [string, string, number, number, number, number][] = [
  ["Assemblea general", "Assemblea", 1, 24, 0.3, 0],
  ["Assaig de gener", "Assaig", 1, 17, 0.35, 0],
  ["Assaig de febrer", "Assaig", 2, 14, 0.35, 0],
  ["Assaig de març", "Assaig", 3, 14, 0.4, 0],
  ["Assaig general", "Assaig", 4, 11, 0.5, 0],
  ["Entrada Mora", "Entrada", 4, 22, 0.75, 0],
  ["Diana", "Diana", 4, 23, 0.5, 0],
  ["Missa de Sant Jordi", "Missa", 4, 23, 0.25, 0],
  ["Berenar infantil", "Berenar", 5, 9, 0.12, 0],
  ["Dinar de germanor", "Dinar", 6, 13, 0.35, 2500],
  ["Assaig de juliol", "Assaig", 7, 11, 0.3, 0],
  ["Mig any", "Sopar", 10, 17, 0.4, 3000],
  ["Assaig d'octubre", "Assaig", 10, 24, 0.3, 0],
  ["Assemblea de pressupostos", "Assemblea", 11, 14, 0.25, 0],
  ["Assaig de novembre", "Assaig", 11, 21, 0.3, 0],
  ["Sopar de Nadal", "Sopar", 12, 19, 0.4, 3500],
  ["Assaig de desembre", "Assaig", 12, 12, 0.25, 0],
  ["Presentació de càrrecs", "Assemblea", 9, 26, 0.3, 0],
  ["Dinar de festes", "Dinar", 4, 24, 0.45, 3000],
  ["Trobada de veterans", "Sopar", 3, 21, 0.15, 2000],
];

/**
 * Twenty events in every past year, with the members active that year enrolled at each one's rate,
 * 85 % of them marked as attended; the paid ones (dinners) with a product, prices per member type
 * and a paid charge per enrolment linked to it. Their capacity is what they took (none oversold):
 * the triggers of migration 0010 keep `ocupadas`.
 */
export async function actosDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  const valores = ACTOS_DEL_ANYO.map(
    ([n, t, m, d, p, precio]) => `(${literal(n)}, ${literal(t)}, ${m}, ${d}, ${p}, ${precio})`,
  ).join(", ");
  const plantilla = `(values ${valores}) as v(nombre, tipo, mes, dia, cuota, precio)`;
  await correr(
    tx,
    `
    insert into acto (nombre, fecha, hora, lugar, se_paga, es_interno, puntos, observaciones,
      id_tipo_acto, descripcion, aforo, creado_en, actualizado_en)
    select v.nombre, make_date(y, v.mes, v.dia), case when v.precio > 0 then '21:30' else '19:00' end,
      'Casal de la filà', v.precio > 0, v.tipo = 'Assemblea', case when v.tipo = 'Entrada' then 10 else 2 end,
      '', (select id from tipo_acto ta where ta.nombre = v.tipo), '', null,
      make_date(y, v.mes, 1)::timestamptz, make_date(y, v.mes, 1)::timestamptz
    from ${anyosPasados(ctx)} as y cross join ${plantilla}
    order by make_date(y, v.mes, v.dia)
  `,
  );
  const deEscala = `a.fecha between make_date(${ctx.desde}, 1, 1) and make_date(${ctx.anyo - 1}, 12, 31)
    and a.nombre = v.nombre and a.creado_en = make_date(extract(year from a.fecha)::integer, v.mes, 1)::timestamptz`;
  await correr(
    tx,
    `
    insert into producto (nombre, descripcion, anyo, tipo, precio, activo, creado_en)
    select a.nombre || ' ' || to_char(a.fecha, 'DD/MM/YYYY'), 'Inscripción al acto.',
      extract(year from a.fecha)::integer, 'acto', v.precio, false, a.creado_en
    from acto a join ${plantilla} on true
    where ${deEscala} and v.precio > 0
    on conflict (anyo, nombre) do nothing
  `,
  );
  await correr(
    tx,
    `
    insert into acto_precio (id_acto, id_tipo_socio, id_producto, precio)
    select a.id, ts.id, pr.id,
      case when ts.nombre in ('Infantil', 'Juvenil') then v.precio / 2 else v.precio end
    from acto a join ${plantilla} on true
    join producto pr on pr.tipo = 'acto' and pr.anyo = extract(year from a.fecha)
      and pr.nombre = a.nombre || ' ' || to_char(a.fecha, 'DD/MM/YYYY')
    cross join tipo_socio ts
    where ${deEscala} and v.precio > 0
  `,
  );
  await correr(
    tx,
    `
    insert into inscripcion (id_acto, id_socio, invitados, menu, alergias, importe, asistio,
      asistio_en, creada_en, estado)
    select a.id, s.id, case when a.se_paga and ${h("a.id * 31 + s.id", 41)} % 10 = 0 then 1 else 0 end,
      '', '', coalesce(ap.precio, 0)
        + case when a.se_paga and ${h("a.id * 31 + s.id", 41)} % 10 = 0 then coalesce(ap.precio, 0) else 0 end,
      ${h("a.id * 31 + s.id", 42)} % 100 < 85,
      case when ${h("a.id * 31 + s.id", 42)} % 100 < 85 then (a.fecha + interval '19 hours')::timestamptz end,
      (a.fecha - 7)::timestamptz, 'confirmada'
    from acto a join ${plantilla} on true
    join socio s on ${activoEn("extract(year from a.fecha)")}
      and (s.fecha_baja is null or s.fecha_baja >= a.fecha)
    left join acto_precio ap on ap.id_acto = a.id and ap.id_tipo_socio = s.id_tipo_socio
    where ${deEscala} and ${h("a.id * 31 + s.id", 40)} % 1000 < v.cuota * 1000
    order by a.id, s.id
  `,
  );
  // The dinners' charges, paid by each member's payer, linked to the enrolment: their ids taken
  // first, so that linking is a join on the enrolment's key.
  await correr(tx, `analyze inscripcion`);
  await correr(
    tx,
    `
    with x as materialized (
      select i.id as id_inscripcion, nextval(pg_get_serial_sequence('pago', 'id')) as id_pago,
        i.id_socio, coalesce(s.id_pagador, s.id) as id_pagador, ap.id_producto,
        extract(year from a.fecha)::integer as anyo,
        a.nombre || case when i.invitados > 0 then ' (+' || i.invitados || ' invitados)' else '' end
          as concepto,
        i.importe, a.fecha, pg.id_forma_pago, i.creada_en
      from inscripcion i
      join acto a on a.id = i.id_acto
      join ${plantilla} on true
      join socio s on s.id = i.id_socio
      join socio pg on pg.id = coalesce(s.id_pagador, s.id)
      join acto_precio ap on ap.id_acto = a.id and ap.id_tipo_socio = s.id_tipo_socio
      where ${deEscala} and a.se_paga and i.importe > 0
    ), nuevos as (
      insert into pago (id, id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision,
        fecha_vencimiento, estado, fecha_pago, id_forma_pago, referencia, creado_en, actualizado_en)
      select id_pago, id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha - 7, fecha,
        'pagado', fecha - 3, id_forma_pago, 'Inscripción', creada_en, creada_en
      from x order by id_pago
    )
    update inscripcion i set id_pago = x.id_pago from x where i.id = x.id_inscripcion
  `,
  );
  await correr(
    tx,
    `
    update acto a set aforo = greatest(a.ocupadas, 50)
    from ${plantilla}
    where ${deEscala} and a.se_paga
  `,
  );
}

/**
 * The biggest enrolled list of the bench: an upcoming free parade («Entrada Cristiana», in 40
 * days) with the first 1,000 active members (by number) enrolled. Only from 1,000 members on.
 */
export async function actoGrandeDeEscala(ctx: ContextoEscala): Promise<void> {
  if (ctx.tamanyo.socios < 1000) return;
  const { tx } = ctx;
  await correr(
    tx,
    `
    with a as (
      insert into acto (nombre, fecha, hora, lugar, se_paga, es_interno, puntos, id_tipo_acto,
        descripcion)
      values ('Entrada Cristiana', ${literal(ctx.hoy)}::date + 40, '11:00', 'Carrer Sant Nicolau',
        false, false, 10, (select id from tipo_acto where nombre = 'Entrada'),
        'Desfile de la Entrada Cristiana.')
      returning id
    )
    insert into inscripcion (id_acto, id_socio, creada_en)
    select a.id, s.id, now() from a
    cross join lateral (select id from socio where activo order by matricula limit 1000) s
  `,
  );
}

/** Forty news items a year (half for members only), the older ones unpublished drafts aside. */
export async function noticiasDeEscala(ctx: ContextoEscala): Promise<void> {
  await correr(
    ctx.tx,
    `
    insert into noticia (titulo, resumen, contenido, fecha, publicada, destacada, audiencia,
      id_usuario, creada_en, actualizada_en, titulo_va, resumen_va, contenido_va)
    select 'Crónica ' || n || ' de ' || y, 'Lo que pasó en la filà.',
      '<p>Crónica de la filà: actos, ensayos y cuentas del mes. Número ' || n || ' de ' || y || '.</p>',
      make_date(y, 1 + (n - 1) * 12 / 40, 1 + (n * 7) % 28), n % 19 <> 0, n % 13 = 0,
      case when n % 2 = 0 then 'socios' else 'todos' end, ${ctx.idAdmin},
      make_date(y, 1 + (n - 1) * 12 / 40, 1)::timestamptz, make_date(y, 1 + (n - 1) * 12 / 40, 1)::timestamptz,
      case when n % 3 = 0 then 'Crònica ' || n || ' de ' || y else '' end,
      case when n % 3 = 0 then 'El que va passar a la filà.' else '' end,
      case when n % 3 = 0 then '<p>Crònica de la filà.</p>' else '' end
    from ${anyosPasados(ctx)} as y cross join generate_series(1, 40) as n
    order by y, n
  `,
  );
}

/**
 * Twelve alerts a year: half to everyone, half to the Festers, each with its recipients (the
 * accounts of the members active that year), read by most of them.
 */
export async function alertasDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  await correr(
    tx,
    `
    insert into alerta (titulo, mensaje, destino, por_email, id_autor, creada_en)
    select 'Aviso ' || n || ' de ' || y, 'Recordatorio de la junta.',
      case when n % 2 = 0 then '{"todos":true}'
        else '{"tiposSocio":[' || (select id from tipo_socio where nombre = 'Fester') || ']}' end::jsonb,
      false, ${ctx.idAdmin}, make_date(y, n, 3)::timestamptz
    from ${anyosPasados(ctx)} as y cross join generate_series(1, 12) as n
    order by y, n
  `,
  );
  await correr(
    tx,
    `
    insert into alerta_destinatario (id_alerta, id_usuario, leida_en)
    select al.id, u.id, case when ${h("al.id * 17 + u.id", 50)} % 10 < 8
      then al.creada_en + interval '1 day' end
    from alerta al
    join socio s on ${activoEn("extract(year from al.creada_en)")}
    join usuario u on u.id_socio = s.id
    where al.titulo like 'Aviso % de %' and al.creada_en < make_date(${ctx.anyo}, 1, 1)
      and ((al.destino->>'todos') is not null or s.id_tipo_socio = (select id from tipo_socio where nombre = 'Fester'))
  `,
  );
}

/** The board's log: six entries per member and past year (edits, charges collected, enrolments). */
export async function auditoriaDeEscala(ctx: ContextoEscala): Promise<void> {
  await correr(
    ctx.tx,
    `
    insert into auditoria (id_usuario, entidad, id_entidad, accion, cambios, creado_en)
    select ${ctx.idAdmin}, (array['socio','pago','pago','inscripcion','socio','pago'])[n],
      s.id, (array['editar','cobrar','cobrar','crear','editar','emitir'])[n],
      (case when n in (1, 5) then '[{"campo":"telefono","antes":"","despues":"' || s.telefono || '"}]'
        else '[]' end)::jsonb,
      make_timestamptz(y, 1 + (n * 2 + s.id) % 12, 1 + s.id % 28, 10 + n, 0, 0, 'Europe/Madrid')
    from ${anyosPasados(ctx)} as y
    join socio s on ${activoEn("y")}
    cross join generate_series(1, 6) as n
    order by y, 6, s.id, n
  `,
  );
}

/**
 * A Christmas lottery every past year: its product, two numbers of 40 décimos, a book of 50
 * participations for one active adult in twelve, each book settled by its holder (30–50 sold, the
 * rest returned) with its paid charge.
 */
export async function loteriasDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  await correr(
    tx,
    `
    with pr as (
      insert into producto (nombre, descripcion, anyo, tipo, precio, activo, creado_en)
      select 'Lotería de Navidad ' || y, 'Participaciones de la lotería de Navidad.', y, 'loteria',
        0, false, make_date(y, 9, 1)
      from ${anyosPasados(ctx)} as y
      returning id, anyo
    )
    insert into loteria (nombre, sorteo, fecha_sorteo, fecha_limite_devolucion, precio_decimo,
      importe_jugado, donativo, id_producto, premios_anotados, creado_en)
    select 'Lotería de Navidad ' || anyo, 'Sorteo Extraordinario de Navidad', make_date(anyo, 12, 22),
      make_date(anyo, 12, 15), 2000, 400, 80, id, true, make_date(anyo, 9, 1)::timestamptz
    from pr order by anyo
  `,
  );
  const deEscala = `l.nombre like 'Lotería de Navidad %' and l.fecha_sorteo < make_date(${ctx.anyo}, 1, 1)`;
  await correr(
    tx,
    `
    insert into loteria_numero (id_loteria, numero, decimos, premio_decimo)
    select l.id, lpad(((${h("l.id", 60)} + k * 7919) % 100000)::text, 5, '0'), 40,
      case when k = 1 then 0 else 400 end
    from loteria l cross join generate_series(1, 2) as k
    where ${deEscala}
  `,
  );
  await correr(
    tx,
    `
    insert into loteria_talonario (id_loteria, serie_desde, serie_hasta, id_socio, liquidado_en,
      liquidado_por, vendidas, importe_jugado, donativo, creado_en)
    select l.id, (t.n - 1) * 50 + 1, t.n * 50, t.id_socio, make_date(t.anyo, 12, 14)::timestamptz,
      'titular', t.vendidas, t.vendidas * 400, t.vendidas * 80, make_date(t.anyo, 9, 15)::timestamptz
    from (
      select y as anyo, s.id as id_socio, row_number() over (partition by y order by s.id) as n,
        30 + ${h("s.id * 7 + y", 61)} % 21 as vendidas
      from ${anyosPasados(ctx)} as y
      join socio s on ${activoEn("y")}
      where s.fecha_nacimiento < make_date(y - 18, 1, 1) and ${h("s.id + y", 62)} % 12 = 0
    ) t
    join loteria l on ${deEscala} and extract(year from l.fecha_sorteo) = t.anyo
    order by l.id, t.n
  `,
  );
  await correr(
    tx,
    `
    insert into loteria_participacion (id_loteria, id_talonario, serie, estado)
    select t.id_loteria, t.id, g.serie,
      case when g.serie - t.serie_desde < t.vendidas then 'valida' else 'devuelta' end
    from loteria_talonario t
    join loteria l on l.id = t.id_loteria and ${deEscala}
    cross join lateral generate_series(t.serie_desde, t.serie_hasta) as g(serie)
    order by t.id, g.serie
  `,
  );
  await correr(
    tx,
    `
    with nuevos as (
      insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision,
        fecha_vencimiento, estado, fecha_pago, id_forma_pago, referencia, creado_en, actualizado_en)
      select t.id_socio, t.id_socio, l.id_producto, extract(year from l.fecha_sorteo)::integer,
        'Lotería de Navidad: talonario ' || t.serie_desde || '-' || t.serie_hasta,
        t.importe_jugado + t.donativo, t.liquidado_en::date, t.liquidado_en::date, 'pagado',
        t.liquidado_en::date, s.id_forma_pago, 'Liquidación', t.liquidado_en, t.liquidado_en
      from loteria_talonario t
      join loteria l on l.id = t.id_loteria and ${deEscala}
      join socio s on s.id = t.id_socio
      order by t.id
      returning id, concepto, id_producto
    )
    update loteria_talonario t set id_pago = n.id
    from nuevos n join loteria l on l.id_producto = n.id_producto
    where t.id_loteria = l.id
      and n.concepto = 'Lotería de Navidad: talonario ' || t.serie_desde || '-' || t.serie_hasta
  `,
  );
}

/**
 * The treasury's book of every past year: each month, the fees collected (income to the bank)
 * and four expenses (music, premises, meals, bank fees), each movement with one line of its
 * category. The accounts' opening date moves back to the first year.
 */
export async function tesoreriaDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  await correr(
    tx,
    `
    update tesoreria_cuenta set fecha_saldo_inicial = make_date(${ctx.desde}, 1, 1)
    where fecha_saldo_inicial > make_date(${ctx.desde}, 1, 1)
  `,
  );
  const banco = `(select id from tesoreria_cuenta where tipo = 'banco' order by id limit 1)`;
  await correr(
    tx,
    `
    with m as (
      select y, mes, c.clave, c.tipo, c.id as id_categoria,
        case when c.clave = 'cuotas' then coalesce((
            select sum(p.importe) from pago p
            where p.anyo = y and p.estado = 'pagado' and p.clave_emision like 'cuota:%'
              and extract(month from p.fecha_pago) = mes), 0) + 1
          else -(5000 + ${h("y * 12 + mes + c.id", 70)} % 150000) end as importe
      from ${anyosPasados(ctx)} as y
      cross join generate_series(1, 12) as mes
      join tesoreria_categoria c on c.clave in ('cuotas', 'musica', 'local', 'comidas', 'comisiones_bancarias')
    ), mov as (
      insert into tesoreria_movimiento (id_cuenta, fecha, anyo, concepto, importe, proveedor,
        origen_tipo, id_usuario, creado_en)
      select ${banco}, make_date(y, mes, 28), y,
        case clave when 'cuotas' then 'Cuotas cobradas ' when 'musica' then 'Banda de música '
          when 'local' then 'Alquiler y suministros del casal ' when 'comidas' then 'Comidas y actos '
          else 'Comisiones bancarias ' end || lpad(mes::text, 2, '0') || '/' || y,
        importe, case when tipo = 'gasto' then 'Proveedor ' || (id_categoria) else '' end,
        'manual', ${ctx.idAdmin}, make_date(y, mes, 28)::timestamptz
      from m order by y, mes, clave
      returning id, importe, concepto
    )
    insert into tesoreria_linea (id_movimiento, id_categoria, importe)
    select mov.id, m.id_categoria, mov.importe
    from mov join m on mov.concepto = case m.clave when 'cuotas' then 'Cuotas cobradas '
          when 'musica' then 'Banda de música ' when 'local' then 'Alquiler y suministros del casal '
          when 'comidas' then 'Comidas y actos ' else 'Comisiones bancarias ' end
        || lpad(m.mes::text, 2, '0') || '/' || m.y
  `,
  );
}

/** Names of the escuadras of a year (a number after them when there are more). */
const ESCUADRAS = [
  "Negres",
  "Blanques",
  "Roges",
  "Verdes",
  "Blaves",
  "Daurades",
  "Morades",
  "Grises",
];

/**
 * Every past festival year's escuadras (issue 49): its festeros (Fester or Juvenil, 14 or older,
 * active that year) in escuadras of about twelve, at most one per festero and year (the partial
 * unique index), the last one «especial», each with its place in the entrada and its cabo, a member
 * of it, as the cargo «cabo» of that year (one `socio_cargo` row with `id_grupo`, 1/1 to 31/12).
 * And the junta's cargos over the years: two-year terms from June, each cargo held by a different
 * adult active the whole term, back from the demo's current junta (from June two years ago).
 */
export async function estructuraDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  const festeros = `
      select y, s.id as id_socio,
        row_number() over (partition by y order by ${h("s.id * 13 + y", 90)}, s.id) as n,
        count(*) over (partition by y) as total
      from ${anyosPasados(ctx)} as y
      join socio s on ${activoEn("y")}
      join tipo_socio ts on ts.id = s.id_tipo_socio and ts.nombre in ('Fester', 'Juvenil')
      where s.fecha_nacimiento <= make_date(y - 14, 12, 31)`;
  await correr(
    tx,
    `
    insert into grupo (clase, anyo, nombre, tipo, traje, banda, descripcion, orden, activo, creado_en)
    select 'escuadra', y, (${arrayLiteral(ESCUADRAS)})[1 + (k - 1) % ${ESCUADRAS.length}]
        || case when k > ${ESCUADRAS.length} then ' ' || ((k - 1) / ${ESCUADRAS.length} + 1) else '' end,
      case when k = e then 'especial' else 'ordinaria' end,
      case when k = e then 'Gala' else 'Moro ' || k end,
      (array['Unió Musical', 'Banda Primitiva', 'Societat Musical', 'Agrupació Musical'])[1 + k % 4],
      '', k - 1, true, make_date(y, 1, 15)::timestamptz
    from (select y, ceil(count(*) / 12.0)::integer as e from (${festeros}) f group by y) t
    cross join lateral generate_series(1, t.e) as k
    order by y, k
  `,
  );
  const escuadra = `g.clase = 'escuadra' and g.anyo = f.y and g.orden = (f.n - 1) % ceil(f.total / 12.0)::integer`;
  await correr(
    tx,
    `
    insert into grupo_miembro (id_grupo, clase, anyo, id_socio, rol, creado_en)
    select g.id, 'escuadra', f.y, f.id_socio, '', make_date(f.y, 1, 20)::timestamptz
    from (${festeros}) f
    join grupo g on ${escuadra}
    order by g.id, f.id_socio
  `,
  );
  await correr(
    tx,
    `
    insert into grupo_desfile (id_grupo, desfile, orden)
    select g.id, 'entrada', g.orden + 1 from grupo g
    where g.clase = 'escuadra' and g.anyo between ${ctx.desde} and ${ctx.anyo - 1}
  `,
  );
  // The cabo: the member of each escuadra first by a hash of the year.
  await correr(
    tx,
    `
    insert into socio_cargo (id_socio, id_cargo, desde, hasta, id_grupo, notas, creado_en)
    select distinct on (m.id_grupo) m.id_socio, (select id from cargo where codigo = 'cabo'),
      make_date(m.anyo, 1, 1), make_date(m.anyo, 12, 31), m.id_grupo, '',
      make_date(m.anyo, 1, 20)::timestamptz
    from grupo_miembro m
    where m.clase = 'escuadra' and m.anyo between ${ctx.desde} and ${ctx.anyo - 1}
    order by m.id_grupo, ${h("m.id_socio * 7 + m.anyo", 91)}, m.id_socio
  `,
  );
  // The junta's terms: from June of y to May of y + 2, back from the demo's current junta (from
  // June two years ago) while they reach the history's first year.
  await correr(
    tx,
    `
    with c as (
      select id, row_number() over (order by orden, id) as k from cargo
      where codigo in ('presidente', 'vicepresidente', 'secretario', 'tesorero', 'vocal')
    ), t as (
      select y, make_date(y, 6, 1) as desde, make_date(y + 2, 5, 31) as hasta
      from generate_series(${ctx.anyo - 4}, ${ctx.desde - 2}, -2) as y
    ), candidatos as (
      select t.*, s.id as id_socio,
        row_number() over (partition by t.y order by ${h("s.id * 11 + t.y", 92)}, s.id) as k
      from t join socio s on s.fecha_alta <= t.desde and (s.fecha_baja is null or s.fecha_baja > t.hasta)
        and s.fecha_nacimiento <= make_date(t.y - 25, 1, 1)
    )
    insert into socio_cargo (id_socio, id_cargo, desde, hasta, notas, creado_en)
    select x.id_socio, c.id, x.desde, x.hasta, 'Junta ' || extract(year from x.desde) || '–'
      || extract(year from x.hasta), x.desde::timestamptz
    from candidatos x join c on c.k = x.k
    order by x.desde, c.k
  `,
  );
}

/** The order of the day of every past general assembly: title, vote (mode, majority) or none. */
const PUNTOS_ASAMBLEA: readonly [string, "secreta" | "publica" | null, string | null][] = [
  ["Lectura y aprobación del acta de la asamblea anterior", "publica", "simple"],
  ["Estado de cuentas del ejercicio", "publica", "simple"],
  ["Presupuesto y cuotas del año", "secreta", "absoluta"],
  ["Elección de la junta directiva", "secreta", "simple"],
  ["Ruegos y preguntas", null, null],
];

/**
 * The general assembly of every past year, on its «Assemblea general» event (24 January), as the
 * assembly module leaves it (issue 48): called 20 days before with the default rules frozen, its
 * census frozen at the call (the members active that day; in, or out and why: no birth date,
 * under 18, charges owed past due at the call, as `motivoFueraCenso`), reached by e-mail, letter
 * or alert; present, the members of the census who attended the event; one in ten of the absent
 * delegating to a different present member (at most one each, no chains, some on paper); the
 * voted points closed, each present member voting for themself and for whoever delegated to
 * them: one «has voted» row per member represented, counts that add up to them (public points
 * with each vote by name), about three in four «sí». The minutes, approved at the next year's
 * assembly (when it has been held) with their hash.
 */
export async function asambleasDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  const reglas = JSON.stringify(REGLAS_ASAMBLEA_POR_DEFECTO);
  await correr(
    tx,
    `
    insert into asamblea (id_acto, caracter, primera_convocatoria, segunda_convocatoria, reglas,
      convocada_en, iniciada_en, creado_en)
    select a.id, 'ordinaria', make_timestamptz(y, 1, 24, 19, 0, 0, 'Europe/Madrid'),
      make_timestamptz(y, 1, 24, 19, 30, 0, 'Europe/Madrid'), ${literal(reglas)}::jsonb,
      make_timestamptz(y, 1, 4, 10, 0, 0, 'Europe/Madrid'),
      make_timestamptz(y, 1, 24, 19, 30, 0, 'Europe/Madrid'),
      make_timestamptz(y, 1, 2, 10, 0, 0, 'Europe/Madrid')
    from ${anyosPasados(ctx)} as y
    join acto a on a.fecha = make_date(y, 1, 24) and a.nombre = 'Assemblea general'
    order by y
  `,
  );
  const deEscala = `x.primera_convocatoria < make_date(${ctx.anyo}, 1, 1) and x.primera_convocatoria >= make_date(${ctx.desde}, 1, 1)
    and x.creado_en = make_timestamptz(extract(year from x.primera_convocatoria)::integer, 1, 2, 10, 0, 0, 'Europe/Madrid')`;
  await correr(
    tx,
    `
    insert into asamblea_punto (id_asamblea, orden, titulo, descripcion, modo, mayoria, base, estado)
    select x.id, v.orden, v.titulo, '', v.modo, v.mayoria, case when v.modo is null then null else 'emitidos' end,
      case when v.modo is null then 'pendiente' else 'cerrada' end
    from asamblea x
    cross join (values ${PUNTOS_ASAMBLEA.map(
      ([t, m, may], i) =>
        `(${i + 1}, ${literal(t)}, ${m ? literal(m) : "null::text"}, ${may ? literal(may) : "null::text"})`,
    ).join(", ")}) as v(orden, titulo, modo, mayoria)
    where ${deEscala}
    order by x.id, v.orden
  `,
  );
  // The census at the call (the 4th of January): the members active that day; in debt, who has
  // a charge to collect (pending or returned) that fell due before (each member's first one).
  await correr(
    tx,
    `
    with deuda as (
      select id_socio, min(fecha_vencimiento) as vence from pago
      where estado in ('pendiente', 'devuelto') group by id_socio
    )
    insert into asamblea_censo (id_asamblea, id_socio, incluido, motivo, por_email, por_carta, por_alerta)
    select id_asamblea, id_socio, motivo = '', motivo, motivo = '' and email <> '',
      motivo = '' and email = '', motivo = '' and con_cuenta
    from (
      select x.id as id_asamblea, s.id as id_socio, s.email,
        exists (select 1 from usuario u where u.id_socio = s.id and u.activo) as con_cuenta,
        case when s.fecha_nacimiento is null then 'sin_fecha_nacimiento'
          when s.fecha_nacimiento > (x.convocada_en at time zone 'Europe/Madrid')::date - interval '18 years' then 'edad'
          when d.vence < (x.convocada_en at time zone 'Europe/Madrid')::date then 'deuda'
          else '' end as motivo
      from asamblea x
      join socio s on s.fecha_alta <= (x.convocada_en at time zone 'Europe/Madrid')::date
        and (s.fecha_baja is null or s.fecha_baja > (x.convocada_en at time zone 'Europe/Madrid')::date)
      left join deuda d on d.id_socio = s.id
      where ${deEscala}
    ) c
    order by id_asamblea, id_socio
  `,
  );
  await correr(
    tx,
    `
    insert into asamblea_asistente (id_asamblea, id_socio, por, llegada)
    select x.id, c.id_socio, case when ${h("c.id_socio + x.id", 100)} % 5 = 0 then 'manual' else 'carnet' end,
      x.primera_convocatoria - interval '20 minutes' + (${h("c.id_socio + x.id", 101)} % 45) * interval '1 minute'
    from asamblea x
    join asamblea_censo c on c.id_asamblea = x.id and c.incluido
    join inscripcion i on i.id_acto = x.id_acto and i.id_socio = c.id_socio and i.asistio
    where ${deEscala}
    order by x.id, c.id_socio
  `,
  );
  // Delegations: the k-th absent delegator (one in ten of the absent) to the k-th present member.
  await correr(
    tx,
    `
    with ausentes as (
      select c.id_asamblea, c.id_socio,
        row_number() over (partition by c.id_asamblea order by ${h("c.id_socio * 3 + c.id_asamblea", 102)}, c.id_socio) as k
      from asamblea x
      join asamblea_censo c on c.id_asamblea = x.id and c.incluido
      where ${deEscala} and ${h("c.id_socio * 5 + c.id_asamblea", 103)} % 10 = 0
        and not exists (select 1 from asamblea_asistente p where p.id_asamblea = c.id_asamblea and p.id_socio = c.id_socio)
    ), presentes as (
      select p.id_asamblea, p.id_socio,
        row_number() over (partition by p.id_asamblea order by ${h("p.id_socio * 7 + p.id_asamblea", 104)}, p.id_socio) as k
      from asamblea x join asamblea_asistente p on p.id_asamblea = x.id
      where ${deEscala}
    )
    insert into asamblea_delegacion (id_asamblea, id_delegante, id_delegado, en_papel, creado_por, creado_en)
    select a.id_asamblea, a.id_socio, p.id_socio, a.k % 4 = 0,
      case when a.k % 4 = 0 then ${ctx.idAdmin} end, x.convocada_en + (a.k % 15) * interval '1 day'
    from ausentes a
    join presentes p on p.id_asamblea = a.id_asamblea and p.k = a.k
    join asamblea x on x.id = a.id_asamblea
    order by a.id_asamblea, a.k
  `,
  );
  // The votes: every present member (19 in 20 on each point) for themself and their delegators.
  await correr(
    tx,
    `
    create temporary table escala_voto on commit drop as
    select v.id_punto, v.id_socio, v.id_emisor, v.modo,
      case when ${h("v.id_punto * 31 + v.id_socio", 106)} % 100 < 74 then 'si'
        when ${h("v.id_punto * 31 + v.id_socio", 106)} % 100 < 90 then 'no' else 'abstencion' end as opcion
    from (
      select pt.id as id_punto, pt.modo, p.id_socio, p.id_socio as id_emisor
      from asamblea x
      join asamblea_punto pt on pt.id_asamblea = x.id and pt.modo is not null
      join asamblea_asistente p on p.id_asamblea = x.id
      where ${deEscala}
      union all
      select pt.id, pt.modo, d.id_delegante, d.id_delegado
      from asamblea x
      join asamblea_punto pt on pt.id_asamblea = x.id and pt.modo is not null
      join asamblea_delegacion d on d.id_asamblea = x.id and d.revocada_en is null
      where ${deEscala}
    ) v
    where ${h("v.id_punto * 17 + v.id_emisor", 105)} % 20 <> 0
  `,
  );
  await correr(
    tx,
    `insert into asamblea_votante (id_punto, id_socio, en_papel)
     select id_punto, id_socio, false from escala_voto order by id_punto, id_socio`,
  );
  await correr(
    tx,
    `insert into asamblea_voto_publico (id_punto, id_socio, opcion, id_emisor)
     select id_punto, id_socio, opcion, id_emisor from escala_voto where modo = 'publica'
     order by id_punto, id_socio`,
  );
  await correr(
    tx,
    `
    insert into asamblea_recuento (id_punto, si, no, abstencion)
    select pt.id, count(*) filter (where v.opcion = 'si'), count(*) filter (where v.opcion = 'no'),
      count(*) filter (where v.opcion = 'abstencion')
    from asamblea x
    join asamblea_punto pt on pt.id_asamblea = x.id and pt.modo is not null
    left join escala_voto v on v.id_punto = pt.id
    where ${deEscala}
    group by pt.id
  `,
  );
  await correr(tx, `drop table escala_voto`);
  await correr(
    tx,
    `
    insert into asamblea_acta (id_asamblea, contenido, aprobada_en, hash, actualizado_en)
    select id, contenido, aprobada, case when aprobada is not null
        then encode(sha256(convert_to(contenido, 'UTF8')), 'hex') end,
      make_timestamptz(y, 2, 1, 10, 0, 0, 'Europe/Madrid')
    from (
      select x.id, extract(year from x.primera_convocatoria)::integer as y,
        '<h2>Acta de la asamblea general ordinaria de ' || extract(year from x.primera_convocatoria)
          || '</h2><p>Reunida en segunda convocatoria en el Casal de la filà, con '
          || (select count(*) from asamblea_asistente p where p.id_asamblea = x.id)
          || ' socios presentes y ' || (select count(*) from asamblea_delegacion d where d.id_asamblea = x.id)
          || ' representados.</p><p>Se aprueban los puntos del orden del día.</p>' as contenido,
        case when make_date(extract(year from x.primera_convocatoria)::integer + 1, 1, 24) <= ${literal(ctx.hoy)}::date
          then make_date(extract(year from x.primera_convocatoria)::integer + 1, 1, 24) end as aprobada
      from asamblea x where ${deEscala}
    ) t
    order by id
  `,
  );
}

/**
 * The tables of every past paid dinner (issue 50): ten seats a table; the enrolments seated in
 * order, a family together, a new table when the next one would not fit (an enrolment of one or
 * two never split, never more than ten at a table); one diner in twelve with a diet.
 */
export async function mesasDeEscala(ctx: ContextoEscala): Promise<void> {
  const { tx } = ctx;
  const cenas = `a.se_paga and a.fecha between make_date(${ctx.desde}, 1, 1) and make_date(${ctx.anyo - 1}, 12, 31)
    and a.hora = '21:30' and a.creado_en = make_date(extract(year from a.fecha)::integer, extract(month from a.fecha)::integer, 1)::timestamptz`;
  await correr(tx, `update acto a set plazas_por_mesa = 10 where ${cenas}`);
  // Running seats per dinner: with at most two per enrolment, a table of nine counted seats by
  // where each enrolment ends holds at most ten.
  await correr(
    tx,
    `
    create temporary table escala_sitio on commit drop as
    select i.id, i.id_acto, i.id_socio,
      1 + (sum(1 + i.invitados) over (partition by i.id_acto
        order by coalesce(s.id_pagador, s.id), s.id rows unbounded preceding) - 1) / 9 as numero
    from inscripcion i
    join acto a on a.id = i.id_acto
    join socio s on s.id = i.id_socio
    where ${cenas} and i.estado = 'confirmada'
  `,
  );
  await correr(tx, `analyze escala_sitio`);
  // The tables with their ids taken first; the codes: the id in base 31 over the code's alphabet
  // (6 characters, unique).
  await correr(
    tx,
    `
    create temporary table escala_mesa on commit drop as
    select id_acto, numero, min(id_socio) as creador,
      nextval(pg_get_serial_sequence('mesa', 'id')) as id
    from escala_sitio group by id_acto, numero
  `,
  );
  await correr(
    tx,
    `
    insert into mesa (id, id_acto, numero, codigo, id_socio_creador, creada_en)
    select m.id, m.id_acto, m.numero,
      (select string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789',
          1 + ((m.id + 600000000) / (31 ^ k)::bigint % 31)::integer, 1), '' order by k desc)
       from generate_series(0, 5) as k),
      m.creador, a.creado_en
    from escala_mesa m join acto a on a.id = m.id_acto
    order by m.id
  `,
  );
  await correr(tx, `analyze escala_mesa`);
  // Seated, and the diets, in one write of the enrolments.
  await correr(
    tx,
    `
    update inscripcion i set id_mesa = m.id,
      dietas = case when ${h("i.id", 111)} % 12 <> 0 then i.dietas
        else (array['["celiaco"]', '["vegetariano"]', '["sin_lactosa"]', '["vegano"]'])[1 + ${h("i.id", 110)} % 4]::jsonb end
    from escala_sitio e join escala_mesa m on m.id_acto = e.id_acto and m.numero = e.numero
    where i.id = e.id
  `,
  );
  await correr(tx, `drop table escala_mesa`);
  await correr(tx, `drop table escala_sitio`);
}

/** The history's areas, in order (charges before the remittances that collect them). */
export const AREAS_HISTORIA: readonly ((ctx: ContextoEscala) => Promise<void>)[] = [
  cargosDeEscala,
  remesasDeEscala,
  actosDeEscala,
  noticiasDeEscala,
  alertasDeEscala,
  auditoriaDeEscala,
  loteriasDeEscala,
  tesoreriaDeEscala,
  estructuraDeEscala,
  asambleasDeEscala,
  mesasDeEscala,
];

/** The history and the big event, after the demo's current year (inside its transaction). */
export async function cargarHistoriaDeEscala(ctx: ContextoEscala): Promise<void> {
  if (ctx.desde < ctx.anyo)
    for (const area of AREAS_HISTORIA) {
      const t0 = performance.now();
      await area(ctx);
      if (process.env.DEMO_TRAZA === "1")
        console.log(`${area.name}: ${Math.round(performance.now() - t0)} ms`);
    }
  await actoGrandeDeEscala(ctx);
  // The summaries kept by triggers (pago_resumen, deuda_socio, deuda_grupo…) folded, as the
  // server's task does at start and every hour: what a filà that has run for years has.
  await new InformesRepository(ctx.tx).compactarResumenPagos();
}
