import { describe, expect, it } from "vitest";
import { calcularDerramaAnual, calcularDerramaPendiente } from "./derrama";

describe("derrama", () => {
  it("reparte el importe entre los años de pago con dos decimales", () => {
    expect(calcularDerramaAnual(1000, 4)).toBe(250);
    expect(calcularDerramaAnual(1000, 3)).toBe(333.33);
    expect(calcularDerramaAnual(0.29, 1)).toBe(0.29);
  });

  it("no tiene cuota anual sin años de pago", () => {
    expect(calcularDerramaAnual(1000, 0)).toBe(0);
    expect(calcularDerramaAnual(1000, -2)).toBe(0);
  });

  it("calcula lo pendiente sin errores de coma flotante y nunca en negativo", () => {
    expect(calcularDerramaPendiente(0.3, 0.1)).toBe(0.2);
    expect(calcularDerramaPendiente(1000, 333.33)).toBe(666.67);
    expect(calcularDerramaPendiente(100, 150)).toBe(0);
  });
});
