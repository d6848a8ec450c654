import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Alerts (alerta + one row per recipient with its read state), Web Push subscriptions (the
// session user's tokenPush) and the delivery queue that a worker drains with retries, the
// server's own keys (VAPID) so every API instance signs with the same pair, and what the web
// app manifest needs from the association.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE asociacion
      ADD COLUMN nombre_corto text NOT NULL DEFAULT '',
      ADD COLUMN color text NOT NULL DEFAULT '#c92a2a'
  `.execute(db);

  await db.schema
    .createTable("alerta")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("mensaje", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("imagen", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("enlace", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("destino", "jsonb", (c) => c.notNull())
    .addColumn("por_email", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("id_autor", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("alerta_destinatario")
    .addColumn("id_alerta", "integer", (c) =>
      c.notNull().references("alerta.id").onDelete("cascade"),
    )
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("leida_en", "timestamptz")
    .addPrimaryKeyConstraint("alerta_destinatario_pk", ["id_alerta", "id_usuario"])
    .execute();
  // "My alerts, newest first" and "how many unread" for the bell.
  await db.schema
    .createIndex("alerta_destinatario_usuario_idx")
    .on("alerta_destinatario")
    .columns(["id_usuario", "id_alerta"])
    .execute();
  await db.schema
    .createIndex("alerta_destinatario_leida_idx")
    .on("alerta_destinatario")
    .columns(["id_usuario", "leida_en"])
    .execute();

  await db.schema
    .createTable("push_suscripcion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("push_suscripcion_endpoint_uq", ["endpoint"])
    .execute();
  await db.schema
    .createIndex("push_suscripcion_usuario_idx")
    .on("push_suscripcion")
    .column("id_usuario")
    .execute();

  await db.schema
    .createTable("push_envio")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("id_suscripcion", "integer", (c) =>
      c.notNull().references("push_suscripcion.id").onDelete("cascade"),
    )
    .addColumn("id_alerta", "integer", (c) => c.references("alerta.id").onDelete("cascade"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("pendiente").check(sql`estado in ('pendiente', 'enviado', 'fallido')`),
    )
    .addColumn("intentos", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("siguiente_intento_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("ultimo_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("enviado_en", "timestamptz")
    .execute();
  await db.schema
    .createIndex("push_envio_cola_idx")
    .on("push_envio")
    .columns(["estado", "siguiente_intento_en"])
    .execute();
  await db.schema
    .createIndex("push_envio_suscripcion_idx")
    .on("push_envio")
    .column("id_suscripcion")
    .execute();

  // The foreground stream delivers one row per alert to the connected recipients only.
  await sql`
    ALTER TABLE mensaje_evento
      ADD COLUMN id_alerta integer REFERENCES alerta(id) ON DELETE CASCADE
  `.execute(db);

  // Server-wide secrets generated once (e.g. the VAPID key pair), shared by every instance.
  await db.schema
    .createTable("clave_servidor")
    .addColumn("nombre", "text", (c) => c.primaryKey())
    .addColumn("valor", "jsonb", (c) => c.notNull())
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
