import multipart from "@fastify/multipart";
import { ListaNoticiasQuerySchema, NoticiaEntradaSchema, NoticiaSchema } from "@fila/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe, versionDatosDe } from "../../plugins/auth.js";
import { enviarEscrito } from "../../plugins/serializacion.js";
import { leerImagen } from "../../plugins/subidas.js";
import type { NoticiasService } from "./noticias.service.js";

const tags = ["Noticias"];
const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: "El id de la noticia no es válido" }),
});
const ListaSchema = z.object({
  items: z.array(NoticiaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const VistaPreviaSchema = z.object({ contenido: NoticiaEntradaSchema.shape.contenido });
const soloAdministrador = requiereRol("administrador");

/**
 * News. The administrador drafts, edits, publishes (`POST /noticias/:id/publicacion`, or
 * `publicada` in the PUT), unpublishes (`DELETE /noticias/:id/publicacion`) and deletes. Every
 * session reads published news of its audience (`?publicadas=1`; for anyone but the
 * administrador the list is always that). The body is sanitised on write.
 */
export const noticiasRoutes: FastifyPluginAsyncZod<{ noticias: NoticiasService }> = async (
  app,
  { noticias },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    "/noticias",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Noticias (administrador: todas, con filtros; resto: publicadas que puede leer)",
        description:
          "?publicadas=1: solo publicadas que la cuenta puede leer (siempre así si no es administrador). ?destacadas=1: las destacadas primero. ?publicada=1|0 y ?destacada=1|0 filtran la lista del administrador. Orden por defecto: -fecha.",
        querystring: ListaNoticiasQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req, reply) => {
      const escrito = await noticias.listarEscrito(
        usuarioDe(req),
        req.query,
        versionDatosDe(req),
        (pagina) => Buffer.from(`${reply.serialize(pagina)}`),
      );
      return enviarEscrito(reply as FastifyReply, escrito);
    },
  );

  app.post(
    "/noticias",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Crear una noticia (borrador salvo publicada: true)",
        body: NoticiaEntradaSchema,
        response: { 201: NoticiaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await noticias.crear(usuarioDe(req), req.body)),
  );

  app.post(
    "/noticias/vista-previa",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "El cuerpo HTML tal como lo verá un lector (saneado), sin guardar nada",
        body: VistaPreviaSchema,
        response: { 200: VistaPreviaSchema },
      },
    },
    async (req) => ({ contenido: noticias.vistaPrevia(req.body.contenido) }),
  );

  app.get(
    "/noticias/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Una noticia",
        params: ParamsSchema,
        response: { 200: NoticiaSchema },
      },
    },
    async (req) => noticias.obtener(usuarioDe(req), req.params.id),
  );

  app.put(
    "/noticias/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Sustituir una noticia (todos sus campos)",
        params: ParamsSchema,
        body: NoticiaEntradaSchema,
        response: { 200: NoticiaSchema },
      },
    },
    async (req) => noticias.reemplazar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/noticias/:id",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Borrar una noticia", params: ParamsSchema },
    },
    async (req, reply) => {
      await noticias.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/noticias/:id/publicacion",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Publicar", params: ParamsSchema, response: { 200: NoticiaSchema } },
    },
    async (req) => noticias.publicar(usuarioDe(req), req.params.id, true),
  );

  app.delete(
    "/noticias/:id/publicacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Retirar la publicación (vuelve a borrador)",
        params: ParamsSchema,
        response: { 200: NoticiaSchema },
      },
    },
    async (req) => noticias.publicar(usuarioDe(req), req.params.id, false),
  );

  app.post(
    "/noticias/:id/imagen",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Subir la portada (multipart, campo «archivo»: JPEG, PNG o WebP de hasta 5 MB)",
        consumes: ["multipart/form-data"],
        params: ParamsSchema,
        response: { 200: NoticiaSchema },
      },
    },
    async (req) => {
      const imagen = await leerImagen(req, IMAGEN_MAX_BYTES);
      return noticias.subirImagen(usuarioDe(req), req.params.id, imagen);
    },
  );

  app.get(
    "/noticias/:id/imagen",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Portada de la noticia (WebP)", params: ParamsSchema },
    },
    async (req, reply) => {
      const contenido = await noticias.leerImagen(usuarioDe(req), req.params.id);
      return reply
        .type("image/webp")
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, max-age=3600")
        .send(contenido);
    },
  );

  app.delete(
    "/noticias/:id/imagen",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Quitar la portada", params: ParamsSchema },
    },
    async (req, reply) => {
      await noticias.borrarImagen(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
