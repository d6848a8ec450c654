import { z } from "zod";
import { IdSchema } from "../comun/esquemas";

/** Años que se guardan los datos de un socio dado de baja antes de poder anonimizarlo. */
export const ANYOS_OLVIDO_POR_DEFECTO = 5;

export const ConfiguracionOlvidoSchema = z.object({
  anyos: z
    .int({ error: "Los años deben ser un número entero entre 1 y 50." })
    .min(1, { error: "Los años deben ser un número entero entre 1 y 50." })
    .max(50, { error: "Los años deben ser un número entero entre 1 y 50." }),
});
export type ConfiguracionOlvido = z.infer<typeof ConfiguracionOlvidoSchema>;

/** Un socio dado de baja hace más de los años configurados y aún sin anonimizar. */
export const ElegibleOlvidoSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  matricula: z.int().nullable(),
  fechaBaja: z.string(),
});
export type ElegibleOlvido = z.infer<typeof ElegibleOlvidoSchema>;

export const ListaElegiblesOlvidoSchema = z.object({
  items: z.array(ElegibleOlvidoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  anyos: z.int(),
  /** Se puede anonimizar quien se dio de baja como muy tarde este día. */
  bajaHasta: z.string(),
});
export type ListaElegiblesOlvido = z.infer<typeof ListaElegiblesOlvidoSchema>;

/** `POST /api/utilidades/olvido`: no se puede deshacer, por eso pide `confirmar: true`. */
export const AnonimizacionSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, { error: "Elige al menos un socio." })
    .max(200, { error: "Como mucho 200 socios de una vez." })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Hay socios repetidos." }),
  confirmar: z.literal(true, {
    error: "Confirma que la anonimización no se puede deshacer (confirmar: true).",
  }),
});
export type Anonimizacion = z.infer<typeof AnonimizacionSchema>;

export const ResultadoAnonimizacionSchema = z.object({
  anonimizados: z.int(),
  ids: z.array(IdSchema),
  cuentasBorradas: z.int(),
});
export type ResultadoAnonimizacion = z.infer<typeof ResultadoAnonimizacionSchema>;
