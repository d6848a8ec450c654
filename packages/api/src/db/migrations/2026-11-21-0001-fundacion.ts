import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("asociacion")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("nombre", "text", (c) => c.notNull().defaultTo("Filà"))
    .addColumn("cif", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("direccion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("texto_condiciones", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("texto_privacidad", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("version_condiciones", "text", (c) => c.notNull().defaultTo("1"))
    .execute();

  for (const tabla of ["tipo_socio", "tipo_acto"]) {
    await db.schema
      .createTable(tabla)
      .addColumn("id", "serial", (c) => c.primaryKey())
      .addColumn("nombre", "text", (c) => c.notNull())
      .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("color", "text", (c) => c.notNull().defaultTo("#1971c2"))
      .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
      .addUniqueConstraint(`${tabla}_nombre_uq`, ["nombre"])
      .execute();
  }

  await db.schema
    .createTable("forma_pago")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("domiciliada", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint("forma_pago_nombre_uq", ["nombre"])
    .execute();

  // Money columns hold integer cents.
  await db.schema
    .createTable("socio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("apellidos", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("direccion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("poblacion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("provincia", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cod_postal", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("telefono", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fecha_nacimiento", "date")
    .addColumn("nif", "text")
    .addColumn("anyo_alta", "integer")
    .addColumn("id_tipo_socio", "integer", (c) =>
      c.references("tipo_socio.id").onDelete("restrict"),
    )
    .addColumn("tipo_pago", "text", (c) => c.notNull().defaultTo("anual"))
    .addColumn("id_forma_pago", "integer", (c) =>
      c.references("forma_pago.id").onDelete("restrict"),
    )
    .addColumn("fecha_alta", "date")
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("fecha_baja", "date")
    .addColumn("motivo_baja", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("matricula", "integer")
    .addColumn("id_pagador", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("id_pareja", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("id_padre", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("nombre_yerno", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pagar_derrama", "text", (c) => c.notNull().defaultTo("si"))
    .addColumn("tipo_derrama", "text", (c) => c.notNull().defaultTo("no aplica"))
    .addColumn("anyo_derrama", "integer")
    .addColumn("importe_derrama", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("anyos_pago_derrama", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("ramell", "text", (c) => c.notNull().defaultTo("si"))
    .addColumn("tipo_pago_ramell", "text", (c) => c.notNull().defaultTo("completo"))
    .addColumn("anyo_ramell", "integer")
    .addColumn("ramell_pago1", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("ramell_pago2", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("ramell_pago3", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("ramell_pago4", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("ramell_pago5", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("sexo", "text", (c) => c.notNull().defaultTo("hombre"))
    .addColumn("comentarios", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("iban", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bic", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("num_damas", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("edad_festera", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imagen", "text")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("socio_matricula_uq", ["matricula"])
    .addUniqueConstraint("socio_nif_uq", ["nif"])
    .execute();
  await db.schema.createIndex("socio_id_pagador_idx").on("socio").column("id_pagador").execute();

  await db.schema
    .createTable("usuario")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("nombre", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("password_hash", "text")
    .addColumn("rol", "text", (c) =>
      c.notNull().check(sql`rol in ('administrador', 'usuario', 'socio')`),
    )
    .addColumn("id_socio", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("condiciones_aceptadas_en", "timestamptz")
    .addColumn("condiciones_version", "text")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("usuario_email_uq", ["email"])
    .execute();

  await db.schema
    .createTable("sesion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expira_en", "timestamptz", (c) => c.notNull())
    .addColumn("revocada_en", "timestamptz")
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("sesion_token_hash_uq", ["token_hash"])
    .execute();
  await db.schema.createIndex("sesion_id_usuario_idx").on("sesion").column("id_usuario").execute();

  await db.schema
    .createTable("token_acceso")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) =>
      c.notNull().references("usuario.id").onDelete("cascade"),
    )
    .addColumn("tipo", "text", (c) => c.notNull().check(sql`tipo in ('reset', 'invitacion')`))
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expira_en", "timestamptz", (c) => c.notNull())
    .addColumn("usado_en", "timestamptz")
    .addUniqueConstraint("token_acceso_token_hash_uq", ["token_hash"])
    .execute();

  await db.schema
    .createTable("intento_login")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("clave", "text", (c) => c.notNull())
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("intento_login_clave_idx")
    .on("intento_login")
    .columns(["clave", "creado_en"])
    .execute();

  await db.schema
    .createTable("correo_saliente")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("para", "text", (c) => c.notNull())
    .addColumn("asunto", "text", (c) => c.notNull())
    .addColumn("texto", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("estado", "text", (c) =>
      c.notNull().check(sql`estado in ('pendiente', 'enviado', 'error', 'sin_smtp')`),
    )
    .addColumn("error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("enviado_en", "timestamptz")
    .execute();

  await db.schema
    .createTable("mensaje_evento")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("cascade"))
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("cuerpo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("imagen", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
