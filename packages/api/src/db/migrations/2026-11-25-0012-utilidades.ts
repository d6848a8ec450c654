import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Utilidades (issue 11): the year close recorded once per year, the years a leaver's personal
// data is kept before it may be anonymised, when a member was anonymised, and the indexes the
// activity log and the outgoing-mail log page by.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("cierre_anyo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("cerrado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("cifras", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addUniqueConstraint("cierre_anyo_anyo_uq", ["anyo"])
    .execute();

  await db.schema
    .alterTable("asociacion")
    .addColumn("anyos_olvido", "integer", (c) =>
      c.notNull().defaultTo(5).check(sql`anyos_olvido between 1 and 50`),
    )
    .execute();

  await db.schema.alterTable("socio").addColumn("anonimizado_en", "timestamptz").execute();
  await db.schema
    .createIndex("socio_baja_idx")
    .on("socio")
    .columns(["activo", "fecha_baja"])
    .execute();

  await db.schema.createIndex("auditoria_creado_idx").on("auditoria").column("creado_en").execute();
  await db.schema
    .createIndex("auditoria_usuario_idx")
    .on("auditoria")
    .columns(["id_usuario", "creado_en"])
    .execute();
  await db.schema
    .createIndex("correo_saliente_creado_idx")
    .on("correo_saliente")
    .column("creado_en")
    .execute();
}
