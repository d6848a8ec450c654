import { CODIGO_CARGO_CABO } from "@fila/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../../db/database.js";
import type { ClaseGrupo, DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export { type Pertenencias, pertenenciasEn, sociosDeGruposYCargos } from "./pertenencias.js";

type Bd = Kysely<DB> | Transaction<DB>;

export type GrupoFila = {
  id: number;
  clase: ClaseGrupo;
  anyo: number | null;
  nombre: string;
  tipo: "ordinaria" | "especial" | null;
  traje: string;
  banda: string;
  descripcion: string;
  id_responsable: number | null;
  responsable: string | null;
  orden: number;
  activo: boolean;
};

export type MiembroFila = {
  id_grupo: number;
  id_socio: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  rol: string;
};

export type CargoSocioFila = {
  id: number;
  id_socio: number;
  nombre_socio: string;
  apellidos_socio: string;
  id_cargo: number;
  codigo: string;
  cargo: string;
  cargo_va: string;
  desde: string;
  hasta: string | null;
  id_grupo: number | null;
  escuadra: string | null;
  notas: string;
};

export type DatosGrupo = {
  clase: ClaseGrupo;
  anyo: number | null;
  nombre: string;
  tipo: "ordinaria" | "especial" | null;
  traje: string;
  banda: string;
  descripcion: string;
  id_responsable: number | null;
  orden: number;
  activo: boolean;
};

/** Groups, escuadras and cargos (issue 49, migration 0039). */
export class EstructuraRepository {
  constructor(readonly db: Database) {}

  /** Inside a transaction already (the demo's loader), its work joins it. */
  transaccion<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this.db as Transaction<DB>);
    return this.db.transaction().execute(fn);
  }

  auditar(entrada: EntradaAuditoria, db: Bd = this.db): Promise<void> {
    return registrarAuditoria(db as Database, entrada);
  }

  // ── Groups ────────────────────────────────────────────────────────────────────────────────

  async grupos(
    filtro: { clase?: ClaseGrupo; anyo?: number; ids?: readonly number[] },
    db: Bd = this.db,
  ): Promise<GrupoFila[]> {
    if (filtro.ids && filtro.ids.length === 0) return [];
    return db
      .selectFrom("grupo as g")
      .leftJoin("socio as r", "r.id", "g.id_responsable")
      .select([
        "g.id",
        "g.clase",
        "g.anyo",
        "g.nombre",
        "g.tipo",
        "g.traje",
        "g.banda",
        "g.descripcion",
        "g.id_responsable",
        "g.orden",
        "g.activo",
        sql<
          string | null
        >`CASE WHEN r.id IS NULL THEN NULL ELSE trim(r.nombre || ' ' || r.apellidos) END`.as(
          "responsable",
        ),
      ])
      .$if(filtro.clase !== undefined, (q) => q.where("g.clase", "=", filtro.clase as ClaseGrupo))
      .$if(filtro.anyo !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb("g.anyo", "=", filtro.anyo as number),
            eb.and([eb("g.anyo", "is", null), eb("g.clase", "<>", "escuadra")]),
          ]),
        ),
      )
      .$if(filtro.ids !== undefined, (q) => q.where("g.id", "in", [...(filtro.ids ?? [])]))
      .orderBy("g.clase")
      .orderBy("g.anyo")
      .orderBy("g.orden")
      .orderBy("g.nombre")
      .orderBy("g.id")
      .execute();
  }

  async grupo(id: number, db: Bd = this.db): Promise<GrupoFila | undefined> {
    return (await this.grupos({ ids: [id] }, db))[0];
  }

  /** The group row locked (the lock of its members' changes and of its cabo). */
  async bloquearGrupo(trx: Transaction<DB>, id: number) {
    return trx
      .selectFrom("grupo")
      .select(["id", "clase", "anyo", "nombre"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The member row locked: every change of one festero's escuadra of a year queues here. */
  async bloquearSocio(trx: Transaction<DB>, id: number) {
    return trx
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "activo"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  }

  async miembros(idsGrupo: readonly number[], db: Bd = this.db): Promise<MiembroFila[]> {
    if (idsGrupo.length === 0) return [];
    return db
      .selectFrom("grupo_miembro as m")
      .innerJoin("socio as s", "s.id", "m.id_socio")
      .select(["m.id_grupo", "m.id_socio", "s.nombre", "s.apellidos", "s.matricula", "m.rol"])
      .where("m.id_grupo", "in", [...idsGrupo])
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .orderBy("s.id")
      .execute();
  }

  /** Cabo of each escuadra: id_grupo → id_socio. */
  async cabos(idsGrupo: readonly number[], db: Bd = this.db): Promise<Map<number, number>> {
    if (idsGrupo.length === 0) return new Map();
    const filas = await db
      .selectFrom("socio_cargo")
      .select(["id_grupo", "id_socio"])
      .where("id_grupo", "in", [...idsGrupo])
      .execute();
    return new Map(filas.map((f) => [f.id_grupo as number, f.id_socio]));
  }

  async desfiles(
    idsGrupo: readonly number[],
    db: Bd = this.db,
  ): Promise<{ id_grupo: number; desfile: string; orden: number }[]> {
    if (idsGrupo.length === 0) return [];
    return db
      .selectFrom("grupo_desfile")
      .selectAll()
      .where("id_grupo", "in", [...idsGrupo])
      .orderBy("desfile")
      .orderBy("orden")
      .execute();
  }

  async crearGrupo(datos: DatosGrupo, db: Bd = this.db): Promise<number> {
    const fila = await db
      .insertInto("grupo")
      .values(datos)
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizarGrupo(
    id: number,
    datos: Partial<Omit<DatosGrupo, "clase" | "anyo">>,
    db: Bd = this.db,
  ): Promise<void> {
    await db.updateTable("grupo").set(datos).where("id", "=", id).execute();
  }

  async borrarGrupo(id: number, db: Bd = this.db): Promise<void> {
    // The cabo (a cargo pointing at the membership) goes with the group's memberships.
    await db.deleteFrom("socio_cargo").where("id_grupo", "=", id).execute();
    await db.deleteFrom("grupo").where("id", "=", id).execute();
  }

  async nombreDuplicado(
    clase: ClaseGrupo,
    anyo: number | null,
    nombre: string,
    excepto: number | null,
    db: Bd = this.db,
  ): Promise<boolean> {
    const fila = await db
      .selectFrom("grupo")
      .select("id")
      .where("clase", "=", clase)
      .where(sql`coalesce(anyo, 0)`, "=", anyo ?? 0)
      .where(sql`lower(nombre)`, "=", nombre.toLowerCase())
      .$if(excepto !== null, (q) => q.where("id", "<>", excepto as number))
      .executeTakeFirst();
    return fila !== undefined;
  }

  async socioExiste(id: number, db: Bd = this.db): Promise<boolean> {
    return (
      (await db.selectFrom("socio").select("id").where("id", "=", id).executeTakeFirst()) !==
      undefined
    );
  }

  /** The escuadra of `anyo` the member is in (with the group's name), if any. */
  async escuadraDe(idSocio: number, anyo: number, db: Bd = this.db) {
    return db
      .selectFrom("grupo_miembro as m")
      .innerJoin("grupo as g", "g.id", "m.id_grupo")
      .select(["g.id", "g.nombre"])
      .where("m.id_socio", "=", idSocio)
      .where("m.clase", "=", "escuadra")
      .where("m.anyo", "=", anyo)
      .executeTakeFirst();
  }

  async miembro(idGrupo: number, idSocio: number, db: Bd = this.db) {
    return db
      .selectFrom("grupo_miembro")
      .selectAll()
      .where("id_grupo", "=", idGrupo)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
  }

  /** Adds a member; false when they were already in it. */
  async anyadirMiembro(
    grupo: { id: number; clase: ClaseGrupo; anyo: number | null },
    idSocio: number,
    rol: string,
    db: Bd = this.db,
  ): Promise<boolean> {
    const r = await db
      .insertInto("grupo_miembro")
      .values({ id_grupo: grupo.id, clase: grupo.clase, anyo: grupo.anyo, id_socio: idSocio, rol })
      .onConflict((oc) => oc.columns(["id_grupo", "id_socio"]).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Puts the member in escuadra `grupo` of its year, out of any other of that year: one upsert on
   * the unique index (id_socio, anyo) of escuadras. Returns the escuadra they left, if another.
   */
  async moverAEscuadra(
    grupo: { id: number; anyo: number },
    idSocio: number,
    rol: string,
    trx: Transaction<DB>,
  ): Promise<void> {
    await sql`
      INSERT INTO grupo_miembro (id_grupo, clase, anyo, id_socio, rol)
      VALUES (${grupo.id}, 'escuadra', ${grupo.anyo}, ${idSocio}, ${rol})
      ON CONFLICT (id_socio, anyo) WHERE clase = 'escuadra'
      DO UPDATE SET id_grupo = excluded.id_grupo, rol = excluded.rol, creado_en = now()
    `.execute(trx);
  }

  async cambiarRol(idGrupo: number, idSocio: number, rol: string, db: Bd = this.db) {
    const r = await db
      .updateTable("grupo_miembro")
      .set({ rol })
      .where("id_grupo", "=", idGrupo)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async quitarMiembro(idGrupo: number, idSocio: number, db: Bd = this.db): Promise<boolean> {
    await db
      .deleteFrom("socio_cargo")
      .where("id_grupo", "=", idGrupo)
      .where("id_socio", "=", idSocio)
      .execute();
    const r = await db
      .deleteFrom("grupo_miembro")
      .where("id_grupo", "=", idGrupo)
      .where("id_socio", "=", idSocio)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** Removes the member's cabo cargo of any escuadra of `anyo` (before moving them). */
  async quitarCaboDelAnyo(idSocio: number, anyo: number, db: Bd = this.db): Promise<number[]> {
    const filas = await db
      .deleteFrom("socio_cargo")
      .where("id_socio", "=", idSocio)
      .where("id_grupo", "in", (eb) =>
        eb
          .selectFrom("grupo")
          .select("id")
          .where("clase", "=", "escuadra")
          .where("anyo", "=", anyo),
      )
      .returning("id_grupo")
      .execute();
    return filas.map((f) => f.id_grupo as number);
  }

  async cargoCabo(db: Bd = this.db) {
    return db
      .selectFrom("cargo")
      .select(["id"])
      .where("codigo", "=", CODIGO_CARGO_CABO)
      .executeTakeFirst();
  }

  async ponerCabo(
    idGrupo: number,
    idSocio: number,
    idCargo: number,
    desde: string,
    hasta: string,
    trx: Transaction<DB>,
  ): Promise<void> {
    await trx.deleteFrom("socio_cargo").where("id_grupo", "=", idGrupo).execute();
    await trx
      .insertInto("socio_cargo")
      .values({ id_socio: idSocio, id_cargo: idCargo, desde, hasta, id_grupo: idGrupo })
      .execute();
  }

  async quitarCabo(idGrupo: number, db: Bd = this.db): Promise<void> {
    await db.deleteFrom("socio_cargo").where("id_grupo", "=", idGrupo).execute();
  }

  async ordenarDesfile(
    desfile: string,
    anyo: number,
    idsGrupo: readonly number[],
    trx: Transaction<DB>,
  ): Promise<void> {
    await trx
      .deleteFrom("grupo_desfile")
      .where("desfile", "=", desfile)
      .where("id_grupo", "in", (eb) =>
        eb
          .selectFrom("grupo")
          .select("id")
          .where("clase", "=", "escuadra")
          .where("anyo", "=", anyo),
      )
      .execute();
    if (idsGrupo.length === 0) return;
    await trx
      .insertInto("grupo_desfile")
      .values(idsGrupo.map((id, i) => ({ id_grupo: id, desfile, orden: i + 1 })))
      .execute();
  }

  // ── Cargos ────────────────────────────────────────────────────────────────────────────────

  async cargos(db: Bd = this.db) {
    return db.selectFrom("cargo").selectAll().orderBy("orden").orderBy("nombre").execute();
  }

  async cargo(id: number, db: Bd = this.db) {
    return db.selectFrom("cargo").selectAll().where("id", "=", id).executeTakeFirst();
  }

  private consultaCargosSocio(db: Bd) {
    return db
      .selectFrom("socio_cargo as sc")
      .innerJoin("cargo as c", "c.id", "sc.id_cargo")
      .innerJoin("socio as s", "s.id", "sc.id_socio")
      .leftJoin("grupo as g", "g.id", "sc.id_grupo")
      .select([
        "sc.id",
        "sc.id_socio",
        "s.nombre as nombre_socio",
        "s.apellidos as apellidos_socio",
        "sc.id_cargo",
        "c.codigo",
        "c.nombre as cargo",
        "c.nombre_va as cargo_va",
        "sc.desde",
        "sc.hasta",
        "sc.id_grupo",
        "g.nombre as escuadra",
        "sc.notas",
      ]);
  }

  async cargosDeSocio(idSocio: number, db: Bd = this.db): Promise<CargoSocioFila[]> {
    return this.consultaCargosSocio(db)
      .where("sc.id_socio", "=", idSocio)
      .orderBy("sc.desde", "desc")
      .orderBy("c.orden")
      .execute();
  }

  /** The cargos held some day of `anyo` (board view): by cargo's order, then by name. */
  async cargosDelAnyo(anyo: number, db: Bd = this.db): Promise<CargoSocioFila[]> {
    return this.consultaCargosSocio(db)
      .where("sc.desde", "<=", `${anyo}-12-31`)
      .where((eb) => eb.or([eb("sc.hasta", "is", null), eb("sc.hasta", ">=", `${anyo}-01-01`)]))
      .orderBy("c.orden")
      .orderBy("c.nombre")
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .orderBy("sc.id")
      .execute();
  }

  async cargoSocio(id: number, db: Bd = this.db): Promise<CargoSocioFila | undefined> {
    return this.consultaCargosSocio(db).where("sc.id", "=", id).executeTakeFirst();
  }

  /** The member's memberships of every year, with the group. */
  async gruposDeSocio(idSocio: number, db: Bd = this.db) {
    return db
      .selectFrom("grupo as g")
      .leftJoin("grupo_miembro as m", (j) =>
        j.onRef("m.id_grupo", "=", "g.id").on("m.id_socio", "=", idSocio),
      )
      .select(["g.id", "g.clase", "g.anyo", "g.nombre", "g.activo", "g.id_responsable", "m.rol"])
      .where((eb) => eb.or([eb("m.id_socio", "=", idSocio), eb("g.id_responsable", "=", idSocio)]))
      .orderBy("g.anyo", "desc")
      .orderBy("g.clase")
      .orderBy("g.nombre")
      .execute();
  }

  /** Members paid by `idSocio` (and themselves): the festero's home shows theirs. */
  async sociosDeCuenta(idSocio: number, db: Bd = this.db) {
    return db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos"])
      .where((eb) => eb.or([eb("id", "=", idSocio), eb("id_pagador", "=", idSocio)]))
      .where("activo", "=", true)
      .orderBy(sql`id = ${idSocio}`, "desc")
      .orderBy("nombre")
      .execute();
  }
}
