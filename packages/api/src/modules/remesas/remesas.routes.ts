import multipart from "@fastify/multipart";
import {
  DevolucionesSchema,
  RemesaEntradaSchema,
  RemesaSchema,
  ResumenRemesaSchema,
} from "@fila/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.js";
import { DomainError } from "../../errors/domain-error.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { RemesasRepository } from "./remesas.repository.js";
import { RemesasService } from "./remesas.service.js";

const tags = ["Remesas"];
const soloAdministrador = requiereRol("administrador");
const MAX_BYTES_DEVOLUCIONES = 5 * 1024 * 1024;

const IdParams = z.object({
  id: z.coerce
    .number({ error: "El identificador no es válido." })
    .int({ error: "El identificador no es válido." })
    .positive({ error: "El identificador no es válido." })
    .max(2_147_483_647, { error: "El identificador no es válido." }),
});

const ORDENES = ["id", "-id", "fechaCobro", "-fechaCobro"] as const;

const ListaQuery = z.object({
  page: z.coerce
    .number({ error: "La página debe ser un número." })
    .int({ error: "La página debe ser un número entero." })
    .min(1, { error: "La página empieza en 1." })
    .default(1),
  pageSize: z.coerce
    .number({ error: "El tamaño de página debe ser un número." })
    .int({ error: "El tamaño de página debe ser un número entero." })
    .min(1, { error: "El tamaño de página debe ser al menos 1." })
    .max(200, { error: "El tamaño de página no puede pasar de 200." })
    .default(50),
  sort: z.enum(ORDENES, { error: `Ordena por uno de: ${ORDENES.join(", ")}.` }).default("-id"),
});

const ListaSchema = z.object({
  items: z.array(ResumenRemesaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

/** The pain.002 of field `archivo` (at most 5 MB), or null when the body is not multipart. */
async function leerArchivo(req: FastifyRequest): Promise<Buffer> {
  const sinArchivo = new DomainError(
    "validacion",
    "Adjunta el fichero pain.002 del banco en el campo «archivo».",
    [{ campo: "archivo", mensaje: "Falta el fichero" }],
  );
  const parte = await req.file({ limits: { fileSize: MAX_BYTES_DEVOLUCIONES, files: 1 } });
  if (parte?.fieldname !== "archivo") throw sinArchivo;
  try {
    return await parte.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new DomainError(
        "demasiado_grande",
        "El fichero no puede ocupar más de 5 MB.",
        [{ campo: "archivo", mensaje: "Fichero demasiado grande" }],
        413,
      );
    }
    throw error;
  }
}

/** SEPA direct-debit remittances: administrador only. */
export const remesasRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const remesas = new RemesasService(new RemesasRepository(db));
  // Another module may already offer multipart to the whole app; never register it twice.
  if (!app.hasRequestDecorator("isMultipart")) await app.register(multipart);

  app.get(
    "/remesas",
    {
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary: "Lista de remesas SEPA",
        querystring: ListaQuery,
        response: { 200: ListaSchema },
      },
    },
    async (req) => remesas.listar(req.query),
  );

  app.post(
    "/remesas",
    {
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary:
          "Generar una remesa con los cargos pendientes domiciliados que vencen hasta una fecha",
        body: RemesaEntradaSchema,
        response: { 201: RemesaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await remesas.generar(usuarioDe(req), req.body)),
  );

  app.get(
    "/remesas/:id",
    {
      preHandler: soloAdministrador,
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
      preHandler: soloAdministrador,
      schema: { tags, summary: "Fichero pain.008.001.02 de la remesa", params: IdParams },
    },
    async (req, reply) => {
      const xml = await remesas.xml(req.params.id);
      return reply
        .header("Content-Type", "application/xml; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="remesa-${req.params.id}.xml"`)
        .header("Cache-Control", "no-store")
        .send(xml);
    },
  );

  app.delete(
    "/remesas/:id",
    {
      preHandler: soloAdministrador,
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
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary: "Marcar la remesa como cobrada (sus cargos pasan a pagados)",
        params: IdParams,
        response: { 200: RemesaSchema },
      },
    },
    async (req) => remesas.marcarCobrada(usuarioDe(req), req.params.id),
  );

  app.post(
    "/remesas/:id/devoluciones",
    {
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary:
          'Registrar devoluciones: JSON {"devoluciones":[{"idPago","motivo"}]} o el pain.002 del banco (multipart, campo «archivo»)',
        params: IdParams,
        response: { 200: RemesaSchema },
      },
    },
    async (req) => {
      const actor = usuarioDe(req);
      if (req.isMultipart()) {
        return remesas.devolverPain002(actor, req.params.id, await leerArchivo(req));
      }
      const cuerpo = DevolucionesSchema.safeParse(req.body);
      if (!cuerpo.success) {
        throw new DomainError(
          "validacion",
          "Hay datos que no son válidos. Revisa los campos marcados.",
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
