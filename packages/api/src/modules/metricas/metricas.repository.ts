import { sql } from "kysely";
import type { Database } from "../../db/database.js";

/** The counts the metrics read from the database when Prometheus scrapes them. */
export class MetricasRepository {
  constructor(private readonly db: Database) {}

  /**
   * Rows of a queue in one state: push notifications waiting (push_envio 'pendiente'), mails the
   * SMTP server refused (correo_saliente 'error').
   */
  async contar(tabla: "push_envio" | "correo_saliente", estado: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(tabla)} where estado = ${estado}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }
}
