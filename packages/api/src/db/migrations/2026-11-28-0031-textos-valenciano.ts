import type { Kysely } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The rest of the content in two languages (issue 38): an event's description
// (`acto.descripcion_va`) and the association's terms and privacy texts
// (`asociacion.texto_condiciones_va`, `texto_privacidad_va`). '' = no Valencian text: the reader
// gets the Spanish one (and a Spanish reader the Valencian one when only it exists).
// The terms version (`version_condiciones`) stays explicit: writing or changing the Valencian
// text alone does not ask anybody to accept the terms again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("acto")
    .addColumn("descripcion_va", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("asociacion")
    .addColumn("texto_condiciones_va", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("texto_privacidad_va", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
