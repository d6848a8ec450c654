import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ErrorDeArranque } from "../bootstrap/fallo-arranque.js";
import { ClaveInstalacion, cargarClaveInstalacion } from "./clave-instalacion.js";

const carpetas: string[] = [];
afterEach(() => {
  for (const c of carpetas.splice(0)) rmSync(c, { recursive: true, force: true });
});
function carpeta(): string {
  const c = mkdtempSync(path.join(tmpdir(), "fila-clave-"));
  carpetas.push(c);
  return c;
}

describe("clave de instalación", () => {
  it("cifra con prefijo de versión y solo descifra con la misma clave y el mismo contexto", () => {
    const clave = ClaveInstalacion.nueva();
    const cifrado = clave.cifrar("JBSWY3DPEHPK3PXP", "totp:7");
    expect(cifrado.startsWith("v1.")).toBe(true);
    expect(cifrado).not.toContain("JBSWY3DPEHPK3PXP");
    expect(clave.cifrar("JBSWY3DPEHPK3PXP", "totp:7")).not.toBe(cifrado);
    expect(clave.descifrar(cifrado, "totp:7")).toBe("JBSWY3DPEHPK3PXP");
    expect(clave.descifrar(cifrado, "totp:8")).toBeNull();
    expect(ClaveInstalacion.nueva().descifrar(cifrado, "totp:7")).toBeNull();
    expect(clave.descifrar("JBSWY3DPEHPK3PXP", "totp:7")).toBeNull();
    // One character changed well inside the text (the last ones may carry only padding bits).
    const i = cifrado.length - 10;
    const alterado = `${cifrado.slice(0, i)}${cifrado[i] === "A" ? "B" : "A"}${cifrado.slice(i + 1)}`;
    expect(clave.descifrar(alterado, "totp:7")).toBeNull();
  });

  it("firma tokens que se leen en una URL y solo valen para su propósito y su clave", () => {
    const clave = ClaveInstalacion.nueva();
    const token = clave.firmar("carnet", "socio:42");
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(clave.verificar("carnet", token)).toBe("socio:42");
    expect(clave.verificar("baja-correo", token)).toBeNull();
    expect(ClaveInstalacion.nueva().verificar("carnet", token)).toBeNull();
    const [cuerpo, firma] = token.split(".");
    const otro = Buffer.from("socio:43").toString("base64url");
    expect(clave.verificar("carnet", `${otro}.${firma}`)).toBeNull();
    expect(clave.verificar("carnet", `${cuerpo}.`)).toBeNull();
    expect(clave.verificar("carnet", `${cuerpo}.${firma}.x`)).toBeNull();
  });

  it("la huella y el resumen dependen de la clave, no la revelan", () => {
    const bytes = randomBytes(32);
    const a = new ClaveInstalacion(bytes);
    expect(a.huella).toMatch(/^[0-9a-f]{32}$/);
    expect(new ClaveInstalacion(bytes).huella).toBe(a.huella);
    expect(ClaveInstalacion.nueva().huella).not.toBe(a.huella);
    expect(a.huella).not.toContain(bytes.toString("hex").slice(0, 32));
    expect(a.resumen("x", "1")).toBe(new ClaveInstalacion(bytes).resumen("x", "1"));
    expect(a.resumen("x", "1")).not.toBe(ClaveInstalacion.nueva().resumen("x", "1"));
  });

  it("sin FILA_CLAVE crea DATA_DIR/clave con permisos 0600 la primera vez y la reutiliza", () => {
    const dir = carpeta();
    const primera = cargarClaveInstalacion({ dataDir: dir });
    const fichero = path.join(dir, "clave");
    expect(statSync(fichero).mode & 0o777).toBe(0o600);
    expect(readFileSync(fichero, "utf8").trim()).toHaveLength(44);
    expect(cargarClaveInstalacion({ dataDir: dir }).huella).toBe(primera.huella);
  });

  it("FILA_CLAVE en hexadecimal o base64 da la misma clave; otra cosa para el arranque", () => {
    const bytes = randomBytes(32);
    const dir = carpeta();
    const hex = cargarClaveInstalacion({ dataDir: dir, filaClave: bytes.toString("hex") });
    const b64 = cargarClaveInstalacion({ dataDir: dir, filaClave: bytes.toString("base64") });
    const b64url = cargarClaveInstalacion({ dataDir: dir, filaClave: bytes.toString("base64url") });
    expect(b64.huella).toBe(hex.huella);
    expect(b64url.huella).toBe(hex.huella);
    for (const mala of ["corta", "zz".repeat(32), randomBytes(16).toString("base64")]) {
      expect(() => cargarClaveInstalacion({ dataDir: dir, filaClave: mala })).toThrow(
        ErrorDeArranque,
      );
    }
  });

  it("un DATA_DIR/clave dañado para el arranque con una frase en español", () => {
    const dir = carpeta();
    writeFileSync(path.join(dir, "clave"), "no es una clave\n");
    expect(() => cargarClaveInstalacion({ dataDir: dir })).toThrow(
      /no tiene una clave de instalación válida/,
    );
  });
});
