import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { CarnetService } from "./carnet.service.js";

const tags = ["Socios"];
const ParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive({ error: "El id del socio no es válido" })
    .max(2_147_483_647, { error: "El id del socio no es válido" }),
});
const CarnetSchema = z.object({
  codigo: z
    .string()
    .describe(
      "Código del QR del carnet, firmado con la clave de la instalación: nombra al socio y deja de valer al renovar el carnet.",
    ),
});

export const carnetRoutes: FastifyPluginAsyncZod<{ carnet: CarnetService }> = async (
  app,
  { carnet },
) => {
  app.get(
    "/socios/:id/carnet",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Código del QR del carnet de un socio",
        description:
          "El propio socio, quien le paga y la junta; 403 para cualquier otro (exista o no el socio).",
        params: ParamsSchema,
        response: { 200: CarnetSchema },
      },
    },
    async (req) => carnet.codigo(usuarioDe(req), req.params.id),
  );

  app.post(
    "/socios/:id/carnet/renovacion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Renovar el carnet: el código anterior deja de valer",
        description:
          "Las mismas personas que pueden leerlo. Devuelve el código nuevo; el de antes se rechaza en la puerta como carnet no válido. Queda en el historial del socio.",
        params: ParamsSchema,
        response: { 200: CarnetSchema },
      },
    },
    async (req) => carnet.renovar(usuarioDe(req), req.params.id),
  );
};
