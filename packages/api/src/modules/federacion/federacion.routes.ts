import {
  AjustesFederacionSchema,
  CensoQuerySchema,
  CensoSchema,
  EnvioCensoEntradaSchema,
  EnvioCensoSchema,
  hoyIso,
  ListaEnviosCensoSchema,
  SeguroQuerySchema,
  SeguroSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import type { FederacionService } from "./federacion.service.js";

const tags = ["Federación"];
const soloJunta = requiereRol("administrador");
const anyoDe = (q: { anyo?: number }) => q.anyo ?? Number(hoyIso().slice(0, 4));

export const federacionRoutes: FastifyPluginAsyncZod<{ federacion: FederacionService }> = async (
  app,
  { federacion },
) => {
  app.get(
    "/federacion/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Ajustes de la federación: fechas de las fiestas, tipos que cuentan, columnas",
        response: { 200: AjustesFederacionSchema },
      },
    },
    async (req) => federacion.ajustes(usuarioDe(req)),
  );

  app.put(
    "/federacion/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Guardar los ajustes de la federación",
        body: AjustesFederacionSchema,
        response: { 200: AjustesFederacionSchema },
      },
    },
    async (req) => federacion.guardarAjustes(usuarioDe(req), req.body),
  );

  app.get(
    "/federacion/censo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "El censo de la federación del año (vista previa en JSON, o xlsx, csv o pdf)",
        description:
          "Cada festero activo con sus datos, antigüedad, cargo y escuadra del año, y los cambios desde el último censo enviado. No registra nada.",
        querystring: CensoQuerySchema,
        response: { 200: CensoSchema },
      },
    },
    async (req, reply) => {
      const actor = usuarioDe(req);
      const anyo = anyoDe(req.query);
      if (req.query.formato === "json") return federacion.censo(actor, anyo);
      return enviarDescarga(
        reply,
        await federacion.exportarCenso(actor, anyo, req.query.formato, actor.idioma),
        { privado: true },
      );
    },
  );

  app.get(
    "/federacion/seguro",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "La lista del seguro para las fechas de las fiestas (JSON, o xlsx, csv o pdf)",
        querystring: SeguroQuerySchema,
        response: { 200: SeguroSchema },
      },
    },
    async (req, reply) => {
      const actor = usuarioDe(req);
      const anyo = anyoDe(req.query);
      if (req.query.formato === "json") {
        const { ajustes: _, ...seguro } = await federacion.seguro(actor, anyo);
        return seguro;
      }
      return enviarDescarga(
        reply,
        await federacion.exportarSeguro(actor, anyo, req.query.formato, actor.idioma),
        { privado: true },
      );
    },
  );

  app.get(
    "/federacion/censo/envios",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Los censos enviados a la federación (el más reciente primero)",
        response: { 200: ListaEnviosCensoSchema },
      },
    },
    async (req) => federacion.envios(usuarioDe(req)),
  );

  app.post(
    "/federacion/censo/envios",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Marcar el censo del año como enviado (los próximos cambios cuentan desde aquí)",
        body: EnvioCensoEntradaSchema,
        response: { 201: EnvioCensoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await federacion.enviar(usuarioDe(req), req.body.anyo)),
  );
};
