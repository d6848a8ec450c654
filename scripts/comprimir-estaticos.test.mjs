import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { comprimirEstaticos } from "./comprimir-estaticos.mjs";

const texto = (n) => `const fila = "Moros i Cristians";\n`.repeat(n);

describe("comprimirEstaticos", () => {
  let dir;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("deja junto a cada fichero de texto una copia brotli y otra gzip que lo reproducen", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fila-comprimir-"));
    mkdirSync(path.join(dir, "assets", "i18n"), { recursive: true });
    const ficheros = {
      "index.html": `<!doctype html>${texto(60)}`,
      "assets/index-AbCd1234.js": texto(200),
      "assets/index-AbCd1234.css": `.a{color:red}\n`.repeat(200),
      "assets/i18n/es.json": JSON.stringify({ textos: texto(80) }),
      "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(400)}</svg>`,
    };
    for (const [nombre, contenido] of Object.entries(ficheros))
      writeFileSync(path.join(dir, nombre), contenido);

    const totales = await comprimirEstaticos(dir);

    expect(totales.ficheros).toBe(5);
    expect(totales.brotli).toBeLessThan(totales.gzip);
    expect(totales.gzip).toBeLessThan(totales.original / 4);
    for (const [nombre, contenido] of Object.entries(ficheros)) {
      const fichero = path.join(dir, nombre);
      expect(brotliDecompressSync(readFileSync(`${fichero}.br`)).toString(), nombre).toBe(
        contenido,
      );
      expect(gunzipSync(readFileSync(`${fichero}.gz`)).toString(), nombre).toBe(contenido);
    }
  });

  it("no comprime los ficheros pequeños, las imágenes ni los mapas de código", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fila-comprimir-"));
    writeFileSync(path.join(dir, "pequenyo.js"), "export {};\n");
    writeFileSync(path.join(dir, "icono.png"), Buffer.alloc(4096));
    writeFileSync(path.join(dir, "index.js.map"), texto(200));

    const totales = await comprimirEstaticos(dir);

    expect(totales.ficheros).toBe(0);
    for (const nombre of ["pequenyo.js", "icono.png", "index.js.map"]) {
      expect(existsSync(path.join(dir, `${nombre}.br`)), nombre).toBe(false);
      expect(existsSync(path.join(dir, `${nombre}.gz`)), nombre).toBe(false);
    }
  });

  it("no escribe una copia que no ahorra nada", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "fila-comprimir-"));
    // Random bytes do not compress: both copies would be larger than the file.
    const azar = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    writeFileSync(path.join(dir, "azar.js"), azar);

    await comprimirEstaticos(dir);

    expect(existsSync(path.join(dir, "azar.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "azar.js.gz"))).toBe(false);
  });
});
