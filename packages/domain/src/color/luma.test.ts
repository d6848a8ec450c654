import { describe, expect, it } from "vitest";
import { colorTexto, luma } from "./luma";

describe("luma", () => {
  it("pondera rojo, verde y azul con 0.2126, 0.7152 y 0.0722", () => {
    expect(luma("#000000")).toBe(0);
    expect(luma("#ffffff")).toBe(255);
    expect(luma("#ff0000")).toBeCloseTo(0.2126 * 255, 10);
    expect(luma("#00ff00")).toBeCloseTo(0.7152 * 255, 10);
    expect(luma("#0000ff")).toBeCloseTo(0.0722 * 255, 10);
  });

  it("acepta la forma corta #rgb y no distingue mayúsculas", () => {
    expect(luma("#fa0")).toBe(luma("#ffaa00"));
    expect(luma("#FFAA00")).toBe(luma("#ffaa00"));
  });

  it("da exactamente 165 para el gris #a5a5a5", () => {
    expect(luma("#a5a5a5")).toBe(165);
  });

  it.each(["", "a5a5a5", "#a5a5a", "#a5a5a5a5", "#ggg", "rgb(1,2,3)", " #a5a5a5"])(
    "rechaza el color no válido %j",
    (color) => {
      expect(() => luma(color)).toThrow(RangeError);
    },
  );
});

describe("colorTexto", () => {
  it("pone texto negro con luma exactamente 165", () => {
    expect(colorTexto("#a5a5a5")).toBe("#000000");
  });

  it("pone texto blanco con luma 164,93 (justo por debajo de 165)", () => {
    expect(luma("#a5a5a4")).toBeCloseTo(164.9278, 10);
    expect(colorTexto("#a5a5a4")).toBe("#ffffff");
  });

  it("pone texto negro sobre fondos claros y blanco sobre oscuros", () => {
    expect(colorTexto("#ffffff")).toBe("#000000");
    expect(colorTexto("#ffff00")).toBe("#000000");
    expect(colorTexto("#000000")).toBe("#ffffff");
    expect(colorTexto("#1971c2")).toBe("#ffffff");
    expect(colorTexto("#ff0000")).toBe("#ffffff");
  });
});
