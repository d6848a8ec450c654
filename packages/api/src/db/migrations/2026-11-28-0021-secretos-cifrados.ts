import type { Kysely } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// TOTP secrets are encrypted with the installation key from now on (issue 32, item 5; docs/adr/
// 0014-clave-de-instalacion.md). Encrypting the secrets already stored needs the key, which a
// migration does not have: the start-up step «poner los secretos al día» (modules/auth/
// secretos.ts) does it after the migrations and after every restore. Here only what it needs:
// - `asociacion.clave_huella`: the fingerprint of the key the secrets were encrypted with (never
//   the key), so that data from another installation is noticed;
// - `usuario.totp_renovar`: the account had TOTP on but its secret cannot be decrypted here; it
//   must set TOTP up again before doing anything else.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("asociacion").addColumn("clave_huella", "text").execute();
  await db.schema
    .alterTable("usuario")
    .addColumn("totp_renovar", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}
