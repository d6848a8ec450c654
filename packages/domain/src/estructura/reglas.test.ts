import { describe, expect, it } from "vitest";
import {
  anyoFestivoDe,
  cargoEnAnyo,
  cargoVigenteEn,
  limitesAnyoFestivo,
  ordenarComposicion,
  pesoCargosEnAnyo,
  pesoCargosHasta,
  reordenar,
} from "./reglas";

describe("año festero", () => {
  it("es el año natural de la fecha, con sus límites", () => {
    expect(anyoFestivoDe("2026-04-23")).toBe(2026);
    expect(anyoFestivoDe("2026-12-31")).toBe(2026);
    expect(limitesAnyoFestivo(2028)).toEqual({ desde: "2028-01-01", hasta: "2028-12-31" });
  });
});

describe("cargos vigentes", () => {
  const c = { desde: "2024-06-01", hasta: "2026-05-31" };
  it("en un día: los dos extremos cuentan", () => {
    expect(cargoVigenteEn(c, "2024-06-01")).toBe(true);
    expect(cargoVigenteEn(c, "2026-05-31")).toBe(true);
    expect(cargoVigenteEn(c, "2026-06-01")).toBe(false);
    expect(cargoVigenteEn({ desde: "2024-02-29", hasta: null }, "2099-01-01")).toBe(true);
  });
  it("en un año: basta un día de ese año", () => {
    expect(cargoEnAnyo(c, 2023)).toBe(false);
    expect(cargoEnAnyo(c, 2024)).toBe(true);
    expect(cargoEnAnyo(c, 2026)).toBe(true);
    expect(cargoEnAnyo(c, 2027)).toBe(false);
  });
});

describe("peso de los cargos para la antigüedad", () => {
  const capitan = { desde: "2025-01-01", hasta: "2025-12-31", peso: 2 };
  const presidente = { desde: "2024-06-01", hasta: "2026-05-31", peso: 1 };
  it("un año cuenta una vez, con su cargo de más peso", () => {
    expect(pesoCargosEnAnyo([capitan, presidente], 2025)).toBe(2);
    expect(pesoCargosEnAnyo([capitan, presidente], 2024)).toBe(1);
    expect(pesoCargosEnAnyo([capitan, presidente], 2027)).toBe(0);
    expect(pesoCargosEnAnyo([], 2025)).toBe(0);
  });
  it("hasta una fecha: suma año a año; lo que empieza después no cuenta", () => {
    // 2024: 1 (presidente), 2025: 2 (capitán), 2026: 1 (presidente hasta mayo).
    expect(pesoCargosHasta([capitan, presidente], "2026-12-31")).toBe(4);
    expect(pesoCargosHasta([capitan, presidente], "2025-06-30")).toBe(3);
    expect(pesoCargosHasta([capitan, presidente], "2024-05-31")).toBe(0);
    expect(pesoCargosHasta([{ desde: "2020-01-01", hasta: null, peso: 0 }], "2030-01-01")).toBe(0);
    // An open cargo counts until the date's year.
    expect(pesoCargosHasta([{ desde: "2020-02-29", hasta: null, peso: 1 }], "2023-02-28")).toBe(4);
  });
});

describe("composición y orden", () => {
  it("el cabo primero, luego por apellidos y nombre", () => {
    const m = (idSocio: number, apellidos: string, nombre: string, esCabo = false) => ({
      idSocio,
      apellidos,
      nombre,
      esCabo,
    });
    expect(
      ordenarComposicion([
        m(1, "Vidal", "Ana"),
        m(2, "Àlvarez", "Pep"),
        m(3, "Zarco", "Eva", true),
        m(4, "Vidal", "Aina"),
      ]).map((x) => x.idSocio),
    ).toEqual([3, 2, 4, 1]);
  });
  it("reordenar coloca una escuadra en su puesto y corre las demás", () => {
    expect(reordenar([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(reordenar([1, 2, 3], 1, 3)).toEqual([2, 3, 1]);
    expect(reordenar([1, 2, 3], 9, 99)).toEqual([1, 2, 3, 9]);
    expect(reordenar([1, 2, 3], 2, 0)).toEqual([2, 1, 3]);
  });
});
