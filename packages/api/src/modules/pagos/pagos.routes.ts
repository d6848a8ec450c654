import {
  AnulacionSchema,
  CobroMultipleResultadoSchema,
  CobroMultipleSchema,
  CobroSchema,
  EmisionResultadoSchema,
  EmisionSchema,
  ExportPagosQuerySchema,
  ListaPagosQuerySchema,
  ListaPagosSchema,
  MisPagosQuerySchema,
  MisPagosSchema,
  PagoEntradaSchema,
  PagoSchema,
  ReactivacionMultipleResultadoSchema,
  ReactivacionMultipleSchema,
  ReactivacionSchema,
} from "@fila/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe, versionDatosDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { enviarEscrito } from "../../plugins/serializacion.js";
import type { Trabajos } from "../../plugins/trabajos.js";
import { TrabajoLanzadoSchema } from "../trabajos/trabajos.routes.js";
import type { PagosService } from "./pagos.service.js";
import { lanzarEmision } from "./pagos.trabajos.js";

const tags = ["Pagos"];
const soloAdministrador = requiereRol("administrador");
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: "El id del cargo no es válido" }),
});

export const pagosRoutes: FastifyPluginAsyncZod<{
  pagos: PagosService;
  trabajos: Trabajos;
}> = async (app, { pagos, trabajos }) => {
  app.get(
    "/pagos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Lista de cargos con filtros, orden, páginas y totales del conjunto filtrado",
        querystring: ListaPagosQuerySchema,
        response: { 200: ListaPagosSchema },
      },
    },
    async (req) => pagos.listar(req.query),
  );

  app.get(
    "/pagos/mios",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Mis cargos y los que pago yo: pendientes primero, con lo que debo",
        querystring: MisPagosQuerySchema,
        response: { 200: MisPagosSchema },
      },
    },
    async (req, reply) => {
      const escrito = await pagos.miosEscrito(
        usuarioDe(req),
        req.query,
        versionDatosDe(req),
        (mios) => Buffer.from(`${reply.serialize(mios)}`),
      );
      return enviarEscrito(reply as FastifyReply, escrito);
    },
  );

  app.get(
    "/pagos/export",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Exportar los cargos filtrados a Excel (xlsx) o CSV",
        querystring: ExportPagosQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await pagos.exportar(req.query, usuarioDe(req).idioma)),
  );

  app.post(
    "/pagos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Crear un cargo manual (lo paga el pagador del socio, o el socio)",
        body: PagoEntradaSchema,
        response: { 201: PagoSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await pagos.crear(usuarioDe(req), req.body)),
  );

  app.post(
    "/pagos/emision",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Emitir las cuotas de un año (sin confirmar: la vista previa; confirmada: 202 con el trabajo de fondo, GET /api/trabajos/:id)",
        body: EmisionSchema,
        response: { 200: EmisionResultadoSchema, 202: TrabajoLanzadoSchema },
      },
    },
    async (req, reply) => {
      const actor = usuarioDe(req);
      if (!req.body.confirmar) return pagos.emitir(actor, req.body);
      const { id, rol, socioId } = actor;
      const idTrabajo = await lanzarEmision(trabajos, pagos, { id, rol, socioId }, req.body);
      return reply.status(202).send({ idTrabajo });
    },
  );

  app.post(
    "/pagos/cobros",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cobrar varios cargos a la vez (todos o ninguno)",
        body: CobroMultipleSchema,
        response: { 200: CobroMultipleResultadoSchema },
      },
    },
    async (req) => pagos.cobrarVarios(usuarioDe(req), req.body),
  );

  app.post(
    "/pagos/reactivaciones",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Volver a poner al cobro varios cargos devueltos (todos o ninguno)",
        body: ReactivacionMultipleSchema,
        response: { 200: ReactivacionMultipleResultadoSchema },
      },
    },
    async (req) => pagos.reactivarVarios(usuarioDe(req), req.body),
  );

  app.get(
    "/pagos/:id",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Un cargo", params: ParamsSchema, response: { 200: PagoSchema } },
    },
    async (req) => pagos.obtener(usuarioDe(req), req.params.id),
  );

  app.post(
    "/pagos/:id/cobro",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cobrar un cargo (con importe menor: cobro parcial, divide el cargo)",
        description:
          "Devuelve el cargo cobrado. En un cobro parcial es un cargo nuevo (idPagoOrigen = el original), y el original queda pendiente por el resto.",
        params: ParamsSchema,
        body: CobroSchema,
        response: { 200: PagoSchema },
      },
    },
    async (req) => pagos.cobrar(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/pagos/:id/anulacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Anular un cargo pendiente o devuelto, con el motivo",
        params: ParamsSchema,
        body: AnulacionSchema,
        response: { 200: PagoSchema },
      },
    },
    async (req) => pagos.anular(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/pagos/:id/reactivacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Volver a poner al cobro un cargo devuelto (pendiente y fuera de su remesa)",
        description:
          "El cargo entra en la siguiente remesa. Su remesa conserva el adeudo devuelto y el cambio queda en la auditoría.",
        params: ParamsSchema,
        body: ReactivacionSchema.nullish(),
        response: { 200: PagoSchema },
      },
    },
    async (req) =>
      pagos.reactivar(usuarioDe(req), req.params.id, req.body ?? ReactivacionSchema.parse({})),
  );

  app.get(
    "/pagos/:id/recibo.pdf",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Recibo en PDF de un cargo pagado", params: ParamsSchema },
    },
    async (req, reply) => {
      const pdf = await pagos.recibo(usuarioDe(req), req.params.id);
      const nombre = `recibo-${req.params.id}.pdf`;
      return enviarDescarga(
        reply,
        { nombre, tipo: "application/pdf", contenido: pdf },
        { privado: true },
      );
    },
  );
};
