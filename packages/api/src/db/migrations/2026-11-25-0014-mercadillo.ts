import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The members' market (issue 12): ads (SPEC §3 anuncio). Money in integer cents; tags and image
// keys as jsonb arrays (the images live in DATA_DIR/files/anuncios under server-made keys). An ad
// expires `fecha` + N days after it was posted or renewed; `aviso_caducidad_en` records the
// owner's one reminder so several API instances never send it twice.
//
// The gallofa (the filà's collection round): one row per contribution, money or kind (`importe`
// is then its estimated value), from a member or from someone outside the filà (`nombre`).
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

  await db.schema
    .createTable("gallofa")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("fecha", "date", (c) => c.notNull())
    .addColumn("id_socio", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("nombre", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tipo", "text", (c) => c.notNull().check(sql`tipo in ('dinero', 'especie')`))
    .addColumn("importe", "integer", (c) => c.notNull().defaultTo(0).check(sql`importe >= 0`))
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("recogido_por", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("nota", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("anonimo", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX gallofa_fecha_idx ON gallofa (fecha DESC, id DESC)`.execute(db);
  await db.schema.createIndex("gallofa_socio_idx").on("gallofa").column("id_socio").execute();
}
