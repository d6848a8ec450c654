import type { FastifyBaseLogger } from "fastify";
import type { Tareas } from "../plugins/tareas.js";
import type { Database } from "./database.js";
import { mantenerTablas } from "./mantenimiento.js";

/** How often the embedded database looks for tables to vacuum or analyse (db/mantenimiento.ts). */
const MANTENIMIENTO_MS = 10 * 60 * 1000;

/**
 * The embedded database's own upkeep: the vacuum/analyse of busy tables (PostgreSQL has its
 * autovacuum). The daily copy is for both databases (app.ts).
 */
export function registrarTareasPglite(
  tareas: Tareas,
  { db, log }: { db: Database; log: FastifyBaseLogger },
): void {
  tareas.registrar({
    nombre: "mantenimiento de las tablas",
    cadaMs: MANTENIMIENTO_MS,
    ejecutar: async () => {
      const tablas = await mantenerTablas(db);
      if (tablas.length > 0) log.debug({ tablas }, "tablas limpiadas y analizadas");
    },
  });
}
