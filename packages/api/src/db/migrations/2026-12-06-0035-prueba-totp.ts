import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// A third kind of single-use link in `token_acceso` (issue 45 §12): `totp`, mailed to an account
// whose two-factor codes came from another installation's backup (docs/adr/0015). Opening it is
// the proof, besides the password, that lets the account set up a new authenticator.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE token_acceso DROP CONSTRAINT token_acceso_tipo_check`.execute(db);
  await sql`ALTER TABLE token_acceso ADD CONSTRAINT token_acceso_tipo_check
    CHECK (tipo IN ('reset', 'invitacion', 'totp'))`.execute(db);
}
