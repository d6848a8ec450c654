import { aCentimos, aEuros } from "../formato/formato";

/**
 * Cuota anual de la derrama: el importe repartido entre los años de pago, en euros con
 * dos decimales. Sin años de pago (0) no hay cuota anual.
 */
export function calcularDerramaAnual(importeDerrama: number, anyosPagoDerrama: number): number {
  if (!Number.isInteger(anyosPagoDerrama) || anyosPagoDerrama <= 0) return 0;
  return aEuros(Math.round(aCentimos(importeDerrama) / anyosPagoDerrama));
}

/** Lo que queda por pagar de la derrama, en euros; nunca negativo. */
export function calcularDerramaPendiente(importeDerrama: number, derramaPagada: number): number {
  return aEuros(Math.max(0, aCentimos(importeDerrama) - aCentimos(derramaPagada)));
}
