import { z } from "zod";
import {
  booleanoQuery,
  EmailOpcionalSchema,
  EurosNoNegativoSchema,
  FechaSchema,
  IdEntidadSchema,
  IdSchema,
  textoCorto,
} from "../comun/esquemas";

export const ANUNCIO_MAX_IMAGENES = 6;
export const ANUNCIO_MAX_ETIQUETAS = 10;
/** Days an ad stays up after its `fecha` unless the owner renews it (API config can change it). */
export const ANUNCIO_DIAS_VIGENCIA = 90;

export const ContactoSchema = z.object({
  nombre: textoCorto(200).default(""),
  email: EmailOpcionalSchema.default(""),
  telefono: textoCorto(30).default(""),
});
export type Contacto = z.infer<typeof ContactoSchema>;

const EtiquetaSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: "Una etiqueta no puede estar vacía" })
  .max(50, { error: "Una etiqueta no puede tener más de 50 caracteres" });

const EtiquetasSchema = z
  .array(EtiquetaSchema)
  .max(ANUNCIO_MAX_ETIQUETAS, {
    error: `Un anuncio puede tener como mucho ${ANUNCIO_MAX_ETIQUETAS} etiquetas`,
  })
  .default([]);

export const AnuncioSchema = z.object({
  id: IdEntidadSchema,
  titulo: textoCorto(200).min(1, { error: "El título es obligatorio" }),
  descripcion: z.string().max(5000).default(""),
  precio: EurosNoNegativoSchema.default(0),
  imagenes: z
    .array(z.string())
    .max(ANUNCIO_MAX_IMAGENES, {
      error: `Un anuncio puede tener como mucho ${ANUNCIO_MAX_IMAGENES} imágenes`,
    })
    .default([]),
  etiquetas: EtiquetasSchema,
  destacado: z.boolean().default(false),
  fecha: FechaSchema,
  contacto: ContactoSchema.default({ nombre: "", email: "", telefono: "" }),
  activo: z.boolean().default(true),
  idSocio: IdSchema,
});
export type Anuncio = z.infer<typeof AnuncioSchema>;

/** An ad as the API answers it: SPEC §3 plus when it expires and the owner's name. */
export const AnuncioVistaSchema = AnuncioSchema.extend({
  caduca: FechaSchema,
  nombreSocio: z.string(),
});
export type AnuncioVista = z.infer<typeof AnuncioVistaSchema>;

/**
 * What an ad's author sends. `destacado` is accepted but only an administrador's value counts;
 * `contacto` left out takes the member's own name, email and phone.
 */
export const AnuncioEntradaSchema = z.object({
  titulo: textoCorto(200).min(1, { error: "El título es obligatorio" }),
  descripcion: z
    .string()
    .trim()
    .max(5000, { error: "No puede tener más de 5000 caracteres" })
    .default(""),
  precio: EurosNoNegativoSchema.default(0),
  etiquetas: EtiquetasSchema,
  contacto: ContactoSchema.optional(),
  activo: z.boolean().default(true),
  destacado: z.boolean().optional(),
});
export type AnuncioEntrada = z.output<typeof AnuncioEntradaSchema>;

export const ORDENES_ANUNCIOS = ["fecha", "precio", "titulo"] as const;
const ordenes = [...ORDENES_ANUNCIOS, ...ORDENES_ANUNCIOS.map((o) => `-${o}` as const)] as const;
const entero = z.coerce.number().int();

export const ListaAnunciosQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  etiqueta: z
    .string()
    .trim()
    .toLowerCase()
    .max(50, { error: "La etiqueta es demasiado larga" })
    .optional(),
  destacado: booleanoQuery("destacado").optional(),
  activo: booleanoQuery("activo").optional(),
  idSocio: z.coerce.number().pipe(IdSchema).optional(),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(24),
  sort: z
    .enum(ordenes, {
      error: `Ordena por: ${ORDENES_ANUNCIOS.join(", ")} (con - delante para descendente)`,
    })
    .default("-fecha"),
});
export type ListaAnunciosQuery = z.output<typeof ListaAnunciosQuerySchema>;

/** A contact needs a way to reach the seller. */
export const tieneMedioDeContacto = (c: Contacto) => c.email !== "" || c.telefono !== "";

/**
 * The WhatsApp link of a Spanish phone (9 digits starting with 6, 7, 8 or 9, optionally with
 * +34/0034 in front); null for any other phone.
 */
export function enlaceWhatsapp(telefono: string): string | null {
  const digitos = telefono.replace(/[\s().-]/g, "").replace(/^(\+|00)34/, "");
  return /^[6789]\d{8}$/.test(digitos) ? `https://wa.me/34${digitos}` : null;
}

/** `fecha` + `dias`, as `YYYY-MM-DD`. */
export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
