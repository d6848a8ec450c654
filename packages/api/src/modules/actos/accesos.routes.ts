import {
  AccesoEntradaSchema,
  AccesoSchema,
  AccesosSchema,
  AsistenciaSchema,
  InscripcionSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { AccesosService } from "./accesos.service.js";
import { ParamsActo, ParamsInscripcion, tags } from "./actos.params.js";

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
          "La junta. Responde 200 con `resultado` para todo lo que lee: `registrado` (marca la asistencia y da los puntos del acto), `repetido` (ya había entrado, con la `hora`), `en_espera`, `no_inscrito`, `carnet_no_valido` (falsificado o renovado: nunca marca nada) y `otro_dia` (el acto no es el día de la lectura, hora de Madrid). `leidoEn` (opcional): cuándo se leyó, para una lectura guardada sin conexión y enviada después; decide el día y la hora de entrada. Hasta 5 minutos por delante del reloj del servidor cuenta como ahora; más adelante, o de hace más de 24 horas, 400. 404 si el acto no existe; 409 si está cancelado.",
        params: ParamsActo,
        body: AccesoEntradaSchema,
        response: { 200: AccesoSchema },
      },
    },
    async (req) => accesos.registrar(usuarioDe(req), req.params.id, req.body),
  );

  app.put(
    "/actos/:id/inscripciones/:idInscripcion/asistencia",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Marcar la asistencia (da los puntos del acto)",
        description:
          "Solo de una inscripción con plaza (`confirmada`) y desde el día del acto: marcar la de la lista de espera, la de un acto cancelado o la de uno que aún no se ha celebrado es 409. Quitarla siempre se puede.",
        params: ParamsInscripcion,
        body: AsistenciaSchema,
        response: { 200: InscripcionSchema },
      },
    },
    async (req) =>
      accesos.asistencia(usuarioDe(req), req.params.id, req.params.idInscripcion, req.body.asistio),
  );
};
