import type { Kysely } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A remittance's pain.008 is written when it is downloaded, not stored when it is generated
// (issue 37, goal 4): the generating job writes what the file says and nothing else can tell
// afterwards. Each debit keeps its debtor's name and its concept as they were
// (`remesa_adeudo.nombre`, `concepto`), and the remittance its creditor (`remesa.acreedor`:
// nombre, iban, bic, identificador); `remesa.creada_en` is the file's creation time. The file is
// the same at every download, whatever changes later. Remittances generated before keep their
// stored `xml` (not '') and are served as stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("remesa_adeudo")
    .addColumn("nombre", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("concepto", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("remesa").addColumn("acreedor", "jsonb").execute();
}
