import { CuerpoErrorSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noAutenticado, noEncontrado } from "../../errors/domain-error.js";
import type { MetricasService } from "./metricas.service.js";

/**
 * GET /api/metricas in Prometheus text format, only with `Authorization: Bearer {METRICS_TOKEN}`.
 * Without METRICS_TOKEN it does not exist for anyone (404): behind a local proxy every client is
 * loopback, so loopback is no exception.
 */
export const metricasRoutes: FastifyPluginAsyncZod<{ metricas: MetricasService | null }> = async (
  app,
  { metricas },
) => {
  app.get(
    "/metricas",
    {
      schema: {
        tags: ["Salud"],
        summary: "Métricas para Prometheus (con el token METRICS_TOKEN)",
        response: {
          200: z.string().describe("Formato de texto de Prometheus"),
          401: CuerpoErrorSchema,
          404: CuerpoErrorSchema,
        },
      },
    },
    async (req, reply) => {
      if (!metricas) throw noEncontrado("no_encontrado.la_ruta");
      if (!metricas.autorizado(req.headers.authorization)) throw noAutenticado();
      const texto = await metricas.texto();
      return reply
        .header("Cache-Control", "no-store")
        .type(metricas.registro.contentType)
        .send(texto);
    },
  );
};
