import type { Turno } from "@fila/domain";
import { type ExpressionBuilder, type Selectable, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { ActoTable, CambioAuditado, DB } from "../../db/schema.js";
import { versionDatosQuieta } from "../../db/version-datos.js";
import { registrarAuditoria } from "../../services/auditoria.js";

/**
 * A charge still owed that an event's cancellation may annul: pending outside a remittance (one
 * in a remittance is collected or returned from there), or returned by the bank (`devuelto`).
 */
export const porCobrarFueraDeRemesa = (eb: ExpressionBuilder<DB, "pago">) =>
  eb.or([
    eb.and([eb("pago.estado", "=", "pendiente"), eb("pago.id_remesa", "is", null)]),
    eb("pago.estado", "=", "devuelto"),
  ]);

export type ActoFila = Selectable<ActoTable>;
export type PrecioFila = {
  id: number;
  id_acto: number;
  id_tipo_socio: number;
  id_producto: number | null;
  precio: number;
};
export type DatosActo = {
  nombre: string;
  fecha: string;
  hora: string;
  lugar: string;
  inscripcion_automatica: boolean;
  se_paga: boolean;
  es_interno: boolean;
  puntos: number;
  observaciones: string;
  fecha_maxima_inscripcion: string | null;
  id_tipo_acto: number | null;
  descripcion: string;
  descripcion_va: string;
  imagen: string | null;
  aforo: number | null;
  invitados_max: number;
  precio_invitado: number;
  menus: string[];
  lista_espera: boolean;
  turnos: Turno[];
  plazo_pago_horas: number | null;
  plazas_por_mesa: number | null;
};
export type DatosPrecio = { id_tipo_socio: number; id_producto: number | null; precio: number };

export type ListaActosFiltro = {
  desde?: string;
  antesDe?: string;
  q?: string;
  orden: { columna: "fecha" | "nombre" | "id"; desc: boolean };
  page: number;
  pageSize: number;
  soloVisibles?: { incluirInternos: boolean };
};

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The events themselves: their rows, prices, points, calendar tokens and catering links.
 * Enrolments (inscripciones.repository.ts) extend it, so one transaction sees both.
 */
export class ActosRepository {
  constructor(protected readonly db: Database) {}

  /** Whether an answer read now may be kept for the version of the data (db/version-datos). */
  versionDatosQuieta(): Promise<boolean> {
    return versionDatosQuieta(this.db);
  }

  /** The association's logo (PNG) for the printed lists, or null. */
  async logoAsociacion(): Promise<Uint8Array | null> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select("logo")
      .where("id", "=", 1)
      .executeTakeFirst();
    return fila?.logo ?? null;
  }

  /** Whether this repository runs inside a transaction (then reads can lock). */
  get enTransaccion(): boolean {
    return this.db.isTransaction;
  }

  /** Runs `fn` in one transaction (or in the caller's, when already inside one, e.g. the demo). */
  transaccion<T>(fn: (repo: this) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(this.sobre(trx)));
  }

  /** A repository of another part of the module on this one's connection (its transaction). */
  con<R extends ActosRepository>(Repositorio: new (db: Database) => R): R {
    return new Repositorio(this.db);
  }

  /** The same kind of repository on another connection. */
  private sobre(db: Database): this {
    return new (this.constructor as new (db: Database) => this)(db);
  }

  auditar(entrada: {
    idUsuario: number | null;
    entidad?: string;
    idEntidad: number;
    accion: string;
    cambios?: CambioAuditado[];
  }): Promise<void> {
    return registrarAuditoria(this.db, { entidad: "acto", ...entrada });
  }

  // ── Events ──────────────────────────────────────────────────────────────────────────

  async listar(f: ListaActosFiltro): Promise<{ filas: ActoFila[]; total: number }> {
    let consulta = this.db.selectFrom("acto");
    if (f.desde) consulta = consulta.where("fecha", ">=", f.desde);
    if (f.antesDe) consulta = consulta.where("fecha", "<", f.antesDe);
    if (f.soloVisibles) {
      consulta = consulta.where("cancelado", "=", false);
      if (!f.soloVisibles.incluirInternos) consulta = consulta.where("es_interno", "=", false);
    }
    if (f.q) {
      const patron = `%${escaparLike(f.q)}%`;
      consulta = consulta.where((eb) =>
        eb.or([eb("nombre", "ilike", patron), eb("lugar", "ilike", patron)]),
      );
    }
    const { total } = await consulta
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    const dir = f.orden.desc ? "desc" : "asc";
    let ordenada = consulta.selectAll().orderBy(f.orden.columna, dir);
    if (f.orden.columna !== "fecha") ordenada = ordenada.orderBy("fecha", dir);
    const filas = await ordenada
      .orderBy("id", dir)
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { filas, total: Number(total) };
  }

  /** With `bloquear`, locks the event row until the transaction ends (SELECT … FOR UPDATE). */
  async porId(id: number, bloquear = false): Promise<ActoFila | undefined> {
    let consulta = this.db.selectFrom("acto").selectAll().where("id", "=", id);
    if (bloquear) consulta = consulta.forUpdate();
    return consulta.executeTakeFirst();
  }

  async crear(datos: DatosActo): Promise<number> {
    const fila = await this.db
      .insertInto("acto")
      .values({
        ...datos,
        menus: JSON.stringify(datos.menus),
        turnos: JSON.stringify(datos.turnos),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, datos: Partial<DatosActo> & { cancelado?: boolean }) {
    const { menus, turnos, ...resto } = datos;
    await this.db
      .updateTable("acto")
      .set({
        ...resto,
        ...(menus ? { menus: JSON.stringify(menus) } : {}),
        ...(turnos ? { turnos: JSON.stringify(turnos) } : {}),
        actualizado_en: new Date(),
      })
      .where("id", "=", id)
      .execute();
  }

  async tieneAsamblea(id: number): Promise<boolean> {
    const fila = await this.db
      .selectFrom("asamblea")
      .select("id")
      .where("id_acto", "=", id)
      .executeTakeFirst();
    return fila !== undefined;
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("acto").where("id", "=", id).execute();
  }

  async precios(idsActo: number[]): Promise<PrecioFila[]> {
    if (idsActo.length === 0) return [];
    return this.db
      .selectFrom("acto_precio")
      .select(["id", "id_acto", "id_tipo_socio", "id_producto", "precio"])
      .where("id_acto", "in", idsActo)
      .orderBy("id_acto")
      .orderBy("id_tipo_socio")
      .execute();
  }

  async reemplazarPrecios(idActo: number, precios: DatosPrecio[]): Promise<void> {
    await this.db.deleteFrom("acto_precio").where("id_acto", "=", idActo).execute();
    if (precios.length === 0) return;
    await this.db
      .insertInto("acto_precio")
      .values(precios.map((p) => ({ ...p, id_acto: idActo })))
      .execute();
  }

  async existenTiposSocio(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("id", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id));
  }

  async existenProductos(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("producto")
      .select("id")
      .where("id", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id));
  }

  async existeTipoActo(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("tipo_acto")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  async cuentaInscripciones(idActo: number): Promise<number> {
    const { n } = await this.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Cancels (anulado) what is still owed of an event's enrolments — pending charges outside a
   * remittance (one in a remittance is collected or returned from there) and charges the bank
   * returned (`devuelto`); returns how many.
   */
  async anularCargosPendientesDeActo(idActo: number, motivo: string): Promise<number> {
    const filas = await this.db
      .updateTable("pago")
      .set({ estado: "anulado", motivo_anulacion: motivo, actualizado_en: new Date() })
      .where(porCobrarFueraDeRemesa)
      .where("id", "in", (eb) =>
        eb
          .selectFrom("inscripcion")
          .select("id_pago")
          .where("id_acto", "=", idActo)
          .where("id_pago", "is not", null)
          .$narrowType<{ id_pago: number }>(),
      )
      .returning("id")
      .execute();
    return filas.length;
  }

  /**
   * The money of an event's enrolments that stays with the board, read after its pending charges
   * were annulled (and so locked: a partial payment at the desk at that moment committed before,
   * and is counted, or waits and then finds the charge annulled). For each enrolment with a
   * charge, in cents: what was collected of it — the charge itself if paid, and the parts split
   * off it (`id_pago_origen`; the enrolment may point at the last paid part, so the whole family
   * of its origin counts) — and what sits in a remittance not collected yet. Only those with some.
   */
  async dineroConservadoDeActo(idActo: number): Promise<
    Array<{
      id_inscripcion: number;
      id_socio: number;
      nombre: string;
      apellidos: string;
      id_pago: number;
      pagado: number;
      en_remesa: number;
    }>
  > {
    const filas = await this.db
      .selectFrom("inscripcion")
      .innerJoin("pago", "pago.id", "inscripcion.id_pago")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select((eb) => [
        "inscripcion.id as id_inscripcion",
        "inscripcion.id_socio",
        "socio.nombre",
        "socio.apellidos",
        "pago.id as id_pago",
        sql<number>`case when pago.estado = 'pendiente' and pago.id_remesa is not null
          then pago.importe else 0 end`.as("en_remesa"),
        eb
          .selectFrom("pago as parte")
          .select(sql<number>`coalesce(sum(parte.importe), 0)`.as("pagado"))
          .where("parte.estado", "=", "pagado")
          .where((w) =>
            w.or([
              w("parte.id", "=", sql<number>`coalesce(pago.id_pago_origen, pago.id)`),
              w("parte.id_pago_origen", "=", sql<number>`coalesce(pago.id_pago_origen, pago.id)`),
            ]),
          )
          .as("pagado"),
      ])
      .where("inscripcion.id_acto", "=", idActo)
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("inscripcion.id")
      .execute();
    return filas
      .map((f) => ({ ...f, pagado: Number(f.pagado ?? 0), en_remesa: Number(f.en_remesa) }))
      .filter((f) => f.pagado > 0 || f.en_remesa > 0);
  }

  // ── Points ─────────────────────────────────────────────────────────────────────────

  private consultaPuntos(anyo: number | null) {
    let consulta = this.db
      .selectFrom("inscripcion")
      .innerJoin("acto", "acto.id", "inscripcion.id_acto")
      .where("inscripcion.asistio", "=", true)
      .where("acto.cancelado", "=", false)
      .where("acto.puntos", ">", 0);
    if (anyo !== null) {
      consulta = consulta
        .where("acto.fecha", ">=", `${anyo}-01-01`)
        .where("acto.fecha", "<=", `${anyo}-12-31`);
    }
    return consulta;
  }

  async ranking(anyo: number | null, page: number, pageSize: number) {
    const base = this.consultaPuntos(anyo)
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .groupBy(["socio.id", "socio.nombre", "socio.apellidos"]);
    const { total } = await this.db
      .selectFrom(base.select("socio.id").as("g"))
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    const filas = await base
      .select((eb) => [
        "socio.id as idSocio",
        "socio.nombre",
        "socio.apellidos",
        eb.fn.sum<number>("acto.puntos").as("puntos"),
      ])
      .orderBy("puntos", "desc")
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("socio.id")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      total: Number(total),
      filas: filas.map((f) => ({ ...f, puntos: Number(f.puntos) })),
    };
  }

  async puntosDe(idSocio: number, anyo: number | null): Promise<number> {
    const { puntos } = await this.consultaPuntos(anyo)
      .where("inscripcion.id_socio", "=", idSocio)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("acto.puntos"), eb.lit(0)).as("puntos"))
      .executeTakeFirstOrThrow();
    return Number(puntos);
  }

  // ── Calendar tokens and catering links ─────────────────────────────────────────────

  async tokenCalendario(idUsuario: number): Promise<string | undefined> {
    const fila = await this.db
      .selectFrom("calendario_token")
      .select("token")
      .where("id_usuario", "=", idUsuario)
      .executeTakeFirst();
    return fila?.token;
  }

  async guardarTokenCalendario(idUsuario: number, token: string): Promise<void> {
    await this.db
      .insertInto("calendario_token")
      .values({ id_usuario: idUsuario, token })
      .onConflict((oc) => oc.column("id_usuario").doUpdateSet({ token, creado_en: new Date() }))
      .execute();
  }

  /** The active account behind a calendar token. */
  async usuarioDeToken(token: string) {
    return this.db
      .selectFrom("calendario_token")
      .innerJoin("usuario", "usuario.id", "calendario_token.id_usuario")
      .select(["usuario.id", "usuario.rol", "usuario.id_socio", "usuario.idioma"])
      .where("calendario_token.token", "=", token)
      .where("usuario.activo", "=", true)
      .executeTakeFirst();
  }

  async crearEnlaceRestauracion(tokenHash: string, expiraEn: Date, creadoPor: number) {
    return this.db
      .insertInto("enlace_restauracion")
      .values({ token_hash: tokenHash, expira_en: expiraEn, creado_por: creadoPor })
      .returning(["id", "expira_en"])
      .executeTakeFirstOrThrow();
  }

  async enlacesRestauracion() {
    return this.db
      .selectFrom("enlace_restauracion")
      .leftJoin("usuario", "usuario.id", "enlace_restauracion.creado_por")
      .select([
        "enlace_restauracion.id",
        "enlace_restauracion.creado_en",
        "enlace_restauracion.expira_en",
        "enlace_restauracion.revocado_en",
        "usuario.nombre as creado_por",
      ])
      .orderBy("enlace_restauracion.creado_en", "desc")
      .orderBy("enlace_restauracion.id", "desc")
      .limit(200)
      .execute();
  }

  async revocarEnlaceRestauracion(id: number): Promise<boolean> {
    const r = await this.db
      .updateTable("enlace_restauracion")
      .set({ revocado_en: new Date() })
      .where("id", "=", id)
      .where("revocado_en", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async existeEnlaceRestauracion(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("enlace_restauracion")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  async enlaceRestauracionVigente(tokenHash: string): Promise<boolean> {
    return !!(await this.db
      .selectFrom("enlace_restauracion")
      .select("id")
      .where("token_hash", "=", tokenHash)
      .where("revocado_en", "is", null)
      .where("expira_en", ">", new Date())
      .executeTakeFirst());
  }

  /**
   * Head-counts per menu and allergies (first names only) of the confirmed enrolments of some
   * events, and the people on each one's wait-list apart.
   */
  async resumenRestauracion(idsActo: number[]) {
    if (idsActo.length === 0) return { menus: [], alergias: [], enEspera: [] };
    const menus = await this.db
      .selectFrom("inscripcion")
      .select((eb) => [
        "id_acto",
        "menu",
        sql<number>`count(*) + coalesce(sum(${eb.ref("invitados")}), 0)`.as("personas"),
      ])
      .where("id_acto", "in", idsActo)
      .where("estado", "=", "confirmada")
      .groupBy(["id_acto", "menu"])
      .orderBy("id_acto")
      .orderBy("menu")
      .execute();
    const alergias = await this.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select(["inscripcion.id_acto", "socio.nombre", "inscripcion.alergias"])
      .where("inscripcion.id_acto", "in", idsActo)
      .where("inscripcion.estado", "=", "confirmada")
      .where("inscripcion.alergias", "<>", "")
      .orderBy("inscripcion.id_acto")
      .orderBy("socio.nombre")
      .execute();
    const enEspera = await this.db
      .selectFrom("inscripcion")
      .select((eb) => [
        "id_acto",
        sql<number>`count(*) + coalesce(sum(${eb.ref("invitados")}), 0)`.as("personas"),
      ])
      .where("id_acto", "in", idsActo)
      .where("estado", "=", "en_espera")
      .groupBy("id_acto")
      .execute();
    return {
      menus: menus.map((m) => ({ ...m, personas: Number(m.personas) })),
      alergias,
      enEspera: enEspera.map((e) => ({ ...e, personas: Number(e.personas) })),
    };
  }
}
