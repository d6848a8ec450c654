import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The levy report's totals (`informes-consultas.repository.ts`, `derrama`) add up every member
// with a levy, filtered by type and active: a walk of `socio`, whose rows are wide (1,974 pages at
// 12,000 members), for three narrow columns. A partial index of those members with the columns
// the totals read gives an index-only scan (42 pages): 20.7 → 10.8 ms at 12,000 × 10 (issue 51,
// bench/README.md). It changes only when a levy, a type or the active flag changes, so an update of
// anything else of a member stays HOT.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX socio_derrama_idx ON socio (id)
    INCLUDE (importe_derrama, id_tipo_socio, activo) WHERE importe_derrama > 0
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX socio_derrama_idx`.execute(db);
}
