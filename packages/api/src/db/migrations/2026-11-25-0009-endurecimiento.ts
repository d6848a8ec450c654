import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Master names (member types, event types, payment methods) are unique ignoring case in the
// database too, not only in the service: two concurrent creations of «Capità» and «capità»
// cannot both succeed. The case-sensitive constraints of 0001 stay: the demo seed's
// ON CONFLICT (nombre) names them.
// Names that already clash only in case (written outside the API) get « (id)» appended first,
// so the index can be built; the service never let such pairs in.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const tabla of ["tipo_socio", "tipo_acto", "forma_pago"] as const) {
    await sql`
      UPDATE ${sql.table(tabla)} AS t SET nombre = t.nombre || ' (' || t.id || ')'
      WHERE EXISTS (
        SELECT 1 FROM ${sql.table(tabla)} AS o
        WHERE lower(o.nombre) = lower(t.nombre) AND o.id < t.id
      )
    `.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.id(`${tabla}_nombre_lower_uq`)} ON ${sql.table(tabla)} (lower(nombre))`.execute(
      db,
    );
  }
}
