import type { PGlite } from "@electric-sql/pglite";
import type { FastifyBaseLogger } from "fastify";
import type { Tareas } from "../plugins/tareas.js";
import { copiaDeSeguridad } from "./copias.js";
import type { Database } from "./database.js";
import { mantenerTablas } from "./mantenimiento.js";

const UN_DIA_MS = 24 * 60 * 60 * 1000;
/** How often the embedded database looks for tables to vacuum or analyse (db/mantenimiento.ts). */
const MANTENIMIENTO_MS = 10 * 60 * 1000;

/** The embedded database's own upkeep: a daily backup and the vacuum/analyse of busy tables. */
export function registrarTareasPglite(
  tareas: Tareas,
  {
    pglite,
    db,
    dataDir,
    log,
  }: { pglite: PGlite; db: Database; dataDir: string; log: FastifyBaseLogger },
): void {
  tareas.registrar({
    nombre: "copia de seguridad diaria",
    cadaMs: UN_DIA_MS,
    ejecutar: () => copiaDeSeguridad(pglite, dataDir),
  });
  tareas.registrar({
    nombre: "mantenimiento de las tablas",
    cadaMs: MANTENIMIENTO_MS,
    ejecutar: async () => {
      const tablas = await mantenerTablas(db);
      if (tablas.length > 0) log.debug({ tablas }, "tablas limpiadas y analizadas");
    },
  });
}
