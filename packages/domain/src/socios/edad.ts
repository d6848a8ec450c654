import { ZONA_HORARIA } from "../formato/formato";
import { perezoso } from "../formato/perezoso";

const FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

function partes(fecha: string): [number, number, number] {
  const m = FECHA.exec(fecha);
  if (!m) throw new RangeError(`Fecha no válida: ${fecha}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, ancho = 2) => String(n).padStart(ancho, "0");

function diasDelMes(anyo: number, mes: number): number {
  return new Date(Date.UTC(anyo, mes, 0)).getUTCDate();
}

// Created on first use (perezoso): a page that loads this module without asking for today's
// date does not pay for the time-zone data.
const formatoDia = perezoso(
  () =>
    new Intl.DateTimeFormat("en-CA", {
      timeZone: ZONA_HORARIA,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }),
);

/** Today's calendar date in Spain, `YYYY-MM-DD` (the server may run in UTC). */
export function hoyIso(ahora: Date = new Date()): string {
  return formatoDia().format(ahora);
}

/**
 * Años cumplidos en `hoy` por quien nació en `fechaNacimiento` (ambas `YYYY-MM-DD`).
 * Quien nació un 29 de febrero cumple en los años no bisiestos el 1 de marzo.
 * Sin fecha de nacimiento, o si aún no ha nacido, no hay edad (null).
 */
export function calcularEdad(
  fechaNacimiento: string | null,
  hoy: string = hoyIso(),
): number | null {
  if (!fechaNacimiento) return null;
  const [an, mn, dn] = partes(fechaNacimiento);
  const [ah, mh, dh] = partes(hoy);
  let edad = ah - an;
  if (mh < mn || (mh === mn && dh < dn)) edad -= 1;
  return edad < 0 ? null : edad;
}

/**
 * La fecha de nacimiento más reciente de quien tiene al menos `anyos` en `hoy`: tiene esa edad
 * quien nació ese día o antes. Coincide con `calcularEdad` (29 de febrero incluido), así el
 * filtro por edad puede hacerse en SQL con una comparación de fechas.
 */
export function fechaLimiteEdad(hoy: string, anyos: number): string {
  const [a, m, d] = partes(hoy);
  const anyo = a - anyos;
  return `${pad(anyo, 4)}-${pad(m)}-${pad(Math.min(d, diasDelMes(anyo, m)))}`;
}
