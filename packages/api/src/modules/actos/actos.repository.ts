import { CompiledQuery, type Selectable, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { ActoTable, CambioAuditado, EstadoInscripcion, EstadoPago } from "../../db/schema.js";
import { versionDatosQuieta } from "../../db/version-datos.js";
import { EscritorEnLotes, SOLA } from "../../lib/escritor-en-lotes.js";
import { LectorEnLotes } from "../../lib/lector-en-lotes.js";
import { registrarAuditoria } from "../../services/auditoria.js";

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
};
export type DatosPrecio = { id_tipo_socio: number; id_producto: number | null; precio: number };

/** Member as needed to enrol them: type (for the price) and payer (for the charge). */
export type SocioInscribible = {
  id: number;
  nombre: string;
  apellidos: string;
  activo: boolean;
  id_tipo_socio: number | null;
  id_pagador: number | null;
};

export type NuevaInscripcion = {
  id_socio: number;
  invitados: number;
  menu: string;
  alergias: string;
  importe: number;
  /** Default `confirmada`. */
  estado?: EstadoInscripcion;
};

export type InscripcionFila = {
  id: number;
  id_acto: number;
  id_socio: number;
  invitados: number;
  menu: string;
  alergias: string;
  importe: number;
  asistio: boolean;
  id_pago: number | null;
  estado_pago: EstadoPago | null;
  /** Remittance holding the charge (then it is collected or returned from there). */
  id_remesa: number | null;
  nombre: string;
  apellidos: string;
  id_tipo_socio: number | null;
  tipo_nombre: string | null;
  tipo_color: string | null;
  estado: EstadoInscripcion;
  /** Current place on the wait-list (1 = next); null when confirmed. */
  puesto_espera: number | null;
};

export type NuevoCargo = {
  id_socio: number;
  id_pagador: number;
  id_producto: number;
  anyo: number;
  concepto: string;
  importe: number;
  fecha_emision: string;
  fecha_vencimiento: string;
};

export type ListaActosFiltro = {
  desde?: string;
  antesDe?: string;
  q?: string;
  orden: { columna: "fecha" | "nombre" | "id"; desc: boolean };
  page: number;
  pageSize: number;
  soloVisibles?: { incluirInternos: boolean };
};

/** What an enrolment reads of its event and member (`ActosRepository.paraInscribir`). */
export type ParaInscribir = ActoFila & {
  version: string;
  inscrito: boolean;
  id_producto_acto: number | null;
  socio: SocioInscribible | null;
  precios: PrecioFila[];
};

/**
 * `paraInscribir` for the pairs (event $1[i], member $2[i]), each row with its pair as `clave`
 * ("idActo:idSocio"). Plain SQL, as the session read: the hot path of an enrolment peak does not
 * build and compile the same query each time. What belongs to the event (its row, version,
 * generic product and prices) is read once per event, not once per pair: in a peak, a batch holds
 * a hundred members of the same event. `bloqueo` goes on the event's read (`for update`).
 */
const consultaParaInscribir = (bloqueo: string) => `
  with a as materialized (
    select acto.*, acto.actualizado_en::text as version,
      (select producto.id from producto
        where producto.nombre = acto.nombre
          and producto.anyo = extract(year from acto.fecha)::integer) as id_producto_acto,
      (select coalesce(json_agg(ap), '[]') from (
        select id, id_acto, id_tipo_socio, id_producto, precio from acto_precio
        where acto_precio.id_acto = acto.id order by id_tipo_socio) as ap) as precios
    from acto where acto.id = any($1::integer[])${bloqueo}
  )
  select p.id_acto || ':' || p.id_socio as clave, a.*,
    exists (select 1 from inscripcion
      where inscripcion.id_acto = a.id and inscripcion.id_socio = p.id_socio) as inscrito,
    (select to_json(s) from (
      select id, nombre, apellidos, activo, id_tipo_socio, id_pagador
      from socio where socio.id = p.id_socio) as s) as socio
  from unnest($1::integer[], $2::integer[]) as p(id_acto, id_socio)
  join a on a.id = p.id_acto`;
const CONSULTA_PARA_INSCRIBIR = consultaParaInscribir("");
const CONSULTA_PARA_INSCRIBIR_BLOQUEANDO = consultaParaInscribir(" for update");

/** Enrolment reads under way at once; each takes the enrolments that arrived meanwhile. */
const LECTURAS_PARA_INSCRIBIR_EN_CURSO = 2;

/**
 * The enrolments of one event that arrived together, in one statement (ADR 0029): the event's
 * row locked once (at the version each enrolment was checked against), the people of each entry
 * added up in arrival order, and the entries that fit in `aforo - ocupadas` inserted with their
 * charges. Entries are `unnest`ed from arrays ($3…$14, one element per entry; a null charge
 * amount = no charge). It always answers the event's `lista_espera`, `aforo` and `ocupadas`
 * before the batch (one row with nulls when nothing fitted), and nothing when the event changed
 * since it was read.
 */
const INSCRIBIR_EN_LOTE = `
  with a as (
    select id, aforo, ocupadas, lista_espera from acto
    where id = $1 and actualizado_en = $2::timestamptz
    for update
  ),
  e as (
    select * from unnest($3::integer[], $4::integer[], $5::text[], $6::text[], $7::bigint[],
      $8::integer[], $9::integer[], $10::integer[], $11::text[], $12::bigint[], $13::date[],
      $14::date[]) with ordinality as t(id_socio, invitados, menu, alergias, importe, id_pagador,
      id_producto, anyo, concepto, importe_cargo, fecha_emision, fecha_vencimiento, n)
  ),
  d as (
    select e.*,
      (a.aforo is null or a.ocupadas + sum(1 + e.invitados) over (order by e.n) <= a.aforo) as cabe
    from e cross join a
  ),
  p as (
    insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe, fecha_emision,
      fecha_vencimiento)
    select id_socio, id_pagador, id_producto, anyo, concepto, importe_cargo, fecha_emision,
      fecha_vencimiento
    from d where d.cabe and d.importe_cargo is not null
    order by d.n
    returning id, id_socio
  ),
  i as (
    insert into inscripcion (id_acto, id_socio, invitados, menu, alergias, importe, id_pago, estado)
    select $1::integer, d.id_socio, d.invitados, d.menu, d.alergias, d.importe, p.id, 'confirmada'
    from d left join p on p.id_socio = d.id_socio
    where d.cabe
    order by d.n
    returning id, id_acto, id_socio, invitados, menu, alergias, importe, asistio, id_pago, estado
  )
  select a.lista_espera, a.aforo as aforo_acto, a.ocupadas as ocupadas_antes, x.* from a left join (
    select i.id, i.id_acto, i.id_socio, i.invitados, i.menu, i.alergias, i.importe, i.asistio,
      i.id_pago, case when i.id_pago is null then null else 'pendiente' end as estado_pago,
      null::integer as id_remesa, socio.nombre, socio.apellidos, socio.id_tipo_socio,
      tipo_socio.nombre as tipo_nombre, tipo_socio.color as tipo_color, i.estado,
      null::integer as puesto_espera
    from i
    join socio on socio.id = i.id_socio
    left join tipo_socio on tipo_socio.id = socio.id_tipo_socio
  ) x on true`;

/** What `inscribirSiHayPlaza` answers when the event, locked, had no room and no wait-list. */
export const LLENO: unique symbol = Symbol("lleno");

/** "idActo|version" of a batch of enrolments, back to its parts. */
function claveDeLote(clave: string): [number, string] {
  const corte = clave.indexOf("|");
  return [Number(clave.slice(0, corte)), clave.slice(corte + 1)];
}

/** An enrolment to write with its charge (`ActosRepository.inscribirSiHayPlaza`). */
type EntradaInscripcion = { nueva: NuevaInscripcion; cargo: NuevoCargo | null };

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The only place of the events module that talks to the database. */
/**
 * An enrolment's place on its event's wait-list (null when confirmed), for a query on
 * `inscripcion`. Counted, not stored: it moves up as those ahead leave or are promoted.
 */
export function puestoEsperaSql() {
  return sql<number | null>`case when inscripcion.estado = 'en_espera' then (
    select count(*)::int from inscripcion w
    where w.id_acto = inscripcion.id_acto and w.estado = 'en_espera'
      and w.id <= inscripcion.id) end`;
}

export class ActosRepository {
  private lectorParaInscribir: LectorEnLotes<string, ParaInscribir> | undefined;
  private readonly productosEnCurso = new Map<string, Promise<number>>();
  private escritorInscripciones:
    | EscritorEnLotes<string, EntradaInscripcion, InscripcionFila | undefined | typeof LLENO>
    | undefined;

  constructor(private readonly db: Database) {}

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
  transaccion<T>(fn: (repo: ActosRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new ActosRepository(trx)));
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

  /**
   * Everything an enrolment of `idSocio` needs, in one query: the event with its `version`
   * (`actualizado_en` to the microsecond, as text: every edit changes it, enrolments do not),
   * whether the member is already enrolled, the event's generic product if it exists, the
   * member and the event's prices. With `bloquear` (inside a transaction), locks the event's
   * row; without, the enrolments that arrive together are read in one query (LectorEnLotes: each
   * by a query that starts after it was asked for, so nothing committed before is missed).
   */
  async paraInscribir(
    id: number,
    idSocio: number,
    bloquear = false,
  ): Promise<ParaInscribir | undefined> {
    if (bloquear) {
      const filas = await this.leerParaInscribir(
        [id],
        [idSocio],
        CONSULTA_PARA_INSCRIBIR_BLOQUEANDO,
      );
      return filas.get(`${id}:${idSocio}`);
    }
    this.lectorParaInscribir ??= new LectorEnLotes((claves) => {
      const pares = claves.map((c) => c.split(":").map(Number));
      return this.leerParaInscribir(
        pares.map(([idActo]) => idActo),
        pares.map(([, idSocioPar]) => idSocioPar),
      );
    }, LECTURAS_PARA_INSCRIBIR_EN_CURSO);
    return this.lectorParaInscribir.obtener(`${id}:${idSocio}`);
  }

  private async leerParaInscribir(
    idsActo: number[],
    idsSocio: number[],
    consulta = CONSULTA_PARA_INSCRIBIR,
  ): Promise<Map<string, ParaInscribir>> {
    const { rows } = await this.db.executeQuery<ParaInscribir & { clave: string }>(
      CompiledQuery.raw(consulta, [idsActo, idsSocio]),
    );
    return new Map(rows.map(({ clave, ...fila }) => [clave, fila]));
  }

  async crear(datos: DatosActo): Promise<number> {
    const fila = await this.db
      .insertInto("acto")
      .values({ ...datos, menus: JSON.stringify(datos.menus) })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, datos: Partial<DatosActo> & { cancelado?: boolean }) {
    const { menus, ...resto } = datos;
    await this.db
      .updateTable("acto")
      .set({
        ...resto,
        ...(menus ? { menus: JSON.stringify(menus) } : {}),
        actualizado_en: new Date(),
      })
      .where("id", "=", id)
      .execute();
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
   * Cancels (anulado) the pending charges of an event's enrolments, except those already in a
   * remittance (collected or returned from there); returns how many.
   */
  async anularCargosPendientesDeActo(idActo: number, motivo: string): Promise<number> {
    const filas = await this.db
      .updateTable("pago")
      .set({ estado: "anulado", motivo_anulacion: motivo, actualizado_en: new Date() })
      .where("estado", "=", "pendiente")
      .where("id_remesa", "is", null)
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

  // ── Members and enrolments ─────────────────────────────────────────────────────────

  async socio(id: number): Promise<SocioInscribible | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo", "id_tipo_socio", "id_pagador"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** The member of the account plus the active members whose payer they are. */
  async familia(idSocio: number): Promise<SocioInscribible[]> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo", "id_tipo_socio", "id_pagador"])
      .where((eb) =>
        eb.or([
          eb("id", "=", idSocio),
          eb.and([eb("id_pagador", "=", idSocio), eb("activo", "=", true)]),
        ]),
      )
      .orderBy(sql`case when id = ${idSocio} then 0 else 1 end`)
      .orderBy("fecha_nacimiento")
      .orderBy("id")
      .execute();
  }

  async sociosActivos(limite: number | null): Promise<SocioInscribible[]> {
    let consulta = this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo", "id_tipo_socio", "id_pagador"])
      .where("activo", "=", true)
      .orderBy("id");
    if (limite !== null) consulta = consulta.limit(limite);
    return consulta.execute();
  }

  async actosAutomaticosDesde(hoy: string): Promise<number[]> {
    const filas = await this.db
      .selectFrom("acto")
      .select("id")
      .where("inscripcion_automatica", "=", true)
      .where("cancelado", "=", false)
      .where("fecha", ">=", hoy)
      .orderBy("fecha")
      .execute();
    return filas.map((f) => f.id);
  }

  async inscripcionDe(idActo: number, idSocio: number): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom("inscripcion")
      .select("id")
      .where("id_acto", "=", idActo)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
  }

  /** Inserts enrolments in one statement; members already enrolled are skipped. */
  async insertarInscripciones(
    idActo: number,
    nuevas: NuevaInscripcion[],
  ): Promise<{ id: number; id_socio: number }[]> {
    if (nuevas.length === 0) return [];
    return this.db
      .insertInto("inscripcion")
      .values(nuevas.map((n) => ({ ...n, id_acto: idActo })))
      .onConflict((oc) => oc.columns(["id_acto", "id_socio"]).doNothing())
      .returning(["id", "id_socio"])
      .execute();
  }

  /** Creates charges in one statement and links each to its member's enrolment in the event. */
  async crearCargos(idActo: number, cargos: NuevoCargo[]): Promise<void> {
    if (cargos.length === 0) return;
    const creados = await this.db.insertInto("pago").values(cargos).returning("id").execute();
    await this.db
      .updateTable("inscripcion")
      .from("pago")
      .set((eb) => ({ id_pago: eb.ref("pago.id") }))
      .where(
        "pago.id",
        "in",
        creados.map((c) => c.id),
      )
      .where("inscripcion.id_acto", "=", idActo)
      .whereRef("inscripcion.id_socio", "=", "pago.id_socio")
      .execute();
  }

  /**
   * Enrols one member, with their charge if any, in one statement, only if the event still has
   * room for them and their guests, or a wait-list, and has not been edited since it was read
   * (`version`). The event row is locked inside the statement (`FOR UPDATE`, which re-checks the
   * condition and re-reads the row on the latest committed counters), and the insert's trigger
   * takes the places, so the lock is never held across a round trip. Without room the enrolment
   * goes on the wait-list, without its charge, at the place after the `en_espera` already there
   * (counted under the lock, so each place is given once). Returns the enrolment as listed (its
   * charge, just created, is pending and in no remittance); `LLENO` when the event, locked at
   * that version, had no room for the party and no wait-list (the answer is final: 409);
   * undefined when there was no room nor wait-list or the event changed (read it again); a
   * member already enrolled fails with the unique violation (23505).
   */
  async inscribirSiHayPlaza(
    idActo: number,
    version: string,
    nueva: NuevaInscripcion,
    cargo: NuevoCargo | null,
  ): Promise<InscripcionFila | undefined | typeof LLENO> {
    if (this.enTransaccion) return this.inscribirUna(idActo, version, { nueva, cargo });
    // Outside a transaction, the enrolments of one event that arrive together are written in
    // one statement (EscritorEnLotes); the key keeps apart those checked against another version.
    this.escritorInscripciones ??= new EscritorEnLotes(
      (clave, entradas) => this.inscribirEnLote(clave, entradas),
      (clave, entrada) => this.inscribirUna(...claveDeLote(clave), entrada),
    );
    return this.escritorInscripciones.escribir(`${idActo}|${version}`, { nueva, cargo });
  }

  /**
   * A batch of `inscribirSiHayPlaza` for one event and version: those that fit, in arrival
   * order, in one statement. The rest: with a wait-list, one by one afterwards through
   * `inscribirUna` (SOLA: it places them on it in order); without, `LLENO` when the party does
   * not fit in what the batch left (final, under the lock), or SOLA when it does (a smaller party
   * after one that did not fit). A member twice in a batch goes the second time through
   * `inscribirUna` too (and meets the unique index).
   */
  private async inscribirEnLote(
    clave: string,
    entradas: EntradaInscripcion[],
  ): Promise<(InscripcionFila | undefined | typeof LLENO | typeof SOLA)[]> {
    const [idActo, version] = claveDeLote(clave);
    const vistos = new Set<number>();
    const enLote = entradas.filter((e) => {
      if (vistos.has(e.nueva.id_socio)) return false;
      vistos.add(e.nueva.id_socio);
      return true;
    });
    const columna = <T>(f: (e: EntradaInscripcion) => T) => enLote.map(f);
    const { rows } = await this.db.executeQuery<
      {
        lista_espera: boolean;
        aforo_acto: number | null;
        ocupadas_antes: number;
      } & Partial<InscripcionFila>
    >(
      CompiledQuery.raw(INSCRIBIR_EN_LOTE, [
        idActo,
        version,
        columna((e) => e.nueva.id_socio),
        columna((e) => e.nueva.invitados),
        columna((e) => e.nueva.menu),
        columna((e) => e.nueva.alergias),
        columna((e) => e.nueva.importe),
        columna((e) => e.cargo?.id_pagador ?? null),
        columna((e) => e.cargo?.id_producto ?? null),
        columna((e) => e.cargo?.anyo ?? null),
        columna((e) => e.cargo?.concepto ?? null),
        columna((e) => e.cargo?.importe ?? null),
        columna((e) => e.cargo?.fecha_emision ?? null),
        columna((e) => e.cargo?.fecha_vencimiento ?? null),
      ]),
    );
    // No row: the event changed since these were read (each caller reads it again).
    if (rows.length === 0) return entradas.map(() => undefined);
    const {
      lista_espera: listaEspera,
      aforo_acto: aforo,
      ocupadas_antes,
    } = rows[0] as (typeof rows)[number];
    const creadas = new Map<number, InscripcionFila>();
    let ocupadas = Number(ocupadas_antes);
    for (const { lista_espera: _, aforo_acto: _a, ocupadas_antes: _o, ...fila } of rows) {
      if (fila.id == null) continue;
      creadas.set(fila.id_socio as number, fila as InscripcionFila);
      ocupadas += 1 + (fila.invitados as number);
    }
    const usadas = new Set<InscripcionFila>();
    return entradas.map((e) => {
      const creada = creadas.get(e.nueva.id_socio);
      if (creada && !usadas.has(creada)) {
        usadas.add(creada);
        return creada;
      }
      if (listaEspera || creada) return SOLA;
      const cabe = aforo === null || ocupadas + 1 + e.nueva.invitados <= aforo;
      return cabe ? SOLA : LLENO;
    });
  }

  /** One enrolment in one statement (see `inscribirSiHayPlaza`). */
  private async inscribirUna(
    idActo: number,
    version: string,
    { nueva, cargo }: EntradaInscripcion,
  ): Promise<InscripcionFila | undefined> {
    const personas = 1 + nueva.invitados;
    const acto = sql`
      a as (
        select id, (aforo is null or ocupadas + ${personas} <= aforo) as cabe, en_espera
        from acto
        where id = ${idActo} and actualizado_en = ${version}::timestamptz
          and (aforo is null or ocupadas + ${personas} <= aforo or lista_espera)
        for update
      )`;
    const idPago = cargo ? sql`(select id from p)` : sql`null::integer`;
    const conCargo = cargo
      ? sql`, p as (
          insert into pago (id_socio, id_pagador, id_producto, anyo, concepto, importe,
            fecha_emision, fecha_vencimiento)
          select ${cargo.id_socio}::integer, ${cargo.id_pagador}::integer,
            ${cargo.id_producto}::integer, ${cargo.anyo}::integer, ${cargo.concepto}::text,
            ${cargo.importe}::bigint, ${cargo.fecha_emision}::date, ${cargo.fecha_vencimiento}::date
          from a where a.cabe
          returning id
        )`
      : sql``;
    const { rows } = await sql<InscripcionFila>`
      with ${acto}${conCargo}, i as (
        insert into inscripcion (id_acto, id_socio, invitados, menu, alergias, importe, id_pago,
          estado)
        select a.id, ${nueva.id_socio}::integer, ${nueva.invitados}::integer, ${nueva.menu}::text,
          ${nueva.alergias}::text, ${nueva.importe}::bigint, ${idPago},
          case when a.cabe then 'confirmada' else 'en_espera' end
        from a
        returning id, id_acto, id_socio, invitados, menu, alergias, importe, asistio, id_pago,
          estado
      )
      select i.id, i.id_acto, i.id_socio, i.invitados, i.menu, i.alergias, i.importe, i.asistio,
        i.id_pago,
        case when i.id_pago is null then null else 'pendiente' end as estado_pago,
        null::integer as id_remesa,
        socio.nombre, socio.apellidos, socio.id_tipo_socio,
        tipo_socio.nombre as tipo_nombre, tipo_socio.color as tipo_color,
        i.estado, case when a.cabe then null else a.en_espera + 1 end as puesto_espera
      from i
      cross join a
      join socio on socio.id = i.id_socio
      left join tipo_socio on tipo_socio.id = socio.id_tipo_socio
    `.execute(this.db);
    return rows[0];
  }

  /** The event's wait-list, in order. */
  async enEspera(idActo: number): Promise<InscripcionFila[]> {
    return this.consultaInscripciones()
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.estado", "=", "en_espera")
      .orderBy("inscripcion.id")
      .execute();
  }

  /** Gives a waiting enrolment its place, with the amount it is charged. */
  async confirmar(id: number, importe: number): Promise<void> {
    await this.db
      .updateTable("inscripcion")
      .set({ estado: "confirmada", importe })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Product of kind `acto` named after the event, for its year; created once and reused. The
   * enrolments of a peak that were all read before it existed share one upsert instead of
   * queueing one each on the product's row lock.
   */
  productoDeActo(nombre: string, anyo: number): Promise<number> {
    const clave = `${anyo}|${nombre}`;
    let enCurso = this.productosEnCurso.get(clave);
    if (!enCurso) {
      enCurso = this.crearProductoDeActo(nombre, anyo).finally(() =>
        this.productosEnCurso.delete(clave),
      );
      this.productosEnCurso.set(clave, enCurso);
    }
    return enCurso;
  }

  private async crearProductoDeActo(nombre: string, anyo: number): Promise<number> {
    // Read first: the upsert locks the product's row against the charges being inserted that
    // reference it (their foreign key), so it runs only while the product is missing.
    const existente = await this.db
      .selectFrom("producto")
      .select("id")
      .where("anyo", "=", anyo)
      .where("nombre", "=", nombre)
      .executeTakeFirst();
    if (existente) return existente.id;
    const fila = await this.db
      .insertInto("producto")
      .values({ nombre, anyo, tipo: "acto", descripcion: "Inscripción en el acto" })
      .onConflict((oc) => oc.columns(["anyo", "nombre"]).doUpdateSet({ nombre }))
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  private consultaInscripciones() {
    return this.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .leftJoin("tipo_socio", "tipo_socio.id", "socio.id_tipo_socio")
      .leftJoin("pago", "pago.id", "inscripcion.id_pago")
      .select([
        "inscripcion.id",
        "inscripcion.id_acto",
        "inscripcion.id_socio",
        "inscripcion.invitados",
        "inscripcion.menu",
        "inscripcion.alergias",
        "inscripcion.importe",
        "inscripcion.asistio",
        "inscripcion.id_pago",
        "pago.estado as estado_pago",
        "pago.id_remesa",
        "socio.nombre",
        "socio.apellidos",
        "socio.id_tipo_socio",
        "tipo_socio.nombre as tipo_nombre",
        "tipo_socio.color as tipo_color",
        "inscripcion.estado",
        puestoEsperaSql().as("puesto_espera"),
      ]);
  }

  async inscripcion(idActo: number, id: number): Promise<InscripcionFila | undefined> {
    return this.consultaInscripciones()
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.id", "=", id)
      .executeTakeFirst();
  }

  /** Confirmed by name, then the wait-list in order. */
  async inscripcionesDe(idActo: number): Promise<InscripcionFila[]> {
    return this.consultaInscripciones()
      .where("inscripcion.id_acto", "=", idActo)
      .orderBy(sql`inscripcion.estado = 'en_espera'`)
      .orderBy(sql`case when inscripcion.estado = 'en_espera' then inscripcion.id end`)
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("inscripcion.id")
      .execute();
  }

  async inscripcionesDeSocios(idsActo: number[], idsSocio: number[]): Promise<InscripcionFila[]> {
    if (idsActo.length === 0 || idsSocio.length === 0) return [];
    return this.consultaInscripciones()
      .where("inscripcion.id_acto", "in", idsActo)
      .where("inscripcion.id_socio", "in", idsSocio)
      .execute();
  }

  async actualizarInscripcion(
    id: number,
    cambios: Partial<Pick<NuevaInscripcion, "invitados" | "menu" | "alergias" | "importe">> & {
      id_pago?: number | null;
    },
  ): Promise<void> {
    await this.db.updateTable("inscripcion").set(cambios).where("id", "=", id).execute();
  }

  /** Changes amount and concept of a charge only while it is pending and outside a remittance. */
  async actualizarCargoPendiente(idPago: number, importe: number, concepto: string) {
    const r = await this.db
      .updateTable("pago")
      .set({ importe, concepto, actualizado_en: new Date() })
      .where("id", "=", idPago)
      .where("estado", "=", "pendiente")
      .where("id_remesa", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async borrarInscripcion(id: number): Promise<void> {
    await this.db.deleteFrom("inscripcion").where("id", "=", id).execute();
  }

  /** Cancels a pending charge that is not in a remittance; false if it could not. */
  async anularCargo(idPago: number, motivo: string): Promise<boolean> {
    const r = await this.db
      .updateTable("pago")
      .set({ estado: "anulado", motivo_anulacion: motivo, actualizado_en: new Date() })
      .where("id", "=", idPago)
      .where("estado", "=", "pendiente")
      .where("id_remesa", "is", null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async marcarAsistencia(id: number, asistio: boolean): Promise<void> {
    // The time of entry is kept for the door («ya entró a las hh:mm»).
    await this.db
      .updateTable("inscripcion")
      .set({ asistio, asistio_en: asistio ? sql<Date>`now()` : null })
      .where("id", "=", id)
      .execute();
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
