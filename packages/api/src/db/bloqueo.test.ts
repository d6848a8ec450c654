import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tomarBloqueo } from "./bloqueo.js";

const carpetas: string[] = [];
const nuevaCarpeta = () => {
  const c = mkdtempSync(path.join(tmpdir(), "fila-bloqueo-"));
  carpetas.push(c);
  return c;
};
afterEach(() => {
  for (const c of carpetas.splice(0)) rmSync(c, { recursive: true, force: true });
});

describe("bloqueo del directorio de datos", () => {
  it("impide que un segundo proceso vivo abra el mismo directorio", () => {
    const dir = nuevaCarpeta();
    // The parent process is alive and is not us: it plays the other instance.
    writeFileSync(path.join(dir, "fila.lock"), String(process.ppid));
    expect(() => tomarBloqueo(dir)).toThrow(/Otro proceso/);
  });

  it("toma un bloqueo abandonado por un proceso que ya no existe y lo suelta al liberar", () => {
    const dir = nuevaCarpeta();
    writeFileSync(path.join(dir, "fila.lock"), "999999999");
    const liberar = tomarBloqueo(dir);
    expect(existsSync(path.join(dir, "fila.lock"))).toBe(true);
    liberar();
    expect(existsSync(path.join(dir, "fila.lock"))).toBe(false);
  });
});
