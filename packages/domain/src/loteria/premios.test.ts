import { describe, expect, it } from "vitest";
import { premioDecimos, premioEnNumero, premioParticipacion, rechazoPremios } from "./premios";
import { type LoteriaEnCentimos, participacionesCubiertas } from "./reglas";

const EUR = 100;

/** Una lotería de Navidad (décimo de 20 €) con los números y lo jugado que se pidan. */
function navidad(numeros: string[], importeJugadoCentimos: number): LoteriaEnCentimos {
  return {
    fechaSorteo: "2026-12-22",
    fechaLimiteDevolucion: "2026-12-15",
    precioDecimoCentimos: 20 * EUR,
    numeros: numeros.map((numero) => ({ numero, decimos: 100 })),
    importeJugadoCentimos,
    donativoCentimos: 0,
  };
}

describe("premio de una participación, al céntimo", () => {
  it.each([
    // [caso, precio del décimo, jugado en el número, premio por décimo, bruto, retención]
    ["reintegro de 20 € jugando 4 €", 2000, 400, 20 * EUR, 400, 0],
    ["pedrea de 100 € jugando 3 €", 2000, 300, 100 * EUR, 1500, 0],
    ["un décimo entero justo en el exento (40.000 €)", 2000, 2000, 40_000 * EUR, 4_000_000, 0],
    ["el Gordo con un décimo entero", 2000, 2000, 400_000 * EUR, 40_000_000, 7_200_000],
    ["el Gordo jugando 5 € (exento de 10.000 €)", 2000, 500, 400_000 * EUR, 10_000_000, 1_800_000],
    ["el Gordo jugando 1 €", 2000, 100, 400_000 * EUR, 2_000_000, 360_000],
    ["el segundo jugando 2 €", 2000, 200, 125_000 * EUR, 1_250_000, 170_000],
    ["el bruto se redondea hacia abajo (18.518,55 → 18.518)", 2000, 300, 123_457, 18_518, 0],
    // Décimo de 3 €: exento 40.000 € × 1/3 = 13.333,33 €; retención 20 % × 86.666,67 €.
    ["décimo de 3 € jugando 1 €", 300, 100, 300_000 * EUR, 10_000_000, 1_733_333],
    // 20 % de 0,05 € = 0,01 €; de 0,03 € = 0,006 € → 0,01 € (al más cercano).
    ["la retención se redondea al céntimo más cercano", 2000, 2000, 40_000 * EUR + 3, 4_000_003, 1],
    ["sin premio", 2000, 400, 0, 0, 0],
  ])("%s", (_caso, precio, jugado, premioDecimo, bruto, retencion) => {
    const p = premioEnNumero(jugado, precio, premioDecimo);
    expect([p.brutoCentimos, p.retencionCentimos]).toEqual([bruto, retencion]);
  });

  it("suma los números premiados y calcula la retención de cada uno por separado", () => {
    const l = navidad(["05473", "71198", "00001"], 600);
    const premio = premioParticipacion(l, [
      { numero: "05473", premioDecimoCentimos: 400_000 * EUR },
      { numero: "71198", premioDecimoCentimos: 125_000 * EUR },
      { numero: "00001", premioDecimoCentimos: 0 },
    ]);
    // 2 € en cada número: 40.000 € y 12.500 € brutos, exentos 4.000 € cada uno.
    expect(premio).toEqual({
      brutoCentimos: 5_250_000,
      retencionCentimos: 720_000 + 170_000,
      netoCentimos: 5_250_000 - 890_000,
      porNumero: [
        {
          numero: "05473",
          brutoCentimos: 4_000_000,
          exentoCentimos: 400_000,
          retencionCentimos: 720_000,
        },
        {
          numero: "71198",
          brutoCentimos: 1_250_000,
          exentoCentimos: 400_000,
          retencionCentimos: 170_000,
        },
      ],
    });
  });

  it("sin ningún número premiado, o con premios de otros números, no gana nada", () => {
    const l = navidad(["05473"], 500);
    expect(premioParticipacion(l, [])).toEqual({
      brutoCentimos: 0,
      retencionCentimos: 0,
      netoCentimos: 0,
      porNumero: [],
    });
    expect(
      premioParticipacion(l, [{ numero: "99999", premioDecimoCentimos: 400_000 * EUR }]),
    ).toMatchObject({ brutoCentimos: 0 });
  });

  it("lo que ganan los décimos: décimos × premio por décimo de cada número", () => {
    const l = {
      ...navidad(["05473", "71198"], 400),
      numeros: [
        { numero: "05473", decimos: 40 },
        { numero: "71198", decimos: 20 },
      ],
    };
    expect(
      premioDecimos(l, [
        { numero: "05473", premioDecimoCentimos: 20 * EUR },
        { numero: "71198", premioDecimoCentimos: 100 * EUR },
      ]),
    ).toBe(40 * 2000 + 20 * 10_000);
  });

  it("no admite importes negativos ni un décimo gratis", () => {
    expect(() => premioEnNumero(-1, 2000, 100)).toThrow(RangeError);
    expect(() => premioEnNumero(100, 0, 100)).toThrow(RangeError);
  });
});

/** Generador pseudoaleatorio con semilla fija (mulberry32): la prueba es siempre la misma. */
function aleatorio(semilla: number) {
  let a = semilla;
  return (min: number, max: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + Math.floor(r * (max - min + 1));
  };
}

describe("lo pagado nunca supera lo que ganan los décimos", () => {
  it("en 1000 loterías al azar, con todas las participaciones cubiertas emitidas", () => {
    const entre = aleatorio(46);
    const premiosTipicos = [0, 20 * EUR, 100 * EUR, 1000 * EUR, 40_000 * EUR, 400_000 * EUR];
    for (let i = 0; i < 1000; i++) {
      const precioDecimoCentimos = [300, 600, 1200, 1500, 2000][entre(0, 4)] as number;
      const numeros = Array.from({ length: entre(1, 5) }, (_, j) => ({
        numero: String(j * 1000 + entre(0, 999)).padStart(5, "0"),
        decimos: entre(1, 300),
      }));
      const minimo = Math.min(...numeros.map((n) => n.decimos)) * precioDecimoCentimos;
      const porNumero = entre(1, Math.min(minimo, 5 * precioDecimoCentimos));
      const l: LoteriaEnCentimos = {
        fechaSorteo: "2026-12-22",
        fechaLimiteDevolucion: "2026-12-15",
        precioDecimoCentimos,
        numeros,
        importeJugadoCentimos: porNumero * numeros.length,
        donativoCentimos: 0,
      };
      const premios = numeros.map((n) => ({
        numero: n.numero,
        premioDecimoCentimos:
          entre(0, 1) === 0
            ? (premiosTipicos[entre(0, premiosTipicos.length - 1)] as number)
            : entre(0, 50_000_000),
      }));
      const cubiertas = participacionesCubiertas(l);
      const premio = premioParticipacion(l, premios);
      const pagado = cubiertas * premio.brutoCentimos;
      expect(cubiertas).toBeGreaterThanOrEqual(1);
      expect(pagado).toBeLessThanOrEqual(premioDecimos(l, premios));
      // Número a número, tampoco.
      for (const p of premio.porNumero) {
        const n = numeros.find((x) => x.numero === p.numero);
        const delNumero = premios.find((x) => x.numero === p.numero);
        expect(cubiertas * p.brutoCentimos).toBeLessThanOrEqual(
          (n?.decimos ?? 0) * (delNumero?.premioDecimoCentimos ?? 0),
        );
      }
      expect(premio.retencionCentimos).toBeGreaterThanOrEqual(0);
      expect(premio.retencionCentimos).toBeLessThanOrEqual(premio.brutoCentimos);
      expect(premio.netoCentimos).toBe(premio.brutoCentimos - premio.retencionCentimos);
    }
  });
});

describe("anotar los premios", () => {
  const l = navidad(["05473"], 400);

  it("desde el día del sorteo y solo de los números de la lotería", () => {
    const premios = [{ numero: "05473" }];
    expect(rechazoPremios(l, premios, "2026-12-22")).toBeNull();
    expect(rechazoPremios(l, premios, "2026-12-21")).toEqual({
      codigo: "conflicto",
      mensaje: "Los premios se anotan a partir del día del sorteo",
    });
    expect(rechazoPremios(l, [{ numero: "71198" }], "2026-12-23")).toEqual({
      codigo: "validacion",
      campo: "premios",
      mensaje: "La lotería no tiene el número 71198",
    });
  });
});
