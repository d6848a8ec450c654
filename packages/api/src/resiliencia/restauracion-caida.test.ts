import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { archivosGuardados, multipart, type Parte } from "../test/subidas.js";
import {
  ADMIN,
  arrancarServidor,
  datosDelServidor,
  detener,
  entrar,
  esperarLista,
  llamar,
  type ServidorReal,
  todos,
} from "./servidor-real.js";

/*
 * A restore killed (SIGKILL, the real server process) between its two halves: the rows replaced
 * in one transaction and the files folder swapped by renames. The next start must leave data and
 * files of the same side: the copy's when the rows were committed, the old ones when not.
 * The process kills itself at the point named by FILA_PRUEBA_CAIDA (copias.service.ts).
 */

const urlPostgres = process.env.DATABASE_URL;
const PUERTO_BASE = urlPostgres ? 3775 : 3770;

const servidores: ServidorReal[] = [];
const limpiezas: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) await detener(s, "SIGKILL");
  for (const limpiar of limpiezas.splice(0)) await limpiar();
});

function enviar(puerto: number, ruta: string, token: string, partes: Parte[]) {
  const cuerpo = multipart(partes);
  return fetch(`http://127.0.0.1:${puerto}${ruta}`, {
    method: "POST",
    headers: { ...cuerpo.headers, authorization: `Bearer ${token}` },
    body: cuerpo.payload,
  });
}

async function subirDocumento(puerto: number, token: string, titulo: string) {
  const r = await enviar(puerto, "/api/documentos", token, [
    { campo: "titulo", valor: titulo },
    { campo: "archivo", archivo: Buffer.from(`Contenido de ${titulo}\n`), nombre: "acta.txt" },
  ]);
  expect(r.status, await r.clone().text()).toBe(201);
}

const restaurar = (puerto: number, token: string, copia: Buffer, nombre: string) =>
  enviar(puerto, "/api/utilidades/restauracion", token, [
    { campo: "password", valor: ADMIN.password },
    { campo: "nombre", valor: nombre },
    { campo: "archivo", archivo: copia, nombre: "copia.fila.gz" },
  ]);

const archivos = archivosGuardados;

/** What a restore leaves beside `files` while under way: the marker and the folders aside. */
const aMedias = (dataDir: string) =>
  readdirSync(dataDir).filter((n) => n.startsWith("restauracion") || n.startsWith("files."));

describe(`restauración cortada por una caída (${urlPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it.each([
    ["restauracion-cargando", "antes de confirmar las filas: se deshace", 0],
    ["restauracion-cargada", "con las filas confirmadas: se acaba", 2],
  ] as const)(
    "muerta %s (%s) al arrancar",
    async (punto, _caso, desplazamiento) => {
      const puerto = PUERTO_BASE + desplazamiento;
      const { dataDir, env } = await datosDelServidor("fila_restauracion", limpiezas);

      const primero = arrancarServidor(puerto, { ...env, FILA_PRUEBA_CAIDA: punto });
      servidores.push(primero);
      await esperarLista(primero);
      const token = await entrar(puerto);
      await subirDocumento(puerto, token, "Acta de la copia");
      const descarga = await fetch(`http://127.0.0.1:${puerto}/api/utilidades/copia`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(descarga.status).toBe(200);
      const copia = Buffer.from(await descarga.arrayBuffer());
      const archivosDeLaCopia = archivos(dataDir);
      await subirDocumento(puerto, token, "Acta posterior");
      const archivosAntes = archivos(dataDir);
      expect(Object.keys(archivosAntes)).toHaveLength(2);
      const nombre = (await llamar(puerto, "GET", "/api/asociacion", { token })).cuerpo.nombre;

      // The process dies in the middle: the request never gets an answer.
      await expect(restaurar(puerto, token, copia, nombre)).rejects.toThrow();
      expect(await primero.fin).toBeNull();
      expect(primero.proceso.signalCode).toBe("SIGKILL");
      expect(existsSync(path.join(dataDir, "restauracion.json"))).toBe(true);
      expect(archivos(dataDir)).toEqual(archivosAntes);

      const segundo = arrancarServidor(puerto + 1, env);
      servidores.push(segundo);
      await esperarLista(segundo);
      const token2 = await entrar(puerto + 1);
      const titulos = (await todos(puerto + 1, token2, "/api/documentos"))
        .map((d) => d.titulo as string)
        .sort();
      if (punto === "restauracion-cargada") {
        expect(titulos).toEqual(["Acta de la copia"]);
        expect(archivos(dataDir)).toEqual(archivosDeLaCopia);
      } else {
        expect(titulos).toEqual(["Acta de la copia", "Acta posterior"]);
        expect(archivos(dataDir)).toEqual(archivosAntes);
      }
      expect(aMedias(dataDir)).toEqual([]);

      // Nothing holds the restore's lock any more: the next one goes through.
      const otra = await restaurar(puerto + 1, token2, copia, nombre);
      expect(otra.status, await otra.text()).toBe(200);
      expect(archivos(dataDir)).toEqual(archivosDeLaCopia);
      expect(aMedias(dataDir)).toEqual([]);
    },
    180_000,
  );
});
