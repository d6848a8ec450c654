import {
  type ColumnaListadoSocios,
  ESTADOS_POR_COBRAR,
  type InformeQuery,
  MESES,
} from "@fila/domain";
import { type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.js";
import { condicionesSocios } from "../socios/socios.repository.js";

/**
 * A report's rows as one SQL query. Amounts are integer cents; `_orden` (row_number) gives the
 * order, so the same query serves a page, the whole file and the totals.
 */
export type Consulta = {
  sql: RawBuilder<unknown>;
  sumar: readonly string[];
  /**
   * Optional, for a report that lists members (issue 51): one page's rows alone, the same rows
   * with the same `_orden` as `sql` gives them, chosen first by an index instead of numbering
   * every row; with `totales`, a page does not read the whole report.
   */
  pagina?: (limite: number, desplazamiento: number) => RawBuilder<unknown>;
  /** Optional: `_total` and each `sumar` column over every row, as one row, without the rows. */
  totales?: RawBuilder<unknown>;
};

export type FilaSql = Record<string, unknown>;

/** Rows a file reads from the database at a time. */
export const FILAS_POR_TANDA = 1000;

/** Optional `and …` fragment. */
const y = (condicion: boolean, fragmento: () => RawBuilder<unknown>) =>
  condicion ? sql`and ${fragmento()}` : sql``;

const esBisiesto = (anyo: number) => new Date(Date.UTC(anyo, 1, 29)).getUTCDate() === 29;

const nombreSocio = (alias: string) =>
  sql`${sql.ref(`${alias}.apellidos`)} || ', ' || ${sql.ref(`${alias}.nombre`)}`;

const columnasSocioSql = (hoy: string): Record<ColumnaListadoSocios, RawBuilder<unknown>> => ({
  matricula: sql`s.matricula`,
  apellidos: sql`s.apellidos`,
  nombre: sql`s.nombre`,
  nif: sql`s.nif`,
  tipo: sql`t.nombre`,
  sexo: sql`s.sexo`,
  fechaNacimiento: sql`s.fecha_nacimiento::text`,
  edad: sql`extract(year from age(${hoy}::date, s.fecha_nacimiento))::int`,
  telefono: sql`s.telefono`,
  email: sql`s.email`,
  direccion: sql`s.direccion`,
  poblacion: sql`s.poblacion`,
  fechaAlta: sql`s.fecha_alta::text`,
  edadFestera: sql`s.edad_festera`,
  activo: sql`case when s.activo then 'Sí' else 'No' end`,
  fechaBaja: sql`s.fecha_baja::text`,
});

/**
 * Groups of the report Deudas with rows not yet folded past which a page is numbered from
 * `deuda_socio` as a whole rather than merged into the folded order (migration 0052).
 */
const MUCHOS_GRUPOS_CAMBIADOS = 500;

/** SQL of every report of `GET /api/informes/:id` (the dashboard's figures are in InformesRepository). */
export class InformesConsultasRepository {
  constructor(private readonly db: Database) {}

  async nombreTipo(id: number): Promise<string | undefined> {
    const fila = await this.db
      .selectFrom("tipo_socio")
      .select("nombre")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.nombre;
  }

  /** The association's name and logo (PNG, or null), for the heading of every file. */
  async asociacion(): Promise<{ nombre: string; logo: Buffer | null }> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select(["nombre", "logo"])
      .executeTakeFirst();
    return { nombre: fila?.nombre ?? "", logo: fila?.logo ?? null };
  }

  async filas(c: Consulta, pagina?: { page: number; pageSize: number }): Promise<FilaSql[]> {
    if (pagina && c.pagina) return this.paginaSola(c.pagina, pagina);
    const limite = pagina
      ? sql`limit ${pagina.pageSize} offset ${(pagina.page - 1) * pagina.pageSize}`
      : sql``;
    const { rows } =
      await sql<FilaSql>`select * from (${c.sql}) q order by q._orden ${limite}`.execute(this.db);
    return rows;
  }

  /**
   * A page and the totals of the whole report from one run of its query (the totals as window
   * sums over every row, before the page is cut), instead of one run for each. Null when the
   * page has no rows (an empty report, or a page past the end): the totals then need `totales`.
   */
  async paginaConTotales(
    c: Consulta,
    pagina: { page: number; pageSize: number },
  ): Promise<{ filas: FilaSql[]; total: number; sumas: Record<string, number> } | null> {
    if (c.pagina && c.totales) {
      const [filas, totales] = await Promise.all([
        this.paginaSola(c.pagina, pagina),
        this.totales(c),
      ]);
      return { filas, ...totales };
    }
    const sumas = c.sumar.map(
      (k, i) => sql`coalesce(sum(q.${sql.ref(k)}) over (), 0)::bigint as ${sql.ref(`_suma${i}`)}`,
    );
    const { rows } = await sql<FilaSql>`select ${sql.join([
      sql`q.*`,
      sql`count(*) over ()::int as "_total"`,
      ...sumas,
    ])} from (${c.sql}) q order by q._orden
      limit ${pagina.pageSize} offset ${(pagina.page - 1) * pagina.pageSize}`.execute(this.db);
    const primera = rows[0];
    if (!primera) return null;
    return {
      filas: rows,
      total: Number(primera._total),
      sumas: Object.fromEntries(c.sumar.map((k, i) => [k, Number(primera[`_suma${i}`] ?? 0)])),
    };
  }

  /**
   * Every row, `tamanyo` at a time, for files: each batch is one query that starts after the
   * last `_orden` read (keyset, not OFFSET), so no connection is held between batches (PGlite
   * has only one) and only one batch is in memory.
   */
  async *tandas(c: Consulta, tamanyo = FILAS_POR_TANDA): AsyncGenerator<FilaSql[]> {
    let ultimo = 0;
    for (;;) {
      const { rows } = await sql<FilaSql>`select * from (${c.sql}) q
        where q._orden > ${ultimo} order by q._orden limit ${tamanyo}`.execute(this.db);
      if (rows.length > 0) yield rows;
      if (rows.length < tamanyo) return;
      ultimo = Number(rows[rows.length - 1]._orden);
    }
  }

  private async paginaSola(
    consulta: NonNullable<Consulta["pagina"]>,
    pagina: { page: number; pageSize: number },
  ): Promise<FilaSql[]> {
    const { rows } = await sql<FilaSql>`select * from (${consulta(
      pagina.pageSize,
      (pagina.page - 1) * pagina.pageSize,
    )}) q order by q._orden`.execute(this.db);
    return rows;
  }

  /** Number of rows and the sum of each `sumar` column over all of them (cents). */
  async totales(c: Consulta): Promise<{ total: number; sumas: Record<string, number> }> {
    const sumas = c.sumar.map(
      (k) => sql`coalesce(sum(q.${sql.ref(k)}), 0)::bigint as ${sql.ref(k)}`,
    );
    const { rows } = c.totales
      ? await sql<FilaSql>`${c.totales}`.execute(this.db)
      : await sql<FilaSql>`select ${sql.join([
          sql`count(*)::int as "_total"`,
          ...sumas,
        ])} from (${c.sql}) q`.execute(this.db);
    const fila = rows[0] ?? {};
    return {
      total: Number(fila._total ?? 0),
      sumas: Object.fromEntries(c.sumar.map((k) => [k, Number(fila[k] ?? 0)])),
    };
  }

  socios(f: InformeQuery, columnas: readonly ColumnaListadoSocios[], hoy: string): Consulta {
    const filtrada = this.db
      .selectFrom("socio")
      .select("socio.id")
      .where((eb) => condicionesSocios(eb, f, hoy));
    const expresion = columnasSocioSql(hoy);
    const select = columnas.map((c) => sql`${expresion[c]} as ${sql.ref(c)}`);
    const filas = (ids: RawBuilder<unknown>, antes = 0) =>
      sql`select ${sql.join(select)},
          ${antes}::bigint + row_number() over (order by s.orden_apellidos, s.orden_nombre, s.id) as _orden
        from socio s left join tipo_socio t on t.id = s.id_tipo_socio
        where s.id in (${ids})`;
    return {
      sumar: [],
      sql: filas(sql`${filtrada}`),
      // The page's members first, read in order from `socio_orden_apellidos_idx` (an incremental
      // sort settles the rare ties of `orden_apellidos`), then only their columns.
      pagina: (limite, desplazamiento) =>
        filas(
          sql`${filtrada
            .orderBy(sql`socio.orden_apellidos, socio.orden_nombre, socio.id`)
            .limit(limite)
            .offset(desplazamiento)}`,
          desplazamiento,
        ),
      totales: sql`select count(*)::int as "_total" from ${filtrada} f`,
    };
  }

  /**
   * What each member (or payer) owes, by days past due: the charges still to collect, `pendiente`
   * or `devuelto` (`ESTADOS_POR_COBRAR`), with the returned part apart (`devuelto`, within
   * `total`). From `deuda_socio` (migrations 0051 and 0052): those charges per (member, payer,
   * year, due date), not the charges; a key whose rows add up to no charge is no row.
   *
   * A page and the totals read less (migration 0052): the groups in the report's order from
   * `deuda_grupo` (folded rows by `deuda_grupo_orden_idx`, and the groups with rows not yet folded
   * summed apart and merged in), then only the page's keys of `deuda_socio`; the totals from the
   * groups' rows and `deuda_vencimiento` (per due date). Grouped by payer and filtered by the
   * debtor's type, whose figures no summary keeps, both sum `deuda_socio` as the whole report does.
   */
  deudas(f: InformeQuery, hoy: string): Consulta {
    const porPagador = f.agrupar === "pagador";
    const grupo = porPagador ? sql`p.id_pagador` : sql`p.id_socio`;
    const columnaGrupo = porPagador ? sql`id_pagador` : sql`id_socio`;
    const dias = sql`(${hoy}::date - p.fecha_vencimiento)`;
    const anyo = typeof f.anyo === "number" ? f.anyo : undefined;
    const delAnyo = anyo !== undefined ? sql`and anyo = ${anyo}` : sql``;
    /**
     * The keys still owed (of the groups in `de`, if given: their folded rows and the rest, each
     * by its partial index).
     */
    const pendientes = (de?: RawBuilder<unknown>) => sql`select k.* from (
        select id_socio, id_pagador, anyo, fecha_vencimiento,
          sum(num) as num, sum(importe) as importe, sum(devuelto) as devuelto
        from ${
          de
            ? sql`(select * from deuda_socio where fija and ${columnaGrupo} in (${de}) ${delAnyo}
                union all
                select * from deuda_socio where not fija and ${columnaGrupo} in (${de}) ${delAnyo}
              ) deuda_socio`
            : sql`deuda_socio where true ${delAnyo}`
        }
        group by id_socio, id_pagador, anyo, fecha_vencimiento
        having sum(num) <> 0
      ) k
      ${f.tipo !== undefined ? sql`join socio d on d.id = k.id_socio where d.id_tipo_socio = ${f.tipo}` : sql``}`;
    const grupos = (de?: RawBuilder<unknown>) => sql`select ${grupo} as grupo,
        count(distinct p.id_socio)::int as "numSocios",
        sum(p.num)::int as cargos,
        coalesce(sum(p.importe) filter (where ${dias} <= 0), 0)::bigint as "noVencido",
        coalesce(sum(p.importe) filter (where ${dias} between 1 and 30), 0)::bigint as d30,
        coalesce(sum(p.importe) filter (where ${dias} between 31 and 90), 0)::bigint as d90,
        coalesce(sum(p.importe) filter (where ${dias} > 90), 0)::bigint as mas90,
        sum(p.importe)::bigint as total,
        sum(p.devuelto)::bigint as devuelto
      from (${pendientes(de)}) p
      group by ${grupo}`;
    const columnas = (a: string) =>
      sql`g.matricula, ${nombreSocio("g")} as socio, t.nombre as tipo, ${sql.join(
        ["numSocios", "cargos", "noVencido", "d30", "d90", "mas90", "total", "devuelto"].map((c) =>
          sql.ref(`${a}.${c}`),
        ),
      )}`;
    const orden = (o: string) =>
      sql`row_number() over (order by a.total desc, ${sql.ref(`${o}.orden_apellidos`)}, ${sql.ref(`${o}.id`)})`;
    const sumar = ["cargos", "noVencido", "d30", "d90", "mas90", "total", "devuelto"];
    const todo = sql`select ${columnas("a")}, ${orden("g")} as _orden
        from (${grupos()}) a
        join socio g on g.id = a.grupo
        left join tipo_socio t on t.id = g.id_tipo_socio`;
    const totalesDeTodo = sql`select count(*)::int as "_total",
          ${sql.join(sumar.map((c) => sql`coalesce(sum(${sql.ref(`a.${c}`)}), 0)::bigint as ${sql.ref(c)}`))}
        from (${grupos()}) a`;
    const paginaDeTodo = (limite: number, desplazamiento: number) => sql`select ${columnas("r")},
        r._orden
      from (
        select a.*, ${orden("o")} as _orden
        from (${grupos()}) a join socio o on o.id = a.grupo
        order by _orden limit ${limite} offset ${desplazamiento}
      ) r
      join socio g on g.id = r.grupo
      left join tipo_socio t on t.id = g.id_tipo_socio`;
    if (porPagador && f.tipo !== undefined)
      return { sumar, sql: todo, pagina: paginaDeTodo, totales: totalesDeTodo };

    // From `deuda_grupo`: the groups with rows not yet folded, and each group's figures.
    const clave = sql`por_pagador = ${porPagador} and anyo = ${anyo ?? 0}`;
    const cambiados = sql`select distinct id_grupo from deuda_grupo where ${clave} and not fija`;
    // Each changed group summed by its key: the folded row and the rest, each by its index.
    const sumados = sql`select c.id_grupo, s.num, s.total, s.devuelto
      from cambiados c cross join lateral (
        select sum(num)::int as num, sum(total)::bigint as total, sum(devuelto)::bigint as devuelto
        from (
          select num, total, devuelto from deuda_grupo
          where ${clave} and fija and id_grupo = c.id_grupo
          union all
          select num, total, devuelto from deuda_grupo
          where ${clave} and not fija and id_grupo = c.id_grupo
        ) u
      ) s
      where s.num <> 0`;
    const fijos = sql`select id_grupo, num, total, devuelto from deuda_grupo
      where ${clave} and fija and num <> 0 and id_grupo not in (select id_grupo from cambiados)`;
    const deTipo = f.tipo !== undefined ? sql`and o.id_tipo_socio = ${f.tipo}` : sql``;
    return {
      sumar,
      sql: todo,
      // The first `desplazamiento + limite` folded groups in order (the index gives the totals in
      // order; an incremental sort settles the ties by name), and every changed group: the page
      // is in them.
      //
      // After a write of many charges (an emission, a remittance collected) and before the hourly
      // fold, thousands of groups may have rows not yet folded: past `MUCHOS_GRUPOS_CAMBIADOS`
      // the page is numbered from `deuda_socio` as a whole (what 0051 did), never worse than that.
      pagina: (limite, desplazamiento) => sql`with cambiados as materialized (${cambiados}),
        muchos as materialized (
          select count(*) > ${MUCHOS_GRUPOS_CAMBIADOS} as si from cambiados
        ),
        candidatos as (
          (select f.id_grupo as grupo, f.total, o.orden_apellidos, o.id
            from (${fijos}) f join socio o on o.id = f.id_grupo
            where true ${deTipo}
            order by f.total desc, o.orden_apellidos, o.id
            limit ${limite + desplazamiento})
          union all
          select c.id_grupo, c.total, o.orden_apellidos, o.id
          from (${sumados}) c join socio o on o.id = c.id_grupo
          where true ${deTipo}
        ),
        pagina as (
          select grupo, row_number() over (order by total desc, orden_apellidos, id) as _orden
          from candidatos
          order by _orden limit ${limite} offset ${desplazamiento}
        )
        select ${columnas("a")}, r._orden
        from pagina r
        join (${grupos(sql`select grupo from pagina`)}) a on a.grupo = r.grupo
        join socio g on g.id = r.grupo
        left join tipo_socio t on t.id = g.id_tipo_socio
        where not (select si from muchos)
        union all
        select * from (${paginaDeTodo(limite, desplazamiento)}) todo
        where (select si from muchos)`,
      totales:
        f.tipo !== undefined
          ? totalesDeTodo
          : // How many groups, from their rows (only the key and `num`: the narrow unique
            // index); every sum, from the due dates'.
            sql`with cambiados as materialized (${cambiados}),
            v as (
              select (${hoy}::date - fecha_vencimiento) as dias, sum(num)::bigint as num,
                sum(importe)::bigint as importe, sum(devuelto)::bigint as devuelto
              from deuda_vencimiento
              ${anyo !== undefined ? sql`where anyo = ${anyo}` : sql``}
              group by fecha_vencimiento
            )
            select
              case when (select count(*) from cambiados) > ${MUCHOS_GRUPOS_CAMBIADOS}
                then (select count(*) from (${grupos()}) a)::int
                else (select count(*) from deuda_grupo
                    where ${clave} and fija and num <> 0
                      and id_grupo not in (select id_grupo from cambiados))::int
                  + (select count(*) from (${sumados}) c)::int
              end as "_total",
              coalesce(sum(num), 0)::bigint as cargos,
              coalesce(sum(importe) filter (where dias <= 0), 0)::bigint as "noVencido",
              coalesce(sum(importe) filter (where dias between 1 and 30), 0)::bigint as d30,
              coalesce(sum(importe) filter (where dias between 31 and 90), 0)::bigint as d90,
              coalesce(sum(importe) filter (where dias > 90), 0)::bigint as mas90,
              coalesce(sum(importe), 0)::bigint as total,
              coalesce(sum(devuelto), 0)::bigint as devuelto
            from v`,
    };
  }

  /**
   * The year's charges by product, or by month of their due date (`porMes`). From
   * `pago_anyo_resumen` (migration 0048): the year's rows per product, month and state, not the
   * charges; a key whose rows add up to no charge is no row.
   */
  recaudacion(anyo: number, porMes: boolean): Consulta {
    const suma = (estado: string) =>
      sql`coalesce(sum(r.importe) filter (where r.estado = ${estado}), 0)::bigint`;
    const mes = sql`r.mes::int`;
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
    return {
      sumar: ["cargos", "emitido", "cobrado", "pendiente", "devuelto", "anulado"],
      sql: sql`select ${grupo.select},
          sum(r.num)::int as cargos,
          sum(r.importe)::bigint as emitido,
          ${suma("pagado")} as cobrado,
          ${suma("pendiente")} as pendiente,
          ${suma("devuelto")} as devuelto,
          ${suma("anulado")} as anulado,
          row_number() over (order by ${grupo.orden}) as _orden
        from pago_anyo_resumen r left join producto pr on pr.id = r.id_producto
        where r.anyo = ${anyo}
        group by ${grupo.por}
        having sum(r.num) <> 0`,
    };
  }

  /**
   * Cents collected per month of the payment date (not the due date) of `anyo`: month → cents.
   * From `pago_resumen` (migration 0045), the year's payment days by key, not the charges.
   */
  async cobradoPorMes(anyo: number): Promise<Map<number, number>> {
    const { rows } = await sql<{ mes: number; cobrado: string }>`
      select extract(month from dia)::int as mes, sum(importe)::bigint as cobrado
      from pago_resumen
      where estado = 'pagado' and dia >= ${`${anyo}-01-01`} and dia < ${`${anyo + 1}-01-01`}
      group by 1`.execute(this.db);
    return new Map(rows.map((r) => [Number(r.mes), Number(r.cobrado)]));
  }

  /** Each remittance of the period with its returned debits, summed by its own key (lateral). */
  remesas(desde: string, hasta: string): Consulta {
    return {
      sumar: ["numAdeudos", "importe", "devueltos", "importeDevuelto"],
      sql: sql`select r.mensaje_id as remesa, r.fecha_cobro::text as "fechaCobro",
          case when r.estado = 'cobrada' then 'Cobrada' else 'Generada' end as estado,
          r.num_adeudos as "numAdeudos", r.total::bigint as importe,
          d.devueltos, d."importeDevuelto", d.motivos,
          row_number() over (order by r.fecha_cobro desc, r.id desc) as _orden
        from remesa r
        cross join lateral (
          select count(a.id) filter (where a.estado = 'devuelto')::int as devueltos,
            coalesce(sum(a.importe) filter (where a.estado = 'devuelto'), 0)::bigint as "importeDevuelto",
            array_remove(array_agg(distinct a.motivo_devolucion) filter (where a.estado = 'devuelto'), '') as motivos
          from remesa_adeudo a where a.id_remesa = r.id
        ) d
        where r.fecha_cobro >= ${desde} and r.fecha_cobro <= ${hasta}`,
    };
  }

  derrama(f: InformeQuery): Consulta {
    const filtros = sql`s.importe_derrama > 0
          ${y(f.tipo !== undefined, () => sql`s.id_tipo_socio = ${f.tipo}`)}
          ${y(f.activo !== undefined, () => sql`s.activo = ${f.activo}`)}`;
    // What each member paid of the levy: the levy's products first (`producto_tipo_idx`), then
    // the member's charges of them (`pago_socio_producto_idx`), for the page's members only.
    const pagadoDe = sql`(select sum(p.importe) from pago p
          where p.id_socio = s.id and p.estado = 'pagado'
            and p.id_producto = any(array(select id from producto where tipo = 'derrama')))`;
    return {
      sumar: ["importe", "pagado", "pendiente"],
      pagina: (limite, desplazamiento) => sql`select s.matricula, ${nombreSocio("s")} as socio,
          t.nombre as tipo, s.tipo_derrama as "tipoDerrama", nullif(s.anyo_derrama, 0) as "anyoDerrama",
          s.importe_derrama::bigint as importe,
          coalesce(c.pagado, 0)::bigint as pagado,
          greatest(s.importe_derrama - coalesce(c.pagado, 0), 0)::bigint as pendiente,
          case when s.anyos_pago_derrama > 0
            then ceil(greatest(s.importe_derrama - coalesce(c.pagado, 0), 0)::numeric
                      / greatest(1, round(s.importe_derrama::numeric / s.anyos_pago_derrama)))::int
            else 0 end as "anyosRestantes",
          ${desplazamiento}::bigint + row_number() over (order by s.orden_apellidos, s.orden_nombre, s.id) as _orden
        from (
          select s.* from socio s where ${filtros}
          order by s.orden_apellidos, s.orden_nombre, s.id limit ${limite} offset ${desplazamiento}
        ) s
        left join tipo_socio t on t.id = s.id_tipo_socio
        cross join lateral (select ${pagadoDe} as pagado) c`,
      // The totals without the rows' order, their type or their columns.
      totales: sql`select count(*)::int as "_total",
          coalesce(sum(s.importe_derrama), 0)::bigint as importe,
          coalesce(sum(coalesce(c.pagado, 0)), 0)::bigint as pagado,
          coalesce(sum(greatest(s.importe_derrama - coalesce(c.pagado, 0), 0)), 0)::bigint as pendiente
        from socio s
        left join (
          select p.id_socio, sum(p.importe) as pagado
          from pago p join producto pr on pr.id = p.id_producto
          where pr.tipo = 'derrama' and p.estado = 'pagado'
          group by p.id_socio
        ) c on c.id_socio = s.id
        where ${filtros}`,
      sql: sql`select s.matricula, ${nombreSocio("s")} as socio, t.nombre as tipo,
          s.tipo_derrama as "tipoDerrama", nullif(s.anyo_derrama, 0) as "anyoDerrama",
          s.importe_derrama::bigint as importe,
          coalesce(c.pagado, 0)::bigint as pagado,
          greatest(s.importe_derrama - coalesce(c.pagado, 0), 0)::bigint as pendiente,
          case when s.anyos_pago_derrama > 0
            then ceil(greatest(s.importe_derrama - coalesce(c.pagado, 0), 0)::numeric
                      / greatest(1, round(s.importe_derrama::numeric / s.anyos_pago_derrama)))::int
            else 0 end as "anyosRestantes",
          row_number() over (order by s.orden_apellidos, s.orden_nombre, s.id) as _orden
        from socio s
        left join tipo_socio t on t.id = s.id_tipo_socio
        left join (
          select p.id_socio, sum(p.importe) as pagado
          from pago p join producto pr on pr.id = p.id_producto
          where pr.tipo = 'derrama' and p.estado = 'pagado'
          group by p.id_socio
        ) c on c.id_socio = s.id
        where ${filtros}`,
    };
  }

  ramell(f: InformeQuery, anyo: number): Consulta {
    const plazo = (n: number) =>
      sql`sum(p.importe) filter (where p.estado = 'pagado' and p.plazo = ${n})`;
    const cero = (columna: string) => sql`coalesce(${sql.ref(`c.${columna}`)}, 0)::bigint`;
    return {
      sumar: ["plazo1", "plazo2", "plazo3", "plazo4", "plazo5", "pagado", "pendiente"],
      sql: sql`select s.matricula, ${nombreSocio("s")} as socio, t.nombre as tipo,
          case when s.tipo_pago_ramell = 'fraccionado' then 'Fraccionado' else 'Completo' end as modalidad,
          ${cero("plazo1")} as plazo1, ${cero("plazo2")} as plazo2, ${cero("plazo3")} as plazo3,
          ${cero("plazo4")} as plazo4, ${cero("plazo5")} as plazo5,
          ${cero("pagado")} as pagado, ${cero("pendiente")} as pendiente,
          row_number() over (order by s.orden_apellidos, s.orden_nombre, s.id) as _orden
        from socio s
        left join tipo_socio t on t.id = s.id_tipo_socio
        left join (
          select p.id_socio,
            ${plazo(1)} as plazo1, ${plazo(2)} as plazo2, ${plazo(3)} as plazo3,
            ${plazo(4)} as plazo4, ${plazo(5)} as plazo5,
            sum(p.importe) filter (where p.estado = 'pagado') as pagado,
            sum(p.importe) filter (where p.estado in (${sql.join([...ESTADOS_POR_COBRAR])})) as pendiente
          from pago p join producto pr on pr.id = p.id_producto
          where pr.tipo = 'ramell' and p.anyo = ${anyo}
          group by p.id_socio
        ) c on c.id_socio = s.id
        where s.ramell = 'si' and s.activo
          ${y(f.tipo !== undefined, () => sql`s.id_tipo_socio = ${f.tipo}`)}`,
    };
  }

  /**
   * Places taken are `acto.ocupadas`, the counter every enrolment path keeps (members + guests);
   * confirmed enrolments and their guests are `acto.inscritos` and `acto.invitados_inscritos`,
   * kept by the same triggers (migration 0048). The money is summed from each event's paid
   * enrolments only (`inscripcion_pagada_idx`, a lateral by the event's key): a free event reads
   * no enrolment, and no event reads those of another.
   */
  inscripciones(desde: string, hasta: string): Consulta {
    return {
      sumar: ["socios", "invitados", "plazas", "importe", "cobrado"],
      sql: sql`select a.nombre as acto, a.fecha::text as fecha,
          case when a.cancelado then 'Cancelado' else '' end as estado,
          a.inscritos as socios, a.invitados_inscritos as invitados,
          a.ocupadas as plazas,
          a.aforo,
          case when a.aforo > 0 then round(100.0 * a.ocupadas / a.aforo, 1)::float8 end as ocupacion,
          x.importe, x.cobrado,
          row_number() over (order by a.fecha, a.id) as _orden
        from acto a
        cross join lateral (
          select coalesce(sum(p.importe) filter (where p.estado <> 'anulado'), 0)::bigint as importe,
            coalesce(sum(p.importe) filter (where p.estado = 'pagado'), 0)::bigint as cobrado
          from inscripcion i
          join pago p on p.id = i.id_pago
          where i.id_acto = a.id and i.estado = 'confirmada' and i.id_pago is not null
        ) x
        where a.fecha >= ${desde} and a.fecha <= ${hasta}`,
    };
  }

  /**
   * The same points as the events' ranking (ActosRepository.ranking): attended, not cancelled.
   * A year's events first, then their enrolments by the event's key (lateral); without a year
   * (`anyo` «todos»), every event of every year.
   */
  puntos(anyo: number | undefined): Consulta {
    // `offset 0` keeps the lateral as it is written (not flattened into a join, for which the
    // planner would read every enrolment of every year); the members are read after adding up.
    const porSocio = sql`select i.id_socio, count(*)::int as actos, sum(a.puntos)::int as puntos
      from acto a
      cross join lateral (
        select i.id_socio from inscripcion i
        where i.id_acto = a.id and i.asistio and i.id_socio is not null offset 0
      ) i
      where not a.cancelado and a.puntos > 0
        ${y(anyo !== undefined, () => sql`a.fecha >= ${`${anyo}-01-01`} and a.fecha <= ${`${anyo}-12-31`}`)}
      group by i.id_socio`;
    const orden = sql`order by x.puntos desc, s.apellidos, s.nombre, s.id`;
    return {
      sumar: ["actos", "puntos"],
      sql: sql`select s.matricula, ${nombreSocio("s")} as socio, x.actos, x.puntos,
          row_number() over (${orden}) as _orden
        from (${porSocio}) x
        join socio s on s.id = x.id_socio`,
      // A page numbered by points alone: only the members whose points fall within the page's
      // (those the page's ties may order by name) are read from `socio`, after those with more
      // points are counted; the rank of everyone else does not need their names (issue 51: every
      // member who attended an event this year was read, 40 times more at 12,000 members).
      pagina: (limite, desplazamiento) => sql`with x as materialized (${porSocio}),
        corte as (
          select min(puntos) as bajo, max(puntos) as alto from (
            select puntos from x order by puntos desc limit ${limite} offset ${desplazamiento}
          ) c
        ),
        antes as (select count(*) as n from x, corte where x.puntos > corte.alto)
        select r.matricula, r.socio, r.actos, r.puntos, r._orden from (
          select s.matricula, ${nombreSocio("s")} as socio, x.actos, x.puntos,
            antes.n + row_number() over (${orden}) as _orden
          from x cross join corte cross join antes
          join socio s on s.id = x.id_socio
          where x.puntos between corte.bajo and corte.alto
        ) r
        where r._orden > ${desplazamiento} and r._orden <= ${desplazamiento + limite}`,
      totales: sql`select count(*)::int as "_total",
          coalesce(sum(x.actos), 0)::bigint as actos, coalesce(sum(x.puntos), 0)::bigint as puntos
        from (${porSocio}) x`,
    };
  }

  /**
   * Active members whose birthday falls between `desde` and `hasta` (at most a year apart, so
   * one birthday each: the first on or after `desde`), with that day and the age they turn.
   * Someone born on 29 February has their birthday on 1 March in a non-leap year, the rule of
   * the domain's `calcularEdad`.
   */
  cumpleanyos(desde: string, hasta: string): Consulta {
    const anyo = Number(desde.slice(0, 4));
    // A birthday from the month and day of birth (`mmdd`, 1231 for 31 December): in year `a`,
    // 29 February on 1 March when `a` is not a leap year; the first on or after `desde`.
    const cumpleEn = (a: number, md: RawBuilder<unknown>) => sql`case
        when ${md} = 229 and not ${esBisiesto(a)} then make_date(${a}::int, 3, 1)
        else make_date(${a}::int, div(${md}, 100)::int, mod(${md}, 100)::int)
      end`;
    const diaDe = (md: RawBuilder<unknown>) =>
      sql`case when ${cumpleEn(anyo, md)} >= ${desde}::date then ${cumpleEn(anyo, md)} else ${cumpleEn(anyo + 1, md)} end`;
    // The members whose month and day of birth can fall in the period, found first by
    // `socio_cumpleanyos_idx` (migration 0047) instead of working out every member's birthday:
    // the same members (born on 29 February always among them: their day moves), no more.
    const mesDia = sql`(extract(month from s.fecha_nacimiento) * 100 + extract(day from s.fecha_nacimiento))`;
    const md = (fecha: string) => Number(fecha.slice(5, 7)) * 100 + Number(fecha.slice(8, 10));
    const [desdeMd, hastaMd] = [md(desde), md(hasta)];
    const mismoAnyo = hasta.slice(0, 4) === desde.slice(0, 4);
    const enPeriodo = mismoAnyo
      ? sql`${mesDia} between ${desdeMd} and ${hastaMd} or ${mesDia} = 229`
      : hastaMd < desdeMd
        ? sql`${mesDia} >= ${desdeMd} or ${mesDia} <= ${hastaMd} or ${mesDia} = 229`
        : null;
    const deCumpleanyos = sql`s.activo and s.fecha_nacimiento is not null
          ${y(enPeriodo !== null, () => sql`(${enPeriodo})`)}`;
    // A page without numbering the period's members (issue 51): how many were born on each month
    // and day (from the index alone), their days in order, and `socio` read only for the days
    // that reach the page; within a day, by surname as the whole query.
    const dias = sql`por_md as materialized (
          select ${mesDia} as md, count(*)::bigint as n from socio s where ${deCumpleanyos} group by 1
        ),
        con_dia as (select md, n, ${diaDe(sql`md`)} as dia from por_md),
        dias as (
          select dia, sum(n)::bigint as n from con_dia where dia <= ${hasta}::date group by dia
        )`;
    const columnas = (dia: RawBuilder<unknown>) => sql`to_char(${dia}, 'DD/MM') as dia,
          ${nombreSocio("s")} as socio,
          (extract(year from ${dia}) - extract(year from s.fecha_nacimiento))::int as edad,
          s.fecha_nacimiento::text as "fechaNacimiento", s.telefono, s.email`;
    return {
      sumar: [],
      pagina: (limite, desplazamiento) => sql`with ${dias},
        numerados as (
          select dia, n, coalesce(sum(n) over (order by dia) - n, 0)::bigint as antes from dias
        ),
        elegidos as (
          select c.md, nu.dia, nu.antes from numerados nu join con_dia c on c.dia = nu.dia
          where nu.antes < ${desplazamiento + limite} and nu.antes + nu.n > ${desplazamiento}
        )
        select r.dia, r.socio, r.edad, r."fechaNacimiento", r.telefono, r.email, r._orden from (
          select ${columnas(sql`e.dia`)},
            e.antes + row_number() over (partition by e.dia order by s.orden_apellidos, s.id) as _orden
          from elegidos e
          cross join lateral (
            select * from socio s where ${mesDia} = e.md and s.activo and s.fecha_nacimiento is not null
          ) s
        ) r
        where r._orden > ${desplazamiento} and r._orden <= ${desplazamiento + limite}`,
      totales: sql`with ${dias} select coalesce(sum(n), 0)::int as "_total" from dias`,
      sql: sql`select ${columnas(sql`c.dia`)},
          row_number() over (order by c.dia, s.orden_apellidos, s.id) as _orden
        from socio s
        cross join lateral (select ${diaDe(mesDia)} as dia) c
        where ${deCumpleanyos} and c.dia <= ${hasta}::date`,
    };
  }

  aniversarios(f: InformeQuery): Consulta {
    return {
      sumar: [],
      sql: sql`select s.edad_festera as "edadFestera", ${nombreSocio("s")} as socio,
          t.nombre as tipo, s.telefono, s.email,
          row_number() over (order by s.edad_festera desc, s.orden_apellidos, s.id) as _orden
        from socio s left join tipo_socio t on t.id = s.id_tipo_socio
        where s.activo and s.edad_festera in (25, 50, 75)
          ${y(f.tipo !== undefined, () => sql`s.id_tipo_socio = ${f.tipo}`)}`,
    };
  }

  /** Active members per type (types without members too), per sex or per age band. */
  estadisticasPor(por: "tipo" | "sexo" | "edad", hoy: string): Consulta {
    if (por === "tipo") {
      return {
        sumar: ["socios"],
        // Counted first from `socio_tipo_activos_idx` (migration 0045), as the board's home.
        sql: sql`select coalesce(t.nombre, 'Sin tipo') as grupo, coalesce(c.socios, 0)::int as socios,
            row_number() over (order by t.nombre is null, t.nombre) as _orden
          from tipo_socio t
          full join (
            select id_tipo_socio, count(*)::int as socios from socio where activo group by id_tipo_socio
          ) c on c.id_tipo_socio = t.id
          where t.activo or c.socios > 0`,
      };
    }
    if (por === "sexo") {
      return {
        sumar: ["socios"],
        sql: sql`select case s.sexo when 'hombre' then 'Hombre' when 'mujer' then 'Mujer' else 'Sin indicar' end as grupo,
            count(*)::int as socios, row_number() over (order by s.sexo) as _orden
          from socio s where s.activo group by s.sexo`,
      };
    }
    const edad = sql`extract(year from age(${hoy}::date, s.fecha_nacimiento))`;
    return {
      sumar: ["socios"],
      sql: sql`select b.grupo, count(s.id)::int as socios, row_number() over (order by b.orden) as _orden
        from (values (1, 'Menos de 18', 0, 17), (2, 'De 18 a 30', 18, 30), (3, 'De 31 a 45', 31, 45),
                     (4, 'De 46 a 60', 46, 60), (5, 'De 61 a 75', 61, 75), (6, 'Más de 75', 76, 999),
                     (7, 'Sin fecha de nacimiento', null, null)) as b(orden, grupo, minimo, maximo)
        left join socio s on s.activo and (
          (b.minimo is null and s.fecha_nacimiento is null)
          or (${edad} between b.minimo and b.maximo))
        group by b.orden, b.grupo`,
    };
  }

  /** Joins, leaves and active members at the end of each of the ten years up to `anyo`. */
  estadisticasPorAnyo(anyo: number): Consulta {
    const alta = sql`coalesce(extract(year from s.fecha_alta)::int, s.anyo_alta)`;
    const baja = sql`extract(year from s.fecha_baja)::int`;
    return {
      sumar: ["altas", "bajas"],
      sql: sql`select y.anyo::text as grupo,
          count(s.id) filter (where ${alta} = y.anyo)::int as altas,
          count(s.id) filter (where not s.activo and ${baja} = y.anyo)::int as bajas,
          count(s.id) filter (where (${alta} is null or ${alta} <= y.anyo)
            and (s.activo or ${baja} is null or ${baja} > y.anyo))::int as activos,
          row_number() over (order by y.anyo) as _orden
        from generate_series(${anyo - 9}::int, ${anyo}::int) as y(anyo)
        left join socio s on true
        group by y.anyo`,
    };
  }
}
