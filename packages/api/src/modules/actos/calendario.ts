import { type Idioma, textoEnMiIdioma } from "@fila/domain";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { ActoFila } from "./actos.repository.js";

export const ZONA = "Europe/Madrid";
export const TIPO_CALENDARIO = "text/calendar; charset=utf-8";

/** VTIMEZONE of Europe/Madrid (CET/CEST, EU rules since 1996), so TZID references resolve. */
const VTIMEZONE_MADRID = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Madrid",
  "X-LIC-LOCATION:Europe/Madrid",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

/**
 * A Date whose *local* fields are the Madrid wall-clock time: ical-generator writes dates of a
 * calendar with a timezone using the local getters, so this prints exactly `fecha hora`
 * with TZID=Europe/Madrid whatever the server's own zone is.
 */
function horaDePared(fecha: string, hora: string, sumarHoras = 0): Date {
  const [y, m, d] = fecha.split("-").map(Number) as [number, number, number];
  const [hh, mm] = hora ? (hora.split(":").map(Number) as [number, number]) : [0, 0];
  return new Date(y, m - 1, d, hh + sumarHoras, mm);
}

function siguienteDia(fecha: string): Date {
  const [y, m, d] = fecha.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1);
}

/**
 * The calendars' own names, in each language (issue 38); events keep the names the board gave
 * them. The public feed has no reader: Spanish.
 */
export const NOMBRES_CALENDARIO = {
  es: { publico: "Actos de la filà", privado: "Mis actos de la filà" },
  va: { publico: "Actes de la filà", privado: "Els meus actes de la filà" },
} as const satisfies Record<Idioma, Record<string, string>>;

/** The language tag of PRODID (RFC 5545 §3.7.3 example: ISO 639, upper case). */
const LENGUA_ICAL: Record<Idioma, string> = { es: "ES", va: "CA" };

export type OpcionesCalendario = {
  nombre: string;
  publicUrl: string;
  dominio: string;
  idioma?: Idioma;
};

/**
 * An iCalendar (RFC 5545) document with the given events; events without time are all-day.
 *
 * The zone goes on each event, not on the calendar: with a calendar zone, ical-generator also
 * writes DTSTAMP (and CREATED, LAST-MODIFIED) as local time without the `Z` that RFC 5545
 * requires, and a strict reader takes them as floating times. Our VTIMEZONE goes in by hand.
 */
export function generarCalendario(actos: ActoFila[], opciones: OpcionesCalendario): string {
  const calendario = ical({
    name: opciones.nombre,
    prodId: { company: "Filà", product: "Actos", language: LENGUA_ICAL[opciones.idioma ?? "es"] },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
    x: [["X-WR-TIMEZONE", ZONA]],
  });
  for (const acto of actos) {
    // The description in the reader's language, or the other one when only it is written.
    const descripcion = textoEnMiIdioma(
      acto.descripcion,
      acto.descripcion_va,
      opciones.idioma ?? "es",
    );
    const texto = [descripcion, acto.observaciones].filter(Boolean).join("\n\n");
    calendario.createEvent({
      id: `acto-${acto.id}@${opciones.dominio}`,
      summary: acto.nombre,
      start: horaDePared(acto.fecha, acto.hora),
      end: acto.hora ? horaDePared(acto.fecha, acto.hora, 2) : siguienteDia(acto.fecha),
      allDay: !acto.hora,
      location: acto.lugar || null,
      description: texto || null,
      url: `${opciones.publicUrl}/#/misactos`,
      timezone: ZONA,
      stamp: acto.actualizado_en,
    });
  }
  return calendario.toString().replace(/END:VCALENDAR(\r\n)?$/, `${VTIMEZONE_MADRID}\r\n$&`);
}
