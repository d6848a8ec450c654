import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The sign-in limit counted the failures (a SELECT count) and recorded them (an INSERT) in two
// steps, so attempts arriving together, on one instance or several, all saw the count below the
// limit (issue 32, item 11). One row per key now holds the attempts of its window, taken with one
// INSERT … ON CONFLICT DO UPDATE … RETURNING that locks the row: the attempts of a key are
// counted one after another whatever the number of instances. The rows of `intento_login` were
// counters of at most 15 minutes: nothing is carried over.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("intento_login").execute();
  await db.schema
    .createTable("limite_intento")
    .addColumn("clave", "text", (c) => c.primaryKey())
    .addColumn("desde", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("intentos", "integer", (c) => c.notNull())
    .execute();
}
