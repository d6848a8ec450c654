import { describe, expect, it } from "vitest";
import type { LoteriaEnCentimos } from "./reglas";
import {
  anularSeries,
  conceptoLiquidacion,
  estadoParticipacion,
  liquidacionCompleta,
  liquidarTalonario,
  participacionesDe,
  participacionesEnCupo,
  plazoDevolucionAbierto,
  rangosSeSolapan,
  seriesDe,
  siguienteSerieDigital,
  siguientesTalonarios,
  solapeDeTalonarios,
  type TalonarioLoteria,
} from "./talonarios";

const loteria: LoteriaEnCentimos = {
  fechaSorteo: "2026-12-22",
  fechaLimiteDevolucion: "2026-12-15",
  precioDecimoCentimos: 2000,
  numeros: [{ numero: "05473", decimos: 100 }],
  importeJugadoCentimos: 400,
  donativoCentimos: 80,
};

/** El segundo talonario de 50: series 51–100. */
const talonario: TalonarioLoteria = {
  serieDesde: 51,
  serieHasta: 100,
  anuladas: [],
  digitales: [],
  liquidado: false,
};
const hoy = "2026-12-10";

describe("series y talonarios", () => {
  it("cuenta y enumera las series de un talonario", () => {
    expect(participacionesDe(talonario)).toBe(50);
    expect(seriesDe({ serieDesde: 3, serieHasta: 6 })).toEqual([3, 4, 5, 6]);
  });

  it("cuenta contra el cupo las participaciones de los talonarios menos las devueltas", () => {
    expect(participacionesEnCupo([])).toBe(0);
    expect(
      participacionesEnCupo([
        { serieDesde: 1, serieHasta: 50, devueltas: 20 },
        { serieDesde: 51, serieHasta: 100, devueltas: 0 },
      ]),
    ).toBe(80);
  });

  it("da los siguientes talonarios tras la serie más alta usada", () => {
    expect(siguientesTalonarios(0, 3, 50)).toEqual([
      { serieDesde: 1, serieHasta: 50 },
      { serieDesde: 51, serieHasta: 100 },
      { serieDesde: 101, serieHasta: 150 },
    ]);
    expect(siguientesTalonarios(150, 1, 25)).toEqual([{ serieDesde: 151, serieHasta: 175 }]);
  });

  it("no da talonarios vacíos ni tras una serie imposible", () => {
    expect(() => siguientesTalonarios(0, 0, 50)).toThrow(RangeError);
    expect(() => siguientesTalonarios(0, 1, 0)).toThrow(RangeError);
    expect(() => siguientesTalonarios(-1, 1, 50)).toThrow(RangeError);
  });

  it("detecta talonarios que comparten series", () => {
    const a = { serieDesde: 1, serieHasta: 50 };
    expect(rangosSeSolapan(a, { serieDesde: 50, serieHasta: 60 })).toBe(true);
    expect(rangosSeSolapan(a, { serieDesde: 10, serieHasta: 20 })).toBe(true);
    expect(rangosSeSolapan(a, { serieDesde: 51, serieHasta: 60 })).toBe(false);
    const b = { serieDesde: 101, serieHasta: 150 };
    const c = { serieDesde: 140, serieHasta: 160 };
    expect(solapeDeTalonarios([b, a, c])).toEqual([b, c]);
    expect(solapeDeTalonarios([b, a, ...siguientesTalonarios(150, 2, 10)])).toBeNull();
    expect(solapeDeTalonarios([])).toBeNull();
  });
});

describe("liquidación", () => {
  it("{vendidas: n}: las n primeras series se venden y el resto vuelve", () => {
    const r = liquidarTalonario(loteria, talonario, { vendidas: 30 }, hoy);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.liquidacion.vendidas).toEqual(seriesDe({ serieDesde: 51, serieHasta: 80 }));
    expect(r.liquidacion.devueltas).toEqual(seriesDe({ serieDesde: 81, serieHasta: 100 }));
    expect(r.liquidacion).toMatchObject({
      anuladas: [],
      importeJugadoCentimos: 30 * 400,
      donativoCentimos: 30 * 80,
      totalCentimos: 30 * 480,
    });
  });

  it("{devueltas: [...]}: esas vuelven y las demás se venden", () => {
    const r = liquidarTalonario(loteria, talonario, { devueltas: [100, 52] }, hoy);
    expect(r.ok && r.liquidacion.devueltas).toEqual([52, 100]);
    expect(r.ok && r.liquidacion.vendidas.length).toBe(48);
    expect(r.ok && r.liquidacion.totalCentimos).toBe(48 * 480);
  });

  it("todo devuelto o nada devuelto", () => {
    const nada = liquidarTalonario(loteria, talonario, { vendidas: 0 }, hoy);
    expect(nada.ok && [nada.liquidacion.vendidas, nada.liquidacion.totalCentimos]).toEqual([[], 0]);
    const todo = liquidarTalonario(loteria, talonario, { devueltas: [] }, hoy);
    expect(todo.ok && todo.liquidacion.vendidas.length).toBe(50);
  });

  it("las anuladas nunca cuentan como vendidas", () => {
    const conAnuladas = { ...talonario, anuladas: [51, 52, 53] };
    const porCuenta = liquidarTalonario(loteria, conAnuladas, { vendidas: 2 }, hoy);
    expect(porCuenta.ok && porCuenta.liquidacion).toMatchObject({
      vendidas: [54, 55],
      anuladas: [51, 52, 53],
      totalCentimos: 2 * 480,
    });
    expect(porCuenta.ok && porCuenta.liquidacion.devueltas).toHaveLength(45);
    const porDevueltas = liquidarTalonario(loteria, conAnuladas, { devueltas: [] }, hoy);
    expect(porDevueltas.ok && porDevueltas.liquidacion.vendidas).toHaveLength(47);
    expect(liquidacionCompleta(loteria, conAnuladas)).toMatchObject({
      devueltas: [],
      anuladas: [51, 52, 53],
      totalCentimos: 47 * 480,
    });
    const demasiadas = liquidarTalonario(loteria, conAnuladas, { vendidas: 48 }, hoy);
    expect(demasiadas).toEqual({
      ok: false,
      rechazo: {
        codigo: "validacion",
        campo: "vendidas",
        mensaje: "Las vendidas van de 0 a 47 (las participaciones sin anular del talonario)",
      },
    });
  });

  it("las digitales cuentan como vendidas y no se devuelven", () => {
    const conDigitales = { ...talonario, digitales: [51, 52] };
    const r = liquidarTalonario(loteria, conDigitales, { vendidas: 5 }, hoy);
    expect(r.ok && r.liquidacion.vendidas).toEqual([51, 52, 53, 54, 55]);
    expect(liquidarTalonario(loteria, conDigitales, { vendidas: 1 }, hoy)).toEqual({
      ok: false,
      rechazo: {
        codigo: "validacion",
        campo: "vendidas",
        mensaje: "Este talonario ya tiene 2 participaciones digitales vendidas",
      },
    });
    expect(liquidarTalonario(loteria, conDigitales, { devueltas: [52] }, hoy)).toEqual({
      ok: false,
      rechazo: {
        codigo: "validacion",
        campo: "devueltas",
        mensaje: "La serie 52 es una participación digital vendida",
      },
    });
  });

  it.each([
    [[50], "La serie 50 no es de este talonario (51–100)"],
    [[101], "La serie 101 no es de este talonario (51–100)"],
    [[60, 61, 60], "La serie 60 está repetida"],
    [[70], "La serie 70 está anulada"],
  ])("rechaza las devueltas %j", (devueltas, mensaje) => {
    const conAnulada = { ...talonario, anuladas: [70] };
    expect(liquidarTalonario(loteria, conAnulada, { devueltas }, hoy)).toEqual({
      ok: false,
      rechazo: { codigo: "validacion", campo: "devueltas", mensaje },
    });
  });

  it("rechaza más vendidas de las que tiene, o negativas", () => {
    for (const vendidas of [51, -1, 2.5]) {
      const r = liquidarTalonario(loteria, talonario, { vendidas }, hoy);
      expect(!r.ok && r.rechazo.campo).toBe("vendidas");
    }
  });

  it("se liquida hasta el día límite incluido; después es 409", () => {
    expect(plazoDevolucionAbierto(loteria, "2026-12-15")).toBe(true);
    expect(plazoDevolucionAbierto(loteria, "2026-12-16")).toBe(false);
    expect(liquidarTalonario(loteria, talonario, { vendidas: 50 }, "2026-12-15").ok).toBe(true);
    expect(liquidarTalonario(loteria, talonario, { vendidas: 50 }, "2026-12-16")).toEqual({
      ok: false,
      rechazo: { codigo: "conflicto", mensaje: "El plazo de devolución terminó el 15/12/2026" },
    });
  });

  it("un talonario se liquida una sola vez", () => {
    const liquidado = { ...talonario, liquidado: true };
    expect(liquidarTalonario(loteria, liquidado, { vendidas: 50 }, hoy)).toEqual({
      ok: false,
      rechazo: { codigo: "conflicto", mensaje: "El talonario ya está liquidado" },
    });
  });

  it("el concepto del cargo dice lo jugado y el donativo", () => {
    const r = liquidarTalonario(loteria, talonario, { vendidas: 30 }, hoy);
    expect(r.ok && conceptoLiquidacion("Lotería de Navidad 2026", talonario, r.liquidacion)).toBe(
      "Lotería de Navidad 2026: 30 participaciones, series 51–100 (120,00 € jugados + 24,00 € de donativo)",
    );
    const una = liquidarTalonario(loteria, talonario, { vendidas: 1 }, hoy);
    expect(una.ok && conceptoLiquidacion("Navidad", talonario, una.liquidacion)).toBe(
      "Navidad: 1 participación, series 51–100 (4,00 € jugados + 0,80 € de donativo)",
    );
  });

  it("el trabajo de la fecha límite lo da todo por vendido", () => {
    expect(liquidacionCompleta(loteria, talonario)).toMatchObject({
      devueltas: [],
      importeJugadoCentimos: 50 * 400,
      donativoCentimos: 50 * 80,
      totalCentimos: 50 * 480,
    });
  });
});

describe("anulación", () => {
  it("anula un rango del talonario", () => {
    expect(anularSeries(talonario, { desde: 76, hasta: 100 })).toEqual({
      ok: true,
      series: seriesDe({ serieDesde: 76, serieHasta: 100 }),
    });
    expect(anularSeries(talonario, { desde: 51, hasta: 51 })).toEqual({ ok: true, series: [51] });
  });

  it.each([[{ desde: 50, hasta: 60 }], [{ desde: 90, hasta: 101 }], [{ desde: 60, hasta: 59 }]])(
    "rechaza series que no son del talonario: %j",
    (rango) => {
      expect(anularSeries(talonario, rango)).toEqual({
        ok: false,
        rechazo: {
          codigo: "validacion",
          mensaje: "Las series a anular tienen que ser del talonario (51–100)",
        },
      });
    },
  );

  it("no anula dos veces, ni una digital, ni en un talonario liquidado", () => {
    const t = { ...talonario, anuladas: [60], digitales: [55] };
    expect(anularSeries(t, { desde: 58, hasta: 62 })).toEqual({
      ok: false,
      rechazo: { codigo: "conflicto", mensaje: "La serie 60 ya está anulada" },
    });
    expect(anularSeries(t, { desde: 51, hasta: 56 })).toEqual({
      ok: false,
      rechazo: { codigo: "conflicto", mensaje: "La serie 55 es una participación digital vendida" },
    });
    expect(anularSeries({ ...talonario, liquidado: true }, { desde: 51, hasta: 52 })).toEqual({
      ok: false,
      rechazo: { codigo: "conflicto", mensaje: "El talonario ya está liquidado" },
    });
  });
});

describe("estado y participaciones digitales", () => {
  it("la verificación dice anulada, devuelta o válida", () => {
    const t = { anuladas: [60], devueltas: [61] };
    expect(estadoParticipacion(60, t)).toBe("anulada");
    expect(estadoParticipacion(61, t)).toBe("devuelta");
    expect(estadoParticipacion(62, t)).toBe("valida");
  });

  it("la digital toma la primera serie sin anular ni ya digital", () => {
    expect(siguienteSerieDigital(talonario)).toBe(51);
    expect(siguienteSerieDigital({ ...talonario, anuladas: [51], digitales: [52] })).toBe(53);
    const lleno = { serieDesde: 1, serieHasta: 2, anuladas: [1], digitales: [2], liquidado: false };
    expect(siguienteSerieDigital(lleno)).toBeNull();
    expect(siguienteSerieDigital({ ...talonario, liquidado: true })).toBeNull();
  });
});
