import multipart from "@fastify/multipart";
import {
  booleanoQuery,
  CAMPOS_IMPORTACION,
  ListaSociosQuerySchema,
  type MapaImportacion,
  MODOS_IMPORTACION,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon, texto } from "../../errors/mensajes.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { exigirArchivo, type FormularioSubido, leerFormulario } from "../../plugins/subidas.js";
import { MENSAJE_CAMPO_DESCONOCIDO } from "../../plugins/validacion.js";
import type { InformeImportacion, SociosIoService } from "./socios-io.service.js";

export const MAX_BYTES_IMPORTACION = 5 * 1024 * 1024;

const tags = ["Socios"];
const soloAdministrador = requiereRol("administrador");

// The list's own filters and sort (without paging), so the file matches the list.
const ExportarQuery = ListaSociosQuerySchema.omit({ page: true, pageSize: true }).extend({
  formato: z.enum(["csv", "xlsx"]).default("csv"),
});

const ImportarQuery = z.object({
  confirmar: booleanoQuery("confirmar").default(false),
  modo: z.enum(MODOS_IMPORTACION).default("altas"),
});

const InformeSchema = z.object({
  filas: z.number(),
  validas: z.number(),
  nuevas: z.number(),
  actualizadas: z.number(),
  sinCambios: z.number(),
  rechazadas: z.array(
    z.object({
      fila: z.number(),
      errores: z.array(z.object({ campo: z.string(), mensaje: z.string() })),
    }),
  ),
  columnas: z.array(
    z.object({
      cabecera: z.string(),
      campo: z.enum(CAMPOS_IMPORTACION).nullable(),
      ejemplos: z.array(z.string()),
    }),
  ),
  avisos: z.array(z.object({ fila: z.number(), campo: z.string(), mensaje: z.string() })),
  importadas: z.number(),
});

/** The multipart field `mapa`: JSON `{"<cabecera>": "<campo>" | null}`. */
const MapaSchema = z.record(z.string(), z.string().nullable());

/** Only `archivo` and `mapa` travel with the file; `mapa` is parsed, its fields checked later. */
function leerMapa(form: FormularioSubido): MapaImportacion | undefined {
  const desconocidos = Object.keys(form.campos).filter((c) => c !== "mapa");
  if (desconocidos.length > 0) {
    throw new DomainError(
      "validacion",
      mensajeCon("peticion.campos_no_existen", { campos: desconocidos.join(", ") }),
      desconocidos.map((campo) => ({ campo, mensaje: MENSAJE_CAMPO_DESCONOCIDO })),
    );
  }
  if (form.campos.mapa === undefined) return undefined;
  let mapa: unknown;
  try {
    mapa = JSON.parse(form.campos.mapa);
  } catch {
    mapa = undefined;
  }
  const leido = MapaSchema.safeParse(mapa);
  if (!leido.success) {
    const mensaje = "socios_io.mapa_no_valido";
    throw new DomainError("validacion", mensaje, [{ campo: "mapa", clave: mensaje }]);
  }
  return leido.data as MapaImportacion;
}

const RechazoSchema = InformeSchema.extend({
  error: z.string(),
  mensaje: z.string(),
  detalles: z.array(z.object({ campo: z.string(), mensaje: z.string() })),
});

/** The error shape of every 4xx, carrying the whole report so the client can show it. */
function cuerpoRechazo({ faltan, ...informe }: InformeImportacion): z.infer<typeof RechazoSchema> {
  const n = informe.rechazadas.length;
  return {
    error: "validacion",
    mensaje:
      faltan?.mensaje ??
      texto(
        n === 1
          ? "socios_io.una_fila_con_errores"
          : mensajeCon("socios_io.filas_con_errores", { n }),
      ),
    detalles:
      faltan?.detalles ??
      informe.rechazadas.flatMap((r) =>
        r.errores.map((e) => ({ campo: `Fila ${r.fila} · ${e.campo}`, mensaje: e.mensaje })),
      ),
    ...informe,
  };
}

export const sociosIoRoutes: FastifyPluginAsyncZod<{ sociosIo: SociosIoService }> = async (
  app,
  { sociosIo },
) => {
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
        description:
          'Multipart: «archivo» (CSV o XLSX) y, opcional, «mapa» (JSON {"<cabecera>": "<campo>" o null}) que elige el campo de cada columna por encima de las cabeceras reconocidas. modo=altas solo da de alta; modo=actualizar actualiza los socios que encuentra por matrícula (o, sin ella, por NIF) y da de alta el resto.',
        consumes: ["multipart/form-data"],
        querystring: ImportarQuery,
        response: { 200: InformeSchema, 400: RechazoSchema.partial() },
      },
    },
    async (req, reply) => {
      const { confirmar, modo } = req.query;
      const form = await leerFormulario(req, {
        maxBytes: MAX_BYTES_IMPORTACION,
        mensajeTamanyo: mensajeCon("peticion.fichero_demasiado_grande", { mb: 5 }),
      });
      const archivo = exigirArchivo(form, "socios_io.adjunta_fichero_csv_excel_campo_archivo");
      const informe = await sociosIo.importar(
        archivo.contenido,
        { confirmar, modo, mapa: leerMapa(form) },
        usuarioDe(req).id,
      );
      if (informe.faltan || (confirmar && informe.rechazadas.length > 0)) {
        return reply.status(400).send(cuerpoRechazo(informe));
      }
      return informe;
    },
  );
};
