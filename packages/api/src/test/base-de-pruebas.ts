import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { crearBaseTemporal } from "../db/base-temporal.js";
import { abrirBaseDeDatos, type BaseDeDatos } from "../db/database.js";

/**
 * A fresh database for one test file: an in-memory PGlite loaded from the migrated snapshot,
 * or, with DATABASE_URL, a new PostgreSQL database copied from the migrated template (and
 * dropped) just for it.
 */
export async function crearBaseDePruebas(): Promise<
  BaseDeDatos & { motor: "pglite" | "postgres" }
> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const snapshot = new Blob([readFileSync(inject("snapshotPglite"))]);
    const bd = await abrirBaseDeDatos({ tipo: "pglite-memoria", loadDataDir: snapshot });
    return { ...bd, motor: "pglite" };
  }
  const temporal = await crearBaseTemporal(url, "fila_test", inject("plantillaPostgres"));
  const bd = await abrirBaseDeDatos({ tipo: "postgres", url: temporal.url });
  return {
    ...bd,
    motor: "postgres",
    cerrar: async () => {
      await bd.cerrar();
      await temporal.borrar();
    },
  };
}
