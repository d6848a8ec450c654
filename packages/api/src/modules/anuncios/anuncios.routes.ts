import multipart from "@fastify/multipart";
import { AnuncioEntradaSchema, AnuncioVistaSchema, ListaAnunciosQuerySchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { leerImagen } from "../../plugins/subidas.js";
import type { AnunciosService } from "./anuncios.service.js";

const tags = ["Mercadillo"];
const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647, {
    error: "El id del anuncio no es válido",
  }),
});
const ClaveSchema = z.string().regex(/^[a-f0-9]{32}\.webp$/, { error: "La imagen no es válida" });
const ImagenParamsSchema = ParamsSchema.extend({ clave: ClaveSchema });
const ListaSchema = z.object({
  items: z.array(AnuncioVistaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const EtiquetasSchema = z.object({
  items: z.array(z.object({ etiqueta: z.string(), anuncios: z.int() })),
});
const OrdenSchema = z.object({
  orden: z.array(ClaveSchema).max(6, { error: "Un anuncio tiene como mucho 6 imágenes" }),
});

/**
 * The members' market. Every signed-in account reads live ads; an account linked to a member
 * posts them; the owner (or an administrador) changes, renews, deletes and manages the images;
 * only an administrador features one. Inactive or expired ads exist only for owner and board.
 */
export const anunciosRoutes: FastifyPluginAsyncZod<{ anuncios: AnunciosService }> = async (
  app,
  { anuncios },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    "/anuncios",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Anuncios del mercadillo (los vigentes y, para su dueño y la junta, también los inactivos)",
        description:
          "Filtros: q (título, descripción y etiquetas), etiqueta, destacado, activo, idSocio. Orden: fecha|precio|titulo (con - delante, descendente; por defecto -fecha).",
        querystring: ListaAnunciosQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => anuncios.listar(usuarioDe(req), req.query),
  );

  app.get(
    "/anuncios/etiquetas",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Etiquetas en uso en los anuncios vigentes, las más usadas primero (sugerencias)",
        response: { 200: EtiquetasSchema },
      },
    },
    async () => anuncios.etiquetas(),
  );

  app.post(
    "/anuncios",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Publicar un anuncio (de la ficha de socio de la cuenta)",
        description:
          "Sin contacto se toma el nombre, correo y teléfono del socio. «destacado» solo cuenta si lo envía un administrador.",
        body: AnuncioEntradaSchema,
        response: { 201: AnuncioVistaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await anuncios.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/anuncios/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Un anuncio",
        params: ParamsSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => anuncios.obtener(usuarioDe(req), req.params.id),
  );

  app.put(
    "/anuncios/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Sustituir un anuncio (su dueño o un administrador)",
        params: ParamsSchema,
        body: AnuncioEntradaSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => anuncios.reemplazar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/anuncios/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Borrar un anuncio (su dueño o un administrador)",
        params: ParamsSchema,
      },
    },
    async (req, reply) => {
      await anuncios.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/anuncios/:id/renovacion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Renovar: vuelve a estar activo todo el periodo desde hoy",
        params: ParamsSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => anuncios.renovar(usuarioDe(req), req.params.id),
  );

  app.post(
    "/anuncios/:id/imagenes",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Añadir una imagen (multipart, campo «archivo»: JPEG, PNG o WebP de hasta 5 MB; como mucho 6)",
        consumes: ["multipart/form-data"],
        params: ParamsSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => {
      const imagen = await leerImagen(req, IMAGEN_MAX_BYTES);
      return anuncios.subirImagen(usuarioDe(req), req.params.id, imagen);
    },
  );

  app.put(
    "/anuncios/:id/imagenes",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Reordenar las imágenes (la primera es la portada)",
        params: ParamsSchema,
        body: OrdenSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => anuncios.ordenarImagenes(usuarioDe(req), req.params.id, req.body.orden),
  );

  for (const mini of [false, true]) {
    app.get(
      mini ? "/anuncios/:id/imagenes/:clave/miniatura" : "/anuncios/:id/imagenes/:clave",
      {
        onRequest: requiereSesion,
        schema: {
          tags,
          summary: mini ? "Miniatura de una imagen (WebP)" : "Una imagen del anuncio (WebP)",
          params: ImagenParamsSchema,
        },
      },
      async (req, reply) => {
        const contenido = await anuncios.leerImagen(
          usuarioDe(req),
          req.params.id,
          req.params.clave,
          mini,
        );
        return reply
          .type("image/webp")
          .header("X-Content-Type-Options", "nosniff")
          .header("Cache-Control", "private, max-age=86400")
          .send(contenido);
      },
    );
  }

  app.delete(
    "/anuncios/:id/imagenes/:clave",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Quitar una imagen",
        params: ImagenParamsSchema,
        response: { 200: AnuncioVistaSchema },
      },
    },
    async (req) => anuncios.borrarImagen(usuarioDe(req), req.params.id, req.params.clave),
  );
};
