import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { asegurarAsociacion } from "../bootstrap/bootstrap.js";
import { abrirBaseDeDatos } from "../db/database.js";
import { migrar } from "../db/migrar.js";

declare module "vitest" {
  export interface ProvidedContext {
    snapshotPglite: string;
  }
}

/** Migrates one embedded database once and hands its snapshot to every test file. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide("snapshotPglite", "");
    return;
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
  return () => rmSync(carpeta, { recursive: true, force: true });
}
