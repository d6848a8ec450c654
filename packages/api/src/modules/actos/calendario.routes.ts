import { EnlaceCalendarioSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { TIPO_CALENDARIO } from "./calendario.js";
import type { CalendarioService } from "./calendario.service.js";

const tags = ["Calendario"];
const FeedParams = z.object({
  archivo: z.string().max(200),
});

export const calendarioRoutes: FastifyPluginAsyncZod<{ calendario: CalendarioService }> = async (
  app,
  { calendario },
) => {
  app.get(
    "/calendario/publico.ics",
    {
      schema: { tags, summary: "Calendario público (actos no internos), sin sesión", security: [] },
    },
    async (_req, reply) =>
      reply
        .type(TIPO_CALENDARIO)
        .header("Cache-Control", "public, max-age=300")
        .send(await calendario.publico()),
  );

  app.get(
    "/calendario/enlace",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "La dirección de mi calendario privado (se crea si no existe)",
        response: { 200: EnlaceCalendarioSchema },
      },
    },
    async (req) => calendario.enlace(usuarioDe(req)),
  );

  app.post(
    "/calendario/enlace",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Regenerar la dirección de mi calendario (la anterior deja de funcionar)",
        response: { 200: EnlaceCalendarioSchema },
      },
    },
    async (req) => calendario.regenerar(usuarioDe(req)),
  );

  app.get(
    "/calendario/:archivo",
    {
      schema: {
        tags,
        summary: "Calendario privado de un socio (<token>.ics), sin sesión",
        params: FeedParams,
        security: [],
      },
    },
    async (req, reply) =>
      reply
        .type(TIPO_CALENDARIO)
        .header("Cache-Control", "private, no-store")
        .send(await calendario.porArchivo(req.params.archivo)),
  );
};
