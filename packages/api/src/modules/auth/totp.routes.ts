import { CodigoSegundoFactorSchema, CuerpoErrorSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { TotpService } from "./totp.service.js";

const tags = ["Verificación en dos pasos"];

const EstadoSchema = z.object({
  activo: z.boolean(),
  obligatorio: z.boolean(),
  pendiente: z.boolean(),
  renovar: z.boolean(),
  // «correo» or «administrador»: how the account proves itself before a new factor after a
  // restore from another installation; null when it needn't. Text in the contract: an enum that
  // admits null doesn't fit OpenAPI 3.0 (as `motivoCierre` in Mis actos).
  prueba: z
    .string()
    .nullable()
    .describe("correo o administrador: la prueba antes de un factor nuevo; null si no hace falta"),
  codigosRestantes: z.int(),
});
const CodigoSchema = z.object({ codigo: CodigoSegundoFactorSchema });
const PruebaSchema = z.object({
  prueba: z.string({ error: "El enlace no es válido" }).min(1).max(200).optional(),
});
const SeguridadSchema = z.object({
  totpObligatorioAdmin: z.boolean({ error: "Indica si es obligatoria" }),
});
const ParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** TOTP of the signed-in account, the association's requirement, and an administrator's reset. */
export const totpRoutes: FastifyPluginAsyncZod<{ totp: TotpService }> = async (app, { totp }) => {
  const soloAdministrador = requiereRol("administrador");

  app.get(
    "/cuenta/totp",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Estado de la verificación en dos pasos de mi cuenta",
        response: { 200: EstadoSchema },
      },
    },
    async (req) => totp.estado(usuarioDe(req)),
  );

  app.post(
    "/cuenta/totp",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Empezar a configurarla: secreto nuevo y URL otpauth para el QR",
        description:
          "Una cuenta cuya verificación vino de la copia de otra instalación (`renovar`) manda `prueba`: el enlace de un solo uso que le llegó por correo (403 sin él, 400 si no vale).",
        body: PruebaSchema.nullish(),
        response: {
          200: z.object({ secreto: z.string(), otpauthUrl: z.string() }),
          400: CuerpoErrorSchema,
          403: CuerpoErrorSchema,
        },
      },
    },
    async (req) => totp.iniciar(usuarioDe(req), req.body?.prueba),
  );

  app.post(
    "/cuenta/totp/enlace",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Enviarme por correo el enlace para volver a configurarla (datos de otra instalación)",
        description:
          "Un solo uso, 30 minutos. Sin SMTP es un 409: un administrador quita la anterior (DELETE /usuarios/:id/totp).",
        response: { 204: z.null(), 409: CuerpoErrorSchema, 429: CuerpoErrorSchema },
      },
    },
    async (req, reply) => {
      await totp.enviarPrueba(usuarioDe(req));
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/cuenta/totp/confirmacion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Activarla con un primer código; devuelve los 10 códigos de recuperación",
        body: CodigoSchema,
        response: {
          200: z.object({ codigosRecuperacion: z.array(z.string()) }),
          429: CuerpoErrorSchema,
        },
      },
    },
    async (req) => totp.confirmar(usuarioDe(req), req.body.codigo),
  );

  app.delete(
    "/cuenta/totp",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Desactivarla con un código o un código de recuperación",
        body: CodigoSchema,
        response: { 204: z.null(), 429: CuerpoErrorSchema },
      },
    },
    async (req, reply) => {
      await totp.desactivar(usuarioDe(req), req.body.codigo);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/asociacion/seguridad",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Exigir la verificación en dos pasos a los administradores",
        body: SeguridadSchema,
        response: { 200: SeguridadSchema },
      },
    },
    async (req) => {
      await totp.fijarObligatorio(usuarioDe(req), req.body.totpObligatorioAdmin);
      return { totpObligatorioAdmin: req.body.totpObligatorioAdmin };
    },
  );

  app.delete(
    "/usuarios/:id/totp",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Quitar la verificación en dos pasos de otra cuenta (se le avisa por correo)",
        params: ParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await totp.restablecer(usuarioDe(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
