import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { leerImagen } from "../../plugins/subidas.js";
import type { ImagenActoService } from "./imagen-acto.service.js";

const tags = ["Actos"];
const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
const ParamsActo = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647, { error: "El id del acto no es válido" }),
});
const ImagenSchema = z.object({ imagen: z.string() });
const soloAdmin = requiereRol("administrador");

/** The event's image: the administrador uploads or removes it; any session sees it. */
export const imagenActoRoutes: FastifyPluginAsyncZod<{
  imagenesActo: ImagenActoService;
}> = async (app, { imagenesActo: imagenes }) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.post(
    "/actos/:id/imagen",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary:
          "Subir la imagen del acto (multipart, campo «archivo»: JPEG, PNG o WebP de hasta 5 MB)",
        consumes: ["multipart/form-data"],
        params: ParamsActo,
        response: { 200: ImagenSchema },
      },
    },
    async (req) => {
      const imagen = await leerImagen(req, IMAGEN_MAX_BYTES);
      return imagenes.subir(usuarioDe(req).id, req.params.id, imagen);
    },
  );

  app.get(
    "/actos/:id/imagen",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Imagen del acto (WebP)", params: ParamsActo },
    },
    async (req, reply) =>
      reply
        .type("image/webp")
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, max-age=3600")
        .send(await imagenes.leer(req.params.id)),
  );

  app.delete(
    "/actos/:id/imagen",
    {
      onRequest: soloAdmin,
      schema: { tags, summary: "Quitar la imagen del acto", params: ParamsActo },
    },
    async (req, reply) => {
      await imagenes.borrar(usuarioDe(req).id, req.params.id);
      return reply.status(204).send();
    },
  );
};
