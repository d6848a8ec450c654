import type { Kysely } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Member card and check-in at the door (issue 34, part 2). The card's QR holds a code signed
// with the installation key that names the member and `socio.carnet_version`; «Renovar el
// carnet» adds one to it, so every earlier code is refused. `inscripcion.asistio_en` keeps when
// the attendance was marked (the door answers «ya entró a las hh:mm»); null for attendance
// marked before this migration.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("socio")
    .addColumn("carnet_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("inscripcion").addColumn("asistio_en", "timestamptz").execute();
}
