import { z } from "zod";
import { FechaSchema, IdSchema } from "../comun/esquemas";

/** `page` (from 1) and `pageSize` (1–200, 50 by default) of a paginated list's query. */
export const CAMPOS_PAGINA = {
  page: z.coerce
    .number({ error: "La página debe ser un número." })
    .int({ error: "La página debe ser un número entero." })
    .min(1, { error: "La página empieza en 1." })
    .max(1_000_000, { error: "La página es demasiado grande." })
    .default(1),
  pageSize: z.coerce
    .number({ error: "El tamaño de página debe ser un número." })
    .int({ error: "El tamaño de página debe ser un número entero." })
    .min(1, { error: "El tamaño de página va de 1 a 200." })
    .max(200, { error: "El tamaño de página va de 1 a 200." })
    .default(50),
};

// ---- Correo saliente ----

export const ESTADOS_CORREO = ["pendiente", "enviado", "error", "sin_smtp"] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

/** `GET /api/utilidades/correos`: `q` busca en el destinatario y el asunto. */
export const ListaCorreosQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: "La búsqueda no puede tener más de 100 caracteres." })
    .optional(),
  estado: z
    .enum(ESTADOS_CORREO, { error: `El estado debe ser uno de: ${ESTADOS_CORREO.join(", ")}.` })
    .optional(),
  ...CAMPOS_PAGINA,
});
export type ListaCorreosQuery = z.infer<typeof ListaCorreosQuerySchema>;

/** Un correo de la bandeja de salida, sin su cuerpo: los enlaces de invitación y de contraseña solo los ve el destinatario. */
export const CorreoSalienteSchema = z.object({
  id: IdSchema,
  para: z.string(),
  asunto: z.string(),
  estado: z.enum(ESTADOS_CORREO),
  error: z.string(),
  creadoEn: z.string(),
  enviadoEn: z.string().nullable(),
});
export type CorreoSaliente = z.infer<typeof CorreoSalienteSchema>;

export const ListaCorreosSchema = z.object({
  items: z.array(CorreoSalienteSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** false: sin SMTP_URL los correos solo se guardan y no se pueden reenviar. */
  conSmtp: z.boolean(),
});
export type ListaCorreos = z.infer<typeof ListaCorreosSchema>;

// ---- Registro de actividad ----

const filtrosActividad = {
  idUsuario: z.coerce
    .number({ error: "La persona no es válida." })
    .int({ error: "La persona no es válida." })
    .positive({ error: "La persona no es válida." })
    .max(2_147_483_647, { error: "La persona no es válida." })
    .optional(),
  entidad: z.string().trim().min(1).max(50, { error: "La entidad no es válida." }).optional(),
  idEntidad: z.coerce
    .number({ error: "El identificador no es válido." })
    .int({ error: "El identificador no es válido." })
    .min(0, { error: "El identificador no es válido." })
    .max(2_147_483_647, { error: "El identificador no es válido." })
    .optional(),
  desde: FechaSchema.optional(),
  hasta: FechaSchema.optional(),
};

/** `GET /api/utilidades/actividad`: por persona (quien lo hizo), entidad y fechas (incluidas). */
export const ListaActividadQuerySchema = z.object({ ...filtrosActividad, ...CAMPOS_PAGINA });
export type ListaActividadQuery = z.infer<typeof ListaActividadQuerySchema>;

export const ExportarActividadQuerySchema = z.object({
  ...filtrosActividad,
  formato: z.enum(["csv", "xlsx"], { error: "El formato es csv o xlsx." }).default("xlsx"),
});
export type ExportarActividadQuery = z.infer<typeof ExportarActividadQuerySchema>;

export const CambioActividadSchema = z.object({
  campo: z.string(),
  antes: z.unknown(),
  despues: z.unknown(),
});

export const EntradaActividadSchema = z.object({
  id: IdSchema,
  fecha: z.string(),
  idUsuario: z.int().nullable(),
  usuario: z.string(),
  entidad: z.string(),
  idEntidad: z.int(),
  accion: z.string(),
  cambios: z.array(CambioActividadSchema),
});
export type EntradaActividad = z.infer<typeof EntradaActividadSchema>;

export const ListaActividadSchema = z.object({
  items: z.array(EntradaActividadSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type ListaActividad = z.infer<typeof ListaActividadSchema>;

/** Lo que ofrecen los filtros: las entidades con actividad y las personas que la hicieron. */
export const FiltrosActividadSchema = z.object({
  entidades: z.array(z.string()),
  usuarios: z.array(z.object({ id: IdSchema, nombre: z.string() })),
});
export type FiltrosActividad = z.infer<typeof FiltrosActividadSchema>;
