import { z } from "zod";
import { EurosNoNegativoSchema, FechaSchema, IdSchema, textoCorto } from "../comun/esquemas";

/**
 * The gallofa: the filà's collection round. Each contribution is money (`importe` in euros) or
 * kind (a `descripcion` and its estimated value in `importe`), from a member (`idSocio`) or
 * from someone outside the filà (`nombre`).
 */
export const TIPOS_GALLOFA = ["dinero", "especie"] as const;
export type TipoGallofa = (typeof TIPOS_GALLOFA)[number];

export const GallofaSchema = z.object({
  id: IdSchema,
  fecha: FechaSchema,
  idSocio: IdSchema.nullable(),
  /** The giver's name: the member's, or the one written for someone outside the filà. */
  nombre: z.string(),
  tipo: z.enum(TIPOS_GALLOFA),
  importe: z.number(),
  descripcion: z.string(),
  recogidoPor: z.string(),
  nota: z.string(),
  anonimo: z.boolean(),
});
export type Gallofa = z.infer<typeof GallofaSchema>;

export const GallofaEntradaSchema = z
  .object({
    fecha: FechaSchema,
    idSocio: IdSchema.nullable().default(null),
    nombre: textoCorto(200).default(""),
    tipo: z.enum(TIPOS_GALLOFA, { error: "El tipo es «dinero» o «especie»" }),
    importe: EurosNoNegativoSchema,
    descripcion: textoCorto(500).default(""),
    recogidoPor: textoCorto(200).default(""),
    nota: textoCorto(1000).default(""),
    anonimo: z.boolean().default(false),
  })
  .superRefine((g, ctx) => {
    if (g.idSocio === null && g.nombre === "") {
      ctx.addIssue({
        code: "custom",
        path: ["nombre"],
        message: "Elige un socio o escribe el nombre de quien da",
      });
    }
    if (g.tipo === "especie" && g.descripcion === "") {
      ctx.addIssue({
        code: "custom",
        path: ["descripcion"],
        message: "Describe lo que se da en especie",
      });
    }
    if (g.tipo === "dinero" && g.importe <= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["importe"],
        message: "El importe en dinero tiene que ser mayor que cero",
      });
    }
  });
export type GallofaEntrada = z.output<typeof GallofaEntradaSchema>;

export const ORDENES_GALLOFA = ["fecha", "nombre", "importe"] as const;
const ordenes = [...ORDENES_GALLOFA, ...ORDENES_GALLOFA.map((o) => `-${o}` as const)] as const;
const entero = z.coerce.number().int();

export const ListaGallofaQuerySchema = z.object({
  anyo: entero
    .min(1900, { error: "El año no es válido" })
    .max(2999, { error: "El año no es válido" })
    .optional(),
  tipo: z.enum(TIPOS_GALLOFA, { error: "El tipo es «dinero» o «especie»" }).optional(),
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  sort: z
    .enum(ordenes, {
      error: `Ordena por: ${ORDENES_GALLOFA.join(", ")} (con - delante para descendente)`,
    })
    .default("-fecha"),
});
export type ListaGallofaQuery = z.output<typeof ListaGallofaQuerySchema>;

export const TotalesGallofaSchema = z.object({
  anyo: z.int(),
  dinero: z.number(),
  especie: z.number(),
  aportaciones: z.int(),
  donantes: z.int(),
});
export type TotalesGallofa = z.infer<typeof TotalesGallofaSchema>;

/** The year's totals and last year's, to compare. */
export const ResumenGallofaSchema = z.object({
  actual: TotalesGallofaSchema,
  anterior: TotalesGallofaSchema,
});
export type ResumenGallofa = z.infer<typeof ResumenGallofaSchema>;

export const AnyoGallofaQuerySchema = z.object({
  anyo: entero
    .min(1900, { error: "El año no es válido" })
    .max(2999, { error: "El año no es válido" }),
});

export const ExportGallofaQuerySchema = AnyoGallofaQuerySchema.extend({
  formato: z.enum(["xlsx", "csv"], { error: "El formato es xlsx o csv" }).default("xlsx"),
});

/** Name on the printed thank-you list: "Anónimo" for whoever asked not to be named. */
export const nombreEnAgradecimiento = (g: { nombre: string; anonimo: boolean }) =>
  g.anonimo ? "Anónimo" : g.nombre;
