import {
  EnlaceRestauracionCreadoSchema,
  EnlaceRestauracionEntradaSchema,
  EnlaceRestauracionSchema,
  RestauracionSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { RestauracionService } from "./restauracion.service.js";

const tags = ["Restauración"];
const soloAdmin = requiereRol("administrador");

export const restauracionRoutes: FastifyPluginAsyncZod<{
  restauracion: RestauracionService;
}> = async (app, { restauracion }) => {
  app.get(
    "/restauracion",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Próximos actos con personas por menú y alergias",
        response: { 200: RestauracionSchema },
      },
    },
    async () => restauracion.vista(),
  );

  app.post(
    "/restauracion/enlaces",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Crear un enlace de solo lectura para el restaurador (caduca y se puede revocar)",
        body: EnlaceRestauracionEntradaSchema.default({ dias: 30 }),
        response: { 201: EnlaceRestauracionCreadoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await restauracion.crearEnlace(usuarioDe(req), req.body.dias)),
  );

  app.get(
    "/restauracion/enlaces",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Enlaces para el restaurador",
        response: { 200: z.object({ items: z.array(EnlaceRestauracionSchema) }) },
      },
    },
    async () => restauracion.enlaces(),
  );

  app.delete(
    "/restauracion/enlaces/:id",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Revocar un enlace",
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive({ error: "El id del enlace no es válido" })
            .max(2_147_483_647, { error: "El id del enlace no es válido" }),
        }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await restauracion.revocar(usuarioDe(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/restauracion/publico/:token",
    {
      schema: {
        tags,
        summary: "Vista del restaurador a través de un enlace, sin sesión",
        security: [],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: RestauracionSchema },
      },
    },
    async (req, reply) => {
      const vista = await restauracion.publico(req.params.token);
      return reply
        .header("Cache-Control", "no-store")
        .header("X-Robots-Tag", "noindex")
        .send(vista);
    },
  );
};
