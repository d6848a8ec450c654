import {
  ActoCopiaSchema,
  ActoEntradaSchema,
  ActoSchema,
  AsistenciaSchema,
  InscripcionCambioSchema,
  InscripcionCanceladaSchema,
  InscripcionEntradaSchema,
  InscripcionSchema,
  ListaActosQuerySchema,
  ListadoInscritosSchema,
  MisActosSchema,
  MisPuntosSchema,
  RankingPuntosQuerySchema,
  RankingPuntosSchema,
} from "@fila/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TIPO_PDF } from "../../lib/pdf.js";
import { requiereRol, requiereSesion, usuarioDe, versionDatosDe } from "../../plugins/auth.js";
import { enviarEscrito } from "../../plugins/serializacion.js";
import { inscritosPdf, inscritosXlsx, TIPO_XLSX } from "./actos.exportar.js";
import type { ActosService } from "./actos.service.js";
import { TIPO_CALENDARIO } from "./calendario.js";
import type { CalendarioService } from "./calendario.service.js";

const tags = ["Actos"];
const id = (que: string) =>
  z.coerce
    .number()
    .int()
    .positive({ error: `El id ${que} no es válido` })
    .max(2_147_483_647, {
      error: `El id ${que} no es válido`,
    });
const ParamsActo = z.object({ id: id("del acto") });
const ParamsInscripcion = z.object({ id: id("del acto"), idInscripcion: id("de la inscripción") });
const ListaSchema = z.object({
  items: z.array(ActoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
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

export const actosRoutes: FastifyPluginAsyncZod<{
  actos: ActosService;
  calendario: CalendarioService;
}> = async (app, { actos, calendario }) => {
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
      const escrito = await actos.miosEscrito(
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
      schema: { tags, summary: "Un acto", params: ParamsActo, response: { 200: ActoSchema } },
    },
    async (req) => actos.obtener(req.params.id),
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
        summary: "Cancelar un acto: anula los cargos sin pagar de sus inscripciones",
        params: ParamsActo,
        response: { 200: ActoSchema },
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

  app.get(
    "/actos/:id/inscripciones",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Inscritos de un acto con totales por menú y por tipo de socio",
        params: ParamsActo,
        response: { 200: ListadoInscritosSchema },
      },
    },
    async (req) => actos.listado(req.params.id),
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
      const listado = await actos.listado(req.params.id);
      const pdf = req.query.formato === "pdf";
      const contenido = pdf
        ? await inscritosPdf(listado, await actos.logoAsociacion(), usuarioDe(req).idioma)
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
      reply.status(201).send(await actos.inscribir(usuarioDe(req), req.params.id, req.body)),
  );

  app.delete(
    "/actos/:id/inscripciones/:idInscripcion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cancelar una inscripción (anula su cargo si no está pagado)",
        description:
          "También sirve para salir de la lista de espera. Las plazas que libera pasan, en la misma transacción, a la lista de espera por orden de llegada.",
        params: ParamsInscripcion,
        response: { 200: InscripcionCanceladaSchema },
      },
    },
    async (req) =>
      actos.cancelarInscripcion(usuarioDe(req), req.params.id, req.params.idInscripcion),
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
      actos.modificarInscripcion(usuarioDe(req), req.params.id, req.params.idInscripcion, req.body),
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
    async (req) => actos.promocion(usuarioDe(req), req.params.id, req.params.idInscripcion),
  );

  app.put(
    "/actos/:id/inscripciones/:idInscripcion/asistencia",
    {
      onRequest: soloAdmin,
      schema: {
        tags,
        summary: "Marcar la asistencia (da los puntos del acto)",
        description:
          "Solo desde el día del acto: marcar la asistencia de un acto que aún no se ha celebrado es 409. Quitarla siempre se puede.",
        params: ParamsInscripcion,
        body: AsistenciaSchema,
        response: { 200: InscripcionSchema },
      },
    },
    async (req) =>
      actos.asistencia(usuarioDe(req), req.params.id, req.params.idInscripcion, req.body.asistio),
  );
};
