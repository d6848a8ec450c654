import { describe, expect, it } from "vitest";
import {
  CODIGOS_MOTIVO_DEVOLUCION,
  describirMotivoDevolucion,
  esMotivoDevolucion,
  MOTIVOS_DEVOLUCION,
} from "./motivos-devolucion";

describe("motivos de devolución SEPA", () => {
  it("describe los habituales en castellano", () => {
    expect(MOTIVOS_DEVOLUCION.AM04).toBe("Fondos insuficientes");
    expect(MOTIVOS_DEVOLUCION.MD06).toBe("Devolución solicitada por el deudor");
    expect(MOTIVOS_DEVOLUCION.AC01).toBe("Número de cuenta incorrecto");
    expect(describirMotivoDevolucion("MD01")).toBe("MD01 · Sin mandato");
    expect(describirMotivoDevolucion("ZZ99")).toBe("ZZ99");
  });

  it("reconoce solo los códigos del catálogo", () => {
    for (const c of [
      "AC01",
      "AC04",
      "AC06",
      "AG01",
      "AM04",
      "MD01",
      "MD06",
      "MS02",
      "MS03",
      "SL01",
      "BE05",
      "FF01",
    ]) {
      expect(esMotivoDevolucion(c)).toBe(true);
    }
    expect(CODIGOS_MOTIVO_DEVOLUCION).toContain("AM04");
    expect(esMotivoDevolucion("am04")).toBe(false);
    expect(esMotivoDevolucion("toString")).toBe(false);
  });
});
