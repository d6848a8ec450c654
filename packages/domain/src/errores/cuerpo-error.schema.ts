import { z } from "zod";
import type { CuerpoError } from "./error-catalogo";

export const DetalleErrorSchema = z.object({
  campo: z.string(),
  mensaje: z.string(),
});

/** El cuerpo de toda respuesta de error de la API (`CuerpoError`), para el OpenAPI de cada ruta. */
export const CuerpoErrorSchema = z.object({
  error: z.string(),
  mensaje: z.string(),
  detalles: z.array(DetalleErrorSchema).optional(),
}) satisfies z.ZodType<CuerpoError>;
