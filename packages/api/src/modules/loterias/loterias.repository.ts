import type {
  EstadoPago,
  ExportParticipacionesQuery,
  ListaLoteriasQuery,
  ListaParticipacionesQuery,
  ListaTalonariosQuery,
  RangoSeries,
} from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type {
  DB,
  EstadoParticipacionFila,
  LiquidadoPor,
  LoteriaNumeroTable,
} from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

/** A lottery as stored (cents), with its numbers. */
export type LoteriaFila = {
  id: number;
  nombre: string;
  sorteo: string;
  fecha_sorteo: string;
  fecha_limite_devolucion: string;
  precio_decimo: number;
  importe_jugado: number;
  donativo: number;
  autorizacion_recargo: string;
  id_producto: number;
  premios_anotados: boolean;
  liquidacion_automatica_en: Date | null;
  numeros: LoteriaNumeroTable[];
};

export type DatosLoteria = Omit<
  LoteriaFila,
  "id" | "id_producto" | "premios_anotados" | "liquidacion_automatica_en" | "numeros"
> & { numeros: { numero: string; decimos: number }[] };

/** What the counters of a lottery add up (counts and cents). */
export type RecuentoLoteria = {
  emitidas: number;
  asignadas: number;
  vendidas: number;
  devueltas: number;
  anuladas: number;
  digitales: number;
  validas: number;
  /** Valid participations of talonarios still unsettled. */
  pendientes: number;
  importeJugadoLiquidado: number;
  donativos: number;
  importeCobrado: number;
  premiosPagados: number;
};

const RECUENTO_VACIO: RecuentoLoteria = {
  emitidas: 0,
  asignadas: 0,
  vendidas: 0,
  devueltas: 0,
  anuladas: 0,
  digitales: 0,
  validas: 0,
  pendientes: 0,
  importeJugadoLiquidado: 0,
  donativos: 0,
  importeCobrado: 0,
  premiosPagados: 0,
};

/** A talonario as listed, with its holder, counts and charge. */
export type TalonarioFila = {
  id: number;
  id_loteria: number;
  serie_desde: number;
  serie_hasta: number;
  id_socio: number | null;
  socio_nombre: string | null;
  socio_apellidos: string | null;
  /** Who pays for the holder (the holder when nobody does). */
  id_pagador: number | null;
  liquidado_en: Date | null;
  liquidado_por: LiquidadoPor | null;
  vendidas: number;
  importe_jugado: number;
  donativo: number;
  id_pago: number | null;
  estado_pago: EstadoPago | null;
  importe_pago: number | null;
  devueltas: number;
  anuladas: number;
  digitales: number;
};

/** The serials of a talonario by class (what the settlement and annulment rules read). */
export type SeriesTalonario = { anuladas: number[]; digitales: number[]; devueltas: number[] };

export type ParticipacionFila = {
  id: number;
  id_loteria: number;
  id_talonario: number;
  serie: number;
  estado: EstadoParticipacionFila;
  motivo_anulacion: string;
  digital: boolean;
  comprador_nombre: string;
  comprador_email: string;
  comprador_telefono: string;
  premio_pagado_en: Date | null;
  premio_bruto: number | null;
  premio_retencion: number | null;
};

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNAS_LOTERIA = [
  "loteria.id",
  "loteria.nombre",
  "loteria.sorteo",
  "loteria.fecha_sorteo",
  "loteria.fecha_limite_devolucion",
  "loteria.precio_decimo",
  "loteria.importe_jugado",
  "loteria.donativo",
  "loteria.autorizacion_recargo",
  "loteria.id_producto",
  "loteria.premios_anotados",
  "loteria.liquidacion_automatica_en",
] as const;

const COLUMNAS_PARTICIPACION = [
  "p.id",
  "p.id_loteria",
  "p.id_talonario",
  "p.serie",
  "p.estado",
  "p.motivo_anulacion",
  "p.digital",
  "p.comprador_nombre",
  "p.comprador_email",
  "p.comprador_telefono",
  "p.premio_pagado_en",
  "p.premio_bruto",
  "p.premio_retencion",
] as const;

type TablasTalonario = DB & { t: DB["loteria_talonario"]; s: DB["socio"] };

/** The lottery, its talonarios, participations and prizes (issue 46), on one connection. */
export class LoteriasRepository {
  constructor(readonly db: Database) {}

  transaccion<T>(fn: (repo: LoteriasRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new LoteriasRepository(trx)));
  }

  private async conNumeros(filas: Omit<LoteriaFila, "numeros">[]): Promise<LoteriaFila[]> {
    if (filas.length === 0) return [];
    const numeros = await this.db
      .selectFrom("loteria_numero")
      .selectAll()
      .where(
        "id_loteria",
        "in",
        filas.map((f) => f.id),
      )
      .orderBy("id_loteria")
      .orderBy("numero")
      .execute();
    return filas.map((f) => ({ ...f, numeros: numeros.filter((n) => n.id_loteria === f.id) }));
  }

  /**
   * The lottery, or undefined. With `bloquear`, its row is locked (`FOR UPDATE`) until the
   * transaction ends: every change of its cap (talonarios, digital participations, décimos)
   * takes this lock first, so two of them never count the same free participations.
   */
  async loteria(id: number, bloquear = false): Promise<LoteriaFila | undefined> {
    let consulta = this.db.selectFrom("loteria").select(COLUMNAS_LOTERIA).where("id", "=", id);
    if (bloquear) consulta = consulta.forUpdate();
    const fila = await consulta.executeTakeFirst();
    return fila ? (await this.conNumeros([fila]))[0] : undefined;
  }

  /** A page of the lotteries `q` finds (every one without `page`/`pageSize`: the file). */
  async listar(
    query: Pick<ListaLoteriasQuery, "q"> & Partial<Pick<ListaLoteriasQuery, "page" | "pageSize">>,
  ): Promise<{ items: LoteriaFila[]; total: number }> {
    const donde = (eb: ExpressionBuilder<DB, "loteria">): Expression<SqlBool> =>
      query.q ? eb("loteria.nombre", "ilike", `%${escaparLike(query.q)}%`) : eb.and([]);
    const { page, pageSize } = query;
    const [filas, cuenta] = await Promise.all([
      this.db
        .selectFrom("loteria")
        .select(COLUMNAS_LOTERIA)
        .where(donde)
        .orderBy("fecha_sorteo", "desc")
        .orderBy("id", "desc")
        .$if(page !== undefined && pageSize !== undefined, (qb) =>
          qb.limit(pageSize ?? 0).offset(((page ?? 1) - 1) * (pageSize ?? 0)),
        )
        .execute(),
      this.db
        .selectFrom("loteria")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(donde)
        .executeTakeFirst(),
    ]);
    return { items: await this.conNumeros(filas), total: Number(cuenta?.n ?? 0) };
  }

  /** The counts and sums of each lottery (absent ones: zeros). */
  async recuentos(ids: number[]): Promise<Map<number, RecuentoLoteria>> {
    const resultado = new Map<number, RecuentoLoteria>();
    if (ids.length === 0) return resultado;
    for (const id of ids) resultado.set(id, { ...RECUENTO_VACIO });
    const [participaciones, talonarios] = await Promise.all([
      sql<{
        id_loteria: number;
        emitidas: number;
        asignadas: number;
        vendidas: number;
        devueltas: number;
        anuladas: number;
        digitales: number;
        validas: number;
        pendientes: number;
        premios_pagados: number;
      }>`
        select p.id_loteria,
          count(*)::integer as emitidas,
          count(*) filter (where t.id_socio is not null)::integer as asignadas,
          count(*) filter (where p.estado = 'valida'
            and (t.liquidado_en is not null or p.digital))::integer as vendidas,
          count(*) filter (where p.estado = 'devuelta')::integer as devueltas,
          count(*) filter (where p.estado = 'anulada')::integer as anuladas,
          count(*) filter (where p.digital)::integer as digitales,
          count(*) filter (where p.estado = 'valida')::integer as validas,
          count(*) filter (where p.estado = 'valida' and t.liquidado_en is null)::integer
            as pendientes,
          coalesce(sum(p.premio_bruto), 0)::bigint as premios_pagados
        from loteria_participacion p
        join loteria_talonario t on t.id = p.id_talonario
        where p.id_loteria in (${sql.join(ids)})
        group by p.id_loteria
      `.execute(this.db),
      sql<{
        id_loteria: number;
        importe_jugado: number;
        donativo: number;
        cobrado: number;
      }>`
        select t.id_loteria,
          coalesce(sum(t.importe_jugado), 0)::bigint as importe_jugado,
          coalesce(sum(t.donativo), 0)::bigint as donativo,
          coalesce(sum(pg.importe) filter (where pg.estado = 'pagado'), 0)::bigint as cobrado
        from loteria_talonario t
        left join pago pg on pg.id = t.id_pago
        where t.id_loteria in (${sql.join(ids)})
        group by t.id_loteria
      `.execute(this.db),
    ]);
    for (const f of participaciones.rows) {
      const r = resultado.get(f.id_loteria);
      if (!r) continue;
      Object.assign(r, {
        emitidas: f.emitidas,
        asignadas: f.asignadas,
        vendidas: f.vendidas,
        devueltas: f.devueltas,
        anuladas: f.anuladas,
        digitales: f.digitales,
        validas: f.validas,
        pendientes: f.pendientes,
        premiosPagados: Number(f.premios_pagados),
      });
    }
    for (const f of talonarios.rows) {
      const r = resultado.get(f.id_loteria);
      if (!r) continue;
      r.importeJugadoLiquidado = Number(f.importe_jugado);
      r.donativos = Number(f.donativo);
      r.importeCobrado = Number(f.cobrado);
    }
    return resultado;
  }

  /** Participations that count against the cap: all issued but the returned ones. */
  async enCupo(idLoteria: number): Promise<number> {
    const fila = await this.db
      .selectFrom("loteria_participacion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_loteria", "=", idLoteria)
      .where("estado", "<>", "devuelta")
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  async ultimaSerie(idLoteria: number): Promise<number> {
    const fila = await this.db
      .selectFrom("loteria_talonario")
      .select((eb) => eb.fn.max("serie_hasta").as("n"))
      .where("id_loteria", "=", idLoteria)
      .executeTakeFirst();
    return Number(fila?.n ?? 0);
  }

  // --- The product of the lottery ---------------------------------------------------------

  /** The product of that year and name (case-insensitive), with whether it may be reused. */
  async productoConNombre(anyo: number, nombre: string) {
    const fila = await this.db
      .selectFrom("producto")
      .select((eb) => [
        "producto.id",
        "producto.tipo",
        "producto.precio",
        eb
          .exists(
            eb
              .selectFrom("producto_precio")
              .select("id")
              .whereRef("id_producto", "=", "producto.id"),
          )
          .as("con_precios"),
        eb
          .exists(eb.selectFrom("pago").select("id").whereRef("id_producto", "=", "producto.id"))
          .as("con_cargos"),
        eb
          .exists(eb.selectFrom("loteria").select("id").whereRef("id_producto", "=", "producto.id"))
          .as("con_loteria"),
      ])
      .where("anyo", "=", anyo)
      .where(sql<boolean>`lower(nombre) = lower(${nombre})`)
      .executeTakeFirst();
    return fila;
  }

  async crearProducto(datos: { nombre: string; anyo: number; descripcion: string }) {
    const fila = await this.db
      .insertInto("producto")
      .values({ ...datos, tipo: "loteria", precio: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  // --- The lottery --------------------------------------------------------------------------

  async crear(datos: DatosLoteria, idProducto: number): Promise<number> {
    const { numeros, ...loteria } = datos;
    const fila = await this.db
      .insertInto("loteria")
      .values({ ...loteria, id_producto: idProducto })
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.ponerNumeros(fila.id, numeros);
    return fila.id;
  }

  async actualizar(id: number, datos: DatosLoteria): Promise<void> {
    const { numeros, ...loteria } = datos;
    await this.db.updateTable("loteria").set(loteria).where("id", "=", id).execute();
    await this.ponerNumeros(id, numeros);
  }

  /** The numbers held: new ones added, missing ones removed, décimos updated (prizes kept). */
  private async ponerNumeros(id: number, numeros: DatosLoteria["numeros"]): Promise<void> {
    await this.db
      .deleteFrom("loteria_numero")
      .where("id_loteria", "=", id)
      .where(
        "numero",
        "not in",
        numeros.map((n) => n.numero),
      )
      .execute();
    await this.db
      .insertInto("loteria_numero")
      .values(numeros.map((n) => ({ id_loteria: id, numero: n.numero, decimos: n.decimos })))
      .onConflict((oc) =>
        oc
          .columns(["id_loteria", "numero"])
          .doUpdateSet((eb) => ({ decimos: eb.ref("excluded.decimos") })),
      )
      .execute();
  }

  async ponerPremios(id: number, premios: Map<string, number>): Promise<void> {
    const numeros = await this.db
      .selectFrom("loteria_numero")
      .select("numero")
      .where("id_loteria", "=", id)
      .execute();
    for (const { numero } of numeros) {
      await this.db
        .updateTable("loteria_numero")
        .set({ premio_decimo: premios.get(numero) ?? 0 })
        .where("id_loteria", "=", id)
        .where("numero", "=", numero)
        .execute();
    }
    await this.db
      .updateTable("loteria")
      .set({ premios_anotados: true })
      .where("id", "=", id)
      .execute();
  }

  // --- Talonarios -------------------------------------------------------------------------

  /** New talonarios and one participation row per serial, in two statements. */
  async crearTalonarios(
    idLoteria: number,
    rangos: RangoSeries[],
    idSocio: number | null,
  ): Promise<number[]> {
    const filas = await this.db
      .insertInto("loteria_talonario")
      .values(
        rangos.map((r) => ({
          id_loteria: idLoteria,
          serie_desde: r.serieDesde,
          serie_hasta: r.serieHasta,
          id_socio: idSocio,
        })),
      )
      .returning("id")
      .execute();
    const ids = filas.map((f) => f.id);
    await sql`
      insert into loteria_participacion (id_loteria, id_talonario, serie)
      select t.id_loteria, t.id, g.serie
      from loteria_talonario t
      cross join lateral generate_series(t.serie_desde, t.serie_hasta) as g(serie)
      where t.id in (${sql.join(ids)})
      order by g.serie
    `.execute(this.db);
    return ids;
  }

  private talonarios() {
    return this.db
      .selectFrom("loteria_talonario as t")
      .leftJoin("socio as s", "s.id", "t.id_socio")
      .leftJoin("pago", "pago.id", "t.id_pago")
      .select((eb) => [
        "t.id",
        "t.id_loteria",
        "t.serie_desde",
        "t.serie_hasta",
        "t.id_socio",
        "s.nombre as socio_nombre",
        "s.apellidos as socio_apellidos",
        sql<number | null>`coalesce(s.id_pagador, s.id)`.as("id_pagador"),
        "t.liquidado_en",
        "t.liquidado_por",
        "t.vendidas",
        "t.importe_jugado",
        "t.donativo",
        "t.id_pago",
        "pago.estado as estado_pago",
        "pago.importe as importe_pago",
        ...(["devuelta", "anulada"] as const).map((estado) =>
          eb
            .selectFrom("loteria_participacion as p")
            .select(sql<number>`count(*)::integer`.as("n"))
            .whereRef("p.id_talonario", "=", "t.id")
            .where("p.estado", "=", estado)
            .$asScalar()
            .as(estado === "devuelta" ? "devueltas" : "anuladas"),
        ),
        eb
          .selectFrom("loteria_participacion as p")
          .select(sql<number>`count(*)::integer`.as("n"))
          .whereRef("p.id_talonario", "=", "t.id")
          .where("p.digital", "=", true)
          .$asScalar()
          .as("digitales"),
      ]);
  }

  private filtrosTalonarios(
    eb: ExpressionBuilder<TablasTalonario, "t" | "s">,
    idLoteria: number,
    f: Pick<ListaTalonariosQuery, "estado" | "idSocio" | "q">,
  ): Expression<SqlBool> {
    const y: Expression<SqlBool>[] = [eb("t.id_loteria", "=", idLoteria)];
    if (f.estado === "pendiente") y.push(eb("t.liquidado_en", "is", null));
    if (f.estado === "liquidado") y.push(eb("t.liquidado_en", "is not", null));
    if (f.idSocio !== undefined) y.push(eb("t.id_socio", "=", f.idSocio));
    if (f.q) {
      const patron = `%${escaparLike(f.q)}%`;
      y.push(
        eb.or([
          eb("s.nombre", "ilike", patron),
          eb("s.apellidos", "ilike", patron),
          eb(sql<string>`s.nombre || ' ' || s.apellidos`, "ilike", patron),
        ]),
      );
    }
    return eb.and(y);
  }

  async listarTalonarios(
    idLoteria: number,
    query: Pick<ListaTalonariosQuery, "estado" | "idSocio" | "q"> & {
      page?: number;
      pageSize?: number;
    },
  ): Promise<{ items: TalonarioFila[]; total: number }> {
    let consulta = this.talonarios()
      .where((eb) => this.filtrosTalonarios(eb as never, idLoteria, query))
      .orderBy("t.serie_desde");
    if (query.page !== undefined && query.pageSize !== undefined) {
      consulta = consulta.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
    }
    const [filas, cuenta] = await Promise.all([
      consulta.execute(),
      this.db
        .selectFrom("loteria_talonario as t")
        .leftJoin("socio as s", "s.id", "t.id_socio")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) => this.filtrosTalonarios(eb as never, idLoteria, query))
        .executeTakeFirst(),
    ]);
    return { items: filas as TalonarioFila[], total: Number(cuenta?.n ?? 0) };
  }

  async talonariosPorId(ids: number[]): Promise<TalonarioFila[]> {
    if (ids.length === 0) return [];
    return (await this.talonarios()
      .where("t.id", "in", ids)
      .orderBy("t.serie_desde")
      .execute()) as TalonarioFila[];
  }

  /** A talonario of that lottery; with `bloquear`, its row locked until the transaction ends. */
  async talonario(
    idLoteria: number,
    idTalonario: number,
    bloquear = false,
  ): Promise<TalonarioFila | undefined> {
    if (bloquear) {
      const fila = await this.db
        .selectFrom("loteria_talonario")
        .select("id")
        .where("id", "=", idTalonario)
        .where("id_loteria", "=", idLoteria)
        .forUpdate()
        .executeTakeFirst();
      if (!fila) return undefined;
    }
    return (await this.talonarios()
      .where("t.id", "=", idTalonario)
      .where("t.id_loteria", "=", idLoteria)
      .executeTakeFirst()) as TalonarioFila | undefined;
  }

  async seriesTalonario(idTalonario: number): Promise<SeriesTalonario> {
    const filas = await this.db
      .selectFrom("loteria_participacion")
      .select(["serie", "estado", "digital"])
      .where("id_talonario", "=", idTalonario)
      .where((eb) => eb.or([eb("estado", "<>", "valida"), eb("digital", "=", true)]))
      .orderBy("serie")
      .execute();
    return {
      anuladas: filas.filter((f) => f.estado === "anulada").map((f) => f.serie),
      devueltas: filas.filter((f) => f.estado === "devuelta").map((f) => f.serie),
      digitales: filas.filter((f) => f.digital).map((f) => f.serie),
    };
  }

  async asignar(idTalonario: number, idSocio: number | null): Promise<void> {
    await this.db
      .updateTable("loteria_talonario")
      .set({ id_socio: idSocio })
      .where("id", "=", idTalonario)
      .execute();
  }

  /**
   * Records a settlement: the talonario settled (only if it was not: false when another request
   * or the job settled it first), its returned serials `devuelta` (freeing the cap).
   */
  async liquidar(
    idTalonario: number,
    datos: {
      por: LiquidadoPor;
      vendidas: number;
      devueltas: number[];
      importeJugado: number;
      donativo: number;
      idPago: number | null;
    },
  ): Promise<boolean> {
    const fila = await this.db
      .updateTable("loteria_talonario")
      .set({
        liquidado_en: sql<Date>`now()`,
        liquidado_por: datos.por,
        vendidas: datos.vendidas,
        importe_jugado: datos.importeJugado,
        donativo: datos.donativo,
        id_pago: datos.idPago,
      })
      .where("id", "=", idTalonario)
      .where("liquidado_en", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!fila) return false;
    if (datos.devueltas.length > 0) {
      await this.db
        .updateTable("loteria_participacion")
        .set({ estado: "devuelta" })
        .where("id_talonario", "=", idTalonario)
        .where("serie", "in", datos.devueltas)
        .where("estado", "=", "valida")
        .execute();
    }
    return true;
  }

  async anular(idTalonario: number, series: number[], motivo: string): Promise<number> {
    const filas = await this.db
      .updateTable("loteria_participacion")
      .set({ estado: "anulada", motivo_anulacion: motivo })
      .where("id_talonario", "=", idTalonario)
      .where("serie", "in", series)
      .where("estado", "=", "valida")
      .where("digital", "=", false)
      .returning("id")
      .execute();
    return filas.length;
  }

  /** The talonarios still unsettled of a lottery, locked (the deadline's job). */
  async pendientes(idLoteria: number): Promise<TalonarioFila[]> {
    const ids = await this.db
      .selectFrom("loteria_talonario")
      .select("id")
      .where("id_loteria", "=", idLoteria)
      .where("liquidado_en", "is", null)
      .orderBy("serie_desde")
      .forUpdate()
      .execute();
    return this.talonariosPorId(ids.map((f) => f.id));
  }

  /** Lotteries whose deadline has passed (before `hoy`) and the job has not settled yet. */
  async porLiquidar(hoy: string): Promise<number[]> {
    const filas = await this.db
      .selectFrom("loteria")
      .select("id")
      .where("fecha_limite_devolucion", "<", hoy)
      .where("liquidacion_automatica_en", "is", null)
      .orderBy("id")
      .execute();
    return filas.map((f) => f.id);
  }

  /** Marks the lottery settled by the job; false when it already was (another instance). */
  async marcarLiquidacionAutomatica(idLoteria: number): Promise<boolean> {
    const fila = await this.db
      .updateTable("loteria")
      .set({ liquidacion_automatica_en: sql<Date>`now()` })
      .where("id", "=", idLoteria)
      .where("liquidacion_automatica_en", "is", null)
      .returning("id")
      .executeTakeFirst();
    return fila !== undefined;
  }

  /** The member's talonarios and those of the members they pay for (every lottery). */
  async deSocio(
    idSocio: number,
    page: number,
    pageSize: number,
  ): Promise<{ items: (TalonarioFila & { id_loteria: number })[]; total: number }> {
    const donde = (eb: ExpressionBuilder<TablasTalonario, "t" | "s">) =>
      eb.or([eb("t.id_socio", "=", idSocio), eb("s.id_pagador", "=", idSocio)]);
    const [filas, cuenta] = await Promise.all([
      this.talonarios()
        .innerJoin("loteria", "loteria.id", "t.id_loteria")
        .where((eb) => donde(eb as never))
        .orderBy("loteria.fecha_sorteo", "desc")
        .orderBy("t.id_loteria", "desc")
        .orderBy("t.serie_desde")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom("loteria_talonario as t")
        .innerJoin("socio as s", "s.id", "t.id_socio")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) => donde(eb as never))
        .executeTakeFirst(),
    ]);
    return { items: filas as TalonarioFila[], total: Number(cuenta?.n ?? 0) };
  }

  async loteriasPorId(ids: number[]): Promise<LoteriaFila[]> {
    if (ids.length === 0) return [];
    const filas = await this.db
      .selectFrom("loteria")
      .select(COLUMNAS_LOTERIA)
      .where("id", "in", ids)
      .execute();
    return this.conNumeros(filas);
  }

  // --- Participations --------------------------------------------------------------------

  async digitalesDe(idsTalonario: number[]): Promise<ParticipacionFila[]> {
    if (idsTalonario.length === 0) return [];
    return this.db
      .selectFrom("loteria_participacion as p")
      .select(COLUMNAS_PARTICIPACION)
      .where("p.id_talonario", "in", idsTalonario)
      .where("p.digital", "=", true)
      .orderBy("p.serie")
      .execute();
  }

  async participacion(
    idLoteria: number,
    serie: number,
    bloquear = false,
  ): Promise<ParticipacionFila | undefined> {
    let consulta = this.db
      .selectFrom("loteria_participacion as p")
      .select(COLUMNAS_PARTICIPACION)
      .where("p.id_loteria", "=", idLoteria)
      .where("p.serie", "=", serie);
    if (bloquear) consulta = consulta.forUpdate();
    return consulta.executeTakeFirst();
  }

  async participacionesDeTalonario(idTalonario: number): Promise<ParticipacionFila[]> {
    return this.db
      .selectFrom("loteria_participacion as p")
      .select(COLUMNAS_PARTICIPACION)
      .where("p.id_talonario", "=", idTalonario)
      .orderBy("p.serie")
      .execute();
  }

  private filtrosParticipaciones(
    eb: ExpressionBuilder<DB & { p: DB["loteria_participacion"] }, "p">,
    idLoteria: number,
    f: Omit<ExportParticipacionesQuery, "formato">,
    conPremio: boolean,
  ): Expression<SqlBool> {
    const y: Expression<SqlBool>[] = [eb("p.id_loteria", "=", idLoteria)];
    if (f.estado) y.push(eb("p.estado", "=", f.estado));
    if (f.digital !== undefined) y.push(eb("p.digital", "=", f.digital));
    if (f.premiadas === true) {
      y.push(conPremio ? eb("p.estado", "=", "valida") : eb.lit(false));
    }
    if (f.premiadas === false && conPremio) y.push(eb("p.estado", "<>", "valida"));
    if (f.pagadas === true) y.push(eb("p.premio_pagado_en", "is not", null));
    if (f.pagadas === false) y.push(eb("p.premio_pagado_en", "is", null));
    return eb.and(y);
  }

  /** `conPremio`: whether the valid participations of this lottery carry a prize. */
  async listarParticipaciones(
    idLoteria: number,
    query: Omit<ListaParticipacionesQuery, "page" | "pageSize"> & {
      page?: number;
      pageSize?: number;
    },
    conPremio: boolean,
  ): Promise<{ items: ParticipacionFila[]; total: number }> {
    let consulta = this.db
      .selectFrom("loteria_participacion as p")
      .select(COLUMNAS_PARTICIPACION)
      .where((eb) => this.filtrosParticipaciones(eb, idLoteria, query, conPremio))
      .orderBy("p.serie");
    if (query.page !== undefined && query.pageSize !== undefined) {
      consulta = consulta.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
    }
    const [items, cuenta] = await Promise.all([
      consulta.execute(),
      this.db
        .selectFrom("loteria_participacion as p")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) => this.filtrosParticipaciones(eb, idLoteria, query, conPremio))
        .executeTakeFirst(),
    ]);
    return { items, total: Number(cuenta?.n ?? 0) };
  }

  async marcarDigital(
    idTalonario: number,
    serie: number,
    comprador: { nombre: string; email: string; telefono: string },
    idUsuario: number,
  ): Promise<ParticipacionFila | undefined> {
    const hecho = await this.db
      .updateTable("loteria_participacion")
      .set({
        digital: true,
        comprador_nombre: comprador.nombre,
        comprador_email: comprador.email,
        comprador_telefono: comprador.telefono,
        emitida_por: idUsuario,
      })
      .where("id_talonario", "=", idTalonario)
      .where("serie", "=", serie)
      .where("estado", "=", "valida")
      .where("digital", "=", false)
      .executeTakeFirst();
    // Only a valid paper serial becomes digital (the talonario is locked: never expected).
    if (Number(hecho.numUpdatedRows) === 0) return undefined;
    return this.db
      .selectFrom("loteria_participacion as p")
      .select(COLUMNAS_PARTICIPACION)
      .where("p.id_talonario", "=", idTalonario)
      .where("p.serie", "=", serie)
      .executeTakeFirstOrThrow();
  }

  /** Records the payout once: false when it was already paid. */
  async pagarPremio(
    idParticipacion: number,
    datos: { bruto: number; retencion: number; idUsuario: number },
  ): Promise<Date | null> {
    const fila = await this.db
      .updateTable("loteria_participacion")
      .set({
        premio_pagado_en: sql<Date>`now()`,
        premio_bruto: datos.bruto,
        premio_retencion: datos.retencion,
        premio_pagado_por: datos.idUsuario,
      })
      .where("id", "=", idParticipacion)
      .where("premio_pagado_en", "is", null)
      .returning("premio_pagado_en")
      .executeTakeFirst();
    return fila?.premio_pagado_en ?? null;
  }

  // --- Others -------------------------------------------------------------------------------

  /** A member with who pays for them (the member when nobody does). */
  async socio(id: number) {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "id_pagador"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async asociacion() {
    return this.db
      .selectFrom("asociacion")
      .select(["nombre", "cif", "direccion", "cod_postal", "poblacion", "provincia"])
      .orderBy("id")
      .executeTakeFirst();
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
