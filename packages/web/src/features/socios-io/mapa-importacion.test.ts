import { beforeEach, describe, expect, it } from "vitest";
import {
  aplicarRecordado,
  elegirCampo,
  leerMapaRecordado,
  mapaDe,
  mismoMapa,
  recordarMapa,
} from "./mapa-importacion";

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
      aplicarRecordado(columnas, { Móvil: "telefono", Talla: "comentarios", Otra: "nif" }),
    ).toEqual({
      Nº: "matricula",
      Teléfono: null,
      Móvil: "telefono",
      Talla: "comentarios",
    });
    expect(aplicarRecordado(columnas, {})).toEqual(mapaDe(columnas));
  });

  it("da un campo a una sola columna", () => {
    expect(elegirCampo(mapaDe(columnas), "Móvil", "telefono")).toEqual({
      Nº: "matricula",
      Teléfono: null,
      Móvil: "telefono",
      Talla: null,
    });
    expect(elegirCampo(mapaDe(columnas), "Nº", null)).toMatchObject({
      Nº: null,
      Teléfono: "telefono",
    });
  });

  it("compara mapas sin importar el orden ni las ausencias", () => {
    expect(mismoMapa({ a: "nif", b: null }, { a: "nif" })).toBe(true);
    expect(mismoMapa({ a: "nif" }, { a: "email" })).toBe(false);
  });

  it("recuerda la elección en este navegador, sumada a la anterior", () => {
    expect(leerMapaRecordado()).toEqual({});
    recordarMapa({ Talla: "comentarios" });
    recordarMapa({ Móvil: "telefono" });
    expect(leerMapaRecordado()).toEqual({ Talla: "comentarios", Móvil: "telefono" });
    localStorage.setItem("importarSocios.mapa", "[1,2]");
    expect(leerMapaRecordado()).toEqual({});
  });
});
