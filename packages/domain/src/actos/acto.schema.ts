import { z } from "zod";
import {
  EurosNoNegativoSchema,
  FechaOpcionalSchema,
  FechaSchema,
  HoraSchema,
  IdEntidadSchema,
  IdReferenciaSchema,
  IdSchema,
  textoCorto,
} from "../comun/esquemas";

/** Precio de un acto para un tipo de socio, cobrado mediante un producto (cuota). */
export const PrecioActoSchema = z.object({
  id: IdEntidadSchema,
  idTipoSocio: IdSchema,
  idProducto: IdReferenciaSchema,
  idActo: IdEntidadSchema,
  precio: EurosNoNegativoSchema,
});
export type PrecioActo = z.infer<typeof PrecioActoSchema>;

export const ActoSchema = z.object({
  id: IdEntidadSchema,
  nombre: textoCorto(200).min(1, { error: "El nombre es obligatorio" }),
  fecha: FechaSchema,
  hora: HoraSchema.default(""),
  lugar: textoCorto(200).default(""),
  inscripcionAutomatica: z.boolean().default(false),
  sePaga: z.boolean().default(false),
  esInterno: z.boolean().default(false),
  puntos: z.int().min(0).max(100_000).default(0),
  observaciones: z.string().max(5000).default(""),
  fechaMaximaInscripcion: FechaOpcionalSchema,
  precios: z.array(PrecioActoSchema).default([]),
  numInscritos: z.int().nonnegative().default(0),
});
export type Acto = z.infer<typeof ActoSchema>;
