import { describe, expect, it } from "vitest";
import { antiguedadEn } from "./antiguedad";

describe("antiguedadEn", () => {
  it("sin periodos cuenta edadFestera, el contador que mantiene el cierre de año", () => {
    expect(antiguedadEn({ edadFestera: 12 }, "2026-04-23")).toBe(12);
    expect(antiguedadEn({ edadFestera: 3, periodos: [] }, "2026-04-23")).toBe(3);
  });

  it("con periodos, los años cumplidos hasta la fecha: un segundo antes, aún no", () => {
    const socio = {
      edadFestera: 0,
      periodos: [{ desde: "2001-04-23", hasta: null, infantil: false }],
    };
    expect(antiguedadEn(socio, "2026-04-22")).toBe(24);
    expect(antiguedadEn(socio, "2026-04-23")).toBe(25);
  });

  it("quien se va y vuelve conserva los años de antes, y los infantiles van aparte", () => {
    const socio = {
      edadFestera: 0,
      periodos: [
        { desde: "1990-01-01", hasta: "2000-01-01", infantil: true },
        { desde: "2000-01-01", hasta: "2010-07-01", infantil: false },
        { desde: "2015-01-01", hasta: null, infantil: false },
      ],
    };
    // 10 años y 181 días, más 11 años y 184 días el 4 de julio de 2026: 365 días sobrantes, 22
    expect(antiguedadEn(socio, "2026-07-04")).toBe(22);
    expect(antiguedadEn(socio, "2026-07-03")).toBe(21);
  });

  it("un periodo que empieza después de la fecha no cuenta", () => {
    const socio = {
      edadFestera: 5,
      periodos: [{ desde: "2030-01-01", hasta: null, infantil: false }],
    };
    expect(antiguedadEn(socio, "2026-01-01")).toBe(0);
  });
});
