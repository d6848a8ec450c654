import { describe, expect, it } from "vitest";
import {
  antiguedadEn,
  anyosParaRecompensas,
  detalleAntiguedad,
  problemaPeriodos,
  venceEnAnyo,
} from "./antiguedad";

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

describe("antiguedad en fechas fijas (issue 49)", () => {
  const festero = (desde: string, hasta: string | null = null) => ({
    desde,
    hasta,
    infantil: false,
  });

  it("quien entró un 29 de febrero cumple en los años no bisiestos el 1 de marzo", () => {
    const socio = { edadFestera: 0, periodos: [festero("2000-02-29")] };
    expect(antiguedadEn(socio, "2001-02-28")).toBe(0);
    expect(antiguedadEn(socio, "2001-03-01")).toBe(1);
    expect(antiguedadEn(socio, "2004-02-28")).toBe(3);
    expect(antiguedadEn(socio, "2004-02-29")).toBe(4);
  });

  it("un año bisiesto no adelanta el aniversario de un periodo solo", () => {
    const socio = { edadFestera: 0, periodos: [festero("2023-03-01")] };
    // Del 1 de marzo de 2023 al 29 de febrero de 2024 hay 365 días, pero el año se cumple el 1 de marzo
    expect(antiguedadEn(socio, "2024-02-29")).toBe(0);
    expect(antiguedadEn(socio, "2024-03-01")).toBe(1);
  });

  it("la baja y la vuelta el mismo día no pierden ni duplican días", () => {
    const seguido = { edadFestera: 0, periodos: [festero("2000-05-10")] };
    const partido = {
      edadFestera: 0,
      periodos: [festero("2000-05-10", "2012-09-01"), festero("2012-09-01")],
    };
    for (const fecha of ["2025-05-09", "2025-05-10", "2026-05-10"]) {
      expect(antiguedadEn(partido, fecha)).toBe(antiguedadEn(seguido, fecha));
    }
  });

  it("los años de baja no cuentan: se va a los 10 y vuelve cinco años después", () => {
    const socio = {
      edadFestera: 40,
      periodos: [festero("2000-01-01", "2010-01-01"), festero("2015-01-01")],
    };
    expect(antiguedadEn(socio, "2014-12-31")).toBe(10);
    expect(antiguedadEn(socio, "2025-01-01")).toBe(20);
    expect(antiguedadEn(socio, "2024-12-31")).toBe(19);
  });

  it("detalleAntiguedad separa los infantiles y suma el peso de los cargos para recompensas", () => {
    const socio = {
      edadFestera: 0,
      periodos: [
        { desde: "2006-04-01", hasta: "2016-04-01", infantil: true },
        festero("2016-04-01"),
      ],
    };
    // Capitán en 2020 (peso 1) y un cargo de peso 2 que empieza en 2027: solo cuenta el de 2020
    const cargos = [
      { desde: "2020-01-01", hasta: "2020-12-31", peso: 1 },
      { desde: "2027-01-01", hasta: null, peso: 2 },
    ];
    expect(detalleAntiguedad(socio, cargos, "2026-04-01")).toEqual({
      festero: 10,
      infantil: 10,
      recompensas: 11,
      desde: "2016-04-01",
      primeraEntrada: "2006-04-01",
    });
  });
});

describe("venceEnAnyo", () => {
  const socio = {
    edadFestera: 0,
    periodos: [{ desde: "2001-07-15", hasta: null, infantil: false }],
  };
  const contar = (fecha: string) => anyosParaRecompensas(socio, [], fecha);

  it("vence el año exacto en que llega a los años, ni antes ni después", () => {
    expect(venceEnAnyo(25, 2025, contar)).toBe(false);
    expect(venceEnAnyo(25, 2026, contar)).toBe(true);
    expect(venceEnAnyo(25, 2027, contar)).toBe(false);
  });

  it("el peso de un cargo adelanta el año en que vence", () => {
    const conCargo = (fecha: string) =>
      anyosParaRecompensas(socio, [{ desde: "2010-04-23", hasta: "2010-04-25", peso: 1 }], fecha);
    expect(venceEnAnyo(25, 2025, conCargo)).toBe(true);
    expect(venceEnAnyo(25, 2026, conCargo)).toBe(false);
  });
});

describe("problemaPeriodos", () => {
  it("admite periodos que se tocan y rechaza los que se solapan o siguen abiertos antes de otro", () => {
    expect(
      problemaPeriodos([
        { desde: "2000-01-01", hasta: "2005-01-01" },
        { desde: "2005-01-01", hasta: null },
      ]),
    ).toBeNull();
    expect(
      problemaPeriodos([
        { desde: "2000-01-01", hasta: "2005-01-02" },
        { desde: "2005-01-01", hasta: null },
      ]),
    ).toMatch(/solaparse/);
    expect(
      problemaPeriodos([
        { desde: "2000-01-01", hasta: null },
        { desde: "2005-01-01", hasta: null },
      ]),
    ).toMatch(/solaparse/);
  });
});
