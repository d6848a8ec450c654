import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Recipients of a mailing (issue 36), fixed when it is launched (same transaction as its
// `envio` row), so the job can resume after a restart: it sends only the `pendiente` ones and
// marks each after its SMTP answer. `deuda`: the pending total at launch, for {{deuda}}.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("envio_destinatario")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_envio", "integer", (c) => c.notNull().references("envio.id").onDelete("cascade"))
    .addColumn("id_socio", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("apellidos", "text", (c) => c.notNull())
    .addColumn("matricula", "integer")
    .addColumn("email", "text")
    .addColumn("deuda", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("estado", "text", (c) =>
      c.notNull().check(sql`estado in ('pendiente', 'enviado', 'fallido', 'omitido', 'sin_email')`),
    )
    .execute();
  await db.schema
    .createIndex("envio_destinatario_envio_estado_idx")
    .on("envio_destinatario")
    .columns(["id_envio", "estado"])
    .execute();
}
