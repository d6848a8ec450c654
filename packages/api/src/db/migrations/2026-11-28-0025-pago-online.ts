import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Online payment through the bank's virtual POS (Redsys, issue 35). `pedido_online` is one order
// sent to the bank: its number (`Ds_Merchant_Order`) is its id, taken from the table's sequence
// before the insert, so two processes on one database never hand out the same number, and a
// restored copy goes on after the highest one (the restore moves every serial sequence on); `pedido_online_pago` is what it pays (the charges
// and each one's amount in cents when the order was made). The order keeps the bank's answer
// (Ds_Response, authorisation code) and the decoded notification as it arrived.
// `asociacion.id_forma_pago_online` remembers the payment method «Pago en línea» created on the
// first online payment, so the board may rename it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pedido_online")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("numero", "text", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    // Set to null if the member is ever deleted (the order and its charges stay as history).
    .addColumn("id_socio", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe > 0`))
    .addColumn("metodo", "text", (c) => c.notNull().check(sql`metodo in ('tarjeta', 'bizum')`))
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("pendiente").check(sql`estado in ('pendiente', 'pagado', 'denegado')`),
    )
    .addColumn("respuesta", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("codigo_autorizacion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("notificacion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resuelto_en", "timestamptz")
    .addUniqueConstraint("pedido_online_numero_uq", ["numero"])
    .execute();
  await sql`CREATE INDEX pedido_online_socio_idx ON pedido_online (id_socio, id)`.execute(db);
  await db.schema
    .createTable("pedido_online_pago")
    .addColumn("id_pedido", "integer", (c) =>
      c.notNull().references("pedido_online.id").onDelete("cascade"),
    )
    .addColumn("id_pago", "integer", (c) => c.notNull().references("pago.id"))
    .addColumn("importe", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("pedido_online_pago_pk", ["id_pedido", "id_pago"])
    .execute();
  await sql`CREATE INDEX pedido_online_pago_pago_idx ON pedido_online_pago (id_pago)`.execute(db);
  await db.schema
    .alterTable("asociacion")
    .addColumn("id_forma_pago_online", "integer", (c) =>
      c.references("forma_pago.id").onDelete("set null"),
    )
    .execute();
}
