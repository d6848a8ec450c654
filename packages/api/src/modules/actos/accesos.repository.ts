import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { CambioAuditado, EstadoInscripcion } from "../../db/schema.js";
import { registrarAuditoria } from "../../services/auditoria.js";
import {
  consultaInscripciones,
  type InscripcionFila,
  puestoEsperaSql,
} from "./inscripciones.repository.js";

export type ActoPuerta = { id: number; fecha: string; cancelado: boolean };
export type SocioPuerta = {
  id: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  imagen: string | null;
};
export type InscritoPuerta = {
  id: number;
  id_socio: number;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  estado: EstadoInscripcion;
  asistio: boolean;
  asistio_en: Date | null;
  menu: string;
  invitados: number;
  puesto_espera: number | null;
};

/** The door of an event: who is enrolled, who came in, and marking it (by card or by hand). */
export class AccesosRepository {
  constructor(private readonly db: Database) {}

  acto(id: number): Promise<ActoPuerta | undefined> {
    return this.db
      .selectFrom("acto")
      .select(["id", "fecha", "cancelado"])
      .where("id", "=", id)
      .executeTakeFirst() as Promise<ActoPuerta | undefined>;
  }

  socio(id: number): Promise<SocioPuerta | undefined> {
    return this.db
      .selectFrom("socio")
      .select(["id", "nombre", "apellidos", "matricula", "imagen"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  private inscritos(idActo: number) {
    return this.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select([
        "inscripcion.id",
        "inscripcion.id_socio",
        "socio.nombre",
        "socio.apellidos",
        "socio.matricula",
        "inscripcion.estado",
        "inscripcion.asistio",
        "inscripcion.asistio_en",
        "inscripcion.menu",
        "inscripcion.invitados",
        puestoEsperaSql().as("puesto_espera"),
      ])
      .where("inscripcion.id_acto", "=", idActo);
  }

  inscrito(idActo: number, idSocio: number): Promise<InscritoPuerta | undefined> {
    return this.inscritos(idActo).where("inscripcion.id_socio", "=", idSocio).executeTakeFirst();
  }

  lista(idActo: number): Promise<InscritoPuerta[]> {
    return this.inscritos(idActo)
      .orderBy("socio.apellidos")
      .orderBy("socio.nombre")
      .orderBy("inscripcion.id")
      .execute();
  }

  /**
   * Marks the attendance of a confirmed enrolment not yet in, at `instante` (when the card was
   * read), in one statement: of two scans of the same card at once, exactly one changes the row
   * (the other waits for its lock, then finds it marked). The time of entry when this call marked
   * it, null when it was already in.
   */
  async registrar(idInscripcion: number, instante: Date): Promise<Date | null> {
    const fila = await this.db
      .updateTable("inscripcion")
      .set({ asistio: true, asistio_en: instante })
      .where("id", "=", idInscripcion)
      .where("asistio", "=", false)
      .where("estado", "=", "confirmada")
      .returning("asistio_en")
      .executeTakeFirst();
    return fila?.asistio_en ?? null;
  }

  /** An enrolment as listed (for the attendance marked by hand). */
  inscripcion(idActo: number, id: number): Promise<InscripcionFila | undefined> {
    return consultaInscripciones(this.db)
      .where("inscripcion.id_acto", "=", idActo)
      .where("inscripcion.id", "=", id)
      .executeTakeFirst();
  }

  /** Attendance by hand: marked (with the time of entry, for the door) or unmarked. */
  async marcarAsistencia(id: number, asistio: boolean): Promise<void> {
    await this.db
      .updateTable("inscripcion")
      .set({ asistio, asistio_en: asistio ? sql<Date>`now()` : null })
      .where("id", "=", id)
      .execute();
  }

  async recuento(idActo: number): Promise<{ dentro: number; confirmados: number }> {
    const fila = await this.db
      .selectFrom("inscripcion")
      .select([
        sql<number>`count(*) filter (where asistio)::int`.as("dentro"),
        sql<number>`count(*)::int`.as("confirmados"),
      ])
      .where("id_acto", "=", idActo)
      .where("estado", "=", "confirmada")
      .executeTakeFirstOrThrow();
    return { dentro: fila.dentro, confirmados: fila.confirmados };
  }

  transaccion<T>(fn: (repo: AccesosRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new AccesosRepository(trx)));
  }

  auditar(idUsuario: number, idInscripcion: number, cambios: CambioAuditado[]): Promise<void> {
    return registrarAuditoria(this.db, {
      idUsuario,
      entidad: "inscripcion",
      idEntidad: idInscripcion,
      accion: "asistencia",
      cambios,
    });
  }
}
