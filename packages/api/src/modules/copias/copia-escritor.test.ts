import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EscritorGzip } from "./copia-escritor.js";

// The backup download follows the file while it is written (issue 51): these check the follower
// on its own; copias.routes.test.ts checks the download and restore of whole backups.

let carpeta: string;
beforeEach(async () => {
  carpeta = await mkdtemp(path.join(tmpdir(), "fila-escritor-"));
});
afterEach(async () => {
  await rm(carpeta, { recursive: true, force: true });
});

/** Text gzip cannot shrink much: enough of it makes the compressor hand bytes to the file. */
const textoAlAzar = (bytes: number) => randomBytes(bytes).toString("base64");

describe("EscritorGzip", () => {
  it("deja leer el fichero mientras se escribe, y quien lo sigue recibe el fichero entero", async () => {
    const escritor = new EscritorGzip(path.join(carpeta, "copia.gz"));
    const primero = textoAlAzar(512 * 1024);
    await escritor.escribir(primero);
    await escritor.primerosBytes();

    const lector = escritor.seguir()[Symbol.asyncIterator]();
    const trozos: Buffer[] = [];
    // Bytes arrive before the writing has ended (nothing has called cerrar yet).
    const inicio = await lector.next();
    expect(inicio.done).toBe(false);
    trozos.push(inicio.value as Buffer);

    const segundo = textoAlAzar(256 * 1024);
    await escritor.escribir(segundo);
    const cierre = escritor.cerrar();
    for (let r = await lector.next(); !r.done; r = await lector.next()) trozos.push(r.value);
    await cierre;

    const seguido = Buffer.concat(trozos);
    expect(seguido.equals(await readFile(path.join(carpeta, "copia.gz")))).toBe(true);
    expect(gunzipSync(seguido).toString()).toBe(primero + segundo);
  });

  it("quien sigue el fichero recibe un error, y no un final, si la escritura se interrumpe", async () => {
    const escritor = new EscritorGzip(path.join(carpeta, "copia.gz"));
    await escritor.escribir(textoAlAzar(512 * 1024));
    await escritor.primerosBytes();
    const seguido = (async () => {
      const trozos: Buffer[] = [];
      for await (const trozo of escritor.seguir()) trozos.push(trozo as Buffer);
      return trozos;
    })();
    escritor.destruir(new Error("la base de datos se ha ido"));
    await expect(seguido).rejects.toThrow("la base de datos se ha ido");
    await expect(escritor.escribir("más")).rejects.toThrow("la base de datos se ha ido");
  });

  it("primerosBytes falla si la escritura se interrumpe antes del primer byte", async () => {
    const escritor = new EscritorGzip(path.join(carpeta, "copia.gz"));
    await escritor.escribir("{}\n");
    const espera = escritor.primerosBytes();
    escritor.destruir(new Error("sin conexión"));
    await expect(espera).rejects.toThrow("sin conexión");
  });
});
