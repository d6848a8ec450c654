import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import {
  cargosConPesoDe,
  type PeriodoGuardado,
  periodosDe,
  sociosAntiguedad,
} from "../socios/antiguedad.repository.js";

export type SocioBreve = {
  id: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
};

export type FilaConcesion = {
  id: number;
  id_recompensa: number;
  recompensa: string;
  anyos: number;
  anyo: number;
  concedida_en: Date;
  id_socio: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
};

/** Seniority's periods, awards and the «cuenta como infantil» flag (issue 49, migration 0040). */
export class AntiguedadRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: AntiguedadRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AntiguedadRepository(trx)));
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }

  /** The member's row locked until the transaction ends (periods of one member, one at a time). */
  async bloquearSocio(id: number): Promise<{ id: number; edad_festera: number } | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "edad_festera"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
  }

  async socio(
    id: number,
  ): Promise<{ id: number; edad_festera: number; id_pagador: number | null } | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "edad_festera", "id_pagador"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  periodos(idSocio: number): Promise<PeriodoGuardado[]> {
    return periodosDe(this.db, [idSocio]).then((m) => m.get(idSocio) ?? []);
  }

  periodosDe(ids: readonly number[] | null) {
    return periodosDe(this.db, ids);
  }

  sociosAntiguedad(ids: readonly number[] | null) {
    return sociosAntiguedad(this.db, ids);
  }

  cargosConPesoDe(ids: readonly number[] | null) {
    return cargosConPesoDe(this.db, ids);
  }

  async existeTipo(id: number): Promise<boolean> {
    return !!(await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst());
  }

  async crearPeriodo(
    idSocio: number,
    p: { desde: string; hasta: string | null; idTipoSocio: number | null },
  ): Promise<number> {
    const { id } = await this.db
      .insertInto("socio_periodo")
      .values({ id_socio: idSocio, desde: p.desde, hasta: p.hasta, id_tipo_socio: p.idTipoSocio })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  async modificarPeriodo(
    id: number,
    p: { desde: string; hasta: string | null; idTipoSocio: number | null },
  ): Promise<void> {
    await this.db
      .updateTable("socio_periodo")
      .set({ desde: p.desde, hasta: p.hasta, id_tipo_socio: p.idTipoSocio })
      .where("id", "=", id)
      .execute();
  }

  async borrarPeriodo(id: number): Promise<void> {
    await this.db.deleteFrom("socio_periodo").where("id", "=", id).execute();
  }

  async tiposInfantiles(): Promise<number[]> {
    const filas = await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("cuenta_como_infantil", "=", true)
      .orderBy("id")
      .execute();
    return filas.map((f) => f.id);
  }

  async contarTipos(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { n } = await this.db
      .selectFrom("tipo_socio")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id", "in", [...ids])
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Marks exactly `ids` as «cuenta como infantil» (one statement). */
  async marcarInfantiles(ids: readonly number[]): Promise<void> {
    await this.db
      .updateTable("tipo_socio")
      .set({
        cuenta_como_infantil:
          ids.length === 0 ? sql<boolean>`false` : sql<boolean>`id in (${sql.join([...ids])})`,
      })
      .execute();
  }

  // --- Awards -------------------------------------------------------------------------------

  async recompensas() {
    return this.db
      .selectFrom("recompensa as r")
      .select([
        "r.id",
        "r.nombre",
        "r.anyos",
        "r.activa",
        (eb) =>
          eb
            .selectFrom("recompensa_socio as rs")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("rs.id_recompensa", "=", "r.id")
            .as("concedidas"),
      ])
      .orderBy("r.anyos")
      .orderBy("r.id")
      .execute();
  }

  async recompensa(id: number) {
    return this.db
      .selectFrom("recompensa")
      .select(["id", "nombre", "anyos", "activa"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async recompensaPorNombre(nombre: string, salvo?: number) {
    return this.db
      .selectFrom("recompensa")
      .select("id")
      .where(sql`lower(nombre)`, "=", nombre.toLowerCase())
      .$if(salvo !== undefined, (q) => q.where("id", "<>", salvo ?? 0))
      .executeTakeFirst();
  }

  async crearRecompensa(r: { nombre: string; anyos: number; activa: boolean }): Promise<number> {
    const { id } = await this.db
      .insertInto("recompensa")
      .values(r)
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  }

  async modificarRecompensa(id: number, r: { nombre: string; anyos: number; activa: boolean }) {
    await this.db.updateTable("recompensa").set(r).where("id", "=", id).execute();
  }

  /** Active members (id and names), for the candidates. */
  async sociosActivos(): Promise<SocioBreve[]> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "matricula"])
      .where("activo", "=", true)
      .where("anonimizado_en", "is", null)
      .orderBy("orden_apellidos")
      .orderBy("id")
      .execute();
  }

  async socioBreve(id: number): Promise<SocioBreve | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "matricula"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  /** Grants: one per rule and member (`recompensa_socio_uq`). Null: it was already granted. */
  async conceder(
    idRecompensa: number,
    idSocio: number,
    anyo: number,
    idUsuario: number,
  ): Promise<number | null> {
    const fila = await this.db
      .insertInto("recompensa_socio")
      .values({ id_recompensa: idRecompensa, id_socio: idSocio, anyo, concedida_por: idUsuario })
      .onConflict((oc) => oc.columns(["id_recompensa", "id_socio"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return fila?.id ?? null;
  }

  async borrarConcesion(id: number): Promise<void> {
    await this.db.deleteFrom("recompensa_socio").where("id", "=", id).execute();
  }

  async concesiones(filtro: {
    id?: number;
    idSocio?: number;
    anyo?: number;
    idRecompensa?: number;
  }): Promise<FilaConcesion[]> {
    return this.db
      .selectFrom("recompensa_socio as rs")
      .innerJoin("recompensa as r", "r.id", "rs.id_recompensa")
      .innerJoin("socio as s", "s.id", "rs.id_socio")
      .select([
        "rs.id",
        "rs.id_recompensa",
        "r.nombre as recompensa",
        "r.anyos",
        "rs.anyo",
        "rs.concedida_en",
        "s.id as id_socio",
        "s.nombre",
        "s.apellidos",
        "s.matricula",
      ])
      .$if(filtro.id !== undefined, (q) => q.where("rs.id", "=", filtro.id ?? 0))
      .$if(filtro.idSocio !== undefined, (q) => q.where("rs.id_socio", "=", filtro.idSocio ?? 0))
      .$if(filtro.anyo !== undefined, (q) => q.where("rs.anyo", "=", filtro.anyo ?? 0))
      .$if(filtro.idRecompensa !== undefined, (q) =>
        q.where("rs.id_recompensa", "=", filtro.idRecompensa ?? 0),
      )
      .orderBy("rs.anyo", "desc")
      .orderBy("r.anyos")
      .orderBy("s.orden_apellidos")
      .orderBy("rs.id")
      .execute();
  }

  /** Every grant as `idRecompensa:idSocio`, for the candidates. */
  async clavesConcedidas(): Promise<Set<string>> {
    const filas = await this.db
      .selectFrom("recompensa_socio")
      .select(["id_recompensa", "id_socio"])
      .execute();
    return new Set(filas.map((f) => `${f.id_recompensa}:${f.id_socio}`));
  }

  async asociacion(): Promise<{ nombre: string; logo: Buffer | null }> {
    const fila = await this.db
      .selectFrom("asociacion")
      .select(["nombre", "logo"])
      .executeTakeFirst();
    return { nombre: fila?.nombre ?? "", logo: fila?.logo ?? null };
  }
}
