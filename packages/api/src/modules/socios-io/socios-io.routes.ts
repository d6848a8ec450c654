import multipart from "@fastify/multipart";
import { booleanoQuery, ListaSociosQuerySchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { exigirArchivo, leerFormulario } from "../../plugins/subidas.js";
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

export const sociosIoRoutes: FastifyPluginAsyncZod<{
  db: Database;
  alImportar?: (ids: number[]) => Promise<unknown>;
}> = async (app, { db, alImportar }) => {
  const sociosIo = new SociosIoService(new SociosIoRepository(db), alImportar);
  await app.register(multipart, { limits: { fileSize: MAX_BYTES_IMPORTACION, files: 1 } });

  app.get(
    "/socios/exportar",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Exportar la lista filtrada de socios a CSV o Excel",
        querystring: ExportarQuery,
      },
    },
    async (req, reply) => enviarDescarga(reply, await sociosIo.exportar(req.query)),
  );

  app.post(
    "/socios/importar",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Importar socios de un CSV o Excel (confirmar=0 solo comprueba)",
        consumes: ["multipart/form-data"],
        querystring: z.object({ confirmar: booleanoQuery("confirmar").default(false) }),
        response: { 200: InformeSchema, 400: RechazoSchema.partial() },
      },
    },
    async (req, reply) => {
      const confirmar = req.query.confirmar;
      const form = await leerFormulario(req, {
        maxBytes: MAX_BYTES_IMPORTACION,
        mensajeTamanyo: "El fichero no puede ocupar más de 5 MB.",
      });
      const archivo = exigirArchivo(form, "Adjunta el fichero CSV o Excel en el campo «archivo».");
      const informe = await sociosIo.importar(archivo.contenido, confirmar, usuarioDe(req).id);
      if (confirmar && informe.rechazadas.length > 0) {
        return reply.status(400).send(cuerpoRechazo(informe));
      }
      return informe;
    },
  );
};
