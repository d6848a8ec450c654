import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { asegurarAsociacion } from "../bootstrap/bootstrap.js";
import { crearBaseTemporal } from "../db/base-temporal.js";
import { abrirBaseDeDatos } from "../db/database.js";
import { migrar } from "../db/migrar.js";

declare module "vitest" {
  export interface ProvidedContext {
    snapshotPglite: string;
    plantillaPostgres: string;
  }
}

/**
 * Migrates one database once for every test file: a PGlite snapshot on disk, or with
 * DATABASE_URL a template database on that server that each file copies (CREATE DATABASE …
 * TEMPLATE), instead of migrating its own from scratch.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const plantilla = await crearBaseTemporal(url, "fila_plantilla");
    const bd = await abrirBaseDeDatos({ tipo: "postgres", url: plantilla.url });
    try {
      await migrar(bd.db);
      await asegurarAsociacion(bd.db);
    } finally {
      // A template can't be copied while anyone is connected to it.
      await bd.cerrar();
    }
    project.provide("snapshotPglite", "");
    project.provide("plantillaPostgres", plantilla.nombre);
    return plantilla.borrar;
  }
  const carpeta = mkdtempSync(path.join(tmpdir(), "fila-test-"));
  const fichero = path.join(carpeta, "migrada.tar");
  const bd = await abrirBaseDeDatos({ tipo: "pglite-memoria" });
  await migrar(bd.db);
  await asegurarAsociacion(bd.db);
  const volcado = await bd.pglite?.dumpDataDir("none");
  if (!volcado) throw new Error("PGlite no ha devuelto el volcado");
  writeFileSync(fichero, Buffer.from(await volcado.arrayBuffer()));
  await bd.cerrar();
  project.provide("snapshotPglite", fichero);
  project.provide("plantillaPostgres", "");
  return () => rmSync(carpeta, { recursive: true, force: true });
}
