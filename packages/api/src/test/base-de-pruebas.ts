import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { asegurarAsociacion } from "../bootstrap/bootstrap.js";
import { abrirBaseDeDatos, type BaseDeDatos } from "../db/database.js";
import { migrar } from "../db/migrar.js";

/**
 * A fresh database for one test file: an in-memory PGlite loaded from the migrated snapshot,
 * or, with DATABASE_URL, a new PostgreSQL database created (and dropped) just for it.
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
  const nombre = `fila_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nombre}`);
  await admin.end();
  const destino = new URL(url);
  destino.pathname = `/${nombre}`;
  const bd = await abrirBaseDeDatos({ tipo: "postgres", url: destino.toString() });
  await migrar(bd.db);
  await asegurarAsociacion(bd.db);
  return {
    ...bd,
    motor: "postgres",
    cerrar: async () => {
      await bd.cerrar();
      const limpieza = new pg.Client({ connectionString: url });
      await limpieza.connect();
      await limpieza.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await limpieza.end();
    },
  };
}
