import {
  AjustesAntiguedadSchema,
  AntiguedadSocioSchema,
  AnyoQuerySchema,
  CandidatosSchema,
  ConcesionEntradaSchema,
  ConcesionSchema,
  hoyIso,
  ListaConcesionesSchema,
  ListaPeriodosSchema,
  ListaRecompensasSchema,
  PeriodoEntradaSchema,
  PeriodoSchema,
  RecompensaEntradaSchema,
  RecompensaSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { idEnRuta } from "../../plugins/validacion.js";
import type { AntiguedadService } from "./antiguedad.service.js";

const tags = ["Antigüedad y recompensas"];
const soloJunta = requiereRol("administrador");

const ParamsSocio = z.object({ id: idEnRuta("del socio") });
const ParamsPeriodo = z.object({ id: idEnRuta("del socio"), idPeriodo: idEnRuta("del periodo") });
const ParamsRecompensa = z.object({ id: idEnRuta("de la recompensa") });
const ParamsConcesion = z.object({ id: idEnRuta("de la concesión") });

const anyoDe = (q: { anyo?: number }) => q.anyo ?? Number(hoyIso().slice(0, 4));

export const antiguedadRoutes: FastifyPluginAsyncZod<{ antiguedad: AntiguedadService }> = async (
  app,
  { antiguedad },
) => {
  app.get(
    "/socios/:id/antiguedad",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Antigüedad de un socio: años de festero, de infantil, para recompensas y desde cuándo",
        description: "La junta, o el socio en su propia ficha; cualquier otro: 403.",
        params: ParamsSocio,
        response: { 200: AntiguedadSocioSchema },
      },
    },
    async (req) => antiguedad.antiguedad(usuarioDe(req), req.params.id),
  );

  app.get(
    "/socios/:id/periodos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Periodos del socio en la filà (alta, baja y tipo de socio en cada uno)",
        params: ParamsSocio,
        response: { 200: ListaPeriodosSchema },
      },
    },
    async (req) => antiguedad.periodos(usuarioDe(req), req.params.id),
  );

  app.post(
    "/socios/:id/periodos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Añadir un periodo del socio (409 si se solapa con otro)",
        params: ParamsSocio,
        body: PeriodoEntradaSchema,
        response: { 201: PeriodoSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await antiguedad.crearPeriodo(usuarioDe(req), req.params.id, req.body)),
  );

  app.put(
    "/socios/:id/periodos/:idPeriodo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Corregir un periodo del socio (409 si se solapa con otro)",
        params: ParamsPeriodo,
        body: PeriodoEntradaSchema,
        response: { 200: PeriodoSchema },
      },
    },
    async (req) =>
      antiguedad.modificarPeriodo(usuarioDe(req), req.params.id, req.params.idPeriodo, req.body),
  );

  app.delete(
    "/socios/:id/periodos/:idPeriodo",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "Borrar un periodo del socio", params: ParamsPeriodo },
    },
    async (req, reply) => {
      await antiguedad.borrarPeriodo(usuarioDe(req), req.params.id, req.params.idPeriodo);
      return reply.status(204).send();
    },
  );

  app.get(
    "/antiguedad/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Los tipos de socio que «cuentan como infantil»",
        response: { 200: AjustesAntiguedadSchema },
      },
    },
    async (req) => antiguedad.ajustes(usuarioDe(req)),
  );

  app.put(
    "/antiguedad/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Marcar los tipos de socio que «cuentan como infantil» (sus años van aparte)",
        body: AjustesAntiguedadSchema,
        response: { 200: AjustesAntiguedadSchema },
      },
    },
    async (req) => antiguedad.guardarAjustes(usuarioDe(req), req.body),
  );

  app.get(
    "/recompensas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Las recompensas de la asociación (insignias por años) y cuántas se han concedido",
        response: { 200: ListaRecompensasSchema },
      },
    },
    async (req) => antiguedad.recompensas(usuarioDe(req)),
  );

  app.post(
    "/recompensas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear una recompensa (409 si el nombre ya existe)",
        body: RecompensaEntradaSchema,
        response: { 201: RecompensaSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await antiguedad.crearRecompensa(usuarioDe(req), req.body)),
  );

  app.put(
    "/recompensas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Modificar una recompensa (nombre, años, activa)",
        params: ParamsRecompensa,
        body: RecompensaEntradaSchema,
        response: { 200: RecompensaSchema },
      },
    },
    async (req) => antiguedad.modificarRecompensa(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/recompensas/candidatos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Quién llega a los años de cada recompensa en el año y aún no la tiene",
        querystring: AnyoQuerySchema,
        response: { 200: CandidatosSchema },
      },
    },
    async (req) => antiguedad.candidatos(usuarioDe(req), anyoDe(req.query)),
  );

  app.post(
    "/recompensas/:id/concesiones",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Conceder la recompensa a un socio (409 si ya la tiene)",
        params: ParamsRecompensa,
        body: ConcesionEntradaSchema,
        response: { 201: ConcesionSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await antiguedad.conceder(usuarioDe(req), req.params.id, req.body)),
  );

  app.get(
    "/recompensas/concesiones",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Recompensas concedidas (de un año con ?anyo=)",
        querystring: AnyoQuerySchema,
        response: { 200: ListaConcesionesSchema },
      },
    },
    async (req) => antiguedad.concesiones(usuarioDe(req), req.query.anyo),
  );

  app.delete(
    "/recompensas/concesiones/:id",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "Retirar una concesión hecha por error", params: ParamsConcesion },
    },
    async (req, reply) => {
      await antiguedad.retirar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/recompensas/concesiones/:id/diploma",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "El diploma de una recompensa concedida (PDF)",
        params: ParamsConcesion,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await antiguedad.diploma(usuarioDe(req), req.params.id), {
        privado: true,
      }),
  );
};
