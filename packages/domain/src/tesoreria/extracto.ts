import { formatearImporte } from "../formato/formato";

/**
 * El extracto de un banco, leído de la norma 43 (cuaderno 43 de la AEB) o de un camt.053 de
 * ISO 20022 (issue 47): la misma forma para los dos, para que la conciliación no sepa de qué
 * fichero vino. Importes en céntimos enteros (ingreso positivo, gasto negativo); fechas
 * `YYYY-MM-DD`.
 */

export type FormatoExtracto = "norma43" | "camt053";

/** Un apunte (una línea) del extracto. */
export type ApunteExtracto = {
  /** Línea del fichero (desde 1) del registro 22; null en un camt.053. */
  linea: number | null;
  fechaOperacion: string;
  fechaValor: string;
  /** Céntimos: positivo un abono (ingreso), negativo un cargo (gasto). */
  importeCentimos: number;
  /** El texto del apunte para una persona: los conceptos unidos por « · ». */
  concepto: string;
  /** Los conceptos complementarios (registros 23; AddtlNtryInf/Ustrd de un camt). */
  conceptos: string[];
  /** Concepto común de la AEB (2 dígitos: 01 talones, 02 abonarés, 03 recibos…); null en camt. */
  conceptoComun: string | null;
  /** Concepto propio de la entidad (3 dígitos; en camt, el código de la transacción del banco). */
  conceptoPropio: string | null;
  /** Número de documento (N43) o null. */
  documento: string | null;
  /** Referencia 1 y 2 (N43) o null. */
  referencia1: string | null;
  referencia2: string | null;
  /** La EndToEndId del SEPA (camt) o null. */
  endToEndId: string | null;
  /** La referencia del banco (AcctSvcrRef de un camt) o null. */
  referenciaBanco: string | null;
};

/** La cuenta española por sus partes (CCC) con sus dígitos de control. */
export type CccExtracto = { entidad: string; oficina: string; dc: string; cuenta: string };

/** Los apuntes de una cuenta entre dos fechas, con su saldo al empezar y al acabar. */
export type CuentaExtracto = {
  /** IBAN sin espacios; null si el fichero no lo da ni se puede calcular. */
  iban: string | null;
  /** Las partes de la cuenta española (N43), o null (un camt da el IBAN). */
  ccc: CccExtracto | null;
  /** Código ISO 4217 de la divisa: «EUR». */
  divisa: string;
  /** El nombre abreviado del titular (N43) o el del camt; "" si no viene. */
  titular: string;
  fechaDesde: string;
  fechaHasta: string;
  saldoInicialCentimos: number;
  saldoFinalCentimos: number;
  apuntes: ApunteExtracto[];
};

export type Extracto = { formato: FormatoExtracto; cuentas: CuentaExtracto[] };

/** Lo que está mal en un fichero: el texto ya dice la línea cuando la hay. */
export type ProblemaExtracto = { linea: number | null; mensaje: string };

export type LecturaExtracto =
  | { ok: true; extracto: Extracto }
  | { ok: false; problemas: ProblemaExtracto[] };

/** Saldo inicial más los apuntes: lo que debería ser el saldo final. */
export function saldoFinalCalculado(c: CuentaExtracto): number {
  return c.apuntes.reduce((s, a) => s + a.importeCentimos, c.saldoInicialCentimos);
}

/**
 * Si el saldo final no es el inicial más los apuntes, el texto que lo dice: con la línea (el
 * registro 33 de la norma 43) o con la cuenta (un camt.053). Null si cuadra.
 */
export function descuadreSaldoFinal(c: CuentaExtracto, linea: number | null): string | null {
  const calculado = saldoFinalCalculado(c);
  if (calculado === c.saldoFinalCentimos) return null;
  const final = formatearImporte(c.saldoFinalCentimos);
  const esperado = formatearImporte(calculado);
  return linea === null
    ? `Cuenta ${c.iban ?? "sin IBAN"}: el saldo final (${final}) no es el inicial más los movimientos (${esperado})`
    : `Línea ${linea}: el saldo final (${final}) no es el inicial más los abonos menos los cargos (${esperado})`;
}

const PESOS_CCC = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];

/** Dígito de control de la cuenta española de diez cifras (módulo 11). */
function digitoCcc(diezCifras: string): string {
  const suma = [...diezCifras].reduce((s, d, i) => s + Number(d) * (PESOS_CCC[i] ?? 0), 0);
  const d = 11 - (suma % 11);
  return String(d === 11 ? 0 : d === 10 ? 1 : d);
}

/** Los dígitos de control del CCC: el de «00»+entidad+oficina y el de la cuenta. */
export function digitosControlCcc(entidad: string, oficina: string, cuenta: string): string {
  return digitoCcc(`00${entidad}${oficina}`) + digitoCcc(cuenta);
}

/** El IBAN español de un CCC (ISO 13616: «ES» + control módulo 97 + las 20 cifras). */
export function ibanDeCcc(ccc: CccExtracto): string {
  const bban = `${ccc.entidad}${ccc.oficina}${ccc.dc}${ccc.cuenta}`;
  // «ES00» al final y en números (E=14, S=28).
  const resto = [...`${bban}142800`].reduce((r, d) => (r * 10 + Number(d)) % 97, 0);
  return `ES${String(98 - resto).padStart(2, "0")}${bban}`;
}
