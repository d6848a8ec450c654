import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The app in Valencian as well as Spanish (issue 38): each account keeps its language,
// `usuario.idioma` ('es' or 'va', Spanish by default: every existing account stays as it was).
// The server answers in it (DomainError messages, validation, mails, push, PDFs) and the web
// opens in it on every device.
// News may also be written in Valencian: `noticia.titulo_va`, `resumen_va`, `contenido_va` ('' when
// the item has no Valencian text; the reader then gets the Spanish one).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("usuario")
    .addColumn("idioma", "text", (c) =>
      c.notNull().defaultTo("es").check(sql`idioma in ('es', 'va')`),
    )
    .execute();
  await db.schema
    .alterTable("noticia")
    .addColumn("titulo_va", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("resumen_va", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contenido_va", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Alerts too: each recipient's push and mail in their language ('' = only Spanish).
  await db.schema
    .alterTable("alerta")
    .addColumn("titulo_va", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("mensaje_va", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
