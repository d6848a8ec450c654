import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A charge has a remittance and a direct debit only once it goes to the bank; every emitted
// charge is inserted with both null. The indexes on them now leave the nulls out, so emitting
// 31,600 charges writes two index entries fewer per row (issue 14, goal 3). Every query on them
// looks a value up (`id_remesa = $1`, and the foreign keys' checks on deleting a remittance or a
// debit), which a partial index `WHERE … IS NOT NULL` serves: `=` never matches a null.
const INDICES = [
  ["pago_remesa_idx", "id_remesa"],
  ["pago_adeudo_idx", "id_adeudo"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [nombre, columna] of INDICES) {
    await sql`DROP INDEX ${sql.id(nombre)}`.execute(db);
    await sql`
      CREATE INDEX ${sql.id(nombre)} ON pago (${sql.id(columna)}) WHERE ${sql.id(columna)} IS NOT NULL
    `.execute(db);
  }
}
