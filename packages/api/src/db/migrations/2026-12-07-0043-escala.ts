import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Foreign keys whose referencing column had no index (issue 51). Deleting a row of the parent
// checks its children with `WHERE columna = $1`; without an index that is a sequential scan of the
// child per deleted row. A restore empties every table before loading the copy: at 1,200 members
// × 10 years, `DELETE FROM pago` alone took more than eight minutes (43,000 charges, each one
// checking `pago.id_pago_origen` by scanning `pago`), and it grows with the square of the data.
// The same happens on deleting members (`remesa_adeudo.id_pagador`, `usuario.id_socio`) and
// accounts (`loteria_participacion.emitida_por`, `premio_pagado_por`). The columns are mostly null
// where they can be: partial indexes `WHERE … IS NOT NULL` (as migration 0018), which serve `=`
// and leave the rows without a value out. None of them changes when a charge is collected: the
// HOT updates of migration 0019 stay.
const INDICES = [
  ["pago_pago_origen_idx", "pago", "id_pago_origen", true],
  ["remesa_adeudo_pagador_idx", "remesa_adeudo", "id_pagador", false],
  ["usuario_socio_idx", "usuario", "id_socio", true],
  ["loteria_participacion_emitida_por_idx", "loteria_participacion", "emitida_por", true],
  [
    "loteria_participacion_premio_pagado_por_idx",
    "loteria_participacion",
    "premio_pagado_por",
    true,
  ],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [nombre, tabla, columna, parcial] of INDICES) {
    await sql`
      CREATE INDEX ${sql.id(nombre)} ON ${sql.table(tabla)} (${sql.id(columna)})
      ${parcial ? sql`WHERE ${sql.id(columna)} IS NOT NULL` : sql``}
    `.execute(db);
  }
}
