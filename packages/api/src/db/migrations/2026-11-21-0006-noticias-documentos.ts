import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// News (noticias) and documents (documentos). A news body is stored already sanitised. An
// uploaded document lives in DATA_DIR/files/documentos under `clave_archivo`, a random name
// chosen by the server; the person's file name is kept (sanitised) only for the download.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("noticia")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("resumen", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contenido", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fecha", "date", (c) => c.notNull())
    .addColumn("publicada", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("destacada", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("audiencia", "text", (c) =>
      c.notNull().defaultTo("todos").check(sql`audiencia in ('todos', 'socios')`),
    )
    .addColumn("imagen", "text")
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Readers: published, newest first (optionally featured first).
  await sql`CREATE INDEX noticia_publicada_fecha_idx ON noticia (publicada, fecha DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX noticia_fecha_idx ON noticia (fecha DESC, id DESC)`.execute(db);

  await db.schema
    .createTable("documento")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("categoria", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("anyo", "integer")
    .addColumn("visibilidad", "text", (c) =>
      c
        .notNull()
        .defaultTo("administrador")
        .check(sql`visibilidad in ('administrador', 'socios', 'todos')`),
    )
    .addColumn("nombre_archivo", "text", (c) => c.notNull())
    .addColumn("tipo_mime", "text", (c) => c.notNull())
    .addColumn("tamanyo", "integer", (c) => c.notNull().check(sql`tamanyo >= 0`))
    .addColumn("clave_archivo", "text", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("subido_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("documento_clave_archivo_uq", ["clave_archivo"])
    .execute();
  await db.schema
    .createIndex("documento_visibilidad_categoria_idx")
    .on("documento")
    .columns(["visibilidad", "categoria", "titulo"])
    .execute();
  await db.schema.createIndex("documento_anyo_idx").on("documento").column("anyo").execute();
}
