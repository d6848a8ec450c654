import type { TipoPago } from "../socios/socio.schema";

/** Número de plazos en que se cobra la cuota anual según la periodicidad del socio. */
export const PLAZOS_POR_TIPO_PAGO: Readonly<Record<TipoPago, number>> = {
  anual: 1,
  semestral: 2,
  trimestral: 4,
  mensual: 12,
};

/**
 * Reparte un importe en céntimos en `plazos` partes enteras que suman exactamente el
 * total; los céntimos que sobran van a los primeros plazos.
 */
export function repartirEnPlazos(totalCentimos: number, plazos: number): number[] {
  if (!Number.isSafeInteger(totalCentimos)) {
    throw new RangeError("El total debe ser un número entero de céntimos");
  }
  if (!Number.isInteger(plazos) || plazos < 1) {
    throw new RangeError("El número de plazos debe ser un entero mayor que cero");
  }
  const signo = totalCentimos < 0 ? -1 : 1;
  const absoluto = Math.abs(totalCentimos);
  const base = Math.floor(absoluto / plazos);
  const resto = absoluto % plazos;
  return Array.from({ length: plazos }, (_, i) => signo * (base + (i < resto ? 1 : 0)) || 0);
}
