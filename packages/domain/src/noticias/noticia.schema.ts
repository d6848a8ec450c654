import { z } from "zod";
import { booleanoQuery, FechaSchema, textoCorto } from "../comun/esquemas";

/**
 * Quién puede leer una noticia publicada: `todos` (cualquier sesión) o `socios` (cuentas con
 * ficha de socio vinculada, y los administradores).
 */
export const AUDIENCIAS_NOTICIA = ["todos", "socios"] as const;
export type AudienciaNoticia = (typeof AUDIENCIAS_NOTICIA)[number];

/** Lo que la API devuelve de una noticia. `contenido` es HTML ya saneado por el servidor. */
export const NoticiaSchema = z.object({
  id: z.int(),
  titulo: z.string(),
  resumen: z.string(),
  contenido: z.string(),
  /** Ruta de la portada en la API (`/api/noticias/:id/imagen?v=…`) o null si no tiene. */
  imagen: z.string().nullable(),
  fecha: z.string(),
  publicada: z.boolean(),
  destacada: z.boolean(),
  audiencia: z.enum(AUDIENCIAS_NOTICIA),
  creadaEn: z.string(),
  actualizadaEn: z.string(),
  /** The same item in Valencian ("" = not written: the reader gets the Spanish text). */
  tituloVa: z.string(),
  resumenVa: z.string(),
  contenidoVa: z.string(),
});
export type Noticia = z.infer<typeof NoticiaSchema>;

/** Tamaño máximo del cuerpo HTML de una noticia, antes de sanearlo. */
export const CONTENIDO_NOTICIA_MAX = 200_000;

/** Alta y sustitución completa (PUT) de una noticia. */
export const NoticiaEntradaSchema = z.object({
  titulo: textoCorto(200).min(1, { error: "El título es obligatorio" }),
  resumen: textoCorto(500).default(""),
  contenido: z
    .string()
    .max(CONTENIDO_NOTICIA_MAX, { error: "El texto de la noticia es demasiado largo" })
    .default(""),
  fecha: FechaSchema,
  publicada: z.boolean().default(false),
  destacada: z.boolean().default(false),
  audiencia: z
    .enum(AUDIENCIAS_NOTICIA, { error: "La audiencia es «todos» o «socios»" })
    .default("todos"),
  tituloVa: textoCorto(200).default(""),
  resumenVa: textoCorto(500).default(""),
  contenidoVa: z
    .string()
    .max(CONTENIDO_NOTICIA_MAX, { error: "El texto de la noticia es demasiado largo" })
    .default(""),
});
export type NoticiaEntrada = z.output<typeof NoticiaEntradaSchema>;

export const ORDENES_NOTICIAS = ["fecha", "titulo", "creadaEn", "id"] as const;
const ordenes = [...ORDENES_NOTICIAS, ...ORDENES_NOTICIAS.map((o) => `-${o}` as const)] as const;
const entero = z.coerce.number().int();
const unoCero = (campo: string) => booleanoQuery(campo).optional();

/**
 * `?publicadas=1` pide la vista de lector (solo publicadas que la cuenta puede ver); para quien no
 * es administrador siempre es así. `?destacadas=1` pone las destacadas primero (inicios).
 * `publicada` filtra la lista del administrador; `destacada` filtra la de cualquiera (#/destacado).
 */
export const ListaNoticiasQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  publicadas: unoCero("publicadas"),
  destacadas: unoCero("destacadas"),
  publicada: unoCero("publicada"),
  destacada: unoCero("destacada"),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  sort: z
    .enum(ordenes, {
      error: `Ordena por: ${ORDENES_NOTICIAS.join(", ")} (con - delante para descendente)`,
    })
    .default("-fecha"),
});
export type ListaNoticiasQuery = z.output<typeof ListaNoticiasQuerySchema>;

/** ¿Puede leer una noticia publicada de esta audiencia quien tiene este rol y esta ficha? */
export function puedeLeerAudiencia(
  audiencia: AudienciaNoticia,
  lector: { rol: string; socioId: number },
): boolean {
  if (audiencia === "todos") return true;
  return lector.rol === "administrador" || lector.socioId > 0;
}
