import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The Christmas lottery (issue 46). `loteria`: one draw, its participation (amount played and
// donativo, in cents) and its own product of type `loteria` (price 0, no per-type prices: the
// yearly emission never charges it; the settlements do). `loteria_numero`: the numbers held, with
// their décimos and, after the draw, the prize per décimo. `loteria_talonario`: books of
// consecutive serials, held by a member or by the board, with their settlement and its charge.
// `loteria_participacion`: one row per issued serial (unique in its lottery) with its state, the
// buyer of a digital one and the payout of its prize.
//
// The lottery row is the lock of its cap: issuing talonarios, digital participations and lowering
// décimos take it `FOR UPDATE` first. The member's cached calls (ADR 0023) read lotteries and
// talonarios (`GET /api/loterias/mias`, the card of the homes): their writes raise the data
// version with the trigger of migration 0017.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("loteria")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("sorteo", "text", (c) => c.notNull())
    .addColumn("fecha_sorteo", "date", (c) => c.notNull())
    .addColumn("fecha_limite_devolucion", "date", (c) => c.notNull())
    .addColumn("precio_decimo", "integer", (c) => c.notNull().check(sql`precio_decimo > 0`))
    .addColumn("importe_jugado", "integer", (c) => c.notNull().check(sql`importe_jugado > 0`))
    .addColumn("donativo", "integer", (c) => c.notNull().defaultTo(0).check(sql`donativo >= 0`))
    .addColumn("autorizacion_recargo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("id_producto", "integer", (c) =>
      c.notNull().unique().references("producto.id").onDelete("restrict"),
    )
    .addColumn("premios_anotados", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("liquidacion_automatica_en", "timestamptz")
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("loteria_fechas_ck", sql`fecha_limite_devolucion <= fecha_sorteo`)
    .execute();
  await db.schema
    .createIndex("loteria_pendiente_idx")
    .on("loteria")
    .column("fecha_limite_devolucion")
    .where(sql.ref("liquidacion_automatica_en"), "is", null)
    .execute();

  await db.schema
    .createTable("loteria_numero")
    .addColumn("id_loteria", "integer", (c) =>
      c.notNull().references("loteria.id").onDelete("cascade"),
    )
    .addColumn("numero", "text", (c) => c.notNull().check(sql`numero ~ '^[0-9]{5}$'`))
    .addColumn("decimos", "integer", (c) => c.notNull().check(sql`decimos > 0`))
    .addColumn("premio_decimo", "bigint", (c) => c.check(sql`premio_decimo >= 0`))
    .addPrimaryKeyConstraint("loteria_numero_pk", ["id_loteria", "numero"])
    .execute();

  await db.schema
    .createTable("loteria_talonario")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_loteria", "integer", (c) =>
      c.notNull().references("loteria.id").onDelete("cascade"),
    )
    .addColumn("serie_desde", "integer", (c) => c.notNull().check(sql`serie_desde >= 1`))
    .addColumn("serie_hasta", "integer", (c) => c.notNull())
    .addColumn("id_socio", "integer", (c) => c.references("socio.id").onDelete("restrict"))
    .addColumn("liquidado_en", "timestamptz")
    .addColumn("liquidado_por", "text", (c) =>
      c.check(sql`liquidado_por in ('titular', 'junta', 'trabajo')`),
    )
    .addColumn("vendidas", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("importe_jugado", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("donativo", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("id_pago", "integer", (c) => c.references("pago.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("loteria_talonario_rango_ck", sql`serie_hasta >= serie_desde`)
    .addCheckConstraint(
      "loteria_talonario_liquidado_ck",
      sql`(liquidado_en is null) = (liquidado_por is null)`,
    )
    .addUniqueConstraint("loteria_talonario_serie_uq", ["id_loteria", "serie_desde"])
    .execute();
  await db.schema
    .createIndex("loteria_talonario_socio_idx")
    .on("loteria_talonario")
    .column("id_socio")
    .execute();
  await db.schema
    .createIndex("loteria_talonario_pago_idx")
    .on("loteria_talonario")
    .column("id_pago")
    .execute();

  await db.schema
    .createTable("loteria_participacion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_loteria", "integer", (c) =>
      c.notNull().references("loteria.id").onDelete("cascade"),
    )
    .addColumn("id_talonario", "integer", (c) =>
      c.notNull().references("loteria_talonario.id").onDelete("cascade"),
    )
    .addColumn("serie", "integer", (c) => c.notNull().check(sql`serie >= 1`))
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("valida").check(sql`estado in ('valida', 'anulada', 'devuelta')`),
    )
    .addColumn("motivo_anulacion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("digital", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("comprador_nombre", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("comprador_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("comprador_telefono", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("emitida_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("premio_pagado_en", "timestamptz")
    .addColumn("premio_bruto", "bigint")
    .addColumn("premio_retencion", "bigint")
    .addColumn("premio_pagado_por", "integer", (c) =>
      c.references("usuario.id").onDelete("set null"),
    )
    .addUniqueConstraint("loteria_participacion_serie_uq", ["id_loteria", "serie"])
    .addCheckConstraint(
      "loteria_participacion_premio_ck",
      sql`(premio_pagado_en is null) = (premio_bruto is null)`,
    )
    .execute();
  await db.schema
    .createIndex("loteria_participacion_talonario_idx")
    .on("loteria_participacion")
    .columns(["id_talonario", "serie"])
    .execute();
  await db.schema
    .createIndex("loteria_participacion_estado_idx")
    .on("loteria_participacion")
    .columns(["id_loteria", "estado"])
    .execute();

  for (const tabla of ["loteria", "loteria_numero", "loteria_talonario", "loteria_participacion"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}
