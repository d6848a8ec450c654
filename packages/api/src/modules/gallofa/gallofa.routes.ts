import {
  AnyoGallofaQuerySchema,
  ExportGallofaQuerySchema,
  GallofaEntradaSchema,
  GallofaSchema,
  ListaGallofaQuerySchema,
  ResumenGallofaSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import type { GallofaService } from "./gallofa.service.js";

const tags = ["Gallofa"];
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647, {
    error: "El id de la aportación no es válido",
  }),
});
const ListaSchema = z.object({
  items: z.array(GallofaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const soloAdministrador = requiereRol("administrador");

/**
 * The gallofa (the filà's collection round): contributions in money or kind, from members or
 * from outside the filà. Only the administrador reads and writes it; every write is audited.
 */
export const gallofaRoutes: FastifyPluginAsyncZod<{ gallofa: GallofaService }> = async (
  app,
  { gallofa },
) => {
  app.get(
    "/gallofa",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Aportaciones de la gallofa (filtros: anyo, tipo, q; orden fecha|nombre|importe)",
        querystring: ListaGallofaQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => gallofa.listar(req.query),
  );

  app.get(
    "/gallofa/resumen",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Totales del año (dinero, especie estimada, donantes) y los del año anterior",
        querystring: AnyoGallofaQuerySchema,
        response: { 200: ResumenGallofaSchema },
      },
    },
    async (req) => gallofa.resumen(req.query.anyo),
  );

  app.get(
    "/gallofa/export",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Exportar las aportaciones del año a Excel (xlsx) o CSV",
        querystring: ExportGallofaQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(
        reply,
        await gallofa.exportar(req.query.anyo, req.query.formato, usuarioDe(req).idioma),
      ),
  );

  app.get(
    "/gallofa/agradecimientos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Lista de agradecimiento del año para imprimir (PDF, solo nombres; «Anónimo» si lo pidió)",
        querystring: AnyoGallofaQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await gallofa.agradecimientos(req.query.anyo, usuarioDe(req).idioma)),
  );

  app.post(
    "/gallofa",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Anotar una aportación",
        body: GallofaEntradaSchema,
        response: { 201: GallofaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await gallofa.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/gallofa/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Una aportación",
        params: ParamsSchema,
        response: { 200: GallofaSchema },
      },
    },
    async (req) => gallofa.obtener(req.params.id),
  );

  app.put(
    "/gallofa/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Sustituir una aportación",
        params: ParamsSchema,
        body: GallofaEntradaSchema,
        response: { 200: GallofaSchema },
      },
    },
    async (req) => gallofa.reemplazar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/gallofa/:id",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Borrar una aportación", params: ParamsSchema },
    },
    async (req, reply) => {
      await gallofa.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
