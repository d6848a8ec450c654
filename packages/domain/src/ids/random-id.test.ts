import { describe, expect, it } from "vitest";
import { randomId } from "./random-id";

describe("randomId", () => {
  it.each([1, 2, 3, 8])("da %i grupos de cuatro dígitos hexadecimales en minúsculas", (n) => {
    const patron = new RegExp(`^[0-9a-f]{4}(-[0-9a-f]{4}){${n - 1}}$`);
    for (let i = 0; i < 50; i++) expect(randomId(n)).toMatch(patron);
  });

  it("da la cadena vacía con cero grupos", () => {
    expect(randomId(0)).toBe("");
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rechaza %s grupos", (n) => {
    expect(() => randomId(n)).toThrow(RangeError);
  });

  it("no repite identificadores", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId(4)));
    expect(ids.size).toBe(1000);
  });

  it("usa todo el rango de dígitos hexadecimales", () => {
    const digitos = new Set(
      Array.from({ length: 200 }, () => randomId(4))
        .join("")
        .split(""),
    );
    digitos.delete("-");
    expect(digitos.size).toBe(16);
  });
});
