import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The bank's statement reconciled with the book (issue 47, second piece).
// - `tesoreria_movimiento.origen_tipo` admits `premio_loteria` (a lottery prize paid out, written
//   by the payout's transaction) and `extracto` (a movement created from a statement line).
// - `tesoreria_extracto`: one account's statement imported from a Norma 43 or camt.053 file, with
//   its period and balances (cents). Several per file when the file has several accounts.
// - `tesoreria_extracto_linea`: its lines as the bank gave them, their state (pendiente,
//   conciliada, omitida) and `huella`, the line's fingerprint that finds a duplicate import.
// - `tesoreria_conciliacion`: which movements a line matches (one line ↔ many movements: the
//   day's online payments and the POS fee against one credit). A movement matches one line at most.
// - `tesoreria_regla`: «concept contains X → category»: the category proposed for a line without
//   a movement.
const ORIGENES = [
  "manual",
  "cobro",
  "remesa",
  "devolucion",
  "pago_online",
  "premio_loteria",
  "extracto",
  "contraasiento",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tesoreria_movimiento DROP CONSTRAINT tesoreria_movimiento_origen_tipo_check`.execute(
    db,
  );
  await sql`ALTER TABLE tesoreria_movimiento ADD CONSTRAINT tesoreria_movimiento_origen_tipo_check
    CHECK (origen_tipo in (${sql.join(ORIGENES.map((o) => sql.lit(o)))}))`.execute(db);

  await db.schema
    .createTable("tesoreria_extracto")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_cuenta", "integer", (c) => c.notNull().references("tesoreria_cuenta.id"))
    .addColumn("formato", "text", (c) => c.notNull().check(sql`formato in ('norma43', 'camt053')`))
    .addColumn("nombre_archivo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("iban", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fecha_desde", "date", (c) => c.notNull())
    .addColumn("fecha_hasta", "date", (c) => c.notNull())
    .addColumn("saldo_inicial", "bigint", (c) => c.notNull())
    .addColumn("saldo_final", "bigint", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("importado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("tesoreria_extracto_fechas_ck", sql`fecha_desde <= fecha_hasta`)
    .execute();
  await sql`CREATE INDEX tesoreria_extracto_cuenta_idx ON tesoreria_extracto (id_cuenta, fecha_hasta)`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_extracto_linea")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_extracto", "integer", (c) =>
      c.notNull().references("tesoreria_extracto.id").onDelete("cascade"),
    )
    .addColumn("orden", "integer", (c) => c.notNull())
    .addColumn("linea", "integer")
    .addColumn("fecha_operacion", "date", (c) => c.notNull())
    .addColumn("fecha_valor", "date", (c) => c.notNull())
    .addColumn("importe", "bigint", (c) => c.notNull())
    .addColumn("concepto", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("conceptos", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("concepto_comun", "text")
    .addColumn("concepto_propio", "text")
    .addColumn("documento", "text")
    .addColumn("referencia1", "text")
    .addColumn("referencia2", "text")
    .addColumn("end_to_end_id", "text")
    .addColumn("referencia_banco", "text")
    .addColumn("huella", "text", (c) => c.notNull())
    .addColumn("estado", "text", (c) =>
      c
        .notNull()
        .defaultTo("pendiente")
        .check(sql`estado in ('pendiente', 'conciliada', 'omitida')`),
    )
    .addColumn("decidido_en", "timestamptz")
    .addUniqueConstraint("tesoreria_extracto_linea_orden_uq", ["id_extracto", "orden"])
    .execute();
  await sql`CREATE INDEX tesoreria_extracto_linea_estado_idx ON tesoreria_extracto_linea (id_extracto, estado)`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_conciliacion")
    .addColumn("id_linea", "integer", (c) =>
      c.notNull().references("tesoreria_extracto_linea.id").onDelete("cascade"),
    )
    .addColumn("id_movimiento", "integer", (c) => c.notNull().references("tesoreria_movimiento.id"))
    .addPrimaryKeyConstraint("tesoreria_conciliacion_pk", ["id_linea", "id_movimiento"])
    .addUniqueConstraint("tesoreria_conciliacion_movimiento_uq", ["id_movimiento"])
    .execute();

  await db.schema
    .createTable("tesoreria_regla")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("texto", "text", (c) => c.notNull())
    .addColumn("tipo", "text", (c) => c.check(sql`tipo in ('ingreso', 'gasto')`))
    .addColumn("id_categoria", "integer", (c) => c.notNull().references("tesoreria_categoria.id"))
    .addColumn("orden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
