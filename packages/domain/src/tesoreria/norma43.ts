import { formatearImporte } from "../formato/formato";
import { esIbanValido } from "../validacion/iban";
import {
  type ApunteExtracto,
  type CuentaExtracto,
  descuadreSaldoFinal,
  digitosControlCcc,
  ibanDeCcc,
  type LecturaExtracto,
  type ProblemaExtracto,
} from "./extracto";

/**
 * Lector de la norma 43 de la AEB («Información normalizada de cuenta corriente», cuaderno 43,
 * Serie normas y procedimientos bancarios; registros de 80 posiciones en ISO-8859-1). Las
 * posiciones (desde 1, como las da la norma):
 *
 * 11 cabecera de cuenta: 3-6 entidad, 7-10 oficina, 11-20 cuenta, 21-26 fecha inicial AAMMDD,
 *    27-32 fecha final, 33 clave debe/haber del saldo (1 deudor, 2 acreedor), 34-47 saldo inicial
 *    (12 enteros y 2 decimales), 48-50 divisa (ISO 4217 numérico, 978 euro), 51 modalidad de
 *    información (1, 2 o 3), 52-77 nombre abreviado, 78-80 libre.
 * 22 movimiento: 3-6 libre, 7-10 oficina de origen, 11-16 fecha de operación, 17-22 fecha valor,
 *    23-24 concepto común, 25-27 concepto propio, 28 debe (1, cargo) o haber (2, abono), 29-42
 *    importe, 43-52 número de documento, 53-64 referencia 1, 65-80 referencia 2.
 * 23 conceptos complementarios (hasta 5 por movimiento): 3-4 código de dato (01 a 05), 5-42 y
 *    43-80 conceptos.
 * 24 equivalencia de importe en otra divisa: se acepta tras su movimiento y no se usa.
 * 33 final de cuenta: 3-6 entidad, 7-10 oficina, 11-20 cuenta, 21-25 número de apuntes del debe,
 *    26-39 total del debe, 40-44 número de apuntes del haber, 45-58 total del haber, 59 clave
 *    debe/haber del saldo final, 60-73 saldo final, 74-76 divisa, 77-80 libre.
 * 88 fin de fichero: 3-20 nueves, 21-26 número de registros del fichero sin contar el propio 88.
 *
 * Las mismas posiciones usan los lectores públicos norma43_parser (sequra, Ruby:
 * lib/norma43/line_parsers/*.rb, fechas «%y%m%d») y norma43 (mangelsnc, PHP); el ejemplo de
 * norma43.net («La estructura de un fichero en norma 43») cuenta en el 88 los 6 registros que lo
 * preceden.
 */

const LONGITUD_REGISTRO = 80;
const MAXIMO_CONCEPTOS = 5;
/** Más allá de estos problemas el fichero no es una norma 43: no se sigue contando. */
const MAXIMO_PROBLEMAS = 20;

const DIVISAS: Record<string, string> = { "978": "EUR", "840": "USD", "826": "GBP", "756": "CHF" };

/** ISO-8859-1: cada byte es el carácter de ese código (TextDecoder("latin1") sería Windows-1252). */
function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
}

/** El campo de las posiciones `desde`-`hasta` (desde 1, ambas incluidas). */
const campo = (r: string, desde: number, hasta: number) => r.slice(desde - 1, hasta);
const texto = (r: string, desde: number, hasta: number) => campo(r, desde, hasta).trim();
/** Un campo numérico sin dato (vacío o todo ceros) es null. */
const referencia = (r: string, desde: number, hasta: number) => {
  const t = texto(r, desde, hasta);
  return t === "" || /^0+$/.test(t) ? null : t;
};

class CampoNoValido extends Error {}

function fecha(r: string, desde: number, linea: number): string {
  const f = campo(r, desde, desde + 5);
  const [aa, mm, dd] = [f.slice(0, 2), f.slice(2, 4), f.slice(4, 6)];
  const iso = `20${aa}-${mm}-${dd}`;
  const d = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{6}$/.test(f) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso) {
    throw new CampoNoValido(`Línea ${linea}: la fecha «${f}» no es una fecha AAMMDD`);
  }
  return iso;
}

function numero(r: string, desde: number, hasta: number, linea: number): number {
  const n = campo(r, desde, hasta);
  if (!/^\d+$/.test(n)) throw new CampoNoValido(`Línea ${linea}: «${n}» no es un número`);
  return Number(n);
}

/** Un importe con su clave: 1 debe (negativo), 2 haber (positivo). */
function importe(r: string, clave: number, desde: number, linea: number): number {
  const c = campo(r, clave, clave);
  if (c !== "1" && c !== "2") {
    throw new CampoNoValido(`Línea ${linea}: la clave de debe o haber es «${c}» y debe ser 1 o 2`);
  }
  const centimos = numero(r, desde, desde + 13, linea);
  return c === "1" ? -centimos : centimos;
}

type CuentaAbierta = {
  cuenta: CuentaExtracto;
  /** Entidad, oficina y cuenta tal como vienen en el 11 (posiciones 3-20). */
  clave: string;
  linea: number;
  /** Algún registro suyo no se pudo leer: sus totales no se comparan (el problema ya está dicho). */
  incompleta: boolean;
};

/**
 * Lee un fichero de la norma 43 (sus bytes tal cual) y comprueba su forma y sus cuentas: cada
 * registro de 80 bytes (acepta fin de línea CRLF o LF), los códigos de registro, el orden (11, sus
 * 22 con sus 23, 33 que cierra la cuenta, 88 al final), los totales del 33 contra los movimientos,
 * que el saldo final sea el inicial más los abonos menos los cargos y el número de registros del
 * 88. Un fichero puede traer varias cuentas. Los problemas dicen la línea (desde 1).
 */
export function leerNorma43(bytes: Uint8Array): LecturaExtracto {
  const lineas = latin1(bytes).split("\n");
  while (lineas.length > 0 && lineas.at(-1)?.replace(/\r$/, "") === "") lineas.pop();

  const problemas: ProblemaExtracto[] = [];
  const cuentas: CuentaExtracto[] = [];
  let abierta: CuentaAbierta | null = null;
  /** El último movimiento y cuántos 23 lleva; null tras un registro que no es 22, 23 o 24. */
  let movimiento: { apunte: ApunteExtracto; complementarios: number } | null = null;
  /** Un 22 que no se pudo leer: sus 23 no se quejan otra vez. */
  let movimientoRoto = false;
  let registros = 0;
  let fin: number | null = null;
  /** Los movimientos con la clave 1 (debe) en su registro 22. */
  const enDebe = new WeakSet<ApunteExtracto>();

  const problema = (linea: number | null, mensaje: string) => {
    problemas.push({ linea, mensaje });
  };

  function cerrar33(r: string, n: number, a: CuentaAbierta) {
    // By the key of each 22 (a 0,00 movement is counted on its side too).
    const cargos = a.cuenta.apuntes.filter((x) => enDebe.has(x));
    const abonos = a.cuenta.apuntes.filter((x) => !enDebe.has(x));
    const suma = (xs: ApunteExtracto[]) => xs.reduce((s, x) => s + Math.abs(x.importeCentimos), 0);
    if (campo(r, 3, 20) !== a.clave) {
      problema(
        n,
        `Línea ${n}: la cuenta del registro 33 no es la del registro 11 (línea ${a.linea})`,
      );
    }
    a.cuenta.saldoFinalCentimos = importe(r, 59, 60, n);
    cuentas.push(a.cuenta);
    if (a.incompleta) return;
    const totales = [
      ["debe", numero(r, 21, 25, n), numero(r, 26, 39, n), cargos] as const,
      ["haber", numero(r, 40, 44, n), numero(r, 45, 58, n), abonos] as const,
    ];
    for (const [lado, apuntes, total, reales] of totales) {
      if (apuntes !== reales.length) {
        problema(
          n,
          `Línea ${n}: el registro 33 dice ${apuntes} apuntes en el ${lado} y la cuenta tiene ${reales.length}`,
        );
      }
      if (total !== suma(reales)) {
        problema(
          n,
          `Línea ${n}: el total del ${lado} del registro 33 (${formatearImporte(total)}) no es la suma de sus apuntes (${formatearImporte(suma(reales))})`,
        );
      }
    }
    const descuadre = descuadreSaldoFinal(a.cuenta, n);
    if (descuadre) problema(n, descuadre);
  }

  function leer11(r: string, n: number): CuentaAbierta {
    const [entidad, oficina, numeroCuenta] = [campo(r, 3, 6), campo(r, 7, 10), campo(r, 11, 20)];
    if (!/^\d{18}$/.test(`${entidad}${oficina}${numeroCuenta}`)) {
      throw new CampoNoValido(
        `Línea ${n}: la cuenta «${entidad} ${oficina} ${numeroCuenta}» no son 18 cifras`,
      );
    }
    const ccc = {
      entidad,
      oficina,
      dc: digitosControlCcc(entidad, oficina, numeroCuenta),
      cuenta: numeroCuenta,
    };
    const iban = ibanDeCcc(ccc);
    const codigoDivisa = campo(r, 48, 50);
    const cuenta: CuentaExtracto = {
      iban: esIbanValido(iban) ? iban : null,
      ccc,
      divisa: DIVISAS[codigoDivisa] ?? codigoDivisa,
      titular: texto(r, 52, 77),
      fechaDesde: fecha(r, 21, n),
      fechaHasta: fecha(r, 27, n),
      saldoInicialCentimos: importe(r, 33, 34, n),
      saldoFinalCentimos: 0,
      apuntes: [],
    };
    return { cuenta, clave: campo(r, 3, 20), linea: n, incompleta: false };
  }

  function leer22(r: string, n: number): ApunteExtracto {
    const referencia2 = referencia(r, 65, 80);
    const centimos = importe(r, 28, 29, n);
    const apunte: ApunteExtracto = {
      linea: n,
      fechaOperacion: fecha(r, 11, n),
      fechaValor: fecha(r, 17, n),
      // -0 (a 0,00 cargo) is 0.
      importeCentimos: centimos === 0 ? 0 : centimos,
      concepto: referencia2 ?? "",
      conceptos: [],
      conceptoComun: texto(r, 23, 24),
      conceptoPropio: texto(r, 25, 27),
      documento: referencia(r, 43, 52),
      referencia1: referencia(r, 53, 64),
      referencia2,
      endToEndId: null,
      referenciaBanco: null,
    };
    if (campo(r, 28, 28) === "1") enDebe.add(apunte);
    return apunte;
  }

  for (const [i, bruta] of lineas.entries()) {
    if (problemas.length >= MAXIMO_PROBLEMAS) break;
    const n = i + 1;
    const r = bruta.replace(/\r$/, "");
    const codigo = r.slice(0, 2);
    if (fin !== null) {
      problema(n, `Línea ${n}: hay registros después del registro 88 (línea ${fin})`);
      break;
    }
    if (codigo !== "88") registros++;
    if (r.length !== LONGITUD_REGISTRO) {
      problema(n, `Línea ${n}: el registro tiene ${r.length} caracteres y debe tener 80`);
      if (abierta) abierta.incompleta = true;
      continue;
    }
    try {
      switch (codigo) {
        case "11":
          if (abierta) {
            problema(
              n,
              `Línea ${n}: empieza una cuenta sin el registro 33 de la anterior (línea ${abierta.linea})`,
            );
          }
          abierta = null;
          movimiento = null;
          abierta = leer11(r, n);
          break;
        case "22":
          movimiento = null;
          movimientoRoto = true;
          if (!abierta) {
            problema(n, `Línea ${n}: un movimiento (registro 22) sin su cuenta (registro 11)`);
            break;
          }
          movimiento = { apunte: leer22(r, n), complementarios: 0 };
          movimientoRoto = false;
          abierta.cuenta.apuntes.push(movimiento.apunte);
          break;
        case "23":
        case "24":
          if (!movimiento) {
            if (!movimientoRoto) {
              problema(n, `Línea ${n}: un registro ${codigo} sin su movimiento (registro 22)`);
            }
            break;
          }
          if (codigo === "24") break;
          if (++movimiento.complementarios > MAXIMO_CONCEPTOS) {
            problema(n, `Línea ${n}: un movimiento no puede tener más de 5 registros 23`);
            break;
          }
          for (const c of [texto(r, 5, 42), texto(r, 43, 80)]) {
            if (c !== "") movimiento.apunte.conceptos.push(c);
          }
          movimiento.apunte.concepto = [
            movimiento.apunte.referencia2 ?? "",
            ...movimiento.apunte.conceptos,
          ]
            .filter((c) => c !== "")
            .join(" · ");
          break;
        case "33": {
          movimiento = null;
          movimientoRoto = false;
          const a: CuentaAbierta | null = abierta;
          abierta = null;
          if (!a) {
            problema(n, `Línea ${n}: un final de cuenta (registro 33) sin su registro 11`);
            break;
          }
          cerrar33(r, n, a);
          break;
        }
        case "88":
          fin = n;
          if (abierta) {
            problema(
              n,
              `Línea ${n}: la cuenta de la línea ${abierta.linea} no termina con su registro 33`,
            );
          }
          if (numero(r, 21, 26, n) !== registros) {
            problema(
              n,
              `Línea ${n}: el registro 88 dice ${numero(r, 21, 26, n)} registros y el fichero tiene ${registros}`,
            );
          }
          break;
        default:
          problema(n, `Línea ${n}: «${codigo}» no es un código de registro de la norma 43`);
      }
    } catch (e) {
      if (!(e instanceof CampoNoValido)) throw e;
      problema(n, e.message);
      if (abierta) abierta.incompleta = true;
    }
  }

  if (problemas.length === 0 && fin === null) {
    problema(null, "Falta el registro 88 de fin de fichero");
  }
  if (problemas.length === 0 && cuentas.length === 0) {
    problema(null, "El fichero no trae ninguna cuenta (registro 11)");
  }
  return problemas.length > 0
    ? { ok: false, problemas }
    : { ok: true, extracto: { formato: "norma43", cuentas } };
}
