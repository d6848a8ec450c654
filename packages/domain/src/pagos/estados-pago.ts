/** Estados de un cargo. Sin zod: la web los usa en la tarjeta de pagos de las páginas de inicio. */
export const ESTADOS_PAGO = ["pendiente", "pagado", "devuelto", "anulado"] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];

/**
 * Lo que el socio debe: un cargo sin pagar, también el que el banco devolvió. Una sola noción de
 * «por cobrar» para Mis pagos, Deudas, el cierre del año, el pago en línea y los envíos.
 */
export const ESTADOS_POR_COBRAR = [
  "pendiente",
  "devuelto",
] as const satisfies readonly EstadoPago[];
export type EstadoPorCobrar = (typeof ESTADOS_POR_COBRAR)[number];
