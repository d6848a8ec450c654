import { describe, expect, it, vi } from "vitest";
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

  it("no crea su formateador al cargar el módulo, sino la primera vez que se usa, y una sola", async () => {
    // The first Intl formatter with a time zone costs 12–18 ms (zone data): a page that
    // imports this module without asking for today's date must not pay it.
    vi.resetModules();
    const Original = Intl.DateTimeFormat;
    let creados = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        creados++;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      const modulo = await import("./edad");
      expect(creados).toBe(0);
      expect(modulo.hoyIso(new Date("2026-01-01T12:00:00Z"))).toBe("2026-01-01");
      expect(modulo.hoyIso(new Date("2026-03-29T23:30:00Z"))).toBe("2026-03-30");
      expect(creados).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
