import multipart from "@fastify/multipart";
import { ListaSociosQuerySchema } from "@fila/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.js";
import { DomainError } from "../../errors/domain-error.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { SociosIoRepository } from "./socios-io.repository.js";
import { type InformeImportacion, SociosIoService } from "./socios-io.service.js";

export const MAX_BYTES_IMPORTACION = 5 * 1024 * 1024;

const tags = ["Socios"];
const soloAdministrador = requiereRol("administrador");

// The list's own filters and sort (without paging), so the file matches the list.
const ExportarQuery = ListaSociosQuerySchema.omit({ page: true, pageSize: true }).extend({
  formato: z.enum(["csv", "xlsx"]).default("csv"),
});

const InformeSchema = z.object({
  filas: z.number(),
  validas: z.number(),
  rechazadas: z.array(
    z.object({
      fila: z.number(),
      errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })),
    }),
  ),
  importadas: z.number(),
});

const RechazoSchema = InformeSchema.extend({
  error: z.string(),
  mensaje: z.string(),
  detalles: z.array(z.object({ campo: z.string(), mensaje: z.string() })),
});

/** The error shape of every 4xx, carrying the whole report so the client can show it. */
function cuerpoRechazo(informe: InformeImportacion): z.infer<typeof RechazoSchema> {
  const n = informe.rechazadas.length;
  return {
    error: "validacion",
    mensaje: `${n === 1 ? "Hay 1 fila" : `Hay ${n} filas`} con errores: no se ha importado ningún socio.`,
    detalles: informe.rechazadas.flatMap((r) =>
      r.errores.map((e) => ({ campo: `Fila ${r.fila} · ${e.campo}`, mensaje: e.mensaje })),
    ),
    ...informe,
  };
}

/** The uploaded file of field `archivo`, at most 5 MB, as one buffer. */
async function leerArchivo(req: FastifyRequest): Promise<Buffer> {
  const sinArchivo = new DomainError(
    "validacion",
    "Adjunta el fichero CSV o Excel en el campo «archivo».",
    [{ campo: "archivo", mensaje: "Falta el fichero" }],
  );
  if (!req.isMultipart()) throw sinArchivo;
  const parte = await req.file({ limits: { fileSize: MAX_BYTES_IMPORTACION, files: 1 } });
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

export const sociosIoRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const sociosIo = new SociosIoService(new SociosIoRepository(db));
  // Another module may already offer multipart to the whole app; never register it twice.
  if (!app.hasRequestDecorator("isMultipart")) await app.register(multipart);

  app.get(
    "/socios/exportar",
    {
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary: "Exportar la lista filtrada de socios a CSV o Excel",
        querystring: ExportarQuery,
      },
    },
    async (req, reply) => {
      const fichero = await sociosIo.exportar(req.query);
      return reply
        .header("Content-Type", fichero.tipo)
        .header("Content-Disposition", `attachment; filename="${fichero.nombre}"`)
        .header("Cache-Control", "no-store")
        .send(fichero.contenido);
    },
  );

  app.post(
    "/socios/importar",
    {
      preHandler: soloAdministrador,
      schema: {
        tags,
        summary: "Importar socios de un CSV o Excel (confirmar=0 solo comprueba)",
        consumes: ["multipart/form-data"],
        querystring: z.object({ confirmar: z.enum(["0", "1"]).default("0") }),
        response: { 200: InformeSchema, 400: RechazoSchema.partial() },
      },
    },
    async (req, reply) => {
      const confirmar = req.query.confirmar === "1";
      const archivo = await leerArchivo(req);
      const informe = await sociosIo.importar(archivo, confirmar, usuarioDe(req).id);
      if (confirmar && informe.rechazadas.length > 0) {
        return reply.status(400).send(cuerpoRechazo(informe));
      }
      return informe;
    },
  );
};
