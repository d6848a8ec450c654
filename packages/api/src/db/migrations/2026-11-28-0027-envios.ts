import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Mailings (issue 36). `socio.no_envios`: the member's «no quiero recibir envíos» (set by the
// member or the one-click unsubscribe, never by the board). `envio`: each mailing with its
// text, filter, who sent it and its counts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("socio")
    .addColumn("no_envios", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  // The headers an email was sent with, so a resend from the mail log keeps them.
  await db.schema
    .alterTable("correo_saliente")
    .addColumn("cabeceras", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createTable("envio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("asunto", "text", (c) => c.notNull())
    .addColumn("cuerpo", "text", (c) => c.notNull())
    .addColumn("filtro", "jsonb", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("en_curso").check(sql`estado in ('en_curso', 'terminado', 'fallido')`),
    )
    .addColumn("enviados", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fallidos", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("omitidos", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sin_email", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("creado_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
