/** Códigos ISO 20022 de motivo de devolución o rechazo de un adeudo SEPA, con su texto. */
export const MOTIVOS_DEVOLUCION = {
  AC01: "Número de cuenta incorrecto",
  AC04: "Cuenta cancelada",
  AC06: "Cuenta bloqueada",
  AC13: "Cuenta de un consumidor no admitida",
  AG01: "Operación no permitida en esta cuenta",
  AG02: "Código de operación no válido",
  AM04: "Fondos insuficientes",
  AM05: "Operación duplicada",
  BE05: "Acreedor no reconocido",
  CNOR: "El banco del acreedor no está en el sistema",
  DNOR: "El banco del deudor no está en el sistema",
  FF01: "Formato de fichero no válido",
  MD01: "Sin mandato",
  MD02: "Faltan datos del mandato o no son correctos",
  MD06: "Devolución solicitada por el deudor",
  MD07: "Deudor fallecido",
  MS02: "Rechazado por el deudor sin motivo",
  MS03: "Motivo no especificado por el banco",
  RC01: "BIC incorrecto",
  RR01: "Falta la identificación del deudor",
  RR02: "Falta el nombre o la dirección del deudor",
  RR03: "Falta el nombre o la dirección del acreedor",
  RR04: "Motivo regulatorio",
  SL01: "Servicio específico del banco del deudor",
} as const satisfies Record<string, string>;

export type MotivoDevolucion = keyof typeof MOTIVOS_DEVOLUCION;

export const CODIGOS_MOTIVO_DEVOLUCION = Object.keys(MOTIVOS_DEVOLUCION) as MotivoDevolucion[];

export function esMotivoDevolucion(codigo: string): codigo is MotivoDevolucion {
  return Object.hasOwn(MOTIVOS_DEVOLUCION, codigo);
}

/** «AM04 · Fondos insuficientes»; un código desconocido se muestra tal cual. */
export function describirMotivoDevolucion(codigo: string): string {
  return esMotivoDevolucion(codigo) ? `${codigo} · ${MOTIVOS_DEVOLUCION[codigo]}` : codigo;
}
