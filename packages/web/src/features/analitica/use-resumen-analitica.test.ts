import { describe, expect, it } from "vitest";
import { fechasDe } from "./use-resumen-analitica";

describe("fechasDe", () => {
  it("da periodos que acaban hoy y caben en lo que la API admite (400 días)", () => {
    expect(fechasDe("4s", "2026-11-25")).toEqual({ desde: "2026-10-29", hasta: "2026-11-25" });
    expect(fechasDe("3m", "2026-11-25")).toEqual({ desde: "2026-08-26", hasta: "2026-11-25" });
    expect(fechasDe("12m", "2026-03-01")).toEqual({ desde: "2025-03-02", hasta: "2026-03-01" });
  });
});
