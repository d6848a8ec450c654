import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * Several e2e runs share a machine (each engineer, CI): every port a run listens on comes from the
 * environment, read in one place (e2e/support/constantes.ts), so that no spec brings a fixed port
 * of its own that two runs side by side would both take.
 */
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ficheros = ["e2e/specs", "e2e/support", "e2e/page-models"].flatMap((carpeta) =>
  readdirSync(path.join(raiz, carpeta))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => `${carpeta}/${f}`),
);
const leer = (ruta) => readFileSync(path.join(raiz, ruta), "utf8");

describe("puertos de las pruebas e2e", () => {
  it("solo support/constantes.ts lee las variables E2E_ del entorno", () => {
    const fuera = ficheros.filter(
      (f) => f !== "e2e/support/constantes.ts" && /process\.env\.E2E_/.test(leer(f)),
    );
    expect(fuera).toEqual([]);
  });

  it("ninguna instalación nueva ni servidor de un spec escucha en un puerto fijo", () => {
    const fijos = ficheros.flatMap((f) =>
      [...leer(f).matchAll(/new InstalacionNueva\(\s*\d+|\.listen\(\s*\d{2,}|PORT:\s*"\d+"/g)].map(
        (m) => `${f}: ${m[0]}`,
      ),
    );
    expect(fijos).toEqual([]);
  });

  it("cada puerto de constantes.ts sale de su variable E2E_", () => {
    const puertos = [
      ...leer("e2e/support/constantes.ts").matchAll(/export const (PUERTO_\w+) = (.*);/g),
    ];
    expect(puertos.map(([, nombre]) => nombre)).toEqual(
      expect.arrayContaining(["PUERTO_APP", "PUERTO_RESTAURACION", "PUERTO_TEXTOS"]),
    );
    for (const [, nombre, valor] of puertos) {
      expect(valor, nombre).toMatch(/^Number\(process\.env\.E2E_\w+ \?\? \d+\)$/);
    }
  });
});
