import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Foreign keys to `socio` whose referencing column had no index, added by the migrations after
// 0043 (assemblies, tables, squads): as there (issue 51), deleting a member checks each child with
// `WHERE columna = $1`, a sequential scan of the child per deleted member without an index. A
// restore empties every table before loading the copy, children first, but an emptied table keeps
// its pages (dead rows) until vacuumed: at 12,000 members × 10 years, `DELETE FROM socio` scanned
// the assembly census, voters, public votes, attendance, delegations, tables and squads once per
// member, minutes of it (bench/README.md, issue 51). A primary key that starts with another column
// (`asamblea_censo (id_asamblea, id_socio)`) does not serve `id_socio = $1`. Nullable columns get
// partial indexes (`IS NOT NULL`, as migrations 0018 and 0043). None is on `pago`: the HOT updates
// of migration 0019 stay.
const INDICES = [
  ["asamblea_censo_socio_idx", "asamblea_censo", "id_socio", false],
  ["asamblea_votante_socio_idx", "asamblea_votante", "id_socio", false],
  ["asamblea_voto_publico_socio_idx", "asamblea_voto_publico", "id_socio", false],
  ["asamblea_voto_publico_emisor_idx", "asamblea_voto_publico", "id_emisor", true],
  ["asamblea_asistente_socio_idx", "asamblea_asistente", "id_socio", false],
  ["asamblea_delegacion_delegante_idx", "asamblea_delegacion", "id_delegante", false],
  ["asamblea_delegacion_id_delegado_idx", "asamblea_delegacion", "id_delegado", false],
  ["mesa_socio_creador_idx", "mesa", "id_socio_creador", true],
  ["grupo_responsable_idx", "grupo", "id_responsable", true],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [nombre, tabla, columna, parcial] of INDICES) {
    await sql`
      CREATE INDEX ${sql.id(nombre)} ON ${sql.table(tabla)} (${sql.id(columna)})
      ${parcial ? sql`WHERE ${sql.id(columna)} IS NOT NULL` : sql``}
    `.execute(db);
  }
}
