import { describe, expect, it } from "vitest";
import { agruparPorCategoria, formatearTamanyo } from "./formato-documento";

describe("formatearTamanyo", () => {
  it("usa B, kB y MB con coma decimal", () => {
    expect(formatearTamanyo(850)).toBe("850 B");
    expect(formatearTamanyo(12_800)).toBe("12,5 kB");
    expect(formatearTamanyo(3_355_443)).toBe("3,2 MB");
  });
});

describe("agruparPorCategoria", () => {
  it("agrupa conservando el orden de llegada", () => {
    const docs = [
      { id: 1, categoria: "Actas" },
      { id: 2, categoria: "Actas" },
      { id: 3, categoria: "" },
    ];
    expect(agruparPorCategoria(docs)).toEqual([
      ["Actas", [docs[0], docs[1]]],
      ["", [docs[2]]],
    ]);
  });
});
