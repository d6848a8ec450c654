import { describe, expect, it } from "vitest";
import { leerImporte } from "./leer-importe";

describe("leerImporte", () => {
  it.each([
    ["1.500", 1500],
    ["12.345", 12345],
    ["1.234.567", 1234567],
    ["-1.500", -1500],
    ["1.500 €", 1500],
  ])("lee «%s» con el punto de los miles: %d €", (texto, euros) => {
    expect(leerImporte(texto)).toEqual({ euros, punto: "miles" });
  });

  it.each([
    ["12.5", 12.5],
    ["1500.50", 1500.5],
    ["0.75", 0.75],
    ["1.5", 1.5],
    ["12.3456", 12.3456],
    ["1234.567", 1234.567],
  ])("lee el punto de «%s» como decimal: %d €", (texto, euros) => {
    expect(leerImporte(texto)).toEqual({ euros, punto: "decimal" });
  });

  it.each([
    ["1.234,56", 1234.56],
    ["1234,56", 1234.56],
    ["1.500,00", 1500],
    ["12,5", 12.5],
    ["1500", 1500],
    ["-3", -3],
    [" 1 500 € ", 1500],
  ])("lee «%s» sin dudas: %d €", (texto, euros) => {
    expect(leerImporte(texto)).toEqual({ euros, punto: null });
  });

  it.each(["", "doce", "1.2,50", "1,500.50", "1.500.5", "12.", ".5", "1234,", "1,2,3", "--5"])(
    "no lee «%s» como importe",
    (texto) => {
      expect(leerImporte(texto)).toBeNull();
    },
  );
});
