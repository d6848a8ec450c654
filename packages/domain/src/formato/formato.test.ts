import { afterEach, describe, expect, it } from "vitest";
import {
  aCentimos,
  aEuros,
  formatearFecha,
  formatearFechaHora,
  formatearImporte,
  formatearNumero,
  LOCALE,
  MONEDA,
  tieneComoMucho2Decimales,
} from "./formato";

describe("formatearImporte", () => {
  it.each([
    [123456, "1.234,56 €"],
    [5, "0,05 €"],
    [0, "0,00 €"],
    [100, "1,00 €"],
    [-150, "-1,50 €"],
    [-123456, "-1.234,56 €"],
    [99999, "999,99 €"],
    [100000, "1.000,00 €"],
    [100000000, "1.000.000,00 €"],
  ])("formatea %i céntimos como %j", (centimos, texto) => {
    expect(formatearImporte(centimos)).toBe(texto);
  });

  it("separa la cantidad y el euro con un espacio normal", () => {
    expect(formatearImporte(100)).not.toMatch(/[\u00a0\u202f]/);
  });

  it("no muestra «-0,00 €» para un redondeo a cero negativo", () => {
    expect(formatearImporte(-0)).toBe("0,00 €");
    expect(formatearImporte(-0.4)).toBe("0,00 €");
  });

  it("rechaza lo que no es un número finito", () => {
    expect(() => formatearImporte(Number.NaN)).toThrow(RangeError);
    expect(() => formatearImporte(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("escribe lo mismo que Intl en es-ES para cualquier importe", () => {
    const intl = new Intl.NumberFormat("es-ES", {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: "always",
    });
    const conIntl = (c: number) => intl.format(c / 100).replace(/[\u00a0\u202f]/g, " ");
    // Up to a hundred thousand million euros, where c / 100 is still exact for Intl.
    const importes = [123456789012, -99999999, 1e13, -1e13, 4.4, -0.6];
    for (let c = -200000; c <= 200000; c += 7) importes.push(c);
    for (let c = 1; c < 1e13; c *= 3) importes.push(c, -c, c + 99);
    for (const c of importes) {
      if (formatearImporte(c) !== conIntl(c)) expect.fail(`${c}: ${formatearImporte(c)}`);
    }
    // Beyond that, every cent is still written.
    expect(formatearImporte(Number.MAX_SAFE_INTEGER)).toBe("90.071.992.547.409,91 €");
    expect(formatearImporte(-Number.MAX_SAFE_INTEGER * 4)).toMatch(
      /^-360\.287\.970\.189\.639,\d\d €$/,
    );
  });

  it("usa es-ES y el euro", () => {
    expect([LOCALE, MONEDA]).toEqual(["es-ES", "EUR"]);
  });
});

describe("formatearNumero", () => {
  it("agrupa los miles con punto también en números de cuatro cifras", () => {
    expect(formatearNumero(1234)).toBe("1.234");
    expect(formatearNumero(1234567.891)).toBe("1.234.567,891");
  });

  it("fija los decimales pedidos", () => {
    expect(formatearNumero(2.5, 2)).toBe("2,50");
    expect(formatearNumero(2.456, 1)).toBe("2,5");
    expect(formatearNumero(1234.4, 0)).toBe("1.234");
    expect(formatearNumero(-3, 2)).toBe("-3,00");
  });

  it("rechaza decimales no válidos", () => {
    expect(() => formatearNumero(1, -1)).toThrow(RangeError);
    expect(() => formatearNumero(1, 1.5)).toThrow(RangeError);
  });
});

describe("formatearFecha", () => {
  const tzOriginal = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tzOriginal;
  });

  it("pasa una fecha AAAA-MM-DD a dd/mm/aaaa", () => {
    expect(formatearFecha("2024-03-09")).toBe("09/03/2024");
    expect(formatearFecha("1999-12-31")).toBe("31/12/1999");
  });

  it.each(["America/Los_Angeles", "Pacific/Kiritimati", "UTC"])(
    "no desplaza el día de una fecha AAAA-MM-DD en la zona %s",
    (zona) => {
      process.env.TZ = zona;
      expect(formatearFecha("2024-01-01")).toBe("01/01/2024");
      expect(formatearFecha("2024-12-31")).toBe("31/12/2024");
    },
  );

  it("muestra un instante con el día de Madrid", () => {
    expect(formatearFecha(new Date("2024-06-30T22:30:00Z"))).toBe("01/07/2024");
    expect(formatearFecha("2024-01-15T23:30:00Z")).toBe("16/01/2024");
  });

  it("deja vacía una fecha ausente", () => {
    expect(formatearFecha(null)).toBe("");
    expect(formatearFecha(undefined)).toBe("");
    expect(formatearFecha("")).toBe("");
  });

  it("rechaza una fecha que no se entiende", () => {
    expect(() => formatearFecha("mañana")).toThrow(RangeError);
  });
});

describe("formatearFechaHora", () => {
  it("muestra dd/mm/aaaa HH:mm en hora de Madrid en verano (UTC+2)", () => {
    expect(formatearFechaHora("2024-07-15T10:30:00Z")).toBe("15/07/2024 12:30");
  });

  it("muestra dd/mm/aaaa HH:mm en hora de Madrid en invierno (UTC+1), cambiando de día", () => {
    expect(formatearFechaHora(new Date("2024-01-15T23:30:00Z"))).toBe("16/01/2024 00:30");
  });

  it("usa el reloj de 24 horas con medianoche como 00", () => {
    expect(formatearFechaHora(Date.UTC(2024, 0, 1, 23, 5))).toBe("02/01/2024 00:05");
    expect(formatearFechaHora("2024-01-01T21:59:00Z")).toBe("01/01/2024 22:59");
  });

  it("da lo mismo que Intl con Europe/Madrid en cada hora de 1996 a 2037 y fuera de ellos", () => {
    const intl = new Intl.DateTimeFormat("es-ES", {
      timeZone: "Europe/Madrid",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const conIntl = (t: number) => {
      const p: Record<string, string> = {};
      for (const parte of intl.formatToParts(t)) p[parte.type] = parte.value;
      return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
    };
    const comparar = (t: number) => {
      if (formatearFechaHora(t) !== conIntl(t)) expect.fail(`${new Date(t).toISOString()}`);
    };
    for (let anyo = 1996; anyo <= 2037; anyo++) {
      // The last Sunday of March and of October falls between the 25th and the 31st: every
      // hour of those days, and the half hours on each side of it.
      for (const mes of [2, 9]) {
        for (let dia = 24; dia <= 31; dia++) {
          for (let hora = 0; hora < 24; hora++) {
            const t = Date.UTC(anyo, mes, dia, hora);
            comparar(t - 1);
            comparar(t);
            comparar(t + 1_800_000);
          }
        }
      }
    }
    // And the rest of the years every 13 hours, which visits every hour of the day.
    for (let t = Date.UTC(1995, 11, 31, 12); t <= Date.UTC(2038, 0, 1, 12); t += 13 * 3_600_000) {
      comparar(t);
    }
    for (const t of [Date.UTC(1980, 6, 1, 22, 30), Date.UTC(2050, 6, 1, 22, 30)]) {
      expect(formatearFechaHora(t)).toBe(conIntl(t));
      expect(formatearFecha(new Date(t))).toBe(conIntl(t).slice(0, 10));
    }
  });

  it("deja vacío un instante ausente y rechaza uno no válido", () => {
    expect(formatearFechaHora(null)).toBe("");
    expect(() => formatearFechaHora("no")).toThrow(RangeError);
  });
});

describe("aCentimos y aEuros", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.29, 29],
    [1.1, 110],
    [19.99, 1999],
    [1234.56, 123456],
    [-1.5, -150],
    [-0.29, -29],
    [10000000, 1000000000],
  ])("pasa %f euros a %i céntimos sin error de coma flotante", (euros, centimos) => {
    expect(aCentimos(euros)).toBe(centimos);
  });

  it("redondea las mitades de céntimo lejos del cero", () => {
    expect(aCentimos(1.005)).toBe(101);
    expect(aCentimos(-1.005)).toBe(-101);
    expect(aCentimos(0.004)).toBe(0);
    expect(Object.is(aCentimos(-0.004), 0)).toBe(true);
  });

  it("vuelve a los mismos euros para todos los importes de dos decimales hasta 1.000 €", () => {
    for (let c = 0; c <= 100000; c++) {
      const euros = Number((c / 100).toFixed(2));
      if (aCentimos(euros) !== c || aEuros(c) !== euros) {
        expect.fail(`${c} céntimos`);
      }
    }
  });

  it("rechaza importes no finitos", () => {
    expect(() => aCentimos(Number.NaN)).toThrow(RangeError);
    expect(() => aEuros(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("pasa céntimos a euros", () => {
    expect(aEuros(123456)).toBe(1234.56);
    expect(aEuros(-5)).toBe(-0.05);
    expect(Object.is(aEuros(-0), 0)).toBe(true);
  });
});

describe("tieneComoMucho2Decimales", () => {
  it.each([0, 1, 1.5, 0.29, 19.99, -3.07, 1234567.89])("acepta %f", (euros) => {
    expect(tieneComoMucho2Decimales(euros)).toBe(true);
  });

  it.each([1.005, 0.001, -2.999, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY])(
    "rechaza %f",
    (euros) => {
      expect(tieneComoMucho2Decimales(euros)).toBe(false);
    },
  );
});
