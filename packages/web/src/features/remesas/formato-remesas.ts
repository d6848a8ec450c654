import { aCentimos, formatearImporte, hoyIso } from "@fila/domain";

/** Euros of the API on screen: 1.234,56 €. */
export const importe = (euros: number) => formatearImporte(aCentimos(euros));

/** `YYYY-MM-DD` n days after today (Spain). */
export function dentroDeDias(dias: number, hoy = hoyIso()): string {
  const d = new Date(`${hoy}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

export const COLOR_ESTADO: Record<string, string> = {
  generada: "blue",
  cobrada: "green",
  incluido: "blue",
  cobrado: "green",
  devuelto: "red",
};
