import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The member's home answers (`GET /api/actos/mios`, `GET /api/pagos/mios`, the news list) are
// kept by the version of the data as the member list is (migration 0017, ADR 0010, ADR 0023).
// Besides members, their types, charges and products, they read events, their prices, the
// enrolments, the payment methods and the news: every statement that writes one of those raises
// the same version, through the same function.
const TABLAS = ["acto", "acto_precio", "inscripcion", "forma_pago", "noticia"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const tabla of TABLAS) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}
