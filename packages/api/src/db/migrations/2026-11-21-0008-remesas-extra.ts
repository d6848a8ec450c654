import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Remittances keep who was left out and why (payers without IBAN or mandate), so the
// remittance shows it later too; the list of remittances sorts by collection date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE remesa ADD COLUMN excluidos jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  await db.schema
    .createIndex("remesa_fecha_cobro_idx")
    .on("remesa")
    .columns(["fecha_cobro", "id"])
    .execute();
}
