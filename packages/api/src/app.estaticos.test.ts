import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "./test/entorno.js";

// A built web app in miniature: each text file with its .br and .gz copies beside it, as
// scripts/comprimir-estaticos.mjs leaves them.
const JS = `export const filas = [${Array.from({ length: 400 }, (_, i) => `"fila ${i}"`).join(", ")}];\n`;
const ARRANQUE = `document.getElementById("arranque").textContent = "Hola";`;
const HTML = `<!doctype html><html lang="es"><head><title>Filà</title><script type="module" crossorigin src="/assets/index-AbCd1234.js"></script></head><body><div id="arranque"></div>${"<p>Moros i Cristians</p>".repeat(60)}<script>${ARRANQUE}</script></body></html>\n`;
const SW = `self.addEventListener("fetch", () => {});\n${"// precache\n".repeat(200)}`;

function escribirConCopias(fichero: string, contenido: string): void {
  writeFileSync(fichero, contenido);
  writeFileSync(`${fichero}.br`, brotliCompressSync(contenido));
  writeFileSync(`${fichero}.gz`, gzipSync(contenido));
}

describe("ficheros de la web precomprimidos", () => {
  let entorno: Entorno;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "fila-web-"));
    mkdirSync(path.join(webDist, "assets"));
    escribirConCopias(path.join(webDist, "index.html"), HTML);
    escribirConCopias(path.join(webDist, "sw.js"), SW);
    escribirConCopias(path.join(webDist, "assets", "index-AbCd1234.js"), JS);
    writeFileSync(path.join(webDist, "assets", "config.json"), '{"version":"en-disco"}\n');
    entorno = await crearEntorno({ webDist });
  });

  afterAll(async () => {
    await entorno?.cerrar();
    rmSync(webDist, { recursive: true, force: true });
  });

  const pedir = (url: string, acepta?: string) =>
    entorno.app.inject({
      method: "GET",
      url,
      headers: acepta === undefined ? {} : { "accept-encoding": acepta },
    });

  it("envía la copia brotli a quien acepta br, más pequeña, inmutable y con Vary", async () => {
    const r = await pedir("/assets/index-AbCd1234.js", "gzip, deflate, br");
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toMatch(/javascript/);
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(JS) / 4);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(JS);
  });

  it("envía la copia gzip a quien solo acepta gzip", async () => {
    const r = await pedir("/assets/index-AbCd1234.js", "gzip");
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(r.rawPayload.length).toBeLessThan(Buffer.byteLength(JS) / 4);
    expect(gunzipSync(r.rawPayload).toString()).toBe(JS);
  });

  it("envía el fichero tal cual a quien no acepta compresión", async () => {
    for (const acepta of [undefined, "identity"]) {
      const r = await pedir("/assets/index-AbCd1234.js", acepta);
      expect(r.statusCode).toBe(200);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.body).toBe(JS);
    }
  });

  it("la página y el service worker salen comprimidos y sin caché larga", async () => {
    for (const url of ["/", "/index.html"]) {
      const r = await pedir(url, "br");
      expect(r.statusCode, url).toBe(200);
      expect(r.headers["content-encoding"], url).toBe("br");
      expect(r.headers["content-type"], url).toMatch(/text\/html/);
      expect(r.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(r.rawPayload).toString(), url).toBe(HTML);
    }
    const sw = await pedir("/sw.js", "gzip");
    expect(sw.headers["content-encoding"]).toBe("gzip");
    expect(sw.headers["content-type"]).toMatch(/javascript/);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    expect(gunzipSync(sw.rawPayload).toString()).toBe(SW);
  });

  it("assets/config.json sigue saliendo de su ruta, sin caché ni compresión", async () => {
    const r = await pedir("/assets/config.json", "br, gzip");
    expect(r.statusCode).toBe(200);
    expect(r.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(r.json()).toEqual({ version: "en-disco" });
  });

  it("la CSP deja correr el script escrito en index.html (la imagen de arranque) por su hash, y ningún otro", async () => {
    const r = await pedir("/", "br");
    const csp = String(r.headers["content-security-policy"]);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    const hash = createHash("sha256").update(ARRANQUE).digest("base64");
    expect(scriptSrc.split(" ")).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(scriptSrc).not.toContain("unsafe-inline");
  });
});
