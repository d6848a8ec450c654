import { z } from "zod";
import { IdSchema, textoCorto } from "../comun/esquemas";

/** Una regla de recompensa de la asociación: p. ej. insignia de plata a los 25 años que cuentan. */
export const RecompensaEntradaSchema = z.object({
  nombre: textoCorto(120).min(1, { error: "El nombre es obligatorio" }),
  anyos: z
    .int({ error: "Los años son un número entero" })
    .min(1, { error: "Los años son al menos 1" })
    .max(150, { error: "Como mucho 150 años" }),
  activa: z.boolean().default(true),
});
export type RecompensaEntrada = z.infer<typeof RecompensaEntradaSchema>;

export const RecompensaSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  anyos: z.int(),
  activa: z.boolean(),
  concedidas: z.int(),
});
export type Recompensa = z.infer<typeof RecompensaSchema>;

export const ListaRecompensasSchema = z.object({ items: z.array(RecompensaSchema) });

const SocioBreveSchema = z.object({
  id: IdSchema,
  nombre: z.string(),
  apellidos: z.string(),
  matricula: z.int().nullable(),
});

export const CandidatoSchema = z.object({
  socio: SocioBreveSchema,
  recompensa: z.object({ id: IdSchema, nombre: z.string(), anyos: z.int() }),
  /** Los años que cuentan a 31 de diciembre del año. */
  anyosRecompensas: z.int(),
});
export type Candidato = z.infer<typeof CandidatoSchema>;

export const CandidatosSchema = z.object({ anyo: z.int(), items: z.array(CandidatoSchema) });

export const ConcesionEntradaSchema = z.object({
  idSocio: IdSchema,
  anyo: z
    .int({ error: "El año no es válido" })
    .min(1900, { error: "El año no es válido" })
    .max(2200, { error: "El año no es válido" }),
});

export const ConcesionSchema = z.object({
  id: IdSchema,
  socio: SocioBreveSchema,
  recompensa: z.object({ id: IdSchema, nombre: z.string(), anyos: z.int() }),
  anyo: z.int(),
  concedidaEn: z.iso.datetime(),
});
export type Concesion = z.infer<typeof ConcesionSchema>;

export const ListaConcesionesSchema = z.object({ items: z.array(ConcesionSchema) });
