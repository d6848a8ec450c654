import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The server's node runs with the options of the `start` script in package.json (a smaller V8
 * heap, docs/adr/0017 and bench/README.md, «Issue 33, memoria»). They are node options, not
 * something the app can set once running, so every way of starting it must pass them: the
 * systemd unit runs node directly (without npm in front, for the signals) and must say the same.
 */
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const leer = (ruta) => readFileSync(path.join(raiz, ruta), "utf8");

describe("opciones de node del servidor", () => {
  const start = JSON.parse(leer("package.json")).scripts.start;
  const opciones = /^node ((?:--\S+ )*)scripts\/start\.mjs$/.exec(start)?.[1].trim();

  it("npm start las pasa a node antes de scripts/start.mjs", () => {
    expect(opciones).toBeTruthy();
  });

  it("el servicio de systemd arranca node con las mismas", () => {
    const exec = /^ExecStart=(.*)$/m.exec(leer("deploy/fila.service"))?.[1];
    expect(exec).toBe(`/usr/bin/node ${opciones} scripts/start.mjs`);
  });
});
