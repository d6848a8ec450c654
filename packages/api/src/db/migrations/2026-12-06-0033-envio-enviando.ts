import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A recipient of a mailing is claimed before its mail is handed to SMTP (issue 45, item 6):
// `enviando` is committed under the job's lease, then `enviado` or `fallido` after the SMTP
// answer. A resumed job marks the `enviando` rows of a runner that died `fallido`: at most one
// mail each, never two.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE envio_destinatario DROP CONSTRAINT envio_destinatario_estado_check`.execute(
    db,
  );
  await sql`ALTER TABLE envio_destinatario ADD CONSTRAINT envio_destinatario_estado_check
    CHECK (estado IN ('pendiente', 'enviando', 'enviado', 'fallido', 'omitido', 'sin_email'))`.execute(
    db,
  );
}
