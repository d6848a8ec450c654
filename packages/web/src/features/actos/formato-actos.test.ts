import { describe, expect, it } from "vitest";
import { puedeMarcarAsistencia } from "./formato-actos";

describe("puedeMarcarAsistencia", () => {
  it("solo desde el día del acto", () => {
    expect(puedeMarcarAsistencia("2026-11-25", "2026-11-24")).toBe(false);
    expect(puedeMarcarAsistencia("2026-11-25", "2026-11-25")).toBe(true);
    expect(puedeMarcarAsistencia("2026-11-25", "2027-01-01")).toBe(true);
  });
});
