import { describe, expect, it } from "vitest";
import {
  AnulacionEntradaSchema,
  LiquidacionEntradaSchema,
  type LoteriaEntradaInput,
  LoteriaEntradaSchema,
  loteriaEnCentimos,
  PremiosEntradaSchema,
  TalonariosEntradaSchema,
  VerificacionParticipacionSchema,
} from "./loteria.schema";

const navidad: LoteriaEntradaInput = {
  nombre: "Lotería de Navidad 2026",
  fechaSorteo: "2026-12-22",
  fechaLimiteDevolucion: "2026-12-15",
  numeros: [
    { numero: "05473", decimos: 40 },
    { numero: "71198", decimos: 20 },
  ],
  importeJugado: 4,
  donativo: 0.8,
};

/** Los mensajes de los problemas, por campo. */
function problemas(entrada: unknown): Record<string, string[]> {
  const r = LoteriaEntradaSchema.safeParse(entrada);
  if (r.success) return {};
  const porCampo: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const campo = i.path.join(".");
    porCampo[campo] = [...(porCampo[campo] ?? []), i.message];
  }
  return porCampo;
}

describe("LoteriaEntradaSchema", () => {
  it("acepta una lotería de Navidad con los valores por defecto", () => {
    const l = LoteriaEntradaSchema.parse(navidad);
    expect(l.sorteo).toBe("Sorteo Extraordinario de Navidad");
    expect(l.precioDecimo).toBe(20);
    expect(l.autorizacionRecargo).toBe("");
    expect(loteriaEnCentimos(l)).toEqual({
      fechaSorteo: "2026-12-22",
      fechaLimiteDevolucion: "2026-12-15",
      precioDecimoCentimos: 2000,
      numeros: navidad.numeros,
      importeJugadoCentimos: 400,
      donativoCentimos: 80,
    });
  });

  it("admite la fecha límite el mismo día del sorteo, y no después", () => {
    expect(problemas({ ...navidad, fechaLimiteDevolucion: "2026-12-22" })).toEqual({});
    expect(problemas({ ...navidad, fechaLimiteDevolucion: "2026-12-23" })).toEqual({
      fechaLimiteDevolucion: ["La fecha límite de devolución no puede ser posterior al sorteo"],
    });
  });

  it.each([
    ["5473", "El número tiene cinco cifras (p. ej. 05473)"],
    ["054731", "El número tiene cinco cifras (p. ej. 05473)"],
    ["0547a", "El número tiene cinco cifras (p. ej. 05473)"],
  ])("rechaza el número %s", (numero, mensaje) => {
    expect(problemas({ ...navidad, numeros: [{ numero, decimos: 1 }] })).toEqual({
      "numeros.0.numero": [mensaje],
    });
  });

  it("rechaza décimos que no son un entero positivo", () => {
    expect(problemas({ ...navidad, numeros: [{ numero: "00001", decimos: 0 }] })).toEqual({
      "numeros.0.decimos": ["Cada número lleva al menos un décimo"],
    });
    expect(problemas({ ...navidad, numeros: [{ numero: "00001", decimos: 1.5 }] })).toEqual({
      "numeros.0.decimos": ["Los décimos son un número entero"],
    });
  });

  it("pide al menos un número y ninguno repetido", () => {
    expect(problemas({ ...navidad, numeros: [] })).toEqual({
      numeros: ["Indica al menos un número"],
    });
    const repetido = [
      { numero: "05473", decimos: 10 },
      { numero: "05473", decimos: 5 },
    ];
    expect(problemas({ ...navidad, numeros: repetido })).toEqual({
      numeros: ["El número 05473 está repetido"],
    });
  });

  it("rechaza un importe jugado que no se reparte en céntimos enteros entre los números", () => {
    const tres = [
      { numero: "00001", decimos: 10 },
      { numero: "00002", decimos: 10 },
      { numero: "00003", decimos: 10 },
    ];
    expect(problemas({ ...navidad, numeros: tres, importeJugado: 5 })).toEqual({
      importeJugado: [
        "El importe jugado (5,00 €) no se reparte en céntimos enteros entre 3 números",
      ],
    });
    expect(problemas({ ...navidad, numeros: tres, importeJugado: 4.5 })).toEqual({});
    expect(problemas({ ...navidad, importeJugado: 0.01, donativo: 0 })).toEqual({
      importeJugado: [
        "El importe jugado (0,01 €) no se reparte en céntimos enteros entre 2 números",
      ],
    });
  });

  it("rechaza un importe jugado de cero, negativo o con más de dos decimales", () => {
    expect(problemas({ ...navidad, importeJugado: 0 })).toEqual({
      importeJugado: ["El importe jugado debe ser mayor que cero"],
    });
    expect(problemas({ ...navidad, importeJugado: 4.001 })).toEqual({
      importeJugado: ["El importe no puede tener más de dos decimales"],
    });
  });

  it("rechaza un precio del décimo de cero", () => {
    expect(problemas({ ...navidad, precioDecimo: 0 })).toEqual({
      precioDecimo: ["El precio del décimo debe ser mayor que cero"],
    });
  });

  it("rechaza unos décimos que no cubren ni una participación", () => {
    // 30 € en cada número; un décimo de 20 € no los cubre.
    const numeros = [
      { numero: "00001", decimos: 1 },
      { numero: "00002", decimos: 2 },
    ];
    expect(problemas({ ...navidad, numeros, importeJugado: 60 })).toEqual({
      numeros: ["Los décimos del número 00001 no cubren ni una participación"],
    });
  });

  it("pide la autorización del recargo solo con un donativo de más del 20 %", () => {
    expect(problemas({ ...navidad, donativo: 0.8 })).toEqual({});
    expect(problemas({ ...navidad, donativo: 0.81 })).toEqual({
      autorizacionRecargo: [
        "Un donativo de más del 20 % del importe jugado necesita la autorización del recargo",
      ],
    });
    expect(problemas({ ...navidad, donativo: 0.81, autorizacionRecargo: "   " })).toEqual({
      autorizacionRecargo: [
        "Un donativo de más del 20 % del importe jugado necesita la autorización del recargo",
      ],
    });
    expect(
      problemas({
        ...navidad,
        donativo: 1,
        autorizacionRecargo: "Acuerdo de la asamblea del 3 de octubre",
      }),
    ).toEqual({});
  });
});

describe("esquemas de las peticiones", () => {
  it("talonarios: cantidad y participaciones enteras positivas, de la junta por defecto", () => {
    expect(TalonariosEntradaSchema.parse({ cantidad: 3, participaciones: 50 })).toEqual({
      cantidad: 3,
      participaciones: 50,
      idSocio: null,
    });
    expect(TalonariosEntradaSchema.safeParse({ cantidad: 0, participaciones: 50 }).success).toBe(
      false,
    );
    expect(TalonariosEntradaSchema.safeParse({ cantidad: 1, participaciones: 1001 }).success).toBe(
      false,
    );
  });

  it("liquidación: vendidas o devueltas, no las dos ni nada más", () => {
    expect(LiquidacionEntradaSchema.parse({ vendidas: 30 })).toEqual({ vendidas: 30 });
    expect(LiquidacionEntradaSchema.parse({ devueltas: [3, 7] })).toEqual({ devueltas: [3, 7] });
    expect(LiquidacionEntradaSchema.safeParse({ vendidas: 3, devueltas: [1] }).success).toBe(false);
    expect(LiquidacionEntradaSchema.safeParse({}).success).toBe(false);
    expect(LiquidacionEntradaSchema.safeParse({ vendidas: -1 }).success).toBe(false);
    const repetidas = LiquidacionEntradaSchema.safeParse({ devueltas: [3, 3] });
    expect(repetidas.error?.issues.map((i) => i.message)).toContain("Hay series repetidas");
  });

  it("anulación: un rango ordenado con su motivo", () => {
    expect(AnulacionEntradaSchema.parse({ desde: 26, hasta: 50, motivo: " Perdido " })).toEqual({
      desde: 26,
      hasta: 50,
      motivo: "Perdido",
    });
    const alReves = AnulacionEntradaSchema.safeParse({ desde: 50, hasta: 26, motivo: "x" });
    expect(alReves.error?.issues[0]?.message).toBe(
      "La serie final no puede ser menor que la inicial",
    );
    const sinMotivo = AnulacionEntradaSchema.safeParse({ desde: 1, hasta: 2, motivo: "" });
    expect(sinMotivo.error?.issues[0]?.message).toBe("Indica el motivo de la anulación");
  });

  it("premios: un premio por número", () => {
    const premios = [{ numero: "05473", premioDecimo: 400000 }];
    expect(PremiosEntradaSchema.parse({ premios })).toEqual({ premios });
    const doble = PremiosEntradaSchema.safeParse({ premios: [...premios, ...premios] });
    expect(doble.error?.issues[0]?.message).toBe("Hay un número con dos premios");
  });

  it("la verificación no lleva a quien tiene la participación", () => {
    const respuesta = {
      loteria: "Lotería de Navidad 2026",
      sorteo: "Sorteo Extraordinario de Navidad",
      fechaSorteo: "2026-12-22",
      numeros: ["05473"],
      serie: 12,
      importeJugado: 4,
      donativo: 0.8,
      precio: 4.8,
      estado: "anulada",
      premio: null,
    };
    expect(VerificacionParticipacionSchema.parse({ ...respuesta, idSocio: 3 })).toEqual(respuesta);
    expect(
      VerificacionParticipacionSchema.safeParse({ ...respuesta, estado: "vendida" }).success,
    ).toBe(false);
  });
});
