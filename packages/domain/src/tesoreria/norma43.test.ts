import { describe, expect, it } from "vitest";
import { digitosControlCcc, ibanDeCcc } from "./extracto";
import { leerNorma43 } from "./norma43";

// Los ficheros se escriben aquí campo a campo con las posiciones del cuaderno 43 de la AEB
// (desde 1), no con lo que produce el lector.

type Campo = [desde: number, valor: string];

function registro(codigo: string, campos: Campo[]): string {
  const r = [...`${codigo}${" ".repeat(78)}`];
  for (const [desde, valor] of campos) {
    [...valor].forEach((c, i) => {
      r[desde - 1 + i] = c;
    });
  }
  return r.join("").slice(0, 80);
}

const num = (n: number, ancho: number) => String(n).padStart(ancho, "0");
const alfa = (s: string, ancho: number) => s.padEnd(ancho, " ").slice(0, ancho);
/** AAMMDD de una fecha ISO. */
const aammdd = (iso: string) => iso.slice(2).replaceAll("-", "");
/** Clave 1 (debe) o 2 (haber) y el importe sin signo en 14 posiciones. */
const clave = (centimos: number) => (centimos < 0 ? "1" : "2");

type Cuenta = { entidad: string; oficina: string; cuenta: string };
const CAIXA: Cuenta = { entidad: "2100", oficina: "0418", cuenta: "0200051332" };
const SABADELL: Cuenta = { entidad: "0081", oficina: "0001", cuenta: "0001234567" };

function r11(c: Cuenta, desde: string, hasta: string, saldo: number, nombre = "FILA MOROS") {
  return registro("11", [
    [3, c.entidad],
    [7, c.oficina],
    [11, c.cuenta],
    [21, aammdd(desde)],
    [27, aammdd(hasta)],
    [33, clave(saldo)],
    [34, num(Math.abs(saldo), 14)],
    [48, "978"],
    [51, "3"],
    [52, alfa(nombre, 26)],
  ]);
}

type Mov = {
  fecha: string;
  valor?: string;
  importe: number;
  comun?: string;
  propio?: string;
  documento?: string;
  ref1?: string;
  ref2?: string;
};

function r22(m: Mov) {
  return registro("22", [
    [7, "0418"],
    [11, aammdd(m.fecha)],
    [17, aammdd(m.valor ?? m.fecha)],
    [23, m.comun ?? "99"],
    [25, m.propio ?? "000"],
    [28, clave(m.importe)],
    [29, num(Math.abs(m.importe), 14)],
    [43, m.documento ?? num(0, 10)],
    [53, m.ref1 ?? num(0, 12)],
    [65, alfa(m.ref2 ?? "", 16)],
  ]);
}

const r23 = (dato: string, c1: string, c2 = "") =>
  registro("23", [
    [3, dato],
    [5, alfa(c1, 38)],
    [43, alfa(c2, 38)],
  ]);

type Totales = { nDebe: number; debe: number; nHaber: number; haber: number; saldo: number };
function r33(c: Cuenta, t: Totales) {
  return registro("33", [
    [3, c.entidad],
    [7, c.oficina],
    [11, c.cuenta],
    [21, num(t.nDebe, 5)],
    [26, num(t.debe, 14)],
    [40, num(t.nHaber, 5)],
    [45, num(t.haber, 14)],
    [59, clave(t.saldo)],
    [60, num(Math.abs(t.saldo), 14)],
    [74, "978"],
  ]);
}

const r88 = (registros: number) =>
  registro("88", [
    [3, "9".repeat(18)],
    [21, num(registros, 6)],
  ]);

/** Los registros en bytes ISO-8859-1, con el fin de línea que use el banco. */
function fichero(registros: string[], fin = "\r\n"): Uint8Array {
  return Uint8Array.from([...(registros.join(fin) + fin)].map((c) => c.charCodeAt(0)));
}

/** Un mes de la cuenta de la filà: el cobro de una remesa (con su 23) y una comisión. */
const MES = [
  r11(CAIXA, "2026-11-01", "2026-11-30", 150000),
  r22({
    fecha: "2026-11-10",
    valor: "2026-11-11",
    importe: 482050,
    comun: "03",
    propio: "101",
    documento: "0000004711",
    ref1: "000000123456",
    ref2: "REMESA 2026-11",
  }),
  r23("01", "RECIBO CUOTA FILÀ", "NOVIEMBRE"),
  r22({ fecha: "2026-11-15", importe: -350, comun: "17", propio: "012", ref2: "COMISIÓN" }),
  r33(CAIXA, { nDebe: 1, debe: 350, nHaber: 1, haber: 482050, saldo: 631700 }),
  r88(5),
];

function problemas(bytes: Uint8Array) {
  const r = leerNorma43(bytes);
  if (r.ok) throw new Error("se esperaba un fichero no válido");
  return r.problemas.map((p) => p.mensaje);
}

function extracto(bytes: Uint8Array) {
  const r = leerNorma43(bytes);
  if (!r.ok) throw new Error(r.problemas.map((p) => p.mensaje).join("\n"));
  return r.extracto;
}

describe("leerNorma43", () => {
  it("un movimiento de 0,00 cuenta en el lado de su clave en el registro 33", () => {
    const cero = (debe: boolean) => [
      r11(CAIXA, "2026-11-01", "2026-11-30", 1000),
      registro("22", [
        [7, "0418"],
        [11, "261105"],
        [17, "261105"],
        [23, "99"],
        [25, "000"],
        [28, debe ? "1" : "2"],
        [29, num(0, 14)],
        [43, num(0, 10)],
        [53, num(0, 12)],
      ]),
      r33(CAIXA, { nDebe: debe ? 1 : 0, debe: 0, nHaber: debe ? 0 : 1, haber: 0, saldo: 1000 }),
      r88(3),
    ];
    for (const debe of [true, false]) {
      const e = extracto(fichero(cero(debe)));
      expect(Object.is(e.cuentas[0]?.apuntes[0]?.importeCentimos, 0)).toBe(true);
    }
  });

  it("lee una cuenta: cabecera, movimientos con sus conceptos y saldos", () => {
    const e = extracto(fichero(MES));
    expect(e.formato).toBe("norma43");
    expect(e.cuentas).toHaveLength(1);
    const [c] = e.cuentas;
    expect(c).toMatchObject({
      iban: "ES9121000418450200051332",
      ccc: { entidad: "2100", oficina: "0418", dc: "45", cuenta: "0200051332" },
      divisa: "EUR",
      titular: "FILA MOROS",
      fechaDesde: "2026-11-01",
      fechaHasta: "2026-11-30",
      saldoInicialCentimos: 150000,
      saldoFinalCentimos: 631700,
    });
    expect(c?.apuntes).toEqual([
      {
        linea: 2,
        fechaOperacion: "2026-11-10",
        fechaValor: "2026-11-11",
        importeCentimos: 482050,
        concepto: "REMESA 2026-11 · RECIBO CUOTA FILÀ · NOVIEMBRE",
        conceptos: ["RECIBO CUOTA FILÀ", "NOVIEMBRE"],
        conceptoComun: "03",
        conceptoPropio: "101",
        documento: "0000004711",
        referencia1: "000000123456",
        referencia2: "REMESA 2026-11",
        endToEndId: null,
        referenciaBanco: null,
      },
      {
        linea: 4,
        fechaOperacion: "2026-11-15",
        fechaValor: "2026-11-15",
        importeCentimos: -350,
        concepto: "COMISIÓN",
        conceptos: [],
        conceptoComun: "17",
        conceptoPropio: "012",
        documento: null,
        referencia1: null,
        referencia2: "COMISIÓN",
        endToEndId: null,
        referenciaBanco: null,
      },
    ]);
  });

  it("decodifica ISO-8859-1 byte a byte (Ó es 0xD3, À es 0xC0) y cuenta 80 bytes", () => {
    const bytes = fichero(MES);
    expect(bytes.length).toBe(6 * 82);
    expect([...bytes]).toContain(0xd3);
    expect([...bytes]).toContain(0xc0);
    const apuntes = extracto(bytes).cuentas[0]?.apuntes;
    expect(apuntes?.map((a) => a.conceptos[0] ?? a.referencia2)).toEqual([
      "RECIBO CUOTA FILÀ",
      "COMISIÓN",
    ]);
  });

  it("acepta líneas acabadas en LF y sin salto de línea al final", () => {
    const soloLf = fichero(MES, "\n");
    expect(extracto(soloLf).cuentas[0]?.saldoFinalCentimos).toBe(631700);
    expect(extracto(soloLf.subarray(0, soloLf.length - 1)).cuentas).toHaveLength(1);
  });

  it("lee varias cuentas, cada una entre su 11 y su 33, con saldo deudor", () => {
    const e = extracto(
      fichero([
        ...MES.slice(0, 5),
        r11(SABADELL, "2026-11-01", "2026-11-30", -2000, "FILA BAR"),
        r22({ fecha: "2026-11-20", importe: 10000, ref2: "SUBVENCION" }),
        r22({ fecha: "2026-11-21", importe: -1500, ref2: "POLVORA" }),
        r22({ fecha: "2026-11-22", importe: -500, ref2: "SEGURO" }),
        r33(SABADELL, { nDebe: 2, debe: 2000, nHaber: 1, haber: 10000, saldo: 6000 }),
        r88(10),
      ]),
    );
    expect(e.cuentas.map((c) => [c.iban, c.saldoInicialCentimos, c.saldoFinalCentimos])).toEqual([
      ["ES9121000418450200051332", 150000, 631700],
      [
        ibanDeCcc({ ...SABADELL, dc: digitosControlCcc("0081", "0001", "0001234567") }),
        -2000,
        6000,
      ],
    ]);
    expect(e.cuentas[1]?.apuntes.map((a) => [a.linea, a.importeCentimos])).toEqual([
      [7, 10000],
      [8, -1500],
      [9, -500],
    ]);
  });

  it("calcula los dígitos de control y el IBAN de un CCC", () => {
    expect(digitosControlCcc("2100", "0418", "0200051332")).toBe("45");
    expect(digitosControlCcc("0081", "0001", "0001234567")).toMatch(/^\d\d$/);
    expect(ibanDeCcc({ entidad: "2100", oficina: "0418", dc: "45", cuenta: "0200051332" })).toBe(
      "ES9121000418450200051332",
    );
  });

  it("rechaza un total del 33 que no es la suma de los movimientos, con la línea", () => {
    const mal = [...MES];
    mal[4] = r33(CAIXA, { nDebe: 1, debe: 350, nHaber: 1, haber: 482000, saldo: 631650 });
    expect(problemas(fichero(mal))).toEqual([
      "Línea 5: el total del haber del registro 33 (4.820,00 €) no es la suma de sus apuntes (4.820,50 €)",
      "Línea 5: el saldo final (6.316,50 €) no es el inicial más los abonos menos los cargos (6.317,00 €)",
    ]);
  });

  it("rechaza un número de apuntes del 33 que no es el de la cuenta", () => {
    const mal = [...MES];
    mal[4] = r33(CAIXA, { nDebe: 2, debe: 350, nHaber: 1, haber: 482050, saldo: 631700 });
    expect(problemas(fichero(mal))).toEqual([
      "Línea 5: el registro 33 dice 2 apuntes en el debe y la cuenta tiene 1",
    ]);
  });

  it("rechaza un saldo final que no cuadra aunque cuadren los totales", () => {
    const mal = [...MES];
    mal[4] = r33(CAIXA, { nDebe: 1, debe: 350, nHaber: 1, haber: 482050, saldo: 631701 });
    expect(problemas(fichero(mal))).toEqual([
      "Línea 5: el saldo final (6.317,01 €) no es el inicial más los abonos menos los cargos (6.317,00 €)",
    ]);
  });

  it("rechaza un registro que no mide 80 bytes, con su línea", () => {
    const mal = [...MES];
    mal[2] = `${MES[2]?.trimEnd()}`;
    expect(problemas(fichero(mal))).toEqual([
      "Línea 3: el registro tiene 51 caracteres y debe tener 80",
    ]);
  });

  it("rechaza un 88 que no cuenta los registros del fichero", () => {
    const mal = [...MES.slice(0, 5), r88(6)];
    expect(problemas(fichero(mal))).toEqual([
      "Línea 6: el registro 88 dice 6 registros y el fichero tiene 5",
    ]);
  });

  it("rechaza el orden roto: 22 sin 11, 33 de otra cuenta, registros tras el 88, sin 88", () => {
    expect(problemas(fichero([MES[1] ?? "", ...MES.slice(2)]))[0]).toBe(
      "Línea 1: un movimiento (registro 22) sin su cuenta (registro 11)",
    );
    const otra = [...MES];
    otra[4] = r33(SABADELL, { nDebe: 1, debe: 350, nHaber: 1, haber: 482050, saldo: 631700 });
    expect(problemas(fichero(otra))).toEqual([
      "Línea 5: la cuenta del registro 33 no es la del registro 11 (línea 1)",
    ]);
    expect(problemas(fichero([...MES, MES[0] ?? ""]))).toEqual([
      "Línea 7: hay registros después del registro 88 (línea 6)",
    ]);
    expect(problemas(fichero(MES.slice(0, 5)))).toEqual(["Falta el registro 88 de fin de fichero"]);
    expect(problemas(fichero([...MES.slice(0, 4), r88(4)]))).toEqual([
      "Línea 5: la cuenta de la línea 1 no termina con su registro 33",
    ]);
    expect(problemas(fichero([MES[0] ?? "", ...MES]))[0]).toBe(
      "Línea 2: empieza una cuenta sin el registro 33 de la anterior (línea 1)",
    );
  });

  it("rechaza un código de registro desconocido, un 23 suelto y más de cinco 23", () => {
    const desconocido = [...MES];
    desconocido[2] = registro("44", []);
    expect(problemas(fichero(desconocido))).toEqual([
      "Línea 3: «44» no es un código de registro de la norma 43",
    ]);
    expect(problemas(fichero([MES[0] ?? "", r23("01", "SUELTO"), ...MES.slice(1)]))[0]).toBe(
      "Línea 2: un registro 23 sin su movimiento (registro 22)",
    );
    const seis = ["01", "02", "03", "04", "05", "06"].map((d) => r23(d, `CONCEPTO ${d}`));
    expect(problemas(fichero([...MES.slice(0, 2), ...seis, ...MES.slice(3, 5), r88(10)]))).toEqual([
      "Línea 8: un movimiento no puede tener más de 5 registros 23",
    ]);
  });

  it("rechaza una fecha, un importe o una clave de debe y haber que no valen", () => {
    const fecha = [...MES];
    fecha[3] = `${MES[3]?.slice(0, 10)}261131${MES[3]?.slice(16)}`;
    expect(problemas(fichero(fecha))).toEqual([
      "Línea 4: la fecha «261131» no es una fecha AAMMDD",
    ]);
    const clave = [...MES];
    clave[1] = `${MES[1]?.slice(0, 27)}3${MES[1]?.slice(28)}`;
    expect(problemas(fichero(clave))).toEqual([
      "Línea 2: la clave de debe o haber es «3» y debe ser 1 o 2",
    ]);
    const importe = [...MES];
    importe[1] = `${MES[1]?.slice(0, 28)}0000000048205X${MES[1]?.slice(42)}`;
    expect(problemas(fichero(importe))).toEqual(["Línea 2: «0000000048205X» no es un número"]);
  });

  it("rechaza un fichero vacío o que no es una norma 43", () => {
    expect(problemas(new Uint8Array())).toEqual(["Falta el registro 88 de fin de fichero"]);
    expect(problemas(fichero(["<?xml version='1.0'?>"]))).toEqual([
      "Línea 1: el registro tiene 21 caracteres y debe tener 80",
    ]);
  });
});
