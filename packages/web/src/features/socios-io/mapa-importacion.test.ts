import { beforeEach, describe, expect, it } from "vitest";
import * as m from "./mapa-importacion";

const columnas = [
  { cabecera: "Nº", campo: "matricula" as const, ejemplos: [] },
  { cabecera: "Teléfono", campo: "telefono" as const, ejemplos: [] },
  { cabecera: "Móvil", campo: null, ejemplos: [] },
  { cabecera: "Talla", campo: null, ejemplos: [] },
];

beforeEach(() => localStorage.clear());

describe("mapa de la importación", () => {
  it("propone lo que la junta eligió la última vez y, para lo demás, lo reconocido", () => {
    expect(
      m.aplicarRecordado(columnas, { Móvil: "telefono", Talla: "comentarios", Otra: "nif" }),
    ).toEqual({
      Nº: "matricula",
      Teléfono: null,
      Móvil: "telefono",
      Talla: "comentarios",
    });
    expect(m.aplicarRecordado(columnas, {})).toEqual(m.mapaDe(columnas));
  });

  it("da un campo a una sola columna", () => {
    expect(m.elegirCampo(m.mapaDe(columnas), "Móvil", "telefono")).toEqual({
      Nº: "matricula",
      Teléfono: null,
      Móvil: "telefono",
      Talla: null,
    });
    expect(m.elegirCampo(m.mapaDe(columnas), "Nº", null)).toMatchObject({
      Nº: null,
      Teléfono: "telefono",
    });
  });

  it("compara mapas sin importar el orden ni las ausencias", () => {
    expect(m.mismoMapa({ a: "nif", b: null }, { a: "nif" })).toBe(true);
    expect(m.mismoMapa({ a: "nif" }, { a: "email" })).toBe(false);
  });

  it("recuerda la elección en este navegador, sumada a la anterior", () => {
    expect(m.leerMapaRecordado()).toEqual({});
    m.recordarMapa({ Talla: "comentarios" });
    m.recordarMapa({ Móvil: "telefono" });
    expect(m.leerMapaRecordado()).toEqual({ Talla: "comentarios", Móvil: "telefono" });
    localStorage.setItem("importarSocios.mapa", "[1,2]");
    expect(m.leerMapaRecordado()).toEqual({});
  });
});
