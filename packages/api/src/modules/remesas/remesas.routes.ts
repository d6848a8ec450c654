import multipart from "@fastify/multipart";
import {
  DevolucionesResultadoSchema,
  DevolucionesSchema,
  ESTADOS_REMESA,
  RemesaEntradaSchema,
  RemesaSchema,
  ResumenRemesaSchema,
} from "@fila/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { exigirArchivo, leerFormulario } from "../../plugins/subidas.js";
import type { Trabajos } from "../../plugins/trabajos.js";
import { IdParamsSchema as IdParams, ListaQuerySchema } from "../maestros/maestros.schemas.js";
import { TrabajoLanzadoSchema } from "../trabajos/trabajos.routes.js";
import type { RemesasService } from "./remesas.service.js";
import { lanzarCobro, lanzarGeneracion } from "./remesas.trabajos.js";

const tags = ["Remesas"];
const soloAdministrador = requiereRol("administrador");
const MAX_BYTES_DEVOLUCIONES = 5 * 1024 * 1024;

const ORDENES = ["id", "-id", "fechaCobro", "-fechaCobro"] as const;

const ListaQuery = ListaQuerySchema.pick({ q: true, page: true, pageSize: true }).extend({
  sort: z.enum(ORDENES, { error: `Ordena por uno de: ${ORDENES.join(", ")}.` }).default("-id"),
  estado: z
    .enum(ESTADOS_REMESA, { error: `El estado debe ser uno de: ${ESTADOS_REMESA.join(", ")}.` })
    .optional(),
});

const ListaSchema = z.object({
  items: z.array(ResumenRemesaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

/** The bank's pain.002 of field `archivo` (at most 5 MB). */
async function leerPain002(req: FastifyRequest): Promise<Buffer> {
  const form = await leerFormulario(req, {
    maxBytes: MAX_BYTES_DEVOLUCIONES,
    mensajeTamanyo: mensajeCon("peticion.fichero_demasiado_grande", { mb: 5 }),
  });
  return exigirArchivo(form, "remesas.adjunta_fichero_pain_002_banco_campo").contenido;
}

/** SEPA direct-debit remittances: administrador only. */
export const remesasRoutes: FastifyPluginAsyncZod<{
  remesas: RemesasService;
  trabajos: Trabajos;
}> = async (app, { remesas, trabajos }) => {
  await app.register(multipart, { limits: { fileSize: MAX_BYTES_DEVOLUCIONES, files: 1 } });

  app.get(
    "/remesas",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Lista de remesas SEPA (q: número de remesa o id del mensaje; estado)",
        querystring: ListaQuery,
        response: { 200: ListaSchema },
      },
    },
    async (req) => remesas.listar(req.query),
  );

  app.post(
    "/remesas",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Generar una remesa con los cargos pendientes domiciliados que vencen hasta una fecha (202: trabajo de fondo, GET /api/trabajos/:id)",
        body: RemesaEntradaSchema,
        response: { 202: TrabajoLanzadoSchema },
      },
    },
    async (req, reply) => {
      const idTrabajo = await lanzarGeneracion(trabajos, remesas, usuarioDe(req).id, req.body);
      return reply.status(202).send({ idTrabajo });
    },
  );

  app.get(
    "/remesas/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Una remesa con sus adeudos",
        params: IdParams,
        response: { 200: RemesaSchema },
      },
    },
    async (req) => remesas.obtener(req.params.id),
  );

  app.get(
    "/remesas/:id/xml",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Fichero pain.008.001.02 de la remesa", params: IdParams },
    },
    async (req, reply) => {
      const nombre = `remesa-${req.params.id}.xml`;
      const contenido = await remesas.xml(req.params.id);
      return enviarDescarga(reply, { nombre, tipo: "application/xml; charset=utf-8", contenido });
    },
  );

  app.delete(
    "/remesas/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Borrar una remesa aún no cobrada (sus cargos vuelven a estar pendientes)",
        params: IdParams,
      },
    },
    async (req, reply) => {
      await remesas.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/remesas/:id/cobro",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Marcar la remesa como cobrada (sus cargos pasan a pagados; 202: trabajo de fondo, GET /api/trabajos/:id)",
        params: IdParams,
        response: { 202: TrabajoLanzadoSchema },
      },
    },
    async (req, reply) => {
      const idTrabajo = await lanzarCobro(trabajos, remesas, usuarioDe(req).id, req.params.id);
      return reply.status(202).send({ idTrabajo });
    },
  );

  app.post(
    "/remesas/:id/devoluciones",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          'Registrar devoluciones: JSON {"devoluciones":[{"idPago","motivo"}]} o el pain.002 del banco (multipart, campo «archivo»)',
        description:
          "Un adeudo se devuelve una vez: del pain.002 no se vuelve a devolver un adeudo ya devuelto ni un cargo devuelto antes (aunque se haya pagado o anulado después); «omitidos» dice cuáles y por qué.",
        params: IdParams,
        response: { 200: DevolucionesResultadoSchema },
      },
    },
    async (req) => {
      const actor = usuarioDe(req);
      if (req.isMultipart()) {
        return remesas.devolverPain002(actor, req.params.id, await leerPain002(req));
      }
      const cuerpo = DevolucionesSchema.safeParse(req.body);
      if (!cuerpo.success) {
        throw new DomainError(
          "validacion",
          "comun.hay_datos_no_son_validos_revisa",
          cuerpo.error.issues.map((i) => ({
            campo: i.path.join(".") || "devoluciones",
            mensaje: i.message,
          })),
        );
      }
      return remesas.devolverManual(actor, req.params.id, cuerpo.data.devoluciones);
    },
  );
};
