import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Fees (productos), charges (pagos) and SEPA direct-debit remittances (remesas). Money columns
// hold integer cents. A charge created by "Emitir cuotas" carries a `clave_emision`
// (e.g. `cuota:<idProducto>:<idSocio>:<plazo>`) that is unique, so emitting twice creates
// nothing twice, even when two requests race.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Association bank settings for SEPA and receipts.
  await sql`
    ALTER TABLE asociacion
      ADD COLUMN poblacion text NOT NULL DEFAULT '',
      ADD COLUMN cod_postal text NOT NULL DEFAULT '',
      ADD COLUMN provincia text NOT NULL DEFAULT '',
      ADD COLUMN telefono text NOT NULL DEFAULT '',
      ADD COLUMN email text NOT NULL DEFAULT '',
      ADD COLUMN iban text NOT NULL DEFAULT '',
      ADD COLUMN bic text NOT NULL DEFAULT '',
      ADD COLUMN sufijo_acreedor text NOT NULL DEFAULT '000'
  `.execute(db);

  // SEPA mandate of the member (as payer).
  await sql`
    ALTER TABLE socio
      ADD COLUMN mandato_id text NOT NULL DEFAULT '',
      ADD COLUMN mandato_fecha date
  `.execute(db);

  await db.schema
    .createTable("producto")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("tipo", "text", (c) =>
      c.notNull().check(sql`tipo in ('cuota', 'derrama', 'ramell', 'acto', 'loteria', 'otro')`),
    )
    .addColumn("precio", "bigint", (c) => c.notNull().defaultTo(0).check(sql`precio >= 0`))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("producto_anyo_nombre_uq", ["anyo", "nombre"])
    .execute();

  await db.schema
    .createTable("producto_precio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_producto", "integer", (c) =>
      c.notNull().references("producto.id").onDelete("cascade"),
    )
    .addColumn("id_tipo_socio", "integer", (c) =>
      c.notNull().references("tipo_socio.id").onDelete("restrict"),
    )
    .addColumn("precio", "bigint", (c) => c.notNull().check(sql`precio >= 0`))
    .addUniqueConstraint("producto_precio_uq", ["id_producto", "id_tipo_socio"])
    .execute();

  await db.schema
    .createTable("remesa")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("mensaje_id", "text", (c) => c.notNull())
    .addColumn("fecha_cobro", "date", (c) => c.notNull())
    .addColumn("hasta", "date", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("generada").check(sql`estado in ('generada', 'cobrada')`),
    )
    .addColumn("num_adeudos", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("xml", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("cobrada_en", "timestamptz")
    .addUniqueConstraint("remesa_mensaje_id_uq", ["mensaje_id"])
    .execute();

  // One direct debit of a remittance: the pending charges of one payer, added up.
  await db.schema
    .createTable("remesa_adeudo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_remesa", "integer", (c) =>
      c.notNull().references("remesa.id").onDelete("cascade"),
    )
    .addColumn("id_pagador", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe > 0`))
    .addColumn("end_to_end_id", "text", (c) => c.notNull())
    .addColumn("mandato_id", "text", (c) => c.notNull())
    .addColumn("mandato_fecha", "date", (c) => c.notNull())
    .addColumn("secuencia", "text", (c) => c.notNull().check(sql`secuencia in ('FRST', 'RCUR')`))
    .addColumn("iban", "text", (c) => c.notNull())
    .addColumn("bic", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("incluido").check(sql`estado in ('incluido', 'cobrado', 'devuelto')`),
    )
    .addColumn("motivo_devolucion", "text", (c) => c.notNull().defaultTo(""))
    .addUniqueConstraint("remesa_adeudo_e2e_uq", ["end_to_end_id"])
    .execute();
  await db.schema
    .createIndex("remesa_adeudo_remesa_idx")
    .on("remesa_adeudo")
    .column("id_remesa")
    .execute();
  await db.schema
    .createIndex("remesa_adeudo_mandato_idx")
    .on("remesa_adeudo")
    .columns(["mandato_id", "estado"])
    .execute();

  await db.schema
    .createTable("pago")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("id_pagador", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("id_producto", "integer", (c) => c.references("producto.id").onDelete("restrict"))
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("concepto", "text", (c) => c.notNull())
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe > 0`))
    .addColumn("fecha_emision", "date", (c) => c.notNull())
    .addColumn("fecha_vencimiento", "date", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c
        .notNull()
        .defaultTo("pendiente")
        .check(sql`estado in ('pendiente', 'pagado', 'devuelto', 'anulado')`),
    )
    .addColumn("fecha_pago", "date")
    .addColumn("id_forma_pago", "integer", (c) =>
      c.references("forma_pago.id").onDelete("restrict"),
    )
    .addColumn("referencia", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("plazo", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("plazos", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("clave_emision", "text")
    .addColumn("id_remesa", "integer", (c) => c.references("remesa.id").onDelete("set null"))
    .addColumn("id_adeudo", "integer", (c) => c.references("remesa_adeudo.id").onDelete("set null"))
    .addColumn("id_pago_origen", "integer", (c) => c.references("pago.id").onDelete("set null"))
    .addColumn("motivo_anulacion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("motivo_devolucion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fecha_devolucion", "date")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("pago_clave_emision_uq", ["clave_emision"])
    .execute();
  for (const [nombre, columnas] of [
    ["pago_socio_idx", ["id_socio", "fecha_vencimiento"]],
    ["pago_pagador_idx", ["id_pagador", "estado", "fecha_vencimiento"]],
    ["pago_anyo_estado_idx", ["anyo", "estado", "fecha_vencimiento"]],
    ["pago_producto_idx", ["id_producto", "estado"]],
    ["pago_remesa_idx", ["id_remesa"]],
    ["pago_adeudo_idx", ["id_adeudo"]],
  ] as const) {
    await db.schema
      .createIndex(nombre)
      .on("pago")
      .columns([...columnas])
      .execute();
  }
}
