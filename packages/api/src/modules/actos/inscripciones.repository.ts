import { type Acompanante, type Dieta, normalizarBusqueda } from "@fila/domain";
import { CompiledQuery, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { EstadoInscripcion, EstadoPago } from "../../db/schema.js";
import { EscritorEnLotes, SOLA } from "../../lib/escritor-en-lotes.js";
import { LectorEnLotes } from "../../lib/lector-en-lotes.js";
import { type Pertenencias, pertenenciasEn } from "../estructura/pertenencias.js";
import { antiguedadesEn } from "../socios/antiguedad.repository.js";
import {
  type ActoFila,
  ActosRepository,
  type PrecioFila,
  porCobrarFueraDeRemesa,
} from "./actos.repository.js";

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
  /** Issue 50: the member's diets, named companions, who they sit with, the payment deadline. */
  dietas?: Dieta[];
  acompanantes?: Acompanante[];
  sentar_con?: number[];
  plazo_pago?: Date | null;
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
  dietas: Dieta[];
  acompanantes: Acompanante[];
  sentar_con: number[];
  plazo_pago: Date | null;
  id_mesa: number | null;
  mesa_numero: number | null;
  mesa_codigo: string | null;
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

/** What an enrolment reads of its event and member (`InscripcionesRepository.paraInscribir`). */
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
      $14::date[], $15::jsonb[], $16::jsonb[], $17::jsonb[], $18::timestamptz[])
      with ordinality as t(id_socio, invitados, menu, alergias, importe, id_pagador,
      id_producto, anyo, concepto, importe_cargo, fecha_emision, fecha_vencimiento, dietas,
      acompanantes, sentar_con, plazo_pago, n)
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
    insert into inscripcion (id_acto, id_socio, invitados, menu, alergias, importe, id_pago, estado,
      dietas, acompanantes, sentar_con, plazo_pago)
    select $1::integer, d.id_socio, d.invitados, d.menu, d.alergias, d.importe, p.id, 'confirmada',
      d.dietas, d.acompanantes, d.sentar_con, case when p.id is null then null else d.plazo_pago end
    from d left join p on p.id_socio = d.id_socio
    where d.cabe
    order by d.n
    returning id, id_acto, id_socio, invitados, menu, alergias, importe, asistio, id_pago, estado,
      dietas, acompanantes, sentar_con, plazo_pago, id_mesa
  )
  select a.lista_espera, a.aforo as aforo_acto, a.ocupadas as ocupadas_antes, x.* from a left join (
    select i.id, i.id_acto, i.id_socio, i.invitados, i.menu, i.alergias, i.importe, i.asistio,
      i.id_pago, case when i.id_pago is null then null else 'pendiente' end as estado_pago,
      null::integer as id_remesa, socio.nombre, socio.apellidos, socio.id_tipo_socio,
      tipo_socio.nombre as tipo_nombre, tipo_socio.color as tipo_color, i.estado,
      null::integer as puesto_espera, i.dietas, i.acompanantes, i.sentar_con, i.plazo_pago,
      i.id_mesa, null::integer as mesa_numero, null::text as mesa_codigo
    from i
    join socio on socio.id = i.id_socio
    left join tipo_socio on tipo_socio.id = socio.id_tipo_socio
  ) x on true`;

/** Confirmed enrolments of one menu and member type, added up (`gruposDeTotales`). */
export type GrupoTotales = {
  menu: string;
  id_tipo_socio: number | null;
  tipo_nombre: string | null;
  tipo_color: string | null;
  socios: number;
  invitados: number;
  /** Cents. */
  importe: number;
};

/** What `inscribirSiHayPlaza` answers when the event, locked, had no room and no wait-list. */
export const LLENO: unique symbol = Symbol("lleno");

/** "idActo|version" of a batch of enrolments, back to its parts. */
function claveDeLote(clave: string): [number, string] {
  const corte = clave.indexOf("|");
  return [Number(clave.slice(0, corte)), clave.slice(corte + 1)];
}

/** An enrolment to write with its charge (`InscripcionesRepository.inscribirSiHayPlaza`). */
type EntradaInscripcion = { nueva: NuevaInscripcion; cargo: NuevoCargo | null };

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

/** The enrolments' part of `inscripcion`, as listed (with the state of its charge). */
export function consultaInscripciones(db: Database) {
  return db
    .selectFrom("inscripcion")
    .innerJoin("socio", "socio.id", "inscripcion.id_socio")
    .leftJoin("tipo_socio", "tipo_socio.id", "socio.id_tipo_socio")
    .leftJoin("pago", "pago.id", "inscripcion.id_pago")
    .leftJoin("mesa", "mesa.id", "inscripcion.id_mesa")
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
      "inscripcion.dietas",
      "inscripcion.acompanantes",
      "inscripcion.sentar_con",
      "inscripcion.plazo_pago",
      "inscripcion.id_mesa",
      "mesa.numero as mesa_numero",
      "mesa.codigo as mesa_codigo",
    ]);
}

/**
 * Enrolments of an event, its wait-list and the writing of an enrolment peak in batches
 * (ADR 0029). An events repository too: an enrolment reads and locks its event in the same
 * transaction.
 */
export class InscripcionesRepository extends ActosRepository {
  private lectorParaInscribir: LectorEnLotes<string, ParaInscribir> | undefined;
  private readonly productosEnCurso = new Map<string, Promise<number>>();
  private escritorInscripciones:
    | EscritorEnLotes<string, EntradaInscripcion, InscripcionFila | undefined | typeof LLENO>
    | undefined;

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

  // ── Members and enrolments ─────────────────────────────────────────────────────────

  /** Groups and cargos of members at `fecha` (the structure's `pertenenciasEn`). */
  pertenencias(idsSocio: number[], fecha: string): Promise<Map<number, Pertenencias>> {
    return pertenenciasEn(this.db, idsSocio, fecha);
  }

  /** Seniority of members at `fecha` (the one function, `antiguedadesEn`). */
  antiguedades(idsSocio: number[], fecha: string): Promise<Map<number, number>> {
    return antiguedadesEn(this.db, idsSocio, fecha);
  }

  async socio(id: number): Promise<SocioInscribible | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo", "id_tipo_socio", "id_pagador"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async socios(ids: number[]): Promise<SocioInscribible[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo", "id_tipo_socio", "id_pagador"])
      .where("id", "in", ids)
      .execute();
  }

  /** Which of these members are already enrolled in the event (on its list or its wait-list). */
  async inscritosEntre(idActo: number, idsSocio: number[]): Promise<number[]> {
    if (idsSocio.length === 0) return [];
    const filas = await this.db
      .selectFrom("inscripcion")
      .select("id_socio")
      .where("id_acto", "=", idActo)
      .where("id_socio", "in", idsSocio)
      .execute();
    return filas.map((f) => f.id_socio);
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
      .values(
        nuevas.map(({ dietas, acompanantes, sentar_con, ...n }) => ({
          ...n,
          id_acto: idActo,
          dietas: JSON.stringify(dietas ?? []),
          acompanantes: JSON.stringify(acompanantes ?? []),
          sentar_con: JSON.stringify(sentar_con ?? []),
        })),
      )
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
        columna((e) => JSON.stringify(e.nueva.dietas ?? [])),
        columna((e) => JSON.stringify(e.nueva.acompanantes ?? [])),
        columna((e) => JSON.stringify(e.nueva.sentar_con ?? [])),
        columna((e) => e.nueva.plazo_pago ?? null),
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
          estado, dietas, acompanantes, sentar_con, plazo_pago)
        select a.id, ${nueva.id_socio}::integer, ${nueva.invitados}::integer, ${nueva.menu}::text,
          ${nueva.alergias}::text, ${nueva.importe}::bigint, ${idPago},
          case when a.cabe then 'confirmada' else 'en_espera' end,
          ${JSON.stringify(nueva.dietas ?? [])}::jsonb,
          ${JSON.stringify(nueva.acompanantes ?? [])}::jsonb,
          ${JSON.stringify(nueva.sentar_con ?? [])}::jsonb,
          case when a.cabe and ${idPago} is not null then ${nueva.plazo_pago ?? null}::timestamptz end
        from a
        returning id, id_acto, id_socio, invitados, menu, alergias, importe, asistio, id_pago,
          estado, dietas, acompanantes, sentar_con, plazo_pago, id_mesa
      )
      select i.id, i.id_acto, i.id_socio, i.invitados, i.menu, i.alergias, i.importe, i.asistio,
        i.id_pago,
        case when i.id_pago is null then null else 'pendiente' end as estado_pago,
        null::integer as id_remesa,
        socio.nombre, socio.apellidos, socio.id_tipo_socio,
        tipo_socio.nombre as tipo_nombre, tipo_socio.color as tipo_color,
        i.estado, case when a.cabe then null else a.en_espera + 1 end as puesto_espera,
        i.dietas, i.acompanantes, i.sentar_con, i.plazo_pago, i.id_mesa,
        null::integer as mesa_numero, null::text as mesa_codigo
      from i
      cross join a
      join socio on socio.id = i.id_socio
      left join tipo_socio on tipo_socio.id = socio.id_tipo_socio
    `.execute(this.db);
    return rows[0];
  }

  /** The event's wait-list, in order. */
  async enEspera(idActo: number): Promise<InscripcionFila[]> {
    return consultaInscripciones(this.db)
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.estado", "=", "en_espera")
      .orderBy("inscripcion.id")
      .execute();
  }

  /** Gives a waiting enrolment its place, with the amount it is charged (and its deadline). */
  async confirmar(id: number, importe: number, plazoPago: Date | null = null): Promise<void> {
    await this.db
      .updateTable("inscripcion")
      .set({ estado: "confirmada", importe, plazo_pago: plazoPago, plazo_avisos: 0 })
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

  async inscripcion(idActo: number, id: number): Promise<InscripcionFila | undefined> {
    return consultaInscripciones(this.db)
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.id", "=", id)
      .executeTakeFirst();
  }

  /** Confirmed by name, then the wait-list in order. */
  async inscripcionesDe(idActo: number): Promise<InscripcionFila[]> {
    return consultaInscripciones(this.db)
      .where("inscripcion.id_acto", "=", idActo)
      .orderBy(sql`inscripcion.estado = 'en_espera'`)
      .orderBy(sql`case when inscripcion.estado = 'en_espera' then inscripcion.id end`)
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("inscripcion.id")
      .execute();
  }

  /**
   * One page of an event's enrolments in the listing's order (confirmed by surname, then the
   * wait-list in order), of those in `estado` whose member matches every word of `q` (the
   * member list's `busqueda`), with how many match (issue 51: the page costs the page).
   */
  async paginaDeInscritos(
    idActo: number,
    filtro: { estado?: EstadoInscripcion; q?: string; page: number; pageSize: number },
  ): Promise<{ filas: InscripcionFila[]; total: number }> {
    const condiciones = [sql`inscripcion.id_acto = ${idActo}`];
    if (filtro.estado) condiciones.push(sql`inscripcion.estado = ${filtro.estado}`);
    const palabras = normalizarBusqueda(filtro.q ?? "")
      .split(" ")
      .filter(Boolean);
    for (const palabra of palabras) {
      const patron = `%${palabra.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      condiciones.push(sql`exists (select 1 from socio
        where socio.id = inscripcion.id_socio and socio.busqueda like ${patron})`);
    }
    const donde = sql<boolean>`${sql.join(condiciones, sql` and `)}`;
    // The order is that of `inscripcion_listado_idx` (migration 0050: the member's surname and
    // name are on the enrolment), so the page is the index's next 50 entries, and only its rows
    // are joined with their member, charge, table and type. Sorted after joining `socio`, every
    // enrolment of the event was read to keep 50. Without a search, how many there are is what
    // the event's counters say (`inscritos`, confirmed, and `en_espera`, kept with `ocupadas` by
    // the same triggers: migrations 0023, 0048); a search counts the matches apart.
    const orden = sql`inscripcion.estado = 'en_espera',
      case when inscripcion.estado = 'en_espera' then inscripcion.id end,
      inscripcion.socio_apellidos, inscripcion.socio_nombre, inscripcion.id`;
    const [filas, cuenta] = await Promise.all([
      consultaInscripciones(this.db)
        .innerJoin(
          (eb) =>
            eb
              .selectFrom("inscripcion")
              .select([
                "inscripcion.id",
                sql<number>`row_number() over (order by ${orden})`.as("orden"),
              ])
              .where(donde)
              .orderBy(orden)
              .limit(filtro.pageSize)
              .offset((filtro.page - 1) * filtro.pageSize)
              .as("pagina"),
          (j) => j.onRef("pagina.id", "=", "inscripcion.id"),
        )
        .orderBy("pagina.orden")
        .execute(),
      palabras.length === 0
        ? this.db
            .selectFrom("acto")
            .select(
              filtro.estado === "confirmada"
                ? sql<number>`inscritos`.as("n")
                : filtro.estado === "en_espera"
                  ? sql<number>`en_espera`.as("n")
                  : sql<number>`inscritos + en_espera`.as("n"),
            )
            .where("id", "=", idActo)
            .executeTakeFirst()
        : this.db
            .selectFrom("inscripcion")
            .select(sql<number>`count(*)::int`.as("n"))
            .where(donde)
            .executeTakeFirst(),
    ]);
    return { filas, total: Number(cuenta?.n ?? 0) };
  }

  /**
   * The confirmed enrolments of an event added up by menu and member type (the listing's
   * totals, `totalesDeGrupos`), in SQL: a few rows however many are enrolled. The type is the
   * one the enrolment carries (its member's, migration 0050): no row of `socio` is read.
   */
  async gruposDeTotales(idActo: number): Promise<GrupoTotales[]> {
    const { rows } = await sql<GrupoTotales>`
      select inscripcion.menu, inscripcion.socio_id_tipo as id_tipo_socio,
        tipo_socio.nombre as tipo_nombre, tipo_socio.color as tipo_color, count(*)::int as socios,
        coalesce(sum(inscripcion.invitados), 0)::int as invitados,
        coalesce(sum(inscripcion.importe), 0)::float8 as importe
      from inscripcion
      left join tipo_socio on tipo_socio.id = inscripcion.socio_id_tipo
      where inscripcion.id_acto = ${idActo} and inscripcion.estado = 'confirmada'
      group by inscripcion.menu, inscripcion.socio_id_tipo, tipo_socio.nombre, tipo_socio.color`.execute(
      this.db,
    );
    return rows.map((r) => ({ ...r, importe: Number(r.importe) }));
  }

  async inscripcionesDeSocios(idsActo: number[], idsSocio: number[]): Promise<InscripcionFila[]> {
    if (idsActo.length === 0 || idsSocio.length === 0) return [];
    return consultaInscripciones(this.db)
      .where("inscripcion.id_acto", "in", idsActo)
      .where("inscripcion.id_socio", "in", idsSocio)
      .execute();
  }

  async actualizarInscripcion(
    id: number,
    cambios: Partial<Pick<NuevaInscripcion, "invitados" | "menu" | "alergias" | "importe">> & {
      id_pago?: number | null;
      dietas?: Dieta[];
      acompanantes?: Acompanante[];
      sentar_con?: number[];
    },
  ): Promise<void> {
    const { dietas, acompanantes, sentar_con, ...resto } = cambios;
    await this.db
      .updateTable("inscripcion")
      .set({
        ...resto,
        ...(dietas ? { dietas: JSON.stringify(dietas) } : {}),
        ...(acompanantes ? { acompanantes: JSON.stringify(acompanantes) } : {}),
        ...(sentar_con ? { sentar_con: JSON.stringify(sentar_con) } : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /**
   * What is paid of a charge in parts (the `pagado` charges split off it), in cents, with the
   * charge locked: a partial payment at the same moment waits for this change, or this for it.
   */
  async pagadoEnPartes(idPago: number): Promise<number> {
    await this.db.selectFrom("pago").select("id").where("id", "=", idPago).forUpdate().execute();
    const fila = await this.db
      .selectFrom("pago")
      .select(sql<number>`coalesce(sum(importe), 0)`.as("pagado"))
      .where("id_pago_origen", "=", idPago)
      .where("estado", "=", "pagado")
      .executeTakeFirstOrThrow();
    return Number(fila.pagado);
  }

  /** The `pagado` charge split off `idPago` last (the latest partial payment), if any. */
  async ultimaPartePagada(idPago: number): Promise<number | null> {
    const fila = await this.db
      .selectFrom("pago")
      .select("id")
      .where("id_pago_origen", "=", idPago)
      .where("estado", "=", "pagado")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return fila?.id ?? null;
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

  /**
   * Enrolments with a payment deadline whose notice (an hour before) or lapse is due at `ahora`,
   * in deadline order.
   */
  async plazosDebidos(ahora: Date, limite = 500): Promise<number[]> {
    const filas = await this.db
      .selectFrom("inscripcion")
      .select("id")
      .where("plazo_pago", "is not", null)
      .where((eb) =>
        eb.or([
          eb("plazo_pago", "<=", ahora),
          eb.and([
            eb("plazo_avisos", "<", 1),
            eb("plazo_pago", "<=", new Date(ahora.getTime() + 3_600_000)),
          ]),
        ]),
      )
      .orderBy("plazo_pago")
      .limit(limite)
      .execute();
    return filas.map((f) => f.id);
  }

  async avisosPlazo(id: number): Promise<number> {
    const fila = await this.db
      .selectFrom("inscripcion")
      .select("plazo_avisos")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.plazo_avisos ?? 0;
  }

  async actoDeInscripcion(id: number): Promise<number | undefined> {
    const fila = await this.db
      .selectFrom("inscripcion")
      .select("id_acto")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.id_acto;
  }

  async fijarPlazo(id: number, plazo: Date | null, avisos?: number): Promise<void> {
    await this.db
      .updateTable("inscripcion")
      .set({ plazo_pago: plazo, ...(avisos !== undefined ? { plazo_avisos: avisos } : {}) })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Whether the charge is in an online order still pending (not resolved, younger than
   * `caducaMs`): the bank may yet pay it, so its enrolment does not lapse meanwhile.
   */
  async enPedidoOnlinePendiente(idPago: number, ahora: Date, caducaMs: number): Promise<boolean> {
    const fila = await this.db
      .selectFrom("pedido_online_pago as pp")
      .innerJoin("pedido_online as po", "po.id", "pp.id_pedido")
      .select("po.id")
      .where("pp.id_pago", "=", idPago)
      .where("po.estado", "=", "pendiente")
      .where("po.creado_en", ">", new Date(ahora.getTime() - caducaMs))
      .executeTakeFirst();
    return !!fila;
  }

  async borrarInscripcion(id: number): Promise<void> {
    await this.db.deleteFrom("inscripcion").where("id", "=", id).execute();
  }

  /**
   * Cancels what is still owed of a charge — pending and not in a remittance, or returned by the
   * bank (`devuelto`: its remittance is done, the money never came); false if it could not.
   */
  async anularCargo(idPago: number, motivo: string): Promise<boolean> {
    const r = await this.db
      .updateTable("pago")
      .set({ estado: "anulado", motivo_anulacion: motivo, actualizado_en: new Date() })
      .where("id", "=", idPago)
      .where(porCobrarFueraDeRemesa)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
