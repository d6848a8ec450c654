import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auditoria")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("entidad", "text", (c) => c.notNull())
    .addColumn("id_entidad", "integer", (c) => c.notNull())
    .addColumn("accion", "text", (c) => c.notNull())
    .addColumn("cambios", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("auditoria_entidad_idx")
    .on("auditoria")
    .columns(["entidad", "id_entidad", "creado_en"])
    .execute();
}
