import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// `busqueda` is the accent- and case-free text the member search runs `LIKE '%x%'` on. It is a
// generated column, so every writer (API, import, demo seed, SQL by hand) keeps it right and the
// existing rows get it at once. `translate` + `lower` are immutable, as a generated column needs;
// the letters are those of `LETRAS_CON_TILDE` in @fila/domain (normalizarBusqueda), copied here
// because a migration never changes once landed. At a few thousand members a sequential scan of
// this one column answers well under the 50 ms target (bench/socios.bench.ts), on PGlite too,
// without depending on pg_trgm being installed.
const CON_TILDE = "áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ";
const SIN_TILDE = "aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE socio ADD COLUMN busqueda text GENERATED ALWAYS AS (
      lower(translate(
        nombre || ' ' || apellidos || ' ' || coalesce(nif, '') || ' ' || email || ' ' ||
          coalesce(matricula::text, ''),
        ${sql.lit(CON_TILDE)}, ${sql.lit(SIN_TILDE)}
      ))
    ) STORED
  `.execute(db);
  // Sort keys, accent- and case-free so "Álvarez" sorts with the A's, indexed so that page 1 of
  // the list reads 50 rows in order instead of sorting every member.
  for (const [columna, expresion] of [
    ["orden_apellidos", sql`apellidos || ' ' || nombre`],
    ["orden_nombre", sql`nombre || ' ' || apellidos`],
  ] as const) {
    await sql`
      ALTER TABLE socio ADD COLUMN ${sql.id(columna)} text GENERATED ALWAYS AS (
        lower(translate(${expresion}, ${sql.lit(CON_TILDE)}, ${sql.lit(SIN_TILDE)}))
      ) STORED
    `.execute(db);
    await db.schema
      .createIndex(`socio_${columna}_idx`)
      .on("socio")
      .columns([columna, "id"])
      .execute();
  }
  await db.schema
    .createIndex("socio_id_tipo_socio_idx")
    .on("socio")
    .column("id_tipo_socio")
    .execute();
  await db.schema
    .createIndex("socio_fecha_nacimiento_idx")
    .on("socio")
    .column("fecha_nacimiento")
    .execute();
  await db.schema.createIndex("socio_id_padre_idx").on("socio").column("id_padre").execute();
  await db.schema.createIndex("socio_id_pareja_idx").on("socio").column("id_pareja").execute();
}
