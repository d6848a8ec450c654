import { describe, expect, it } from "vitest";
import { calcularIdentificadorAcreedor, esIdentificadorAcreedorValido } from "./acreedor-sepa";

describe("identificador de acreedor SEPA", () => {
  it("valida el identificador de ejemplo publicado por el Bundesbank", () => {
    expect(esIdentificadorAcreedorValido("DE98ZZZ09999999999")).toBe(true);
  });

  it("calcula los dígitos de control sin tener en cuenta el sufijo comercial", () => {
    expect(calcularIdentificadorAcreedor("09999999999", "ZZZ", "DE")).toBe("DE98ZZZ09999999999");
    const conSufijo000 = calcularIdentificadorAcreedor("G12345674");
    const conSufijo001 = calcularIdentificadorAcreedor("G12345674", "001");
    expect(conSufijo000.slice(0, 4)).toBe(conSufijo001.slice(0, 4));
    expect(conSufijo000).toMatch(/^ES\d{2}000G12345674$/);
  });

  it("valida lo que calcula, con espacios y minúsculas", () => {
    const id = calcularIdentificadorAcreedor("g12345674");
    expect(esIdentificadorAcreedorValido(id)).toBe(true);
    expect(esIdentificadorAcreedorValido(` ${id.toLowerCase().slice(0, 7)} ${id.slice(7)} `)).toBe(
      true,
    );
  });

  it("rechaza un identificador con los dígitos de control cambiados", () => {
    const id = calcularIdentificadorAcreedor("G12345674");
    const control = Number(id.slice(2, 4));
    const otro = `ES${String((control + 1) % 100).padStart(2, "0")}${id.slice(4)}`;
    expect(esIdentificadorAcreedorValido(otro)).toBe(false);
    expect(esIdentificadorAcreedorValido("ES12")).toBe(false);
    expect(esIdentificadorAcreedorValido("")).toBe(false);
  });

  it("rechaza datos de partida no válidos", () => {
    expect(() => calcularIdentificadorAcreedor("G1234-567*4")).toThrow(RangeError);
    expect(() => calcularIdentificadorAcreedor("G12345674", "0001")).toThrow(RangeError);
    expect(() => calcularIdentificadorAcreedor("G12345674", "000", "E5")).toThrow(RangeError);
  });
});
