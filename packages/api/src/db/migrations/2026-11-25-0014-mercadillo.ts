import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The members' market (issue 12): ads (SPEC §3 anuncio). Money in integer cents; tags and image
// keys as jsonb arrays (the images live in DATA_DIR/files/anuncios under server-made keys). An ad
// expires `fecha` + N days after it was posted or renewed; `aviso_caducidad_en` records the
// owner's one reminder so several API instances never send it twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("anuncio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("precio", "integer", (c) => c.notNull().defaultTo(0).check(sql`precio >= 0`))
    .addColumn("imagenes", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("etiquetas", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("destacado", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("fecha", "date", (c) => c.notNull())
    .addColumn("contacto_nombre", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contacto_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contacto_telefono", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("id_socio", "integer", (c) => c.notNull().references("socio.id").onDelete("cascade"))
    .addColumn("aviso_caducidad_en", "timestamptz")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The market: live ads newest first; featured ones for the shop window; one member's ads.
  await sql`CREATE INDEX anuncio_activo_fecha_idx ON anuncio (activo, fecha DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX anuncio_destacado_idx ON anuncio (fecha DESC, id DESC) WHERE destacado`.execute(
    db,
  );
  await sql`CREATE INDEX anuncio_socio_idx ON anuncio (id_socio, fecha DESC)`.execute(db);
  await sql`CREATE INDEX anuncio_etiquetas_idx ON anuncio USING gin (etiquetas jsonb_path_ops)`.execute(
    db,
  );
}
