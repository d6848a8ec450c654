import { aCentimos, formatearFecha, formatearImporte, hoyIso } from "@fila/domain";
import type { TFunction } from "../../lib/i18n";

/** An amount of the API (euros) as the screen shows it: "1.234,56 €". */
export function euros(importe: number): string {
  return formatearImporte(aCentimos(importe));
}

/** "dd/mm/aaaa" or "dd/mm/aaaa · HH:mm". */
export function fechaConHora(fecha: string, hora: string | null | undefined): string {
  return hora ? `${formatearFecha(fecha)} · ${hora}` : formatearFecha(fecha);
}

/**
 * Attendance (and its points) is marked from the event's day on, as the API requires; removing
 * a mark stays possible at any time.
 */
export function puedeMarcarAsistencia(fechaActo: string, hoy: string = hoyIso()): boolean {
  return fechaActo <= hoy;
}

/**
 * Why an event takes no enrolment now, in the reader's language: the API sends a code of
 * MOTIVOS_CIERRE (so «Mis actos» is the same answer in every language); without one, that
 * enrolment is closed.
 */
export function textoCierre(motivo: string | null, t: TFunction): string {
  return t(`actos.mios.motivoCierre.${motivo ?? "cerrada"}`);
}
