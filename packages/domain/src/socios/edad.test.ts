import { describe, expect, it } from "vitest";
import { calcularEdad, fechaLimiteEdad, hoyIso } from "./edad";

describe("calcularEdad", () => {
  it("cumple años el mismo día de su nacimiento", () => {
    expect(calcularEdad("2000-05-10", "2026-05-10")).toBe(26);
  });

  it("no los cumple hasta el día siguiente si es mañana", () => {
    expect(calcularEdad("2000-05-11", "2026-05-10")).toBe(25);
  });

  it("quien nació un 29 de febrero cumple el 1 de marzo en años no bisiestos", () => {
    expect(calcularEdad("2000-02-29", "2025-02-28")).toBe(24);
    expect(calcularEdad("2000-02-29", "2025-03-01")).toBe(25);
    expect(calcularEdad("2000-02-29", "2024-02-29")).toBe(24);
  });

  it("sin fecha de nacimiento, o aún no nacido, no hay edad", () => {
    expect(calcularEdad(null, "2026-01-01")).toBeNull();
    expect(calcularEdad("2027-01-01", "2026-01-01")).toBeNull();
  });

  it("un recién nacido tiene 0 años", () => {
    expect(calcularEdad("2026-01-01", "2026-01-01")).toBe(0);
  });
});

describe("fechaLimiteEdad", () => {
  it("coincide con calcularEdad en cada día de varios años, 29 de febrero incluido", () => {
    const hoyes = ["2024-02-29", "2025-02-28", "2025-03-01", "2026-12-31", "2026-01-01"];
    for (const hoy of hoyes) {
      for (let d = Date.UTC(1998, 0, 1); d <= Date.UTC(2002, 11, 31); d += 86_400_000) {
        const nacimiento = new Date(d).toISOString().slice(0, 10);
        const edad = calcularEdad(nacimiento, hoy) ?? -1;
        for (const anyos of [23, 24, 25, 26]) {
          expect(nacimiento <= fechaLimiteEdad(hoy, anyos), `${nacimiento} ${hoy} ${anyos}`).toBe(
            edad >= anyos,
          );
        }
      }
    }
  });
});

describe("hoyIso", () => {
  it("da la fecha de España aunque en UTC aún sea el día anterior", () => {
    expect(hoyIso(new Date("2026-07-31T22:30:00Z"))).toBe("2026-08-01");
  });
});
