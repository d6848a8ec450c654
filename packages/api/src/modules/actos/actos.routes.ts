import {
  ActoCanceladoSchema,
  ActoConAsambleaSchema,
  ActoCopiaSchema,
  ActoEntradaSchema,
  ActoSchema,
  ListaActosQuerySchema,
  MisPuntosSchema,
  RankingPuntosQuerySchema,
  RankingPuntosSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { AsambleasService } from "../asambleas/asambleas.service.js";
import { ParamsActo, tags } from "./actos.params.js";
import type { ActosService } from "./actos.service.js";
import { TIPO_CALENDARIO } from "./calendario.js";
import type { CalendarioService } from "./calendario.service.js";

const ListaSchema = z.object({
  items: z.array(ActoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const soloAdmin = requiereRol("administrador");

export const actosRoutes: FastifyPluginAsyncZod<{
  actos: ActosService;
  calendario: CalendarioService;
  asambleas: AsambleasService;
}> = async (app, { actos, calendario, asambleas }) => {
  app.get(
    "/actos",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Lista de actos (próximos, pasados o todos) con búsqueda, orden y páginas",
        querystring: ListaActosQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => actos.listar(req.query),
  );

  app.post(
    "/actos",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Crear un acto (con inscripción automática, inscribe a todos los socios activos)",
        body: ActoEntradaSchema,
        response: { 201: ActoSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await actos.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/actos/puntos",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Clasificación de socios por puntos (de un año o total)",
        querystring: RankingPuntosQuerySchema,
        response: { 200: RankingPuntosSchema },
      },
    },
    async (req) => actos.ranking(req.query.anyo ?? null, req.query.page, req.query.pageSize),
  );

  app.get(
    "/actos/puntos/mios",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Mis puntos de este año y en total (sin socio enlazado, ceros)",
        response: { 200: MisPuntosSchema },
      },
    },
    async (req) => actos.misPuntos(usuarioDe(req)),
  );

  app.get(
    "/actos/:id",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Un acto (con `idAsamblea` si es una asamblea general)",
        params: ParamsActo,
        response: { 200: ActoConAsambleaSchema },
      },
    },
    async (req) => ({
      ...(await actos.obtener(req.params.id)),
      idAsamblea: await asambleas.idDeActo(req.params.id),
    }),
  );

  app.put(
    "/actos/:id",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Modificar un acto",
        params: ParamsActo,
        body: ActoEntradaSchema,
        response: { 200: ActoSchema },
      },
    },
    async (req) => actos.actualizar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/actos/:id",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Borrar un acto sin inscripciones (si las tiene, cancélalo)",
        params: ParamsActo,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await actos.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/actos/:id/copia",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Copiar un acto (sin inscripciones), con otra fecha o la misma",
        params: ParamsActo,
        body: ActoCopiaSchema.default({}),
        response: { 201: ActoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await actos.copiar(usuarioDe(req), req.params.id, req.body)),
  );

  app.post(
    "/actos/:id/cancelacion",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Cancelar un acto: anula lo que sus inscripciones aún debían",
        description:
          "Lo ya cobrado (cargos pagados, o partes de un cobro parcial o de un pago en línea por menos) no se anula, ni lo que está en una remesa: `devoluciones` dice de quién y cuánto (también en una alerta a la junta), para devolverlo.",
        params: ParamsActo,
        response: { 200: ActoCanceladoSchema },
      },
    },
    async (req) => actos.cancelar(usuarioDe(req), req.params.id),
  );

  app.get(
    "/actos/:id/evento.ics",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Un acto en formato iCalendar", params: ParamsActo },
    },
    async (req, reply) =>
      reply
        .type(TIPO_CALENDARIO)
        .header("Content-Disposition", `attachment; filename="acto-${req.params.id}.ics"`)
        .send(await calendario.evento(usuarioDe(req), req.params.id)),
  );
};
