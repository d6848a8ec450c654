import { z } from "zod";
import { FechaSchema, IdSchema } from "../comun/esquemas";
import { esMotivoDevolucion } from "./motivos-devolucion";

/** Remesas de adeudos directos SEPA: lo que la API recibe y devuelve. Importes en euros. */

export const ESTADOS_REMESA = ["generada", "cobrada"] as const;
export type EstadoRemesa = (typeof ESTADOS_REMESA)[number];
export const ESTADOS_ADEUDO = ["incluido", "cobrado", "devuelto"] as const;
export type EstadoAdeudo = (typeof ESTADOS_ADEUDO)[number];
export const SECUENCIAS_SEPA = ["FRST", "RCUR"] as const;
export type SecuenciaSepa = (typeof SECUENCIAS_SEPA)[number];

export const RemesaEntradaSchema = z.object({
  fechaCobro: FechaSchema,
  hasta: FechaSchema,
});
export type RemesaEntrada = z.infer<typeof RemesaEntradaSchema>;

export const MotivoDevolucionSchema = z
  .string({ error: "Indica el código del motivo de devolución" })
  .trim()
  .toUpperCase()
  .refine(esMotivoDevolucion, { error: "El código del motivo de devolución no es válido" });

export const DevolucionesSchema = z.object({
  devoluciones: z
    .array(z.object({ idPago: IdSchema, motivo: MotivoDevolucionSchema }), {
      error: "Indica los cargos devueltos",
    })
    .min(1, { error: "Indica al menos un cargo devuelto" })
    .max(10_000, { error: "Demasiadas devoluciones en una sola petición" }),
});
export type Devoluciones = z.infer<typeof DevolucionesSchema>;

export const PagoDeAdeudoSchema = z.object({
  id: z.int(),
  idSocio: z.int(),
  concepto: z.string(),
  importe: z.number(),
  estado: z.string(),
});

export const AdeudoSchema = z.object({
  id: z.int(),
  idPagador: z.int(),
  pagador: z.object({ nombre: z.string(), apellidos: z.string() }),
  importe: z.number(),
  endToEndId: z.string(),
  mandatoId: z.string(),
  secuencia: z.enum(SECUENCIAS_SEPA),
  estado: z.enum(ESTADOS_ADEUDO),
  motivoDevolucion: z.string(),
  pagos: z.array(PagoDeAdeudoSchema),
});
export type Adeudo = z.infer<typeof AdeudoSchema>;

export const ExcluidoSchema = z.object({
  idSocio: z.int(),
  nombre: z.string(),
  motivo: z.string(),
  importe: z.number(),
});
export type Excluido = z.infer<typeof ExcluidoSchema>;

export const ResumenRemesaSchema = z.object({
  id: z.int(),
  mensajeId: z.string(),
  fechaCobro: z.string(),
  hasta: z.string(),
  estado: z.enum(ESTADOS_REMESA),
  numAdeudos: z.int(),
  total: z.number(),
  creadaEn: z.string(),
});
export type ResumenRemesa = z.infer<typeof ResumenRemesaSchema>;

export const RemesaSchema = ResumenRemesaSchema.extend({
  adeudos: z.array(AdeudoSchema),
  excluidos: z.array(ExcluidoSchema),
});
export type Remesa = z.infer<typeof RemesaSchema>;

/**
 * Why a return read from a pain.002 was not registered: a debit is returned once, and a charge
 * returned once is never returned again (paid or cancelled since, it is not owed).
 */
export const MOTIVOS_OMISION_DEVOLUCION = [
  "adeudo_devuelto",
  "cargo_devuelto",
  "pagado_tras_devolucion",
  "anulado_tras_devolucion",
] as const;
export type MotivoOmisionDevolucion = (typeof MOTIVOS_OMISION_DEVOLUCION)[number];

export const OmisionDevolucionSchema = z.object({
  endToEndId: z.string(),
  /** The charge left as it was; null when the whole debit was already returned. */
  idPago: z.int().nullable(),
  motivo: z.enum(MOTIVOS_OMISION_DEVOLUCION),
});
export type OmisionDevolucion = z.infer<typeof OmisionDevolucionSchema>;

/** The remittance after registering returns, and what of the bank's file was left alone. */
export const DevolucionesResultadoSchema = RemesaSchema.extend({
  omitidos: z.array(OmisionDevolucionSchema),
});
export type DevolucionesResultado = z.infer<typeof DevolucionesResultadoSchema>;
