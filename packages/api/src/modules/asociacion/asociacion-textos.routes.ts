import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { exigirArchivo, leerFormulario } from "../../plugins/subidas.js";
import { LOGO_MAX_BYTES } from "../../services/logo.js";
import type { TextosAsociacionService } from "./asociacion-textos.service.js";

const tags = ["Asociación"];
/** Longest text of terms or privacy (HTML). */
const TEXTO_MAX = 200_000;

const TextosEntradaSchema = z.object({
  condiciones: z
    .string()
    .max(TEXTO_MAX, { error: "El texto de las condiciones es demasiado largo" }),
  privacidad: z.string().max(TEXTO_MAX, { error: "El texto de privacidad es demasiado largo" }),
  /** The same texts in Valencian (issue 38): '' = none (readers get the Spanish); absent = kept. */
  condicionesVa: z
    .string()
    .max(TEXTO_MAX, { error: "El texto de las condiciones es demasiado largo" })
    .optional(),
  privacidadVa: z
    .string()
    .max(TEXTO_MAX, { error: "El texto de privacidad es demasiado largo" })
    .optional(),
  /** Publish the terms as a new version: every account accepts them again at its next sign-in. */
  nuevaVersion: z.boolean().default(false),
});
export const TextosSchema = z.object({
  nombre: z.string(),
  condiciones: z.string(),
  privacidad: z.string(),
  /** In Valencian ('' = not written: a reader in Valencian gets the Spanish one). */
  condicionesVa: z.string(),
  privacidadVa: z.string(),
  /** Version of the terms (of the Spanish text; the translation follows it). */
  versionCondiciones: z.string(),
  /** URL of the logo (changes with each new logo), or null without one. */
  logo: z.string().nullable(),
});
const LogoQuerySchema = z.object({
  tamanyo: z.coerce
    .number()
    .refine((n) => n === 192 || n === 512, { error: "El tamaño es 192 o 512" })
    .optional(),
});

const MENSAJE_TAMANYO = "asociacion.logo_demasiado_grande";
const MENSAJE_SIN_ARCHIVO = "asociacion.sin_logo";

/**
 * The association's terms and privacy texts (rich text, sanitised as news are) and its logo
 * (header, PDFs and the installed app's icon). The texts and the logo are public to read.
 */
export const asociacionTextosRoutes: FastifyPluginAsyncZod<{
  textosAsociacion: TextosAsociacionService;
}> = async (app, { textosAsociacion: servicio }) => {
  await app.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1000 },
  });
  const soloAdministrador = requiereRol("administrador");

  app.get(
    "/asociacion/textos",
    {
      schema: {
        tags,
        summary: "Nombre de la asociación, textos de privacidad y condiciones y su logotipo",
        response: { 200: TextosSchema },
      },
    },
    async () => servicio.textos(),
  );

  app.put(
    "/asociacion/textos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Cambiar los textos de condiciones y privacidad, en castellano y en valenciano (HTML saneado); con nuevaVersion todas las cuentas vuelven a aceptar las condiciones",
        body: TextosEntradaSchema,
        response: { 200: TextosSchema },
      },
    },
    async (req) => servicio.guardarTextos(usuarioDe(req), req.body),
  );

  app.get(
    "/asociacion/logo",
    {
      schema: {
        tags,
        summary: "El logotipo (PNG); con tamanyo, el icono cuadrado de 192 o 512 px",
        querystring: LogoQuerySchema,
      },
    },
    async (req, reply) => {
      const png = await servicio.logo(req.query.tamanyo);
      return reply
        .header("Content-Type", "image/png")
        .header("Cache-Control", "no-cache")
        .header("Content-Disposition", 'inline; filename="logo.png"')
        .send(png);
    },
  );

  app.put(
    "/asociacion/logo",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Subir el logotipo (multipart, «archivo»: PNG, JPEG o WebP de hasta 5 MB; SVG no)",
        description: "El tipo se decide por el contenido, nunca por el nombre.",
        consumes: ["multipart/form-data"],
        response: { 200: TextosSchema },
      },
    },
    async (req) => {
      const form = await leerFormulario(req, {
        maxBytes: LOGO_MAX_BYTES,
        mensajeTamanyo: MENSAJE_TAMANYO,
      });
      const archivo = exigirArchivo(form, MENSAJE_SIN_ARCHIVO);
      return servicio.guardarLogo(usuarioDe(req), archivo.contenido);
    },
  );

  app.delete(
    "/asociacion/logo",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Quitar el logotipo", response: { 200: TextosSchema } },
    },
    async (req) => servicio.quitarLogo(usuarioDe(req)),
  );
};
