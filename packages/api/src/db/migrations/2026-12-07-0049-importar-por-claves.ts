import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The members' import (issue 51, point 3) looks up only the file's keys instead of reading every
// member: matrícula (unique), birth date (`socio_fecha_nacimiento_idx`) and NIF, which it compares
// in capitals (`upper(nif)`, as it always did): the unique constraint on `nif` does not serve
// that, this index does. Partial: most minors have no NIF.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX socio_nif_mayusculas_idx ON socio (upper(nif)) WHERE nif IS NOT NULL`.execute(
    db,
  );
}
