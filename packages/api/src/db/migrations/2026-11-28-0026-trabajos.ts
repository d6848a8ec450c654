import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Background jobs (issue 37, ADR 0020): the one job runner of the app (plugins/trabajos.ts).
// A job is claimed by the instance that runs it with a lease (`instancia`, `arrendado_hasta`)
// that it renews while it runs; a job whose lease expired was cut by a restart and is resumed
// or marked failed by any instance. `clave` makes two identical jobs never run at once: the
// partial unique index only holds among the running ones. No foreign key: jobs are not in
// backups and a restore empties `usuario` without touching them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("trabajo")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("tipo", "text", (c) => c.notNull())
    .addColumn("clave", "text", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("en_curso").check(sql`estado in ('en_curso', 'terminado', 'fallido')`),
    )
    .addColumn("progreso", "real", (c) =>
      c.notNull().defaultTo(0).check(sql`progreso >= 0 and progreso <= 1`),
    )
    .addColumn("parametros", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("resultado", "jsonb")
    .addColumn("error", "text")
    .addColumn("instancia", "text")
    .addColumn("arrendado_hasta", "timestamptz")
    .addColumn("intentos", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("creado_por", "integer")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX trabajo_clave_en_curso_idx ON trabajo (clave) WHERE estado = 'en_curso'`.execute(
    db,
  );
  // The leases to look at: only the running jobs.
  await sql`CREATE INDEX trabajo_arriendo_idx ON trabajo (arrendado_hasta) WHERE estado = 'en_curso'`.execute(
    db,
  );
}
