import {
  InscripcionCambioSchema,
  InscripcionCanceladaSchema,
  InscripcionEntradaSchema,
  InscripcionSchema,
  ListadoInscritosQuerySchema,
  ListadoInscritosSchema,
  MisActosSchema,
  PlazoPagoCambioSchema,
} from "@fila/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TIPO_PDF } from "../../lib/pdf.js";
import { requiereRol, requiereSesion, usuarioDe, versionDatosDe } from "../../plugins/auth.js";
import { enviarEscrito } from "../../plugins/serializacion.js";
import { inscritosPdf, inscritosXlsx, TIPO_XLSX } from "./actos.exportar.js";
import { ParamsActo, ParamsInscripcion, tags } from "./actos.params.js";
import type { InscripcionesService } from "./inscripciones.service.js";

const PaginaSchema = z.object({
  page: z.coerce.number().int().min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
});
const ExportQuery = z.object({
  formato: z.enum(["pdf", "xlsx"], { error: "El formato es pdf o xlsx" }).default("pdf"),
});
const soloAdmin = requiereRol("administrador");

function nombreFichero(nombre: string, fecha: string, ext: string): string {
  const base = nombre
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
  return `inscritos-${base || "acto"}-${fecha}.${ext}`;
}

export const inscripcionesRoutes: FastifyPluginAsyncZod<{
  inscripciones: InscripcionesService;
}> = async (app, { inscripciones }) => {
  app.get(
    "/actos/mios",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Próximos actos para mí y los socios de los que soy pagador (cualquier rol con socio enlazado; sin socio, lista vacía)",
        querystring: PaginaSchema,
        response: { 200: MisActosSchema },
      },
    },
    async (req, reply) => {
      const escrito = await inscripciones.miosEscrito(
        usuarioDe(req),
        req.query.page,
        req.query.pageSize,
        versionDatosDe(req),
        (mios) => Buffer.from(`${reply.serialize(mios)}`),
      );
      return enviarEscrito(reply as FastifyReply, escrito);
    },
  );

  app.get(
    "/actos/:id/inscripciones",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary:
          "Inscritos de un acto con totales por menú y por tipo de socio: una página (page, pageSize, q, estado) o, sin ellos, la lista entera",
        params: ParamsActo,
        querystring: ListadoInscritosQuerySchema,
        response: { 200: ListadoInscritosSchema },
      },
    },
    async (req) => inscripciones.listado(req.params.id, req.query),
  );

  app.get(
    "/actos/:id/inscripciones/export",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Exportar los inscritos (PDF para imprimir en la puerta, o XLSX)",
        params: ParamsActo,
        querystring: ExportQuery,
      },
    },
    async (req, reply) => {
      const listado = await inscripciones.listado(req.params.id);
      const pdf = req.query.formato === "pdf";
      const contenido = pdf
        ? await inscritosPdf(listado, await inscripciones.logoAsociacion(), usuarioDe(req).idioma)
        : await inscritosXlsx(listado, usuarioDe(req).idioma);
      const fichero = nombreFichero(listado.acto.nombre, listado.acto.fecha, req.query.formato);
      return reply
        .type(pdf ? TIPO_PDF : TIPO_XLSX)
        .header("Content-Disposition", `attachment; filename="${fichero}"`)
        .header("Cache-Control", "no-store")
        .send(contenido);
    },
  );

  app.post(
    "/actos/:id/inscripciones",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Inscribir a un socio (yo o alguien de quien soy pagador)",
        description:
          "Con plaza, `estado: confirmada`. Lleno y con lista de espera, 201 con `estado: en_espera` y su `puestoEspera` (sin cargo hasta que tenga plaza); lleno sin lista de espera, 409.",
        params: ParamsActo,
        body: InscripcionEntradaSchema,
        response: { 201: InscripcionSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await inscripciones.inscribir(usuarioDe(req), req.params.id, req.body)),
  );

  app.delete(
    "/actos/:id/inscripciones/:idInscripcion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cancelar una inscripción (anula su cargo si no está pagado)",
        description:
          "También sirve para salir de la lista de espera. Las plazas que libera pasan, en la misma transacción, a la lista de espera por orden de llegada. Con parte del cargo ya pagada (cobro parcial, pago en línea por menos), el socio recibe un 409: la devolución es de la junta; la junta sí la cancela: se anula lo que quedaba por pagar, lo pagado sigue pagado y la respuesta (`cargo: pagado_en_parte`) dice cuánto hay que devolver.",
        params: ParamsInscripcion,
        response: { 200: InscripcionCanceladaSchema },
      },
    },
    async (req) =>
      inscripciones.cancelarInscripcion(usuarioDe(req), req.params.id, req.params.idInscripcion),
  );

  app.patch(
    "/actos/:id/inscripciones/:idInscripcion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Cambiar menú, alergias o invitados de una inscripción (yo o a quien pago, hasta la fecha máxima; el administrador, siempre)",
        params: ParamsInscripcion,
        body: InscripcionCambioSchema,
        response: { 200: InscripcionSchema },
      },
    },
    async (req) =>
      inscripciones.modificarInscripcion(
        usuarioDe(req),
        req.params.id,
        req.params.idInscripcion,
        req.body,
      ),
  );

  app.put(
    "/actos/:id/inscripciones/:idInscripcion/plazo-pago",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Mover el plazo de pago de una inscripción (más tarde o antes, no antes de ahora)",
        description:
          "Issue 50. 409 si la inscripción no tiene plazo (sin cargo, ya pagada o conservada) o si el nuevo plazo es anterior a ahora.",
        params: ParamsInscripcion,
        body: PlazoPagoCambioSchema,
        response: { 200: InscripcionSchema },
      },
    },
    async (req) =>
      inscripciones.moverPlazo(
        usuarioDe(req),
        req.params.id,
        req.params.idInscripcion,
        req.body.plazoPago,
      ),
  );

  app.post(
    "/actos/:id/inscripciones/:idInscripcion/promocion",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Dar plaza a mano a una inscripción de la lista de espera",
        description:
          "La junta, en cualquier momento (también pasada la fecha máxima de inscripción). Crea el cargo como una inscripción directa y avisa al socio (alerta, Web Push y correo). 409 si ya tiene plaza o si no caben sus personas en el aforo.",
        params: ParamsInscripcion,
        response: { 200: InscripcionSchema },
      },
    },
    async (req) => inscripciones.promocion(usuarioDe(req), req.params.id, req.params.idInscripcion),
  );
};
