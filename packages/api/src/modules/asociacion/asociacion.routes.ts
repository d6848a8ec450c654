import { AsociacionEntradaSchema, AsociacionSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { AsociacionService } from "./asociacion.service.js";

const soloAdministrador = requiereRol("administrador");

/**
 * For the administrator, the association's identity and bank settings for SEPA remittances and
 * receipts (its public texts and logo: asociacion-textos.routes.ts).
 */
export const asociacionRoutes: FastifyPluginAsyncZod<{ asociacion: AsociacionService }> = async (
  app,
  { asociacion },
) => {
  app.get(
    "/asociacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags: ["Asociación"],
        summary: "Datos de la asociación y ajustes bancarios (con el identificador de acreedor)",
        response: { 200: AsociacionSchema },
      },
    },
    async () => asociacion.obtener(),
  );

  app.put(
    "/asociacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags: ["Asociación"],
        summary: "Cambiar los datos de la asociación y sus ajustes bancarios",
        body: AsociacionEntradaSchema,
        response: { 200: AsociacionSchema },
      },
    },
    async (req) => asociacion.guardar(usuarioDe(req), req.body),
  );
};
