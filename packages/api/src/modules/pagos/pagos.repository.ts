import {
  ESTADOS_POR_COBRAR,
  type EstadoPago,
  type FiltrosPagos,
  LETRAS_CON_TILDE,
  LETRAS_SIN_TILDE,
  normalizarBusqueda,
  type OrdenPagos,
  PLAZOS_POR_TIPO_PAGO,
  PLAZOS_RAMELL_FRACCIONADO,
  type SiNo,
  type SocioEmision,
  type TipoPago,
  type TipoPagoRamell,
  type TipoProducto,
} from "@fila/domain";
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { versionDatosQuieta } from "../../db/version-datos.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import { TesoreriaRepository } from "../tesoreria/tesoreria.repository.js";

/** A charge «por cobrar» (ESTADOS_POR_COBRAR: pendiente or devuelto), as a condition on `pago`. */
const pagoPorCobrar = sql<SqlBool>`pago.estado in (${sql.join([...ESTADOS_POR_COBRAR])})`;

/** A stored charge (cents) with the names the screens show. */
export type PagoFila = {
  id: number;
  idSocio: number;
  idPagador: number;
  idProducto: number | null;
  anyo: number;
  concepto: string;
  importe: number;
  fechaEmision: string;
  fechaVencimiento: string;
  estado: EstadoPago;
  fechaPago: string | null;
  idFormaPago: number | null;
  referencia: string;
  idRemesa: number | null;
  plazo: number;
  plazos: number;
  idPagoOrigen: number | null;
  motivoAnulacion: string;
  motivoDevolucion: string;
  fechaDevolucion: string | null;
  socioNombre: string;
  socioApellidos: string;
  socioMatricula: number | null;
  socioNif: string | null;
  pagadorNombre: string;
  pagadorApellidos: string;
  productoNombre: string | null;
  productoTipo: TipoProducto | null;
  formaPagoNombre: string | null;
};

/** A charge to insert (cents). */
export type NuevoPago = {
  idSocio: number;
  idPagador: number;
  idProducto: number | null;
  anyo: number;
  concepto: string;
  importe: number;
  fechaEmision: string;
  fechaVencimiento: string;
  plazo: number;
  plazos: number;
  claveEmision: string | null;
};

export type Totales = { total: number; importe: number; pendiente: number; pagado: number };

type Tablas = DB & { s: DB["socio"]; pg: DB["socio"] };
type Donde = ExpressionBuilder<Tablas, "pago" | "s" | "pg">;

const ORDEN: Record<OrdenPagos, string[]> = {
  fechaVencimiento: ["pago.fecha_vencimiento"],
  fechaEmision: ["pago.fecha_emision"],
  fechaPago: ["pago.fecha_pago"],
  importe: ["pago.importe"],
  estado: ["pago.estado", "pago.fecha_vencimiento"],
  socio: ["s.orden_apellidos", "s.orden_nombre"],
  pagador: ["pg.orden_apellidos", "pg.orden_nombre"],
  concepto: ["pago.concepto"],
  id: [],
};

function orden(sort: string): RawBuilder<unknown>[] {
  const dir = sql.raw(sort.startsWith("-") ? "desc" : "asc");
  const columnas = ORDEN[sort.replace(/^-/, "") as OrdenPagos] ?? [];
  return [...columnas.map((c) => sql`${sql.ref(c)} ${dir} nulls last`), sql`pago.id ${dir}`];
}

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function condiciones(eb: Donde, f: FiltrosPagos): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [];
  for (const palabra of normalizarBusqueda(f.q ?? "")
    .split(" ")
    .filter(Boolean)) {
    const patron = `%${escaparLike(palabra)}%`;
    y.push(
      eb.or([
        eb("s.busqueda", "like", patron),
        eb("pg.busqueda", "like", patron),
        // The concept has no search column: fold it the way `normalizarBusqueda` folds the query.
        eb(
          sql`translate(lower(pago.concepto), ${LETRAS_CON_TILDE}, ${LETRAS_SIN_TILDE})`,
          "like",
          patron,
        ),
      ]),
    );
  }
  if (f.anyo !== undefined) y.push(eb("pago.anyo", "=", f.anyo));
  if (f.idSocio !== undefined) y.push(eb("pago.id_socio", "=", f.idSocio));
  if (f.idPagador !== undefined) y.push(eb("pago.id_pagador", "=", f.idPagador));
  if (f.idSocioOPagador !== undefined) {
    const id = f.idSocioOPagador;
    y.push(eb.or([eb("pago.id_socio", "=", id), eb("pago.id_pagador", "=", id)]));
  }
  if (f.idProducto !== undefined) y.push(eb("pago.id_producto", "=", f.idProducto));
  if (f.estado !== undefined) y.push(eb("pago.estado", "=", f.estado));
  if (f.idFormaPago !== undefined) y.push(eb("pago.id_forma_pago", "=", f.idFormaPago));
  return eb.and(y);
}

type FilaRecuento = {
  num_cargos: number;
  importe: string | number;
  ya_existian: number;
  socios: number[];
  nuevos: number;
  importe_nuevos: string | number;
};

/** One product's emission, counted (cents). */
export type RecuentoEmision = {
  numCargos: number;
  importe: number;
  yaExistian: number;
  nuevos: number;
  importeNuevos: number;
  /** The members who get any charge of it (new or not). */
  socios: number[];
};

function aRecuento(f: FilaRecuento | undefined): RecuentoEmision {
  if (!f) throw new Error("la emisión no ha devuelto su recuento");
  return {
    numCargos: Number(f.num_cargos),
    importe: Number(f.importe),
    yaExistian: Number(f.ya_existian),
    nuevos: Number(f.nuevos),
    importeNuevos: Number(f.importe_nuevos),
    socios: f.socios.map(Number),
  };
}

function aFilaInsercion(p: NuevoPago) {
  return {
    id_socio: p.idSocio,
    id_pagador: p.idPagador,
    id_producto: p.idProducto,
    anyo: p.anyo,
    concepto: p.concepto,
    importe: p.importe,
    fecha_emision: p.fechaEmision,
    fecha_vencimiento: p.fechaVencimiento,
    plazo: p.plazo,
    plazos: p.plazos,
    clave_emision: p.claveEmision,
    estado: "pendiente" as const,
  };
}

export class PagosRepository {
  constructor(private readonly db: Database) {}

  /** Whether an answer read now may be kept for the version of the data (db/version-datos). */
  versionDatosQuieta(): Promise<boolean> {
    return versionDatosQuieta(this.db);
  }

  /** Runs `fn` in one transaction (the caller's own, when it already runs in one: the demo seed). */
  transaccion<T>(fn: (repo: PagosRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new PagosRepository(trx)));
  }

  /** The treasury's book, in this repository's transaction (its automatic movements). */
  tesoreria(): TesoreriaRepository {
    return new TesoreriaRepository(this.db);
  }

  private desde() {
    return this.db
      .selectFrom("pago")
      .innerJoin("socio as s", "s.id", "pago.id_socio")
      .innerJoin("socio as pg", "pg.id", "pago.id_pagador");
  }

  private seleccion() {
    return this.desde()
      .leftJoin("producto", "producto.id", "pago.id_producto")
      .leftJoin("forma_pago", "forma_pago.id", "pago.id_forma_pago")
      .select([
        "pago.id as id",
        "pago.id_socio as idSocio",
        "pago.id_pagador as idPagador",
        "pago.id_producto as idProducto",
        "pago.anyo as anyo",
        "pago.concepto as concepto",
        "pago.importe as importe",
        "pago.fecha_emision as fechaEmision",
        "pago.fecha_vencimiento as fechaVencimiento",
        "pago.estado as estado",
        "pago.fecha_pago as fechaPago",
        "pago.id_forma_pago as idFormaPago",
        "pago.referencia as referencia",
        "pago.id_remesa as idRemesa",
        "pago.plazo as plazo",
        "pago.plazos as plazos",
        "pago.id_pago_origen as idPagoOrigen",
        "pago.motivo_anulacion as motivoAnulacion",
        "pago.motivo_devolucion as motivoDevolucion",
        "pago.fecha_devolucion as fechaDevolucion",
        "s.nombre as socioNombre",
        "s.apellidos as socioApellidos",
        "s.matricula as socioMatricula",
        "s.nif as socioNif",
        "pg.nombre as pagadorNombre",
        "pg.apellidos as pagadorApellidos",
        "producto.nombre as productoNombre",
        "producto.tipo as productoTipo",
        "forma_pago.nombre as formaPagoNombre",
      ]);
  }

  async listar(
    filtros: FiltrosPagos & { sort: string },
    pagina?: { page: number; pageSize: number },
  ): Promise<PagoFila[]> {
    let consulta = orden(filtros.sort).reduce(
      (q, termino) => q.orderBy(termino),
      this.seleccion().where((eb) => condiciones(eb, filtros)),
    );
    if (pagina) {
      consulta = consulta.limit(pagina.pageSize).offset((pagina.page - 1) * pagina.pageSize);
    }
    return (await consulta.execute()) as PagoFila[];
  }

  /** Count and sums (cents) of the whole filtered set, computed by the database. */
  async totales(filtros: FiltrosPagos): Promise<Totales> {
    const fila = await this.desde()
      .select([
        sql<number>`count(*)`.as("total"),
        sql<number>`coalesce(sum(pago.importe), 0)`.as("importe"),
        sql<number>`coalesce(sum(pago.importe) filter (where ${pagoPorCobrar}), 0)`.as("pendiente"),
        sql<number>`coalesce(sum(pago.importe) filter (where pago.estado = 'pagado'), 0)`.as(
          "pagado",
        ),
      ])
      .where((eb) => condiciones(eb, filtros))
      .executeTakeFirstOrThrow();
    return {
      total: Number(fila.total),
      importe: Number(fila.importe),
      pendiente: Number(fila.pendiente),
      pagado: Number(fila.pagado),
    };
  }

  /**
   * Charges where the member is the debtor or the payer: unpaid first, then by due date. With
   * `pendientes`, only the unpaid ones (pending or returned): what the member's home shows, a
   * few rows whatever the years of history (found among the member's own charges by
   * `pago_socio_producto_idx` and `pago_pagador_idx`: no index on `estado`, which would end the
   * HOT updates of collecting, migration 0051). With `historial`, only the settled ones (paid or
   * cancelled), the latest due first: «Mis pagos» reads them a page at a time (issue 51: ten
   * years of a family are hundreds).
   */
  async mios(
    idSocio: number,
    pagina: { page: number; pageSize: number; pendientes?: boolean; historial?: boolean },
  ): Promise<{ items: PagoFila[]; total: number; pendiente: number }> {
    const suyo = (eb: Donde) =>
      eb.or([eb("pago.id_socio", "=", idSocio), eb("pago.id_pagador", "=", idSocio)]);
    const mio = (eb: Donde) => {
      if (pagina.pendientes) return eb.and([suyo(eb), pagoPorCobrar]);
      if (pagina.historial) return eb.and([suyo(eb), eb.not(pagoPorCobrar)]);
      return suyo(eb);
    };
    const pedidos = this.seleccion().where(mio);
    const ordenados = pagina.historial
      ? pedidos.orderBy("pago.fecha_vencimiento", "desc").orderBy("pago.id", "desc")
      : pedidos
          .orderBy(sql`case when ${pagoPorCobrar} then 0 else 1 end`)
          .orderBy("pago.fecha_vencimiento")
          .orderBy("pago.id");
    const [items, cuenta] = await Promise.all([
      ordenados
        .limit(pagina.pageSize)
        .offset((pagina.page - 1) * pagina.pageSize)
        .execute(),
      // What I owe is always all of it; the history counts its own rows alone.
      this.desde()
        .select([
          pagina.historial
            ? sql<number>`count(*) filter (where not ${pagoPorCobrar})`.as("total")
            : sql<number>`count(*)`.as("total"),
          sql<number>`coalesce(sum(pago.importe) filter (where ${pagoPorCobrar}), 0)`.as(
            "pendiente",
          ),
        ])
        .where(pagina.historial ? suyo : mio)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: items as PagoFila[],
      total: Number(cuenta.total),
      pendiente: Number(cuenta.pendiente),
    };
  }

  async porId(id: number): Promise<PagoFila | undefined> {
    return (await this.seleccion().where("pago.id", "=", id).executeTakeFirst()) as
      | PagoFila
      | undefined;
  }

  /** Locks the charges being changed, so two payments of one charge cannot both succeed. */
  async bloquear(ids: number[]) {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom("pago")
      .select([
        "id",
        "estado",
        "importe",
        "id_remesa",
        "id_adeudo",
        "motivo_devolucion",
        "fecha_devolucion",
      ])
      .where("id", "in", ids)
      .orderBy("id")
      .forUpdate()
      .execute();
  }

  async socio(id: number) {
    return this.db
      .selectFrom("socio")
      .select(["id", "id_pagador"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async producto(id: number) {
    return this.db
      .selectFrom("producto")
      .select(["id", "nombre", "tipo", "anyo", "activo"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async productos(ids: number[]) {
    if (ids.length === 0) return [];
    const [productos, precios] = await Promise.all([
      this.db
        .selectFrom("producto")
        .select((eb) => [
          "id",
          "nombre",
          "tipo",
          "anyo",
          "precio",
          "activo",
          eb
            .exists(
              eb
                .selectFrom("loteria")
                .select("loteria.id")
                .whereRef("loteria.id_producto", "=", "producto.id"),
            )
            .as("deLoteria"),
        ])
        .where("id", "in", ids)
        .execute(),
      this.db
        .selectFrom("producto_precio")
        .select(["id_producto", "id_tipo_socio", "precio"])
        .where("id_producto", "in", ids)
        .execute(),
    ]);
    return productos.map((p) => ({
      ...p,
      precio: Number(p.precio),
      preciosPorTipo: new Map(
        precios
          .filter((x) => x.id_producto === p.id)
          .map((x) => [x.id_tipo_socio, Number(x.precio)] as const),
      ),
    }));
  }

  async existeFormaPago(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("forma_pago")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  /** Every active member, as the emission rules need them (one query). */
  async sociosParaEmision(): Promise<SocioEmision[]> {
    const filas = await this.db
      .selectFrom("socio")
      .select([
        "id",
        "id_tipo_socio",
        "id_pagador",
        "tipo_pago",
        "pagar_derrama",
        "importe_derrama",
        "anyo_derrama",
        "anyos_pago_derrama",
        "ramell",
        "tipo_pago_ramell",
      ])
      .where("activo", "=", true)
      .orderBy("id")
      .execute();
    return filas.map((f) => ({
      id: f.id,
      idTipoSocio: f.id_tipo_socio,
      idPagador: f.id_pagador,
      tipoPago: f.tipo_pago as TipoPago,
      pagarDerrama: f.pagar_derrama as SiNo,
      importeDerramaCentimos: Number(f.importe_derrama),
      anyoDerrama: f.anyo_derrama ?? 0,
      anyosPagoDerrama: f.anyos_pago_derrama,
      ramell: f.ramell as SiNo,
      tipoPagoRamell: f.tipo_pago_ramell as TipoPagoRamell,
    }));
  }

  /** "idProducto:idSocio" of the pairs that already have emitted charges. */
  async paresEmitidos(idsProducto: number[]): Promise<Set<string>> {
    if (idsProducto.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("pago")
      .select(["id_producto", "id_socio"])
      .distinct()
      .where("id_producto", "in", idsProducto)
      .where("clave_emision", "is not", null)
      .execute();
    return new Set(filas.map((f) => `${f.id_producto}:${f.id_socio}`));
  }

  /**
   * The charges an emission of `anyo` gives every active member for one product, computed by the
   * database (no row comes to Node): the rules of `cargosDeEmision` (@fila/domain) written in
   * SQL, with the same cents, concepts, due dates and keys (`pagos.emision.test.ts` compares the
   * two). One row per charge: `existe` when the member already has emitted charges of the
   * product (the pair is skipped whole).
   */
  private cargosDeProducto(p: { id: number; tipo: TipoProducto }, anyo: number) {
    const precio = sql`coalesce(pp.precio, pr.precio)`;
    const plazosCuota = sql.join(
      Object.entries(PLAZOS_POR_TIPO_PAGO).map(
        ([tipo, n]) => sql`when ${sql.lit(tipo)} then ${sql.lit(n)}`,
      ),
      sql` `,
    );
    // Per kind: who gets it, the total in cents, in how many instalments, and which of them
    // (the levy only that year's one).
    const regla = {
      cuota: {
        condicion: sql`${precio} > 0`,
        total: precio,
        plazos: sql`case s.tipo_pago ${plazosCuota} end`,
        desde: sql`1`,
      },
      ramell: {
        condicion: sql`s.ramell = 'si' and ${precio} > 0`,
        total: precio,
        plazos: sql`case when s.tipo_pago_ramell = 'fraccionado'
          then ${sql.lit(PLAZOS_RAMELL_FRACCIONADO)} else 1 end`,
        desde: sql`1`,
      },
      derrama: {
        condicion: sql`s.pagar_derrama = 'si' and s.importe_derrama > 0
          and s.anyos_pago_derrama >= 1
          and ${anyo}::integer - coalesce(s.anyo_derrama, 0)
            between 0 and s.anyos_pago_derrama - 1`,
        total: sql`s.importe_derrama`,
        plazos: sql`s.anyos_pago_derrama`,
        desde: sql`${anyo}::integer - coalesce(s.anyo_derrama, 0) + 1`,
      },
      unico: { condicion: sql`${precio} > 0`, total: precio, plazos: sql`1`, desde: sql`1` },
    };
    const r =
      p.tipo === "cuota" || p.tipo === "ramell" || p.tipo === "derrama"
        ? regla[p.tipo]
        : regla.unico;
    const derrama = p.tipo === "derrama";
    // The levy is one instalment of a total spread over years: its only charge of the year is
    // due on 1 January and named by its year; the others spread over the months.
    const hasta = derrama ? sql`t.desde` : sql`t.plazos`;
    const mes = derrama ? sql`1` : sql`(g.plazo - 1) * 12 / t.plazos + 1`;
    const etiqueta = derrama ? "año" : "plazo";
    return sql<{ existe: boolean }>`
      select c.* from (
        select s.id as id_socio, coalesce(s.id_pagador, s.id) as id_pagador, g.plazo,
          t.plazos,
          -- repartirEnPlazos: the leftover cents go to the first instalments
          t.total / t.plazos + case when g.plazo - 1 < t.total % t.plazos then 1 else 0 end
            as importe,
          case when t.plazos > 1
            then pr.nombre || ${` (${etiqueta} `} || g.plazo || '/' || t.plazos || ')'
            else pr.nombre end as concepto,
          make_date(${anyo}::integer, (${mes})::integer, 1) as fecha_vencimiento,
          pr.tipo || ':' || pr.id || ':' || s.id || ':' || g.plazo as clave_emision,
          -- not correlated: one hashed look-up, not a scan per row
          s.id in (select e.id_socio from pago e
            where e.id_producto = ${p.id}::integer and e.clave_emision is not null) as existe
        from socio s
        join producto pr on pr.id = ${p.id}
        left join producto_precio pp on pp.id_producto = pr.id and pp.id_tipo_socio = s.id_tipo_socio
        cross join lateral (
          select ${r.total}::bigint as total, (${r.plazos})::integer as plazos,
            (${r.desde})::integer as desde
        ) t
        cross join lateral generate_series(t.desde, ${hasta}) as g(plazo)
        where s.activo and ${r.condicion}
      ) c
      where c.importe > 0
    `;
  }

  /**
   * Emits (or, with `insertar` false, only counts) one product's charges of `anyo` in one
   * statement: computed and inserted by the database, in member and instalment order, skipping
   * the members who already have emitted charges of it. Answers the counts of the emission and
   * the members who get any charge.
   */
  async emitirProducto(
    p: { id: number; tipo: TipoProducto },
    anyo: number,
    fechaEmision: string,
    insertar: boolean,
  ): Promise<RecuentoEmision> {
    const cargos = this.cargosDeProducto(p, anyo);
    const recuento = (creados: RawBuilder<unknown>) => sql<FilaRecuento>`
      select
        (select count(*)::integer from cargos) as num_cargos,
        (select coalesce(sum(importe), 0)::bigint from cargos) as importe,
        (select count(*)::integer from cargos where existe) as ya_existian,
        (select coalesce(array_agg(distinct id_socio), '{}') from cargos) as socios,
        ${creados}
    `;
    if (!insertar) {
      const { rows } = await sql<FilaRecuento>`
        with cargos as (${cargos})
        ${recuento(sql`(select count(*)::integer from cargos where not existe) as nuevos,
          (select coalesce(sum(importe), 0)::bigint from cargos where not existe)
            as importe_nuevos`)}
      `.execute(this.db);
      return aRecuento(rows[0]);
    }
    const emitir = (siYaExiste: RawBuilder<unknown>) =>
      sql<FilaRecuento>`
        with cargos as materialized (${cargos}),
        creados as (
          insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe,
            fecha_emision, fecha_vencimiento, plazo, plazos, clave_emision)
          select id_socio, id_pagador, ${p.id}::integer, ${anyo}::integer, concepto, importe,
            ${fechaEmision}::date, fecha_vencimiento, plazo, plazos, clave_emision
          from cargos where not existe
          order by id_socio, plazo
          ${siYaExiste}
          returning importe
        )
        ${recuento(sql`(select count(*)::integer from creados) as nuevos,
          (select coalesce(sum(importe), 0)::bigint from creados) as importe_nuevos`)}
      `.execute(this.db);
    // The member-product pairs already emitted were left out, so a clash means another
    // emission is running at the same time: only then the slower ON CONFLICT insert (each row
    // a speculative insertion), after undoing the statement to a savepoint (of the emission's
    // transaction: `emitir` always calls this inside one).
    await sql`savepoint emision`.execute(this.db);
    let resultado: Awaited<ReturnType<typeof emitir>>;
    try {
      resultado = await emitir(sql``);
    } catch (error) {
      if ((error as { constraint?: string }).constraint !== "pago_clave_emision_uq") throw error;
      await sql`rollback to savepoint emision`.execute(this.db);
      resultado = await emitir(sql`on conflict (clave_emision) do nothing`);
    }
    await sql`release savepoint emision`.execute(this.db);
    return aRecuento(resultado.rows[0]);
  }

  async insertar(
    p: NuevoPago & { estado?: EstadoPago; idPagoOrigen?: number | null } & Partial<{
        fechaPago: string;
        idFormaPago: number;
        referencia: string;
      }>,
  ): Promise<number> {
    const fila = await this.db
      .insertInto("pago")
      .values({
        ...aFilaInsercion(p),
        estado: p.estado ?? "pendiente",
        id_pago_origen: p.idPagoOrigen ?? null,
        fecha_pago: p.fechaPago ?? null,
        id_forma_pago: p.idFormaPago ?? null,
        referencia: p.referencia ?? "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async marcarPagados(
    ids: number[],
    cobro: { fecha: string; idFormaPago: number; referencia: string },
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable("pago")
      .set({
        estado: "pagado",
        fecha_pago: cobro.fecha,
        id_forma_pago: cobro.idFormaPago,
        referencia: cobro.referencia,
        actualizado_en: new Date(),
      })
      .where("id", "in", ids)
      .execute();
  }

  async reducirImporte(id: number, nuevoImporte: number): Promise<void> {
    await this.db
      .updateTable("pago")
      .set({ importe: nuevoImporte, actualizado_en: new Date() })
      .where("id", "=", id)
      .execute();
  }

  async anular(id: number, motivo: string): Promise<void> {
    await this.db
      .updateTable("pago")
      .set({ estado: "anulado", motivo_anulacion: motivo, actualizado_en: new Date() })
      .where("id", "=", id)
      .execute();
  }

  /** Returned charges back to pending and out of their remittance (it keeps its debit row). */
  async reactivar(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable("pago")
      .set({
        estado: "pendiente",
        id_remesa: null,
        id_adeudo: null,
        motivo_devolucion: "",
        fecha_devolucion: null,
        actualizado_en: new Date(),
      })
      .where("id", "in", ids)
      .where("estado", "=", "devuelto")
      .execute();
  }

  async asociacion() {
    return this.db
      .selectFrom("asociacion")
      .select(["nombre", "cif", "direccion", "cod_postal", "poblacion", "provincia", "logo"])
      .orderBy("id")
      .executeTakeFirst();
  }

  auditar(entrada: Omit<EntradaAuditoria, "entidad">, entidad = "pago"): Promise<void> {
    return registrarAuditoria(this.db, { ...entrada, entidad });
  }
}
