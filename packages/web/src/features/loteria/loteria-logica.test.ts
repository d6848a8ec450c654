import { type ContadoresLoteria, ErrorHttp } from "@fila/domain";
import { describe, expect, it } from "vitest";
import {
  entradaLoteria,
  leerSeries,
  loteriaElegida,
  pendientesDeLiquidar,
  pideAutorizacion,
  precioFormulario,
  previaLiquidacion,
  segmentosBarra,
  textoSeries,
  textosDeError,
  valoresLoteria,
} from "./loteria-logica";

const CERO: ContadoresLoteria = {
  decimos: 0,
  cubiertas: 0,
  emitidas: 0,
  asignadas: 0,
  vendidas: 0,
  devueltas: 0,
  anuladas: 0,
  digitales: 0,
  disponibles: 0,
  importeLiquidado: 0,
  importeJugadoLiquidado: 0,
  donativos: 0,
  importePendiente: 0,
  importeCobrado: 0,
  premiosTotal: 0,
  premiosPagados: 0,
};

describe("la barra de contadores", () => {
  it("reparte las cubiertas en vendidas, anuladas, sin liquidar y por emitir, que suman el 100 %", () => {
    // 400 cubiertas; 300 emitidas: 120 vendidas, 30 devueltas (liberan cupo), 10 anuladas.
    const c = {
      ...CERO,
      cubiertas: 400,
      emitidas: 300,
      vendidas: 120,
      devueltas: 30,
      anuladas: 10,
      disponibles: 400 - (300 - 30),
    };
    const s = segmentosBarra(c);
    expect(s.map((x) => [x.clave, x.valor])).toEqual([
      ["vendidas", 120],
      ["anuladas", 10],
      ["enManos", 140],
      ["disponibles", 130],
    ]);
    expect(s.map((x) => x.porcentaje)).toEqual([30, 2.5, 35, 32.5]);
    expect(s.reduce((t, x) => t + x.porcentaje, 0)).toBe(100);
  });

  it("sin nada cubierto no divide entre cero", () => {
    expect(segmentosBarra(CERO).every((x) => x.porcentaje === 0)).toBe(true);
  });
});

describe("las series que se devuelven, como se escriben", () => {
  it("lee series sueltas y tramos con guion, en orden y sin repetir", () => {
    expect(leerSeries("12, 15-18 20;12")).toEqual({ series: [12, 15, 16, 17, 18, 20] });
    expect(leerSeries("3–5")).toEqual({ series: [3, 4, 5] });
    expect(leerSeries("  ")).toEqual({ series: [] });
  });

  it("rechaza lo que no es una serie y nombra la que está fuera del talonario", () => {
    expect(leerSeries("12, doce")).toEqual({ error: "formato", texto: "doce" });
    expect(leerSeries("9-3")).toEqual({ error: "formato", texto: "9-3" });
    expect(leerSeries("0")).toEqual({ error: "formato", texto: "0" });
    expect(leerSeries("49-52", { serieDesde: 1, serieHasta: 50 })).toEqual({
      error: "fuera",
      texto: "51",
    });
  });

  it("las escribe de vuelta en tramos", () => {
    expect(textoSeries([7, 1, 2, 3, 9, 10])).toBe("1–3, 7, 9–10");
    expect(textoSeries([])).toBe("");
  });
});

describe("la previa de una liquidación", () => {
  const talonario = { participaciones: 50, anuladas: 0 };

  it("30 vendidas de 50 a 6 € son un cargo de 180 €, por vendidas o por devueltas", () => {
    expect(previaLiquidacion(talonario, 6, { vendidas: 30 })).toEqual({
      vendidas: 30,
      devueltas: 20,
      total: 180,
    });
    const devueltas = Array.from({ length: 20 }, (_, i) => 31 + i);
    expect(previaLiquidacion(talonario, 6, { devueltas })).toEqual({
      vendidas: 30,
      devueltas: 20,
      total: 180,
    });
  });

  it("las anuladas no se venden nunca y el importe va en céntimos exactos", () => {
    expect(previaLiquidacion({ participaciones: 50, anuladas: 5 }, 2.1, { devueltas: [] })).toEqual(
      { vendidas: 45, devueltas: 0, total: 94.5 },
    );
    expect(
      previaLiquidacion({ participaciones: 10, anuladas: 0 }, 0.1, { vendidas: 3 }).total,
    ).toBe(0.3);
  });
});

describe("el formulario de la lotería", () => {
  it("una nueva empieza con el sorteo de Navidad del año y un décimo a 20 €", () => {
    const v = valoresLoteria(null, 2026);
    expect(v).toMatchObject({
      nombre: "Lotería de Navidad 2026",
      sorteo: "Sorteo Extraordinario de Navidad",
      fechaSorteo: "2026-12-22",
      precioDecimo: 20,
    });
    expect(v.fechaLimiteDevolucion < v.fechaSorteo).toBe(true);
  });

  it("pide la autorización solo con un donativo de más del 20 % de lo jugado", () => {
    expect(pideAutorizacion({ importeJugado: 5, donativo: 1 })).toBe(false);
    expect(pideAutorizacion({ importeJugado: 5, donativo: 1.01 })).toBe(true);
    expect(pideAutorizacion({ importeJugado: "", donativo: 3 })).toBe(false);
  });

  it("suma el precio en céntimos y manda la autorización solo cuando hace falta", () => {
    expect(precioFormulario({ importeJugado: 0.1, donativo: 0.2 })).toBe(0.3);
    expect(precioFormulario({ importeJugado: "", donativo: 1 })).toBeNull();
    const v = {
      ...valoresLoteria(null, 2026),
      numeros: [{ numero: " 05473 ", decimos: 40 }],
      importeJugado: 5,
      donativo: 1,
      autorizacionRecargo: "Acuerdo de la asamblea",
    };
    expect(entradaLoteria(v)).toMatchObject({
      numeros: [{ numero: "05473", decimos: 40 }],
      importeJugado: 5,
      donativo: 1,
      autorizacionRecargo: "",
    });
    expect(entradaLoteria({ ...v, donativo: 2 }).autorizacionRecargo).toBe(
      "Acuerdo de la asamblea",
    );
    expect(entradaLoteria({ ...v, donativo: "" }).donativo).toBe(0);
  });
});

describe("qué lotería y qué talonarios", () => {
  it("elige la de la URL si está, si no la primera (la más reciente)", () => {
    const ls = [{ id: 7 }, { id: 3 }];
    expect(loteriaElegida(ls, "3")).toEqual({ id: 3 });
    expect(loteriaElegida(ls, "99")).toEqual({ id: 7 });
    expect(loteriaElegida(ls, "x")).toEqual({ id: 7 });
    expect(loteriaElegida([], null)).toBeUndefined();
  });

  it("por liquidar son los pendientes de una lotería con el plazo abierto", () => {
    const abierta = { plazoAbierto: true };
    const cerrada = { plazoAbierto: false };
    const ts = [
      { id: 1, estado: "pendiente", loteria: abierta },
      { id: 2, estado: "liquidado", loteria: abierta },
      { id: 3, estado: "pendiente", loteria: cerrada },
    ];
    expect(pendientesDeLiquidar(ts).map((t) => t.id)).toEqual([1]);
  });
});

describe("los errores de la API en un formulario", () => {
  it("da el mensaje y, debajo, el motivo de cada campo sin repetirlo", () => {
    const e = new ErrorHttp(400, "Bad Request", {
      error: "validacion",
      mensaje: "Datos no válidos",
      detalles: [
        { campo: "donativo", mensaje: "El donativo pasa del 20 %" },
        { campo: "donativo", mensaje: "El donativo pasa del 20 %" },
        { campo: "x", mensaje: "Datos no válidos" },
      ],
    });
    expect(textosDeError(e)).toEqual({
      mensaje: "Datos no válidos",
      detalles: ["El donativo pasa del 20 %"],
    });
    expect(textosDeError(new Error("x")).detalles).toEqual([]);
  });
});
