/**
 * Formato de importes, números y fechas para es-ES.
 *
 * Los espacios que produce Intl (sin separación U+00A0 antes de "€", U+202F en
 * algunas versiones) se normalizan a un espacio normal " ", para que el texto sea el
 * mismo en cualquier navegador y se pueda comparar en las pruebas.
 */

import { perezoso } from "./perezoso";

export const LOCALE = "es-ES";
export const MONEDA = "EUR";
export const ZONA_HORARIA = "Europe/Madrid";

const ESPACIOS_INTL = /[\u00a0\u202f]/g;

function normalizarEspacios(s: string): string {
  return s.replace(ESPACIOS_INTL, " ");
}

function comprobarFinito(n: number, nombre: string): void {
  if (typeof n !== "number" || !Number.isFinite(n)) {
    throw new RangeError(`${nombre} debe ser un número finito`);
  }
}

const formatoImporte = perezoso(
  () =>
    new Intl.NumberFormat(LOCALE, {
      style: "currency",
      currency: MONEDA,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // es-ES no agrupa los números de cuatro cifras por defecto ("1234,56 €").
      useGrouping: "always",
    }),
);

const MILES = /\B(?=(\d{3})+$)/g;

/**
 * 123456 → "1.234,56 €"; 5 → "0,05 €"; -150 → "-1,50 €". Se escribe a mano, igual que Intl en
 * es-ES: crear el primer `Intl.NumberFormat` de moneda carga los datos del idioma y costaba
 * ~50 ms del hilo principal en un móvil al pintar el inicio (bench/README.md, issue 16). Intl
 * queda para importes más allá de los enteros exactos de JavaScript.
 */
export function formatearImporte(centimos: number): string {
  comprobarFinito(centimos, "El importe");
  const redondeados = Math.round(centimos);
  if (!Number.isSafeInteger(redondeados)) {
    return normalizarEspacios(formatoImporte().format(aEuros(redondeados)));
  }
  const absolutos = Math.abs(redondeados);
  const euros = String(Math.floor(absolutos / 100)).replace(MILES, ".");
  const cents = String(absolutos % 100).padStart(2, "0");
  return `${redondeados < 0 ? "-" : ""}${euros},${cents} €`;
}

const formatosNumero = new Map<number | undefined, Intl.NumberFormat>();

/** Número con separador de miles "." y decimal ","; con `decimales`, fijos. */
export function formatearNumero(n: number, decimales?: number): string {
  comprobarFinito(n, "El número");
  if (
    decimales !== undefined &&
    (!Number.isInteger(decimales) || decimales < 0 || decimales > 20)
  ) {
    throw new RangeError("Los decimales deben ser un entero de 0 a 20");
  }
  let formato = formatosNumero.get(decimales);
  if (formato === undefined) {
    formato = new Intl.NumberFormat(LOCALE, {
      useGrouping: "always",
      ...(decimales === undefined
        ? {}
        : { minimumFractionDigits: decimales, maximumFractionDigits: decimales }),
    });
    formatosNumero.set(decimales, formato);
  }
  return normalizarEspacios(formato.format(n));
}

const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const OPCIONES_FECHA: Intl.DateTimeFormatOptions = {
  timeZone: ZONA_HORARIA,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
};

const formatoFecha = perezoso(() => new Intl.DateTimeFormat(LOCALE, OPCIONES_FECHA));

const formatoFechaHora = perezoso(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      ...OPCIONES_FECHA,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }),
);

function aDate(instante: string | Date | number): Date {
  const fecha = instante instanceof Date ? instante : new Date(instante);
  if (Number.isNaN(fecha.getTime())) {
    throw new RangeError(`Fecha no válida: ${String(instante)}`);
  }
  return fecha;
}

function partes(formato: Intl.DateTimeFormat, fecha: Date): Record<string, string> {
  const resultado: Record<string, string> = {};
  for (const parte of formato.formatToParts(fecha)) resultado[parte.type] = parte.value;
  return resultado;
}

const UNA_HORA_MS = 3_600_000;

/** The last Sunday of `mes` (0–11) of `anyo`, at 01:00 UTC, in ms. */
function ultimoDomingoALaUna(anyo: number, mes: number): number {
  const ultimoDia = new Date(Date.UTC(anyo, mes + 1, 0));
  return Date.UTC(anyo, mes, ultimoDia.getUTCDate() - ultimoDia.getUTCDay(), 1);
}

/**
 * Madrid's offset from UTC at an instant, by the rule Spain has kept since 1996 (UTC+1, and
 * UTC+2 from the last Sunday of March to the last Sunday of October, changing at 01:00 UTC);
 * null outside 1996–2037, where Intl answers. Creating the first `Intl.DateTimeFormat` with a
 * time zone loads the zone data: ~55 ms of the main thread (220 ms on a slowed phone) when the
 * socio home drew its alerts (bench/README.md, issue 16). The test compares every hour of those
 * years with Intl, so a change of the rule in the time zone database makes it fail.
 */
function desfaseDeMadridMs(instante: number): number | null {
  const anyo = new Date(instante).getUTCFullYear();
  if (anyo < 1996 || anyo > 2037) return null;
  const verano =
    instante >= ultimoDomingoALaUna(anyo, 2) && instante < ultimoDomingoALaUna(anyo, 9);
  return verano ? 2 * UNA_HORA_MS : UNA_HORA_MS;
}

const dosCifras = (n: number) => String(n).padStart(2, "0");

/** Day, month, year, hour and minute of an instant in Madrid. */
function enMadrid(fecha: Date, formato: () => Intl.DateTimeFormat): Record<string, string> {
  const desfase = desfaseDeMadridMs(fecha.getTime());
  if (desfase === null) return partes(formato(), fecha);
  const local = new Date(fecha.getTime() + desfase);
  return {
    day: dosCifras(local.getUTCDate()),
    month: dosCifras(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()),
    hour: dosCifras(local.getUTCHours()),
    minute: dosCifras(local.getUTCMinutes()),
  };
}

/**
 * "dd/mm/aaaa". Una fecha "YYYY-MM-DD" se toma tal cual, sin pasar por zonas horarias;
 * un instante (Date o ISO con hora) se muestra en la hora de Madrid. Vacío → "".
 */
export function formatearFecha(fecha: string | Date | null | undefined): string {
  if (fecha === null || fecha === undefined || fecha === "") return "";
  if (typeof fecha === "string") {
    const m = FECHA_ISO.exec(fecha);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const p = enMadrid(aDate(fecha), formatoFecha);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "dd/mm/aaaa HH:mm" en la hora de Madrid. Vacío → "". */
export function formatearFechaHora(instante: string | Date | number | null | undefined): string {
  if (instante === null || instante === undefined || instante === "") return "";
  const p = enMadrid(aDate(instante), formatoFechaHora);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * Euros → céntimos enteros, redondeando a la unidad más cercana (las mitades, lejos
 * del cero). Corrige el error de coma flotante: 0.29 → 29, 1.005 → 101.
 */
export function aCentimos(euros: number): number {
  comprobarFinito(euros, "El importe");
  const absoluto = Math.abs(euros);
  const texto = String(absoluto);
  // Desplazar la coma en el texto evita que 1.005 * 100 dé 100.49999999999999.
  const desplazado = texto.includes("e") ? absoluto * 100 : Number(`${texto}e2`);
  const centimos = Math.round(desplazado);
  if (!Number.isSafeInteger(centimos)) {
    throw new RangeError("El importe es demasiado grande");
  }
  return euros < 0 && centimos !== 0 ? -centimos : centimos;
}

/** Céntimos → euros (número con como mucho dos decimales). */
export function aEuros(centimos: number): number {
  comprobarFinito(centimos, "El importe");
  const euros = centimos / 100;
  return euros === 0 ? 0 : euros;
}

/** Si un importe en euros no tiene más de dos decimales (1.5 sí, 1.005 no). */
export function tieneComoMucho2Decimales(euros: number): boolean {
  if (typeof euros !== "number" || !Number.isFinite(euros)) return false;
  const centimos = Math.round(euros * 100);
  return Number.isSafeInteger(centimos) && centimos / 100 === euros;
}
