import { describe, expect, it } from "vitest";
import { compararIso } from "./orden";

describe("compararIso", () => {
  it("orders dates and instants in time", () => {
    const fechas = ["2026-11-27T10:00:00Z", "2025-01-01", "2026-11-27", "2026-02-03T09:59:59Z"];
    expect([...fechas].sort(compararIso)).toEqual([
      "2025-01-01",
      "2026-02-03T09:59:59Z",
      "2026-11-27",
      "2026-11-27T10:00:00Z",
    ]);
    expect(compararIso("2026-11-27", "2026-11-27")).toBe(0);
  });
});
