import { describe, expect, it } from "vitest";
import { donativoDeCobro, lineasPorCategoria, partidaEsfl, primerAnyoAbierto } from "./pgc-esfl";

describe("partidas del PGC de las ESFL", () => {
  it("agrupa cada cuenta en su partida del modelo abreviado, la más concreta primero", () => {
    expect(partidaEsfl("720", "ingreso").clave).toBe("1a");
    expect(partidaEsfl("7201", "ingreso").clave).toBe("1a");
    expect(partidaEsfl("722", "ingreso").clave).toBe("1c");
    expect(partidaEsfl("740", "ingreso").clave).toBe("1d");
    expect(partidaEsfl("705", "ingreso").clave).toBe("2");
    expect(partidaEsfl("621", "gasto").clave).toBe("9");
    expect(partidaEsfl("626", "gasto").clave).toBe("9");
    expect(partidaEsfl("602", "gasto").clave).toBe("6");
    expect(partidaEsfl("669", "gasto").clave).toBe("15");
  });

  it("sin cuenta o con una desconocida, otros ingresos u otros gastos de la actividad", () => {
    expect(partidaEsfl("", "ingreso").clave).toBe("7");
    expect(partidaEsfl("", "gasto").clave).toBe("9");
    expect(partidaEsfl("999", "gasto").clave).toBe("9");
  });
});

describe("líneas de un movimiento automático", () => {
  it("suma los cargos por la categoría de su producto; sin producto, otros ingresos", () => {
    expect(
      lineasPorCategoria([
        { tipo: "acto", importe: 2500 },
        { tipo: "ramell", importe: 1800 },
        { tipo: "derrama", importe: 4000 },
        { tipo: "cuota", importe: 12050 },
        { tipo: "cuota", importe: 12050 },
        { tipo: null, importe: 100 },
        { tipo: "otro", importe: 1 },
      ]),
    ).toEqual([
      { clave: "cuotas", importe: 24100 },
      { clave: "derramas", importe: 4000 },
      { clave: "ramell", importe: 1800 },
      { clave: "actos", importe: 2500 },
      { clave: "otros_ingresos", importe: 101 },
    ]);
  });

  it("una devolución resta de la categoría del ingreso", () => {
    expect(lineasPorCategoria([{ tipo: "derrama", importe: 3000 }], -1)).toEqual([
      { clave: "derramas", importe: -3000 },
    ]);
  });

  it("el donativo de un cargo de lotería va a donativos y lo jugado a lotería", () => {
    expect(
      lineasPorCategoria([
        { tipo: "loteria", importe: 2500, donativo: 500 },
        { tipo: "cuota", importe: 1000 },
      ]),
    ).toEqual([
      { clave: "cuotas", importe: 1000 },
      { clave: "loteria", importe: 2000 },
      { clave: "donativos", importe: 500 },
    ]);
    expect(lineasPorCategoria([{ tipo: "loteria", importe: 600, donativo: 100 }], -1)).toEqual([
      { clave: "loteria", importe: -500 },
      { clave: "donativos", importe: -100 },
    ]);
  });

  it("el donativo de lo cobrado de un cargo de lotería, en proporción y al céntimo", () => {
    const liq = { importeJugado: 2000, donativo: 500 };
    expect(donativoDeCobro(2500, liq)).toBe(500);
    expect(donativoDeCobro(1000, liq)).toBe(200);
    expect(donativoDeCobro(1, liq)).toBe(0);
    expect(donativoDeCobro(3, liq)).toBe(1);
    expect(donativoDeCobro(-1000, liq)).toBe(-200);
    expect(donativoDeCobro(2500, { importeJugado: 2000, donativo: 0 })).toBe(0);
    // The parts add up to the whole donativo: 1250 + 1250 → 250 + 250.
    expect(donativoDeCobro(1250, liq) + donativoDeCobro(1250, liq)).toBe(500);
  });

  it("un año cerrado pasa al primer año abierto", () => {
    expect(primerAnyoAbierto(2025, new Set([2024, 2025, 2026]))).toBe(2027);
    expect(primerAnyoAbierto(2025, new Set([2024]))).toBe(2025);
  });
});
