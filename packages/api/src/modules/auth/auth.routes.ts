import {
  CambioIdiomaSchema,
  CambioPasswordSchema,
  CondicionesSchema,
  CuerpoErrorSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ResetConfirmarSchema,
  ResetSolicitudSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { AuthService } from "./auth.service.js";

const SesionUsuarioSchema = LoginResponseSchema.omit({ accessToken: true });
const MensajeSchema = z.object({ mensaje: z.string() });
const tags = ["Sesión"];

export const MENSAJE_RESET =
  "Si el correo corresponde a una cuenta, recibirás en unos minutos un enlace para elegir una contraseña nueva.";

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    "/login",
    {
      schema: {
        tags,
        summary: "Entrar con correo y contraseña (y el código TOTP si la cuenta lo tiene)",
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 401: CuerpoErrorSchema },
      },
    },
    async (req) => auth.login(req.body.email, req.body.password, req.ip, req.body.codigo),
  );

  app.post(
    "/logout",
    { onRequest: requiereSesion, schema: { tags, summary: "Cerrar la sesión actual" } },
    async (req, reply) => {
      await auth.logout(usuarioDe(req));
      return reply.status(204).send();
    },
  );

  app.get(
    "/sesion",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Usuario de la sesión", response: { 200: SesionUsuarioSchema } },
    },
    async (req) => auth.sesion(usuarioDe(req)),
  );

  app.put(
    "/sesion/idioma",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cambiar el idioma de la cuenta (es: castellano, va: valenciano)",
        body: CambioIdiomaSchema,
        response: { 200: SesionUsuarioSchema },
      },
    },
    async (req) => auth.cambiarIdioma(usuarioDe(req), req.body.idioma),
  );

  app.post(
    "/login/psswd",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Cambiar la contraseña", body: CambioPasswordSchema },
    },
    async (req, reply) => {
      await auth.cambiarPassword(usuarioDe(req), req.body);
      return reply.status(204).send();
    },
  );

  app.post(
    "/login/condiciones",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Aceptar las condiciones de uso",
        body: CondicionesSchema,
        response: { 200: SesionUsuarioSchema },
      },
    },
    async (req) => auth.aceptarCondiciones(usuarioDe(req), req.body.id),
  );

  app.post(
    "/login/psswdrst",
    {
      schema: {
        tags,
        summary: "Pedir un enlace para restablecer la contraseña",
        body: ResetSolicitudSchema,
        response: { 200: MensajeSchema },
      },
    },
    async (req) => {
      await auth.solicitarReset(req.body.email, req.ip);
      return { mensaje: MENSAJE_RESET };
    },
  );

  app.post(
    "/login/psswdrst/confirmar",
    {
      schema: {
        tags,
        summary: "Elegir una contraseña nueva con el enlace recibido",
        body: ResetConfirmarSchema,
      },
    },
    async (req, reply) => {
      await auth.confirmarReset(req.body.token, req.body.nueva);
      return reply.status(204).send();
    },
  );
};
