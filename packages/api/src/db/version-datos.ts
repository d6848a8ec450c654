import { sql } from "kysely";
import type { Database } from "./database.js";

/**
 * Whether no change that raised `version_datos` is still under way (migrations 0017 and 0029,
 * ADR 0010): tries the advisory lock that every such writer holds shared until it commits,
 * exclusively and without waiting. Read before computing an answer to keep: when false, the
 * answer may come from a change not yet committed and is given but not kept.
 */
export async function versionDatosQuieta(db: Database): Promise<boolean> {
  const { rows } = await sql<{ quieta: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('version_datos')) as quieta`.execute(db);
  return rows[0]?.quieta === true;
}
