import type { EstadoLineaExtracto, OrigenMovimiento, TipoCategoriaTesoreria } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import { TesoreriaRepository } from "./tesoreria.repository.js";

/** Rows per statement when many are written at once. */
const LOTE = 1000;

export type CuentaExtractoFila = {
  id: number;
  nombre: string;
  tipo: "caja" | "banco";
  iban: string;
  activo: boolean;
  fechaSaldoInicial: string;
};

export type ExtractoFila = {
  id: number;
  idCuenta: number;
  cuenta: string;
  formato: "norma43" | "camt053";
  nombreArchivo: string;
  fechaDesde: string;
  fechaHasta: string;
  saldoInicial: number;
  saldoFinal: number;
  numLineas: number;
  numConciliadas: number;
  numPendientes: number;
  numOmitidas: number;
  importadoEn: Date;
};

export type LineaExtractoFila = {
  id: number;
  idExtracto: number;
  orden: number;
  linea: number | null;
  fechaOperacion: string;
  fechaValor: string;
  importe: number;
  concepto: string;
  conceptos: string[];
  conceptoComun: string | null;
  conceptoPropio: string | null;
  documento: string | null;
  referencia1: string | null;
  referencia2: string | null;
  endToEndId: string | null;
  referenciaBanco: string | null;
  estado: EstadoLineaExtracto;
};

export type NuevaLineaExtracto = Omit<LineaExtractoFila, "id" | "idExtracto" | "estado"> & {
  huella: string;
};

export type MovimientoCandidato = {
  id: number;
  idCuenta: number;
  fecha: string;
  concepto: string;
  importe: number;
  origen: OrigenMovimiento;
  origenId: number | null;
  referencia: string;
  /** La línea del banco con la que ya está conciliado, o null. */
  idLinea: number | null;
};

export type ReglaFila = {
  id: number;
  texto: string;
  tipo: TipoCategoriaTesoreria | null;
  idCategoria: number;
  categoria: string;
  orden: number;
  activo: boolean;
};

const num = (v: unknown) => Number(v);

/** The bank statements, their lines, what they match in the book, and the category rules. */
export class ExtractosRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: ExtractosRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new ExtractosRepository(trx)));
  }

  /** The book's repository on the same connection (movements, categories, closed years). */
  tesoreria(): TesoreriaRepository {
    return new TesoreriaRepository(this.db);
  }

  /** One import or decision of an account at a time (the duplicate check and the matches). */
  async bloquearCuenta(idCuenta: number): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('tesoreria:extracto'), ${idCuenta}::integer)`.execute(
      this.db,
    );
  }

  async cuentas(): Promise<CuentaExtractoFila[]> {
    const filas = await this.db
      .selectFrom("tesoreria_cuenta")
      .select([
        "id",
        "nombre",
        "tipo",
        "iban",
        "activo",
        sql<string>`to_char(fecha_saldo_inicial, 'YYYY-MM-DD')`.as("fechaSaldoInicial"),
      ])
      .orderBy("id")
      .execute();
    return filas;
  }

  /** The account's statements whose period overlaps, with their lines' dates and fingerprints. */
  async solapados(idCuenta: number, desde: string, hasta: string) {
    const extractos = await this.db
      .selectFrom("tesoreria_extracto")
      .select([
        "id",
        sql<string>`to_char(fecha_desde, 'YYYY-MM-DD')`.as("desde"),
        sql<string>`to_char(fecha_hasta, 'YYYY-MM-DD')`.as("hasta"),
      ])
      .where("id_cuenta", "=", idCuenta)
      .where("fecha_desde", "<=", hasta)
      .where("fecha_hasta", ">=", desde)
      .orderBy("id")
      .execute();
    if (extractos.length === 0) return [];
    const lineas = await this.db
      .selectFrom("tesoreria_extracto_linea")
      .select([
        "id_extracto as idExtracto",
        sql<string>`to_char(fecha_operacion, 'YYYY-MM-DD')`.as("fecha"),
        "huella",
      ])
      .where(
        "id_extracto",
        "in",
        extractos.map((x) => x.id),
      )
      .execute();
    return extractos.map((x) => ({
      ...x,
      lineas: lineas.filter((l) => l.idExtracto === x.id),
    }));
  }

  private seleccionMovimientos() {
    return this.db
      .selectFrom("tesoreria_movimiento as m")
      .leftJoin("tesoreria_conciliacion as k", "k.id_movimiento", "m.id")
      .leftJoin("pago", (j) =>
        j.onRef("pago.id", "=", "m.origen_id").on("m.origen_tipo", "=", "cobro"),
      )
      .select([
        "m.id as id",
        "m.id_cuenta as idCuenta",
        sql<string>`to_char(m.fecha, 'YYYY-MM-DD')`.as("fecha"),
        "m.concepto as concepto",
        "m.importe as importe",
        "m.origen_tipo as origen",
        "m.origen_id as origenId",
        sql<string>`coalesce(pago.referencia, '')`.as("referencia"),
        "k.id_linea as idLinea",
      ]);
  }

  private static movimiento(f: {
    id: number;
    idCuenta: number;
    fecha: string;
    concepto: string;
    importe: number;
    origen: OrigenMovimiento;
    origenId: number | null;
    referencia: string;
    idLinea: number | null;
  }): MovimientoCandidato {
    return { ...f, importe: num(f.importe) };
  }

  /** The account's movements not matched to any bank line, dated between two days. */
  async sinConciliar(idCuenta: number, desde: string, hasta: string) {
    const filas = await this.seleccionMovimientos()
      .where("m.id_cuenta", "=", idCuenta)
      .where("k.id_linea", "is", null)
      .where("m.fecha", ">=", desde)
      .where("m.fecha", "<=", hasta)
      .orderBy("m.fecha")
      .orderBy("m.id")
      .execute();
    return filas.map(ExtractosRepository.movimiento);
  }

  async movimientosPorId(ids: number[]): Promise<MovimientoCandidato[]> {
    if (ids.length === 0) return [];
    const filas = await this.seleccionMovimientos().where("m.id", "in", ids).execute();
    return filas.map(ExtractosRepository.movimiento);
  }

  /** The movements matched to each of these lines. */
  async movimientosDeLineas(idsLinea: number[]) {
    if (idsLinea.length === 0) return [];
    const filas = await this.seleccionMovimientos()
      .where("k.id_linea", "in", idsLinea)
      .orderBy("m.id")
      .execute();
    return filas.map(ExtractosRepository.movimiento);
  }

  async reglas(soloActivas: boolean, pagina?: { page: number; pageSize: number }) {
    let q = this.db
      .selectFrom("tesoreria_regla as r")
      .innerJoin("tesoreria_categoria as c", "c.id", "r.id_categoria")
      .select([
        "r.id as id",
        "r.texto as texto",
        "r.tipo as tipo",
        "r.id_categoria as idCategoria",
        "c.nombre as categoria",
        "r.orden as orden",
        "r.activo as activo",
      ])
      .orderBy("r.orden")
      .orderBy("r.id");
    if (soloActivas) q = q.where("r.activo", "=", true);
    if (pagina) q = q.limit(pagina.pageSize).offset((pagina.page - 1) * pagina.pageSize);
    return (await q.execute()) as ReglaFila[];
  }

  async contarReglas(): Promise<number> {
    const f = await this.db
      .selectFrom("tesoreria_regla")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    return f.n;
  }

  async regla(id: number): Promise<ReglaFila | undefined> {
    const filas = (await this.reglas(false)).filter((r) => r.id === id);
    return filas[0];
  }

  async crearRegla(r: Omit<ReglaFila, "id" | "categoria">): Promise<number> {
    const f = await this.db
      .insertInto("tesoreria_regla")
      .values({
        texto: r.texto,
        tipo: r.tipo,
        id_categoria: r.idCategoria,
        orden: r.orden,
        activo: r.activo,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return f.id;
  }

  async actualizarRegla(id: number, r: Omit<ReglaFila, "id" | "categoria">): Promise<boolean> {
    const f = await this.db
      .updateTable("tesoreria_regla")
      .set({
        texto: r.texto,
        tipo: r.tipo,
        id_categoria: r.idCategoria,
        orden: r.orden,
        activo: r.activo,
      })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(f.numUpdatedRows) > 0;
  }

  async borrarRegla(id: number): Promise<boolean> {
    const f = await this.db.deleteFrom("tesoreria_regla").where("id", "=", id).executeTakeFirst();
    return Number(f.numDeletedRows) > 0;
  }

  async nombresCategorias(
    ids: number[],
  ): Promise<Map<number, { nombre: string; activo: boolean }>> {
    if (ids.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("tesoreria_categoria")
      .select(["id", "nombre", "activo"])
      .where("id", "in", ids)
      .execute();
    return new Map(filas.map((f) => [f.id, { nombre: f.nombre, activo: f.activo }]));
  }

  // ——— Statements ———

  async insertarExtracto(x: {
    idCuenta: number;
    formato: "norma43" | "camt053";
    nombreArchivo: string;
    iban: string;
    fechaDesde: string;
    fechaHasta: string;
    saldoInicial: number;
    saldoFinal: number;
    idUsuario: number;
    lineas: NuevaLineaExtracto[];
  }): Promise<{ id: number; idsLinea: Map<number, number> }> {
    const f = await this.db
      .insertInto("tesoreria_extracto")
      .values({
        id_cuenta: x.idCuenta,
        formato: x.formato,
        nombre_archivo: x.nombreArchivo,
        iban: x.iban,
        fecha_desde: x.fechaDesde,
        fecha_hasta: x.fechaHasta,
        saldo_inicial: x.saldoInicial,
        saldo_final: x.saldoFinal,
        id_usuario: x.idUsuario,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const idsLinea = new Map<number, number>();
    for (let i = 0; i < x.lineas.length; i += 1000) {
      const filas = await this.db
        .insertInto("tesoreria_extracto_linea")
        .values(
          x.lineas.slice(i, i + 1000).map((l) => ({
            id_extracto: f.id,
            orden: l.orden,
            linea: l.linea,
            fecha_operacion: l.fechaOperacion,
            fecha_valor: l.fechaValor,
            importe: l.importe,
            concepto: l.concepto,
            conceptos: JSON.stringify(l.conceptos) as unknown as string[],
            concepto_comun: l.conceptoComun,
            concepto_propio: l.conceptoPropio,
            documento: l.documento,
            referencia1: l.referencia1,
            referencia2: l.referencia2,
            end_to_end_id: l.endToEndId,
            referencia_banco: l.referenciaBanco,
            huella: l.huella,
          })),
        )
        .returning(["id", "orden"])
        .execute();
      for (const r of filas) idsLinea.set(r.orden, r.id);
    }
    return { id: f.id, idsLinea };
  }

  /** Matches a line to movements; false when one of them was already matched (another line). */
  /**
   * Matches each line to its movements in one go: the pairs written (a movement matched already
   * with another line is left out, so the caller sees which).
   */
  async conciliarVarios(pares: { idLinea: number; idMovimiento: number }[]) {
    const hechos = new Set<number>();
    for (let i = 0; i < pares.length; i += LOTE) {
      const filas = await this.db
        .insertInto("tesoreria_conciliacion")
        .values(
          pares
            .slice(i, i + LOTE)
            .map((p) => ({ id_linea: p.idLinea, id_movimiento: p.idMovimiento })),
        )
        .onConflict((oc) => oc.column("id_movimiento").doNothing())
        .returning("id_movimiento")
        .execute();
      for (const f of filas) hechos.add(f.id_movimiento);
    }
    return hechos;
  }

  /** Decides pending lines in one go: the ids decided now (one already decided is left out). */
  async decidirLineas(ids: number[], estado: EstadoLineaExtracto): Promise<Set<number>> {
    const hechas = new Set<number>();
    for (let i = 0; i < ids.length; i += LOTE) {
      const filas = await this.db
        .updateTable("tesoreria_extracto_linea")
        .set({ estado, decidido_en: sql<Date>`now()` })
        .where("id", "in", ids.slice(i, i + LOTE))
        .where("estado", "=", "pendiente")
        .returning("id")
        .execute();
      for (const f of filas) hechas.add(f.id);
    }
    return hechas;
  }

  private seleccionExtractos() {
    return this.db
      .selectFrom("tesoreria_extracto as x")
      .innerJoin("tesoreria_cuenta as c", "c.id", "x.id_cuenta")
      .select([
        "x.id as id",
        "x.id_cuenta as idCuenta",
        "c.nombre as cuenta",
        "x.formato as formato",
        "x.nombre_archivo as nombreArchivo",
        sql<string>`to_char(x.fecha_desde, 'YYYY-MM-DD')`.as("fechaDesde"),
        sql<string>`to_char(x.fecha_hasta, 'YYYY-MM-DD')`.as("fechaHasta"),
        "x.saldo_inicial as saldoInicial",
        "x.saldo_final as saldoFinal",
        "x.importado_en as importadoEn",
        sql<number>`(SELECT count(*)::int FROM tesoreria_extracto_linea l WHERE l.id_extracto = x.id)`.as(
          "numLineas",
        ),
        sql<number>`(SELECT count(*)::int FROM tesoreria_extracto_linea l WHERE l.id_extracto = x.id AND l.estado = 'conciliada')`.as(
          "numConciliadas",
        ),
        sql<number>`(SELECT count(*)::int FROM tesoreria_extracto_linea l WHERE l.id_extracto = x.id AND l.estado = 'pendiente')`.as(
          "numPendientes",
        ),
        sql<number>`(SELECT count(*)::int FROM tesoreria_extracto_linea l WHERE l.id_extracto = x.id AND l.estado = 'omitida')`.as(
          "numOmitidas",
        ),
      ]);
  }

  private static extracto(f: ExtractoFila): ExtractoFila {
    return { ...f, saldoInicial: num(f.saldoInicial), saldoFinal: num(f.saldoFinal) };
  }

  async listarExtractos(f: { idCuenta?: number; page: number; pageSize: number }) {
    let q = this.seleccionExtractos();
    let c = this.db
      .selectFrom("tesoreria_extracto as x")
      .select(sql<number>`count(*)::int`.as("n"));
    if (f.idCuenta !== undefined) {
      q = q.where("x.id_cuenta", "=", f.idCuenta);
      c = c.where("x.id_cuenta", "=", f.idCuenta);
    }
    const items = await q
      .orderBy("x.fecha_hasta", "desc")
      .orderBy("x.id", "desc")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    const { n } = await c.executeTakeFirstOrThrow();
    return { items: (items as ExtractoFila[]).map(ExtractosRepository.extracto), total: n };
  }

  async extracto(id: number, bloquear = false): Promise<ExtractoFila | undefined> {
    if (bloquear) {
      await this.db
        .selectFrom("tesoreria_extracto")
        .select("id")
        .where("id", "=", id)
        .forUpdate()
        .executeTakeFirst();
    }
    const f = await this.seleccionExtractos().where("x.id", "=", id).executeTakeFirst();
    return f ? ExtractosRepository.extracto(f as ExtractoFila) : undefined;
  }

  async lineas(idExtracto: number): Promise<LineaExtractoFila[]> {
    const filas = await this.db
      .selectFrom("tesoreria_extracto_linea")
      .select([
        "id",
        "id_extracto as idExtracto",
        "orden",
        "linea",
        sql<string>`to_char(fecha_operacion, 'YYYY-MM-DD')`.as("fechaOperacion"),
        sql<string>`to_char(fecha_valor, 'YYYY-MM-DD')`.as("fechaValor"),
        "importe",
        "concepto",
        "conceptos",
        "concepto_comun as conceptoComun",
        "concepto_propio as conceptoPropio",
        "documento",
        "referencia1",
        "referencia2",
        "end_to_end_id as endToEndId",
        "referencia_banco as referenciaBanco",
        "estado",
      ])
      .where("id_extracto", "=", idExtracto)
      .orderBy("orden")
      .execute();
    return filas.map((f) => ({ ...f, importe: num(f.importe) }));
  }

  /** The account's opening balance plus its movements up to a day (cents). */
  async saldoLibro(idCuenta: number, hasta: string): Promise<number> {
    const { rows } = await sql<{ saldo: number }>`
      SELECT c.saldo_inicial + coalesce((
        SELECT sum(m.importe) FROM tesoreria_movimiento m
        WHERE m.id_cuenta = c.id AND m.fecha <= ${hasta}::date), 0) AS saldo
      FROM tesoreria_cuenta c WHERE c.id = ${idCuenta}
    `.execute(this.db);
    return num(rows[0]?.saldo ?? 0);
  }

  /** Each active bank account with its latest statement (by its last day) and pending lines. */
  async conciliacion() {
    const { rows } = await sql<{
      idCuenta: number;
      cuenta: string;
      iban: string;
      idExtracto: number | null;
      fechaExtracto: string | null;
      saldoBanco: number | null;
      pendientes: number;
    }>`
      SELECT c.id AS "idCuenta", c.nombre AS cuenta, c.iban,
        x.id AS "idExtracto", to_char(x.fecha_hasta, 'YYYY-MM-DD') AS "fechaExtracto",
        x.saldo_final AS "saldoBanco",
        (SELECT count(*)::int FROM tesoreria_extracto_linea l
          JOIN tesoreria_extracto y ON y.id = l.id_extracto
          WHERE y.id_cuenta = c.id AND l.estado = 'pendiente') AS pendientes
      FROM tesoreria_cuenta c
      LEFT JOIN LATERAL (
        SELECT id, fecha_hasta, saldo_final FROM tesoreria_extracto
        WHERE id_cuenta = c.id ORDER BY fecha_hasta DESC, id DESC LIMIT 1
      ) x ON true
      WHERE c.tipo = 'banco' AND c.activo
      ORDER BY c.id
    `.execute(this.db);
    return rows.map((r) => ({
      ...r,
      saldoBanco: r.saldoBanco === null ? null : num(r.saldoBanco),
    }));
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }

  /** Several audit entries in a few statements (the same rows as `auditar` one by one). */
  async auditarVarios(entradas: EntradaAuditoria[]): Promise<void> {
    for (let i = 0; i < entradas.length; i += LOTE) {
      await this.db
        .insertInto("auditoria")
        .values(
          entradas.slice(i, i + LOTE).map((e) => ({
            id_usuario: e.idUsuario,
            entidad: e.entidad,
            id_entidad: e.idEntidad,
            accion: e.accion,
            cambios: JSON.stringify(e.cambios ?? []),
          })),
        )
        .execute();
    }
  }
}
