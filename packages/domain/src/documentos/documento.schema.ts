import { z } from "zod";
import { textoCorto } from "../comun/esquemas";

/** Quién ve un documento: solo administradores, socios (cuentas con ficha) o cualquier sesión. */
export const VISIBILIDADES_DOCUMENTO = ["administrador", "socios", "todos"] as const;
export type VisibilidadDocumento = (typeof VISIBILIDADES_DOCUMENTO)[number];

/** Tamaño máximo de un documento subido. */
export const DOCUMENTO_MAX_BYTES = 20 * 1024 * 1024;

export const DocumentoSchema = z.object({
  id: z.int(),
  titulo: z.string(),
  descripcion: z.string(),
  categoria: z.string(),
  anyo: z.int().nullable(),
  visibilidad: z.enum(VISIBILIDADES_DOCUMENTO),
  nombreArchivo: z.string(),
  tipoMime: z.string(),
  tamanyo: z.int(),
  subidoEn: z.string(),
});
export type Documento = z.infer<typeof DocumentoSchema>;

const anyoSchema = z.coerce
  .number({ error: "Introduce un año válido" })
  .int({ error: "Introduce un año válido" })
  .min(1900, { error: "Introduce un año entre 1900 y 2200" })
  .max(2200, { error: "Introduce un año entre 1900 y 2200" });

/**
 * Datos de un documento (campos del formulario multipart al subirlo, o JSON al cambiarlo).
 * `anyo` null significa «sin año».
 */
export const DocumentoEntradaSchema = z.object({
  titulo: textoCorto(200).min(1, { error: "El título es obligatorio" }),
  descripcion: textoCorto(2000).default(""),
  categoria: textoCorto(100).default(""),
  anyo: anyoSchema.nullable().default(null),
  visibilidad: z
    .enum(VISIBILIDADES_DOCUMENTO, {
      error: "La visibilidad es «administrador», «socios» o «todos»",
    })
    .default("administrador"),
});
export type DocumentoEntrada = z.output<typeof DocumentoEntradaSchema>;

export const ORDENES_DOCUMENTOS = ["titulo", "categoria", "anyo", "subidoEn", "id"] as const;
const ordenes = [
  ...ORDENES_DOCUMENTOS,
  ...ORDENES_DOCUMENTOS.map((o) => `-${o}` as const),
] as const;
const entero = z.coerce.number().int();

export const ListaDocumentosQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  categoria: z.string().trim().max(100).optional(),
  anyo: anyoSchema.optional(),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  sort: z
    .enum(ordenes, {
      error: `Ordena por: ${ORDENES_DOCUMENTOS.join(", ")} (con - delante para descendente)`,
    })
    .default("categoria"),
});
export type ListaDocumentosQuery = z.output<typeof ListaDocumentosQuerySchema>;

/** Las visibilidades que puede ver una cuenta: el administrador todas; con ficha, socios y todos. */
export function visibilidadesPara(lector: {
  rol: string;
  socioId: number;
}): VisibilidadDocumento[] {
  if (lector.rol === "administrador") return [...VISIBILIDADES_DOCUMENTO];
  return lector.socioId > 0 ? ["socios", "todos"] : ["todos"];
}
