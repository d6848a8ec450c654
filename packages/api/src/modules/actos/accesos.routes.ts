import { AccesoEntradaSchema, AccesoSchema, AccesosSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { AccesosService } from "./accesos.service.js";

const tags = ["Actos"];
const ParamsActo = z.object({
  id: z.coerce
    .number()
    .int()
    .positive({ error: "El id del acto no es válido" })
    .max(2_147_483_647, { error: "El id del acto no es válido" }),
});
const soloAdmin = requiereRol("administrador");

export const accesosRoutes: FastifyPluginAsyncZod<{ accesos: AccesosService }> = async (
  app,
  { accesos },
) => {
  app.get(
    "/actos/:id/accesos",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Control de acceso: inscritos, quién ha entrado y el recuento",
        description:
          "La junta. Para buscar a mano por nombre o matrícula en la puerta; la asistencia a mano se marca con PUT /api/actos/:id/inscripciones/:idInscripcion/asistencia.",
        params: ParamsActo,
        response: { 200: AccesosSchema },
      },
    },
    async (req) => accesos.lista(req.params.id),
  );

  app.post(
    "/actos/:id/accesos",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Leer un carnet en la puerta del acto",
        description:
          "La junta. Responde 200 con `resultado` para todo lo que lee: `registrado` (marca la asistencia y da los puntos del acto), `repetido` (ya había entrado, con la `hora`), `en_espera`, `no_inscrito`, `carnet_no_valido` (falsificado o renovado: nunca marca nada) y `otro_dia` (el acto no es hoy, hora de Madrid). 404 si el acto no existe; 409 si está cancelado.",
        params: ParamsActo,
        body: AccesoEntradaSchema,
        response: { 200: AccesoSchema },
      },
    },
    async (req) => accesos.registrar(usuarioDe(req), req.params.id, req.body.codigo),
  );
};
