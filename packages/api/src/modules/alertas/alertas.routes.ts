import { AlertaCrearSchema, booleanoQuery } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { IdParamsSchema } from "../maestros/maestros.schemas.js";
import { AlertaMiaSchema, AlertaSchema } from "./alertas.presenter.js";
import type { AlertasService } from "./alertas.service.js";

const tags = ["Alertas"];
const soloAdministrador = requiereRol("administrador");

const ORDENES = ["-creadaEn", "creadaEn", "titulo", "-titulo"] as const;

const PaginaSchema = {
  page: z.coerce
    .number({ error: "La página debe ser un número." })
    .int({ error: "La página debe ser un número entero." })
    .min(1, { error: "La página empieza en 1." })
    .max(1_000_000, { error: "La página no es válida." })
    .default(1),
  pageSize: z.coerce
    .number({ error: "El tamaño de página debe ser un número." })
    .int({ error: "El tamaño de página debe ser un número entero." })
    .min(1, { error: "El tamaño de página debe ser al menos 1." })
    .max(200, { error: "El tamaño de página no puede pasar de 200." })
    .default(50),
};

const lista = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });

export const alertasRoutes: FastifyPluginAsyncZod<{ alertas: AlertasService }> = async (
  app,
  { alertas },
) => {
  app.post(
    "/alertas",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Enviar una alerta a todos, a un rol, a tipos de socio, a los inscritos de un acto, a socios concretos o a grupos",
        body: AlertaCrearSchema,
        response: { 201: AlertaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await alertas.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/alertas",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Alertas enviadas, con cuántos las recibieron y cuántos las han leído",
        querystring: z.object({
          ...PaginaSchema,
          q: z
            .string()
            .trim()
            .max(100, { error: "La búsqueda no puede tener más de 100 caracteres." })
            .optional(),
          sort: z
            .enum(ORDENES, { error: `Ordena por uno de: ${ORDENES.join(", ")}.` })
            .default("-creadaEn"),
        }),
        response: { 200: lista(AlertaSchema) },
      },
    },
    async (req) => alertas.listar(req.query),
  );

  app.get(
    "/alertas/mias",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Mis alertas, de la más nueva a la más antigua, con su estado de lectura",
        querystring: z.object({
          ...PaginaSchema,
          noLeidas: booleanoQuery("noLeidas").optional(),
        }),
        response: { 200: lista(AlertaMiaSchema).extend({ noLeidas: z.int() }) },
      },
    },
    async (req) =>
      alertas.listarMias(
        usuarioDe(req).id,
        {
          page: req.query.page,
          pageSize: req.query.pageSize,
          soloNoLeidas: req.query.noLeidas === true,
        },
        usuarioDe(req).idioma,
      ),
  );

  app.get(
    "/alertas/mias/no-leidas",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cuántas alertas tengo sin leer (para la campana)",
        response: { 200: z.object({ noLeidas: z.int() }) },
      },
    },
    async (req) => ({ noLeidas: await alertas.contarNoLeidas(usuarioDe(req).id) }),
  );

  app.post(
    "/alertas/mias/leidas",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Marcar todas mis alertas como leídas",
        response: { 200: z.object({ marcadas: z.int() }) },
      },
    },
    async (req) => alertas.marcarTodasLeidas(usuarioDe(req).id),
  );

  app.get(
    "/alertas/mias/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Una de mis alertas (404 si no me la enviaron)",
        params: IdParamsSchema,
        response: { 200: AlertaMiaSchema },
      },
    },
    async (req) => alertas.obtenerMia(usuarioDe(req).id, req.params.id, usuarioDe(req).idioma),
  );

  app.get(
    "/alertas/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Una alerta enviada con sus destinatarios y lecturas",
        params: IdParamsSchema,
        response: { 200: AlertaSchema },
      },
    },
    async (req) => alertas.obtener(req.params.id),
  );

  app.post(
    "/alertas/:id/leida",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Marcar como leída una alerta que me enviaron (404 si no soy destinatario)",
        params: IdParamsSchema,
        response: { 200: AlertaMiaSchema },
      },
    },
    async (req) => alertas.marcarLeida(usuarioDe(req).id, req.params.id, usuarioDe(req).idioma),
  );
};
