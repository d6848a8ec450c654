import { describe, expect, it } from "vitest";
import {
  desaconsejaRepresentar,
  ReactivacionMultipleSchema,
  ReactivacionSchema,
} from "./representacion";

describe("volver a presentar un adeudo devuelto", () => {
  it("lo desaconseja con cuenta incorrecta o cerrada, sin mandato o si el deudor lo rechaza", () => {
    for (const c of ["MD06", "AC04", "MD01", "AC01", " md06 "]) {
      expect(desaconsejaRepresentar(c)).toBe(true);
    }
    for (const c of ["AM04", "MS03", "", null, undefined]) {
      expect(desaconsejaRepresentar(c)).toBe(false);
    }
  });

  it("el motivo es opcional y los ids no se repiten", () => {
    expect(ReactivacionSchema.parse({})).toEqual({ motivo: "" });
    expect(ReactivacionSchema.safeParse({ motivo: "x".repeat(501) }).success).toBe(false);
    const repetidos = ReactivacionMultipleSchema.safeParse({ ids: [1, 1] });
    expect(repetidos.error?.issues[0].message).toBe("Hay cargos repetidos");
    expect(ReactivacionMultipleSchema.safeParse({ ids: [] }).success).toBe(false);
    expect(ReactivacionMultipleSchema.parse({ ids: [3, 4] })).toEqual({ ids: [3, 4], motivo: "" });
  });
});
