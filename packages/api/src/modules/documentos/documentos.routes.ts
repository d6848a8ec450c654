import multipart from "@fastify/multipart";
import {
  DOCUMENTO_MAX_BYTES,
  DocumentoEntradaSchema,
  DocumentoSchema,
  ListaDocumentosQuerySchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { exigirArchivo, leerFormulario } from "../../plugins/subidas.js";
import type { DocumentosService } from "./documentos.service.js";
import { cabeceraDescarga } from "./documentos.tipos.js";

const tags = ["Documentos"];
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: "El id del documento no es válido" }),
});
const ListaSchema = z.object({
  items: z.array(DocumentoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const MENSAJE_TAMANYO = "documentos.demasiado_grande";
const MENSAJE_SIN_ARCHIVO = "documentos.sin_archivo";

/**
 * Documents: the administrador uploads and manages them; every session lists, reads and
 * downloads those its visibility allows (administrador: all; with a member record: socios and
 * todos; otherwise todos). Anything above one's visibility answers 404.
 */
export const documentosRoutes: FastifyPluginAsyncZod<{ documentos: DocumentosService }> = async (
  app,
  { documentos },
) => {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENTO_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 10_000 },
  });

  app.get(
    "/documentos",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Documentos que puedo ver (filtros categoria, anyo, q; páginas)",
        querystring: ListaDocumentosQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => documentos.listar(usuarioDe(req), req.query),
  );

  app.get(
    "/documentos/categorias",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Categorías de los documentos que puedo ver",
        response: { 200: z.array(z.string()) },
      },
    },
    async (req) => documentos.categorias(usuarioDe(req)),
  );

  app.post(
    "/documentos",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary:
          "Subir un documento (multipart: «archivo» de hasta 20 MB, titulo, descripcion, categoria, anyo, visibilidad)",
        description:
          "El tipo se decide por el contenido: PDF, JPEG, PNG, WebP, GIF, DOCX, XLSX, PPTX, ODT, ODS, DOC/XLS/PPT y texto/CSV sin marcado. Se rechazan ejecutables, scripts, HTML, SVG, XML y PHP aunque el nombre diga otra cosa.",
        consumes: ["multipart/form-data"],
        response: { 201: DocumentoSchema },
      },
    },
    async (req, reply) => {
      const form = await leerFormulario(req, {
        maxBytes: DOCUMENTO_MAX_BYTES,
        mensajeTamanyo: MENSAJE_TAMANYO,
      });
      const archivo = exigirArchivo(form, MENSAJE_SIN_ARCHIVO);
      return reply.status(201).send(await documentos.crear(usuarioDe(req), form.campos, archivo));
    },
  );

  app.get(
    "/documentos/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Un documento",
        params: ParamsSchema,
        response: { 200: DocumentoSchema },
      },
    },
    async (req) => documentos.obtener(usuarioDe(req), req.params.id),
  );

  app.put(
    "/documentos/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Cambiar los datos de un documento (no el archivo)",
        params: ParamsSchema,
        body: DocumentoEntradaSchema,
        response: { 200: DocumentoSchema },
      },
    },
    async (req) => documentos.actualizar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/documentos/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: { tags, summary: "Borrar un documento y su archivo", params: ParamsSchema },
    },
    async (req, reply) => {
      await documentos.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/documentos/:id/archivo",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Descargar el archivo (attachment)", params: ParamsSchema },
    },
    async (req, reply) => {
      const { contenido, nombre, tipoMime } = await documentos.descargar(
        usuarioDe(req),
        req.params.id,
      );
      return reply
        .type(tipoMime)
        .header("Content-Disposition", cabeceraDescarga(nombre))
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cache-Control", "private, no-store")
        .send(contenido);
    },
  );
};
