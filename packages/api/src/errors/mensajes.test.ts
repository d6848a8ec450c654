import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODIGOS_ERROR, codigoYStatus, type IdError, VARIANTES_ERROR } from "@fila/domain";
import { describe, expect, it } from "vitest";
import { DomainError } from "./domain-error.js";
import { MENSAJES_ES } from "./mensajes.es.js";
import { CATALOGOS, type ClaveMensaje, marcadores, mensajeCon, texto } from "./mensajes.js";

const claves = Object.keys(MENSAJES_ES) as ClaveMensaje[];

/** Every source file of the API but the tests. */
function fuentes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [ruta] : [];
  });
}

describe("catálogo de mensajes del servidor", () => {
  it("cada clave tiene un texto en cada idioma, con los mismos marcadores que en español", () => {
    expect(claves.length).toBeGreaterThan(100);
    for (const [idioma, catalogo] of Object.entries(CATALOGOS)) {
      expect(Object.keys(catalogo).sort(), idioma).toEqual([...claves].sort());
      for (const clave of claves) {
        const t: string = catalogo[clave];
        expect(t.trim(), `${idioma}: ${clave}`).not.toBe("");
        expect(marcadores(t).sort(), `${idioma}: ${clave}`).toEqual(
          marcadores(MENSAJES_ES[clave]).sort(),
        );
      }
    }
  });

  it("las claves son «área.nombre» en minúsculas", () => {
    for (const clave of claves) expect(clave).toMatch(/^[a-z_]+\.[a-z0-9_]+$/);
  });

  it("rellena los marcadores {{x}} con sus valores", () => {
    expect(texto("no_encontrado.noticia")).toBe("La noticia no existe.");
    expect(texto(mensajeCon("pagos.no_existe_cargo", { ids: "3, 7" }))).toBe(
      "No existe el cargo 3, 7.",
    );
    expect(texto(mensajeCon("olvido.anonimizado", { id: 4, nombre: "Ana Pi" }))).toBe(
      "El socio 4 (Ana Pi) ya está anonimizado.",
    );
  });

  it("falla con una clave que no existe o un marcador sin valor", () => {
    expect(() => texto("no.existe" as ClaveMensaje)).toThrow(/no\.existe/);
    expect(() => texto("toString" as ClaveMensaje)).toThrow(/toString/);
    expect(() => texto("pagos.no_existe_cargo")).toThrow(/ids/);
  });

  it("cada clave se usa en el código (no quedan textos muertos)", () => {
    const raiz = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const codigo = fuentes(raiz)
      .filter((f) => !/[/\\]mensajes\.[a-z]+\.ts$/.test(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const sinUso = claves.filter((c) => !codigo.includes(`"${c}"`));
    expect(sinUso).toEqual([]);
  });
});

describe("DomainError", () => {
  it("toma el estado HTTP del catálogo de códigos y el texto del de mensajes", () => {
    for (const id of [
      ...Object.keys(CODIGOS_ERROR),
      ...Object.keys(VARIANTES_ERROR),
    ] as IdError[]) {
      const e = new DomainError(id, "peticion.no_valida");
      expect(e.status).toBe(codigoYStatus(id).status);
      expect(e.status).toBeGreaterThanOrEqual(400);
    }
    const duplicado = new DomainError(
      "duplicado",
      mensajeCon("socios.nif_duplicado", { nif: "12345678Z" }),
      [{ campo: "nif", clave: mensajeCon("socios.nif_duplicado", { nif: "12345678Z" }) }],
    );
    expect(duplicado).toMatchObject({ code: "duplicado", status: 409 });
    expect(duplicado.mensaje).toBe("Ya hay un socio con el NIF o NIE 12345678Z.");
    expect(duplicado.detalles).toEqual([
      { campo: "nif", mensaje: "Ya hay un socio con el NIF o NIE 12345678Z." },
    ]);
    expect(
      new DomainError("en_uso", mensajeCon("maestros.en_uso_uno", { lista: "1 socio" })).status,
    ).toBe(409);
  });

  it("una variante sale con el código de su error y su propio estado", () => {
    const e = new DomainError(
      "codigo_incorrecto_en_sesion",
      "auth.codigo_no_correcto_ha_usado_escribe",
    );
    expect(e).toMatchObject({ code: "codigo_incorrecto", status: 400 });
  });

  it("deja tal cual el texto de un detalle que ya viene escrito (zod, reglas del dominio)", () => {
    const e = new DomainError("validacion", "comun.hay_datos_no_son_validos_revisa", [
      { campo: "nif", mensaje: "El NIF o NIE no es válido" },
    ]);
    expect(e.detallesEn("es")).toEqual([{ campo: "nif", mensaje: "El NIF o NIE no es válido" }]);
  });
});
