import { describe, expect, it } from "vitest";
import {
  comprobarCupo,
  donativoNecesitaAutorizacion,
  importePorNumeroCentimos,
  type LoteriaEnCentimos,
  numeroQueLimita,
  participacionesCubiertas,
  participacionesCubiertasPorNumero,
  precioParticipacionCentimos,
  problemasLoteria,
  rechazoCambioLoteria,
} from "./reglas";

/** 40 décimos del 05473 y 20 del 71198; cada participación juega 4 € (2 € en cada uno). */
const loteria: LoteriaEnCentimos = {
  fechaSorteo: "2026-12-22",
  fechaLimiteDevolucion: "2026-12-15",
  precioDecimoCentimos: 2000,
  numeros: [
    { numero: "05473", decimos: 40 },
    { numero: "71198", decimos: 20 },
  ],
  importeJugadoCentimos: 400,
  donativoCentimos: 80,
};

describe("importes de la participación", () => {
  it("reparte lo jugado entre los números y suma el donativo al precio", () => {
    expect(importePorNumeroCentimos(loteria)).toBe(200);
    expect(precioParticipacionCentimos(loteria)).toBe(480);
  });

  it("el donativo necesita autorización solo por encima del 20 %", () => {
    expect(donativoNecesitaAutorizacion(400, 80)).toBe(false);
    expect(donativoNecesitaAutorizacion(400, 81)).toBe(true);
    expect(donativoNecesitaAutorizacion(300, 60)).toBe(false);
    expect(donativoNecesitaAutorizacion(300, 61)).toBe(true);
    expect(donativoNecesitaAutorizacion(400, 0)).toBe(false);
  });

  it("una lotería modificada se valida con las mismas reglas", () => {
    expect(problemasLoteria({ ...loteria, autorizacionRecargo: "" })).toEqual([]);
    expect(
      problemasLoteria({
        ...loteria,
        fechaLimiteDevolucion: "2026-12-23",
        donativoCentimos: 100,
        autorizacionRecargo: "",
      }).map((p) => p.campo),
    ).toEqual(["fechaLimiteDevolucion", "autorizacionRecargo"]);
  });
});

describe("el cupo: nunca se venden más participaciones de las que cubren los décimos", () => {
  it("cubre ⌊décimos × precio ÷ lo jugado en el número⌋ en cada número", () => {
    expect(participacionesCubiertasPorNumero(loteria)).toEqual([
      { numero: "05473", cubiertas: 400 },
      { numero: "71198", cubiertas: 200 },
    ]);
    expect(numeroQueLimita(loteria)).toEqual({ numero: "71198", cubiertas: 200 });
    expect(participacionesCubiertas(loteria)).toBe(200);
  });

  it("redondea hacia abajo lo que no llega a una participación entera", () => {
    // 3 € en un número: 1 décimo (20 €) cubre 6 participaciones y sobran 2 €.
    const una = {
      ...loteria,
      numeros: [{ numero: "00001", decimos: 1 }],
      importeJugadoCentimos: 300,
    };
    expect(participacionesCubiertas(una)).toBe(6);
  });

  it("con el mismo número de décimos, limita el primero", () => {
    const iguales = {
      ...loteria,
      numeros: [
        { numero: "11111", decimos: 5 },
        { numero: "22222", decimos: 5 },
      ],
    };
    expect(numeroQueLimita(iguales).numero).toBe("11111");
  });

  it("permite emitir hasta llegar justo al cupo", () => {
    expect(comprobarCupo(loteria, 0, 200)).toEqual({
      ok: true,
      cubiertas: 200,
      libres: 200,
    });
    expect(comprobarCupo(loteria, 150, 50)).toEqual({
      ok: true,
      cubiertas: 200,
      libres: 50,
    });
  });

  it("rechaza pasarse, nombrando el número y las que aún quedan cubiertas", () => {
    expect(comprobarCupo(loteria, 150, 51)).toEqual({
      ok: false,
      numero: "71198",
      cubiertas: 200,
      libres: 50,
      rechazo: {
        codigo: "conflicto",
        mensaje: "El número 71198 solo cubre 50 participaciones más",
      },
    });
    const una = comprobarCupo(loteria, 199, 2);
    expect(!una.ok && una.rechazo.mensaje).toBe("El número 71198 solo cubre 1 participación más");
    const ninguna = comprobarCupo(loteria, 200, 1);
    expect(!ninguna.ok && [ninguna.libres, ninguna.rechazo.mensaje]).toEqual([
      0,
      "El número 71198 ya no cubre más participaciones",
    ]);
  });

  it("comprueba igual bajar décimos o cambiar importes (sin emitir nuevas)", () => {
    const menosDecimos = {
      ...loteria,
      numeros: [
        { numero: "05473", decimos: 40 },
        { numero: "71198", decimos: 9 },
      ],
    };
    expect(comprobarCupo(menosDecimos, 90, 0).ok).toBe(true);
    expect(comprobarCupo(menosDecimos, 91, 0)).toEqual({
      ok: false,
      numero: "71198",
      cubiertas: 90,
      libres: 0,
      rechazo: {
        codigo: "conflicto",
        mensaje: "Con ese cambio el número 71198 cubre 90 participaciones y ya hay 91 emitidas",
      },
    });
    const masJugado = { ...loteria, importeJugadoCentimos: 1000 };
    const cupo = comprobarCupo(masJugado, 81, 0);
    expect(!cupo.ok && [cupo.numero, cupo.cubiertas]).toEqual(["71198", 80]);
  });

  it("no admite cantidades negativas ni fraccionarias", () => {
    expect(() => comprobarCupo(loteria, -1, 0)).toThrow(RangeError);
    expect(() => comprobarCupo(loteria, 0, 1.5)).toThrow(RangeError);
  });
});

describe("cambios de una lotería con participaciones emitidas", () => {
  it("sin emitidas, cualquier cambio vale", () => {
    const otra = {
      ...loteria,
      importeJugadoCentimos: 600,
      numeros: [{ numero: "00001", decimos: 3 }],
    };
    expect(rechazoCambioLoteria(loteria, otra, 0)).toBeNull();
  });

  it("con emitidas, lo impreso no cambia", () => {
    const mensaje =
      "Ya hay participaciones emitidas: los números, el importe jugado, el donativo y el precio del décimo no cambian";
    for (const nueva of [
      { ...loteria, importeJugadoCentimos: 600 },
      { ...loteria, donativoCentimos: 60 },
      { ...loteria, precioDecimoCentimos: 600 },
      { ...loteria, numeros: [{ numero: "05473", decimos: 40 }] },
      { ...loteria, numeros: [...loteria.numeros, { numero: "00001", decimos: 10 }] },
      {
        ...loteria,
        numeros: [
          { numero: "05473", decimos: 40 },
          { numero: "71199", decimos: 20 },
        ],
      },
    ]) {
      expect(rechazoCambioLoteria(loteria, nueva, 1)).toEqual({ codigo: "conflicto", mensaje });
    }
  });

  it("con emitidas, los décimos suben siempre y bajan mientras cubran las emitidas", () => {
    const conDecimos = (decimos: number) => ({
      ...loteria,
      numeros: [
        { numero: "71198", decimos },
        { numero: "05473", decimos: 40 },
      ],
    });
    expect(rechazoCambioLoteria(loteria, conDecimos(30), 200)).toBeNull();
    expect(rechazoCambioLoteria(loteria, conDecimos(10), 100)).toBeNull();
    expect(rechazoCambioLoteria(loteria, conDecimos(9), 100)).toEqual({
      codigo: "conflicto",
      mensaje: "Con ese cambio el número 71198 cubre 90 participaciones y ya hay 100 emitidas",
    });
  });
});
