import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Events (actos), their prices per member type, enrolments (inscripciones), private calendar
// tokens and read-only catering links. Money columns hold integer cents. A cancelled enrolment
// is deleted; the unique (id_acto, id_socio) keeps a member from being enrolled twice even
// when two requests race. Capacity is enforced by locking the event row (SELECT … FOR UPDATE)
// while counting and inserting.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("acto")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("fecha", "date", (c) => c.notNull())
    .addColumn("hora", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("lugar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("inscripcion_automatica", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("se_paga", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("es_interno", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("puntos", "integer", (c) => c.notNull().defaultTo(0).check(sql`puntos >= 0`))
    .addColumn("observaciones", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fecha_maxima_inscripcion", "date")
    .addColumn("id_tipo_acto", "integer", (c) => c.references("tipo_acto.id").onDelete("restrict"))
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("imagen", "text")
    .addColumn("aforo", "integer", (c) => c.check(sql`aforo is null or aforo > 0`))
    .addColumn("invitados_max", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`invitados_max >= 0`),
    )
    .addColumn("precio_invitado", "bigint", (c) =>
      c.notNull().defaultTo(0).check(sql`precio_invitado >= 0`),
    )
    .addColumn("menus", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("cancelado", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("acto_fecha_idx").on("acto").columns(["fecha", "id"]).execute();

  await db.schema
    .createTable("acto_precio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_acto", "integer", (c) => c.notNull().references("acto.id").onDelete("cascade"))
    .addColumn("id_tipo_socio", "integer", (c) =>
      c.notNull().references("tipo_socio.id").onDelete("restrict"),
    )
    .addColumn("id_producto", "integer", (c) => c.references("producto.id").onDelete("restrict"))
    .addColumn("precio", "bigint", (c) => c.notNull().check(sql`precio >= 0`))
    .addUniqueConstraint("acto_precio_uq", ["id_acto", "id_tipo_socio"])
    .execute();

  await db.schema
    .createTable("inscripcion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_acto", "integer", (c) => c.notNull().references("acto.id").onDelete("restrict"))
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("invitados", "integer", (c) => c.notNull().defaultTo(0).check(sql`invitados >= 0`))
    .addColumn("menu", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("alergias", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("importe", "bigint", (c) => c.notNull().defaultTo(0).check(sql`importe >= 0`))
    .addColumn("asistio", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("id_pago", "integer", (c) => c.references("pago.id").onDelete("set null"))
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("inscripcion_acto_socio_uq", ["id_acto", "id_socio"])
    .execute();
  await db.schema
    .createIndex("inscripcion_socio_idx")
    .on("inscripcion")
    .columns(["id_socio", "asistio"])
    .execute();
  await db.schema.createIndex("inscripcion_pago_idx").on("inscripcion").column("id_pago").execute();

  // Private iCalendar feed of a user: the token is the feed's URL, so it is kept to show it again.
  await db.schema
    .createTable("calendario_token")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("calendario_token_usuario_uq", ["id_usuario"])
    .addUniqueConstraint("calendario_token_token_uq", ["token"])
    .execute();

  // Read-only catering link: only the hash of its secret token is stored.
  await db.schema
    .createTable("enlace_restauracion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("expira_en", "timestamptz", (c) => c.notNull())
    .addColumn("revocado_en", "timestamptz")
    .addColumn("creado_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("enlace_restauracion_token_uq", ["token_hash"])
    .execute();
}
