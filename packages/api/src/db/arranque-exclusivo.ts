import { sql } from "kysely";
import type { BaseDeDatos } from "./database.js";

/** Any constant number: the advisory lock of Filà's start-up on a PostgreSQL database. */
const CLAVE_ARRANQUE = 7_462_019_341;

/**
 * Runs the start-up work (migrations, first administrator, demo) of one instance at a time: two
 * instances started at the same moment on an empty PostgreSQL database would otherwise both seed
 * it. The lock lives on a connection of its own and ends with it, so a killed instance never
 * leaves it behind. The embedded database has a single process already (the lock file).
 */
export async function enExclusiva<T>(bd: BaseDeDatos, trabajo: () => Promise<T>): Promise<T> {
  if (bd.pglite) return trabajo();
  return bd.db.connection().execute(async (conexion) => {
    await sql`select pg_advisory_lock(${CLAVE_ARRANQUE})`.execute(conexion);
    try {
      return await trabajo();
    } finally {
      await sql`select pg_advisory_unlock(${CLAVE_ARRANQUE})`.execute(conexion);
    }
  });
}
