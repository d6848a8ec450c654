import { describe, expect, it } from "vitest";
import {
  EmailOpcionalSchema,
  EmailSchema,
  EurosNoNegativoSchema,
  EurosSchema,
  FechaSchema,
  HoraSchema,
} from "./esquemas";

describe("EurosSchema", () => {
  it("acepta cualquier importe con dos decimales hasta 2.000 €", () => {
    for (let c = -100000; c <= 200000; c++) {
      const euros = Number((c / 100).toFixed(2));
      if (!EurosSchema.safeParse(euros).success) expect.fail(`${euros} €`);
    }
  });

  it("acepta importes grandes con dos decimales", () => {
    for (const euros of [1234567.89, 9999999.99, 10000000, 321654.07]) {
      expect(EurosSchema.safeParse(euros).success).toBe(true);
    }
  });

  it("rechaza más de dos decimales, no números y cantidades desmesuradas", () => {
    expect(EurosSchema.safeParse(1.005).error?.issues[0].message).toBe(
      "El importe no puede tener más de dos decimales",
    );
    for (const valor of [0.001, "1.00", Number.NaN, Number.POSITIVE_INFINITY, 10000000.01]) {
      expect(EurosSchema.safeParse(valor).success).toBe(false);
    }
  });

  it("la versión no negativa rechaza importes negativos", () => {
    expect(EurosNoNegativoSchema.safeParse(0).success).toBe(true);
    expect(EurosNoNegativoSchema.safeParse(-0.01).error?.issues[0].message).toBe(
      "El importe no puede ser negativo",
    );
  });
});

describe("HoraSchema", () => {
  it.each(["", "00:00", "09:30", "23:59"])("acepta %j", (hora) => {
    expect(HoraSchema.safeParse(hora).success).toBe(true);
  });

  it.each(["24:00", "9:30", "09:60", "09:30:00", "0930", " 09:30"])("rechaza %j", (hora) => {
    expect(HoraSchema.safeParse(hora).success).toBe(false);
  });
});

describe("FechaSchema", () => {
  it("acepta fechas reales AAAA-MM-DD y rechaza las imposibles", () => {
    expect(FechaSchema.safeParse("2024-02-29").success).toBe(true);
    expect(FechaSchema.safeParse("2023-02-29").success).toBe(false);
    expect(FechaSchema.safeParse("2024-13-01").error?.issues[0].message).toBe(
      "Introduce una fecha válida (AAAA-MM-DD)",
    );
  });
});

describe("correo electrónico", () => {
  it("es obligatorio en EmailSchema y opcional en EmailOpcionalSchema", () => {
    expect(EmailSchema.safeParse("").success).toBe(false);
    expect(EmailOpcionalSchema.parse("")).toBe("");
  });

  it("rechaza direcciones de más de 254 caracteres", () => {
    const largo = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(60)}.es`;
    expect(largo.length).toBeGreaterThan(254);
    expect(EmailSchema.safeParse(largo).success).toBe(false);
    expect(EmailOpcionalSchema.safeParse(largo).success).toBe(false);
  });
});
