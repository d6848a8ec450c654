/** Estados de un cargo. Sin zod: la web los usa en la tarjeta de pagos de las páginas de inicio. */
export const ESTADOS_PAGO = ["pendiente", "pagado", "devuelto", "anulado"] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];
