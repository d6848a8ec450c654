import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A restore of a backup (modules/copias) across instances and across a crash (issue 32 §4):
// - `restauracion_bloqueo`: at most one row (id 1), the restore under way. Taken in one statement
//   (insert, or take over a row whose holder stopped beating for two minutes: an instance killed
//   mid-restore never blocks the next one for long). Any instance on the database sees it.
// - `restauracion_hecha`: the key of a restore whose rows are committed, written in the same
//   transaction as them. After a crash between that commit and the swap of the files folder, the
//   next start reads it to know whether to finish the swap or undo it.
// Neither is ever copied into a backup nor emptied by a restore.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE restauracion_bloqueo (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      clave text NOT NULL,
      latido timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE restauracion_hecha (
      clave text PRIMARY KEY,
      hecha_en timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
