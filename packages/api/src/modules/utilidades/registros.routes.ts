import {
  CorreoSalienteSchema,
  ExportarActividadQuerySchema,
  FiltrosActividadSchema,
  ListaActividadQuerySchema,
  ListaActividadSchema,
  ListaCorreosQuerySchema,
  ListaCorreosSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { IdParamsSchema } from "../maestros/maestros.schemas.js";
import type { RegistrosService } from "./registros.service.js";

const tags = ["Utilidades"];
const soloAdministrador = requiereRol("administrador");

/** Outgoing-mail log and activity log (issue 11 §3): administrador only. */
export const registrosRoutes: FastifyPluginAsyncZod<{ registros: RegistrosService }> = async (
  app,
  { registros },
) => {
  app.get(
    "/utilidades/correos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Correo saliente: cada correo enviado o intentado (sin su cuerpo ni sus enlaces)",
        querystring: ListaCorreosQuerySchema,
        response: { 200: ListaCorreosSchema },
      },
    },
    async (req) => registros.listarCorreos(req.query),
  );

  app.post(
    "/utilidades/correos/:id/reenvio",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Reenviar un correo que no se pudo enviar (responde con su nuevo estado)",
        params: IdParamsSchema,
        response: { 200: CorreoSalienteSchema },
      },
    },
    async (req) => registros.reenviar(usuarioDe(req).id, req.params.id),
  );

  app.get(
    "/utilidades/actividad",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Registro de actividad: quién cambió qué y cuándo, campo a campo",
        querystring: ListaActividadQuerySchema,
        response: { 200: ListaActividadSchema },
      },
    },
    async (req) => registros.listarActividad(req.query),
  );

  app.get(
    "/utilidades/actividad/filtros",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Entidades y personas que aparecen en el registro de actividad",
        response: { 200: FiltrosActividadSchema },
      },
    },
    async () => registros.filtrosActividad(),
  );

  app.get(
    "/utilidades/actividad/exportar",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Exportar el registro de actividad filtrado a Excel (xlsx) o CSV",
        querystring: ExportarActividadQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await registros.exportarActividad(req.query, usuarioDe(req).idioma)),
  );
};
