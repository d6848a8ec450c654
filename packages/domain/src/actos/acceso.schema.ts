import { z } from "zod";
import { ESTADOS_INSCRIPCION } from "./inscripcion.schema";

/**
 * Lo que responde la puerta al leer un carnet (siempre 200):
 * - `registrado`: tenía plaza; queda marcada la asistencia (da los puntos del acto).
 * - `repetido`: ya había entrado (a la `hora`).
 * - `en_espera`: está en la lista de espera, sin plaza.
 * - `no_inscrito`: el carnet vale pero el socio no está inscrito.
 * - `carnet_no_valido`: código falsificado, mal leído o de un carnet renovado.
 * - `otro_dia`: el acto no es el día de la lectura (hora de Madrid); no se marca nada.
 */
export const RESULTADOS_ACCESO = [
  "registrado",
  "repetido",
  "en_espera",
  "no_inscrito",
  "carnet_no_valido",
  "otro_dia",
] as const;
export type ResultadoAcceso = (typeof RESULTADOS_ACCESO)[number];

/** Cuerpo de `POST /api/actos/:id/accesos`. */
export const AccesoEntradaSchema = z.object({
  codigo: z
    .string({ error: "Falta el código del carnet" })
    .min(1, { error: "Falta el código del carnet" })
    .max(500, { error: "El código del carnet es demasiado largo" }),
  /**
   * Cuándo se leyó el carnet (instante ISO 8601): una lectura guardada sin conexión se envía
   * después. El servidor decide con ella el día (Madrid) y la hora de entrada; sin ella, ahora.
   */
  leidoEn: z.iso
    .datetime({ offset: true, error: "La hora de lectura no es una fecha y hora ISO 8601" })
    .optional(),
});
export type AccesoEntrada = z.infer<typeof AccesoEntradaSchema>;

/** Cuántos han entrado de los inscritos con plaza (inscripciones, no personas). */
export const RecuentoAccesoSchema = z.object({ dentro: z.int(), confirmados: z.int() });
export type RecuentoAcceso = z.infer<typeof RecuentoAccesoSchema>;

export const AccesoSchema = z.object({
  resultado: z.enum(RESULTADOS_ACCESO),
  idSocio: z.int().nullable(),
  idInscripcion: z.int().nullable(),
  /** Nombre y apellidos; null si el carnet no es válido. */
  nombre: z.string().nullable(),
  matricula: z.int().nullable(),
  /** Ruta de la foto del socio; null sin foto o sin socio. */
  imagen: z.string().nullable(),
  menu: z.string().nullable(),
  invitados: z.int().nullable(),
  /** Hora (hh:mm, Madrid) a la que entró: en `registrado` y `repetido`. */
  hora: z.string().nullable(),
  puestoEspera: z.int().nullable(),
  recuento: RecuentoAccesoSchema,
});
export type Acceso = z.infer<typeof AccesoSchema>;

/** Una fila de la lista de la puerta (la búsqueda a mano por nombre o matrícula). */
export const AccesoInscritoSchema = z.object({
  idInscripcion: z.int(),
  idSocio: z.int(),
  nombre: z.string(),
  apellidos: z.string(),
  matricula: z.int().nullable(),
  estado: z.enum(ESTADOS_INSCRIPCION),
  asistio: z.boolean(),
  hora: z.string().nullable(),
  menu: z.string(),
  invitados: z.int(),
});
export type AccesoInscrito = z.infer<typeof AccesoInscritoSchema>;

export const AccesosSchema = z.object({
  fecha: z.string(),
  esHoy: z.boolean(),
  recuento: RecuentoAccesoSchema,
  items: z.array(AccesoInscritoSchema),
});
export type Accesos = z.infer<typeof AccesosSchema>;
