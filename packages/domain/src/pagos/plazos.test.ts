import { describe, expect, it } from "vitest";
import { PLAZOS_POR_TIPO_PAGO, repartirEnPlazos } from "./plazos";

describe("plazos", () => {
  it("cobra en 1, 2, 4 o 12 plazos según la periodicidad", () => {
    expect(PLAZOS_POR_TIPO_PAGO).toEqual({ anual: 1, semestral: 2, trimestral: 4, mensual: 12 });
  });

  it("reparte en partes que suman exactamente el total, sobrando céntimos a los primeros", () => {
    expect(repartirEnPlazos(10000, 3)).toEqual([3334, 3333, 3333]);
    expect(repartirEnPlazos(10000, 12).reduce((a, b) => a + b, 0)).toBe(10000);
    expect(repartirEnPlazos(5, 12)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(repartirEnPlazos(12000, 1)).toEqual([12000]);
  });

  it("reparte también importes negativos (abonos)", () => {
    expect(repartirEnPlazos(-100, 3)).toEqual([-34, -33, -33]);
    expect(repartirEnPlazos(-1, 2).map((c) => Object.is(c, -0))).toEqual([false, false]);
  });

  it("rechaza plazos o totales no válidos", () => {
    expect(() => repartirEnPlazos(100, 0)).toThrow(RangeError);
    expect(() => repartirEnPlazos(100, 1.5)).toThrow(RangeError);
    expect(() => repartirEnPlazos(10.5, 2)).toThrow(RangeError);
  });
});
