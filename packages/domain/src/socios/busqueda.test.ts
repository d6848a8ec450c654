import { describe, expect, it } from "vitest";
import { LETRAS_CON_TILDE, LETRAS_SIN_TILDE, normalizarBusqueda } from "./busqueda";

describe("normalizarBusqueda", () => {
  it("quita tildes y mayúsculas", () => {
    expect(normalizarBusqueda("Martínez ÁLVAREZ")).toBe("martinez alvarez");
  });

  it("convierte ñ, ç y diéresis", () => {
    expect(normalizarBusqueda("Peñalver Çaragüell")).toBe("penalver caraguell");
  });

  it("junta espacios y recorta los extremos", () => {
    expect(normalizarBusqueda("  José   Mª \t ")).toBe("jose mª");
  });

  it("la tabla de la base de datos da lo mismo que la normalización de JavaScript", () => {
    expect(LETRAS_CON_TILDE.length).toBe(LETRAS_SIN_TILDE.length);
    for (let i = 0; i < LETRAS_CON_TILDE.length; i++) {
      expect(normalizarBusqueda(LETRAS_CON_TILDE[i])).toBe(LETRAS_SIN_TILDE[i]);
    }
  });
});
