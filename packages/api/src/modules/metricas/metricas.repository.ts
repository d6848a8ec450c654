import { sql } from "kysely";
import type { Database } from "../../db/database.js";

/** The counts the metrics read from the database when Prometheus scrapes them. */
export class MetricasRepository {
  constructor(private readonly db: Database) {}

  /** Push notifications waiting to be delivered (push_envio.estado = 'pendiente'). */
  async colaPush(): Promise<number> {
    const fila = await this.db
      .selectFrom("push_envio")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("estado", "=", "pendiente")
      .executeTakeFirstOrThrow();
    return fila.n;
  }

  /** Mails the SMTP server refused or could not take (correo_saliente.estado = 'error'). */
  async correosFallidos(): Promise<number> {
    const fila = await this.db
      .selectFrom("correo_saliente")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("estado", "=", "error")
      .executeTakeFirstOrThrow();
    return fila.n;
  }
}
