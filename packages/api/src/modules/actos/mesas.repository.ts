import type { Acompanante, Dieta } from "@fila/domain";
import { sql } from "kysely";
import { ActosRepository } from "./actos.repository.js";

export type MesaFila = { id: number; numero: number; codigo: string };

/** A confirmed enrolment of a seated dinner, as the plan shows it. */
export type ComensalFila = {
  id: number;
  id_acto: number;
  id_socio: number;
  nombre: string;
  apellidos: string;
  invitados: number;
  alergias: string;
  dietas: Dieta[];
  acompanantes: Acompanante[];
  sentar_con: number[];
  id_pagador: number;
  id_mesa: number | null;
};

/** The tables of a seated dinner (issue 50): one table row locked per change of its seats. */
export class MesasRepository extends ActosRepository {
  async mesas(idActo: number): Promise<MesaFila[]> {
    return this.db
      .selectFrom("mesa")
      .select(["id", "numero", "codigo"])
      .where("id_acto", "=", idActo)
      .orderBy("numero")
      .execute();
  }

  /** Table id → number, of the events' tables. */
  async numerosDeMesas(idsActo: number[]): Promise<Map<number, number>> {
    if (idsActo.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("mesa")
      .select(["id", "numero"])
      .where("id_acto", "in", idsActo)
      .execute();
    return new Map(filas.map((f) => [f.id, f.numero]));
  }

  /** A table of the event, locked until the transaction ends. */
  async mesaBloqueada(idActo: number, filtro: { id?: number; codigo?: string }) {
    let q = this.db
      .selectFrom("mesa")
      .select(["id", "numero", "codigo"])
      .where("id_acto", "=", idActo);
    if (filtro.id !== undefined) q = q.where("id", "=", filtro.id);
    if (filtro.codigo !== undefined) q = q.where("codigo", "=", filtro.codigo);
    return q.forUpdate().executeTakeFirst();
  }

  /** People (members + guests, confirmed) seated at a table. */
  async ocupadas(idMesa: number): Promise<number> {
    const fila = await this.db
      .selectFrom("inscripcion")
      .select(sql<number>`coalesce(sum(1 + invitados), 0)::int`.as("n"))
      .where("id_mesa", "=", idMesa)
      .where("estado", "=", "confirmada")
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  }

  /** The confirmed enrolments of the events with what seating and catering need. */
  async comensales(idsActo: number[]): Promise<ComensalFila[]> {
    if (idsActo.length === 0) return [];
    return this.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select([
        "inscripcion.id",
        "inscripcion.id_acto",
        "inscripcion.id_socio",
        "socio.nombre",
        "socio.apellidos",
        "inscripcion.invitados",
        "inscripcion.alergias",
        "inscripcion.dietas",
        "inscripcion.acompanantes",
        "inscripcion.sentar_con",
        sql<number>`coalesce(socio.id_pagador, socio.id)`.as("id_pagador"),
        "inscripcion.id_mesa",
      ])
      .where("inscripcion.id_acto", "in", idsActo)
      .where("inscripcion.estado", "=", "confirmada")
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("inscripcion.id")
      .execute();
  }

  /**
   * The family of a member in the event (the confirmed enrolments of the same payer, as in Mis
   * actos: the payer and the members they pay for).
   */
  async familiaEnActo(idActo: number, idSocio: number) {
    return this.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select(["inscripcion.id", "inscripcion.invitados", "inscripcion.id_mesa"])
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.estado", "=", "confirmada")
      .where(
        sql<number>`coalesce(socio.id_pagador, socio.id)`,
        "=",
        this.db
          .selectFrom("socio as s")
          .select(sql<number>`coalesce(s.id_pagador, s.id)`.as("p"))
          .where("s.id", "=", idSocio),
      )
      .orderBy("inscripcion.id")
      .execute();
  }

  async inscripcionConfirmada(idActo: number, id: number) {
    return this.db
      .selectFrom("inscripcion")
      .select(["id", "invitados", "id_mesa"])
      .where("id_acto", "=", idActo)
      .where("id", "=", id)
      .where("estado", "=", "confirmada")
      .executeTakeFirst();
  }

  async crearMesa(idActo: number, numero: number, codigo: string, idSocio: number | null) {
    return this.db
      .insertInto("mesa")
      .values({ id_acto: idActo, numero, codigo, id_socio_creador: idSocio })
      .returning(["id", "numero", "codigo"])
      .executeTakeFirstOrThrow();
  }

  async siguienteNumero(idActo: number): Promise<number> {
    const fila = await this.db
      .selectFrom("mesa")
      .select(sql<number>`coalesce(max(numero), 0)::int + 1`.as("n"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    return Number(fila.n);
  }

  async sentar(idsInscripcion: number[], idMesa: number | null): Promise<void> {
    if (idsInscripcion.length === 0) return;
    await this.db
      .updateTable("inscripcion")
      .set({ id_mesa: idMesa })
      .where("id", "in", idsInscripcion)
      .execute();
  }
}
