import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Two-factor codes (TOTP) and sign-in with an OpenID Connect provider (issue 13).
// - usuario: the TOTP secret (pending until confirmed with a first code), whether it is on,
//   and the last time step accepted (a code is accepted once: later steps only).
// - totp_recuperacion: the single-use recovery codes, only their SHA-256.
// - asociacion.totp_obligatorio_admin: administrators must turn TOTP on.
// - identidad_externa: the link (issuer + sub) of an account, stored at its first sign-in.
// - oidc_peticion: state, nonce and PKCE verifier of a sign-in under way (single use).
// - oidc_vale: the one-time code the SPA exchanges for the session token.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("usuario")
    .addColumn("totp_secreto", "text")
    .addColumn("totp_activo", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("totp_ultimo_paso", "integer")
    .execute();

  await db.schema
    .alterTable("asociacion")
    .addColumn("totp_obligatorio_admin", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("totp_recuperacion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("codigo_hash", "text", (c) => c.notNull())
    .addColumn("usado_en", "timestamptz")
    .execute();
  await db.schema
    .createIndex("totp_recuperacion_usuario_idx")
    .on("totp_recuperacion")
    .columns(["id_usuario", "codigo_hash"])
    .execute();

  await db.schema
    .createTable("identidad_externa")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("proveedor", "text", (c) => c.notNull())
    .addColumn("sub", "text", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("identidad_externa_sub_uq", ["proveedor", "sub"])
    .addUniqueConstraint("identidad_externa_usuario_uq", ["proveedor", "id_usuario"])
    .execute();

  await db.schema
    .createTable("oidc_peticion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("estado", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("verificador", "text", (c) => c.notNull())
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("usado_en", "timestamptz")
    .addUniqueConstraint("oidc_peticion_estado_uq", ["estado"])
    .execute();

  await db.schema
    .createTable("oidc_vale")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("vale_hash", "text", (c) => c.notNull())
    .addColumn("expira_en", "timestamptz", (c) => c.notNull())
    .addColumn("usado_en", "timestamptz")
    .addUniqueConstraint("oidc_vale_hash_uq", ["vale_hash"])
    .execute();
}
