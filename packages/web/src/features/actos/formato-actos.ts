import { aCentimos, formatearFecha, formatearImporte } from "@fila/domain";

/** An amount of the API (euros) as the screen shows it: "1.234,56 €". */
export function euros(importe: number): string {
  return formatearImporte(aCentimos(importe));
}

/** "dd/mm/aaaa" or "dd/mm/aaaa · HH:mm". */
export function fechaConHora(fecha: string, hora: string | null | undefined): string {
  return hora ? `${formatearFecha(fecha)} · ${hora}` : formatearFecha(fecha);
}
