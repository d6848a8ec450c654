import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The association's logo (issue 11 §4), kept in the database rather than under DATA_DIR/files so
// that every API instance, the PDFs and the backups see the same one: a PNG of at most 512 px,
// re-encoded by the server from the uploaded PNG, JPEG or WebP. `logo_actualizado_en` versions
// its URL so browsers and installed apps fetch a new one when it changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE asociacion ADD COLUMN logo bytea`.execute(db);
  await sql`ALTER TABLE asociacion ADD COLUMN logo_actualizado_en timestamptz`.execute(db);
}
