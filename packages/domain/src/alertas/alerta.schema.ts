import { z } from "zod";
import { IdSchema } from "../comun/esquemas";
import { ROLES } from "../sesion/usuario-sesion";

/**
 * Path inside the app (`/vernoticias?id=3`): never an external URL, a protocol-relative
 * `//host` or a `javascript:` link, so an alert can only take the reader somewhere in the app.
 */
export function esEnlaceInterno(valor: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(valor) && valor.length <= 500;
}

/** Image of an alert: an http(s) URL or a path on this same server. */
export function esImagenValida(valor: string): boolean {
  if (esEnlaceInterno(valor)) return true;
  try {
    const url = new URL(valor);
    return (url.protocol === "https:" || url.protocol === "http:") && valor.length <= 1000;
  } catch {
    return false;
  }
}

export const EnlaceAlertaSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || esEnlaceInterno(v), {
    error: "El enlace debe ser una ruta de la aplicación que empiece por «/» (p. ej. /vernoticias)",
  });

export const ImagenAlertaSchema = z
  .string()
  .trim()
  .refine((v) => v === "" || esImagenValida(v), {
    error: "La imagen debe ser una dirección http(s) o una ruta de este servidor",
  });

export const TIPOS_DESTINO = [
  "todos",
  "rol",
  "tiposSocio",
  "idActo",
  "idsSocio",
  "idsGrupo",
] as const;
export type TipoDestino = (typeof TIPOS_DESTINO)[number];

const listaIds = (max: number, que: string) =>
  z
    .array(IdSchema, { error: `Indica ${que}` })
    .min(1, { error: `Indica al menos ${que}` })
    .max(max, { error: `Como mucho ${max} a la vez` });

/** Exactly one of the kinds of recipients. */
export const DestinoAlertaSchema = z
  .object({
    todos: z.literal(true, { error: "«todos» solo puede ser true" }).optional(),
    rol: z.enum(ROLES, { error: "El rol no existe" }).optional(),
    tiposSocio: listaIds(50, "un tipo de socio").optional(),
    idActo: IdSchema.optional(),
    idsSocio: listaIds(5000, "un socio").optional(),
    /** Los miembros (y responsables) de estos grupos o escuadras (issue 49). */
    idsGrupo: listaIds(200, "un grupo").optional(),
  })
  .strict()
  .superRefine((destino, ctx) => {
    const elegidos = TIPOS_DESTINO.filter((k) => destino[k] !== undefined);
    if (elegidos.length !== 1) {
      ctx.addIssue({
        code: "custom",
        message:
          elegidos.length === 0
            ? "Elige a quién se envía la alerta"
            : "Elige un solo destino: todos, un rol, tipos de socio, un acto, socios concretos o grupos",
      });
    }
  });
export type DestinoAlerta = z.infer<typeof DestinoAlertaSchema>;

export function tipoDeDestino(destino: DestinoAlerta): TipoDestino {
  const tipo = TIPOS_DESTINO.find((k) => destino[k] !== undefined);
  if (!tipo) throw new Error("Destino vacío");
  return tipo;
}

export const AlertaCrearSchema = z.object({
  titulo: z
    .string({ error: "Escribe el título" })
    .trim()
    .min(1, { error: "Escribe el título" })
    .max(120, { error: "El título no puede tener más de 120 caracteres" }),
  mensaje: z
    .string()
    .trim()
    .max(2000, { error: "El mensaje no puede tener más de 2000 caracteres" })
    .default(""),
  imagen: ImagenAlertaSchema.default(""),
  enlace: EnlaceAlertaSchema.default(""),
  destino: DestinoAlertaSchema,
  email: z.boolean().default(false),
  /** The same alert in Valencian, optional: recipients in Valencian get it (issue 38). */
  tituloVa: z
    .string()
    .trim()
    .max(120, { error: "El título no puede tener más de 120 caracteres" })
    .default(""),
  mensajeVa: z
    .string()
    .trim()
    .max(2000, { error: "El mensaje no puede tener más de 2000 caracteres" })
    .default(""),
});
export type AlertaCrear = z.infer<typeof AlertaCrearSchema>;

/** What the service worker receives in a push message. */
export const PayloadPushSchema = z.object({
  titulo: z.string(),
  mensaje: z.string(),
  imagen: z.string(),
  enlace: z.string(),
  idAlerta: z.int(),
});
export type PayloadPush = z.infer<typeof PayloadPushSchema>;

/** In-app route that opens one alert. */
export const rutaDeAlerta = (idAlerta: number) => `/alertas?id=${idAlerta}`;
