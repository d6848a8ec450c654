import { z } from "zod";
import {
  EmailOpcionalSchema,
  EurosNoNegativoSchema,
  FechaSchema,
  IdEntidadSchema,
  IdSchema,
  textoCorto,
} from "../comun/esquemas";

export const ANUNCIO_MAX_IMAGENES = 6;

export const ContactoSchema = z.object({
  nombre: textoCorto(200).default(""),
  email: EmailOpcionalSchema.default(""),
  telefono: textoCorto(30).default(""),
});
export type Contacto = z.infer<typeof ContactoSchema>;

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
  etiquetas: z.array(textoCorto(50).min(1)).max(20).default([]),
  destacado: z.boolean().default(false),
  fecha: FechaSchema,
  contacto: ContactoSchema.default({ nombre: "", email: "", telefono: "" }),
  activo: z.boolean().default(true),
  idSocio: IdSchema,
});
export type Anuncio = z.infer<typeof AnuncioSchema>;
