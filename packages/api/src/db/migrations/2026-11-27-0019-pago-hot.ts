import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A charge changes state (cobrado, devuelto, anulado) far more often than it is looked up by
// state through an index: a remittance marks 15,000 charges collected in one statement. With
// `estado` in three of pago's indexes, every such update wrote a new entry in each of its eight
// indexes. Without it, and with room left on each page (fillfactor 70), PostgreSQL updates the row
// in place (a HOT update: no index entry at all), which makes marking a remittance collected
// several times cheaper (issue 14, goal 4). The lookups keep their leading columns (a payer's
// charges, a year's charges by due date, a product's charges) and filter the state on the rows
// they read: a payer has tens of charges, a year some tens of thousands at most.
const INDICES = [
  ["pago_pagador_idx", "pago_pagador_idx", ["id_pagador", "fecha_vencimiento"]],
  ["pago_anyo_estado_idx", "pago_anyo_idx", ["anyo", "fecha_vencimiento"]],
  ["pago_producto_idx", "pago_producto_idx", ["id_producto"]],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [antes, nombre, columnas] of INDICES) {
    await sql`DROP INDEX ${sql.id(antes)}`.execute(db);
    await db.schema
      .createIndex(nombre)
      .on("pago")
      .columns([...columnas])
      .execute();
  }
  // Only pages written from now on keep the room; existing ones fill as they are rewritten.
  await sql`ALTER TABLE pago SET (fillfactor = 70)`.execute(db);
}
