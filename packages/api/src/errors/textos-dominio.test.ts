import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { conoceTextoDominio } from "./textos-dominio.va.js";

// Every message the domain's schemas write (`error:` / `message:`, as a string or a template
// built from a value) has its Valencian text in textos-dominio.va.ts (issue 38).

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../domain/src");

function ficheros(carpeta: string): string[] {
  return readdirSync(carpeta, { withFileTypes: true }).flatMap((f) => {
    const ruta = path.join(carpeta, f.name);
    if (f.isDirectory()) return ficheros(ruta);
    return f.name.endsWith(".ts") && !f.name.endsWith(".test.ts") ? [ruta] : [];
  });
}

const LITERAL = /(?:error|message)\s*:\s*"((?:[^"\\]|\\.)+)"/g;
const PLANTILLA = /(?:error|message)\s*:\s*`([^`]+)`/g;
const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("textos de los esquemas del dominio en valenciano", () => {
  const fuentes = ficheros(raiz).map((f) => ({
    fichero: path.relative(raiz, f),
    texto: readFileSync(f, "utf8"),
  }));

  it("encuentra los mensajes de los esquemas (la búsqueda no se ha quedado vacía)", () => {
    const total = fuentes.reduce((n, f) => n + [...f.texto.matchAll(LITERAL)].length, 0);
    expect(total).toBeGreaterThan(150);
  });

  it("cada mensaje fijo de un esquema tiene su texto valenciano", () => {
    const faltan = fuentes.flatMap(({ fichero, texto }) =>
      [...texto.matchAll(LITERAL)]
        .map((m) => JSON.parse(`"${m[1]}"`) as string)
        .filter((t) => !conoceTextoDominio(t))
        .map((t) => `${fichero}: ${t}`),
    );
    expect(faltan).toEqual([]);
  });

  it("cada mensaje construido con un valor tiene su patrón o sus textos valencianos", () => {
    const faltan = fuentes.flatMap(({ fichero, texto }) =>
      [...texto.matchAll(PLANTILLA)]
        .map((m) => m[1])
        .filter((p) => {
          const ejemplo = p.replace(/\$\{[^}]+\}/g, "1");
          const forma = new RegExp(
            `^${p
              .split(/\$\{[^}]+\}/)
              .map(escapar)
              .join(".+")}$`,
          );
          return !conoceTextoDominio(ejemplo) && !conoceTextoDominio(ejemplo, forma);
        })
        .map((p) => `${fichero}: ${p}`),
    );
    expect(faltan).toEqual([]);
  });
});
