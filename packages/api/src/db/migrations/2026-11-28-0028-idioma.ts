import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The app in Valencian as well as Spanish (issue 38): each account keeps its language,
// `usuario.idioma` ('es' or 'va', Spanish by default: every existing account stays as it was).
// The server answers in it (DomainError messages, validation, mails, push, PDFs) and the web
// opens in it on every device.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("usuario")
    .addColumn("idioma", "text", (c) =>
      c.notNull().defaultTo("es").check(sql`idioma in ('es', 'va')`),
    )
    .execute();
}
