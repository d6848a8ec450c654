import { sql } from "kysely";
import type { Database } from "./database.js";

/**
 * PGlite runs PostgreSQL as a single process, so nothing does what PostgreSQL's autovacuum does
 * on a server: no table is ever vacuumed (the space of old row versions is not reused, and an
 * update finds no room on its page for a HOT update) nor analysed (the planner has no statistics
 * and guesses every table's size and selectivity). This does it, with autovacuum's own default
 * thresholds: VACUUM (ANALYZE) a table once its dead rows pass 50 + 20 % of its live ones, and
 * ANALYZE it once its rows changed since the last analysis pass 50 + 10 %. One pass reads the
 * counters of every table and returns the tables it maintained. On PostgreSQL autovacuum does
 * this already: only call it for PGlite.
 */
export async function mantenerTablas(db: Database): Promise<string[]> {
  // The counters of this process's own last statements reach the shared ones at most once a
  // second; this makes them arrive at the end of this statement, so the pass reads them all.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ tabla: string; vaciar: boolean; analizar: boolean }>`
    select relname as tabla,
      n_dead_tup > 50 + 0.2 * n_live_tup as vaciar,
      n_mod_since_analyze > 50 + 0.1 * n_live_tup as analizar
    from pg_stat_user_tables
    where schemaname = 'public'
    order by relname
  `.execute(db);
  const mantenidas: string[] = [];
  for (const { tabla, vaciar, analizar } of rows) {
    if (!vaciar && !analizar) continue;
    await sql`${sql.raw(vaciar ? "VACUUM (ANALYZE)" : "ANALYZE")} ${sql.id(tabla)}`.execute(db);
    mantenidas.push(tabla);
  }
  return mantenidas;
}
