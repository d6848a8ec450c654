import {
  CatalogoInformesSchema,
  InformeParamsSchema,
  InformeQuerySchema,
  InformeSchema,
  ResumenAdminSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import type { InformesService } from "./informes.service.js";
import type { InformesTablasService } from "./informes-tablas.service.js";

const tags = ["Informes"];

/** Reports: the administrator's dashboard (administrador only). */
export const informesRoutes: FastifyPluginAsyncZod<{
  informes: InformesService;
  informesTablas: InformesTablasService;
}> = async (app, { informes, informesTablas: tablas }) => {
  app.get(
    "/informes",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Catálogo de informes: grupo, título, descripción y filtros de cada uno",
        response: { 200: CatalogoInformesSchema },
      },
    },
    async () => tablas.catalogo(),
  );

  app.get(
    "/informes/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary:
          "Un informe con sus filtros: JSON paginado con totales y gráfico, o el fichero (formato=xlsx|csv|pdf)",
        params: InformeParamsSchema,
        querystring: InformeQuerySchema,
        response: {
          200: InformeSchema.or(z.string().describe("El fichero XLSX, CSV o PDF")),
        },
      },
    },
    async (req, reply) => {
      const { formato } = req.query;
      if (formato === "json") return tablas.generar(req.params.id, req.query);
      return enviarDescarga(
        reply,
        await tablas.exportar(req.params.id, req.query, formato, usuarioDe(req).idioma),
      );
    },
  );

  app.get(
    "/informes/resumen",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary:
          "Panel del administrador: socios por tipo, deuda, cobrado del año, próximos actos, últimas alertas y remesas por cobrar",
        response: { 200: ResumenAdminSchema },
      },
    },
    async () => informes.resumen(),
  );
};
