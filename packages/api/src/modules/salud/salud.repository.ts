import { sql } from "kysely";
import type { Database } from "../../db/database.js";

export class SaludRepository {
  constructor(private readonly db: Database) {}

  /** One round trip to the database. */
  async comprobar(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }
}
