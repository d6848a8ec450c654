import type { Kysely } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Redsys's test mode on a live installation (issue 45, point 13): an order made while the app
// talks to Redsys's test host or signs with its published key is marked `prueba`; its
// notification is recorded and pays no charge, whatever the configuration is when it arrives.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("pedido_online")
    .addColumn("prueba", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
}
