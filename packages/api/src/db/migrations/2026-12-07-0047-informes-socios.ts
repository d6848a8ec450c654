import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The birthdays report (issue 51) worked out the birthday of every active member to keep those
// of the period (a month by default): at 12,000 members, a sequential scan of `socio` for some
// 1,000 rows. This index holds each active member's month and day of birth (`mmdd`, 1231 for
// 31 December), so the report reads only the members whose birthday can fall in the period. Only
// a change of birth date or of `activo` touches it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX socio_cumpleanyos_idx ON socio
    ((extract(month from fecha_nacimiento) * 100 + extract(day from fecha_nacimiento)))
    WHERE activo AND fecha_nacimiento IS NOT NULL`.execute(db);
}
