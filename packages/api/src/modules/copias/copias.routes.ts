import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../errors/domain-error.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { SecretosAlDia } from "../auth/secretos.js";
import { type CopiasService, NOMBRE_AUTOMATICA } from "./copias.service.js";

const tags = ["Utilidades"];
/** A backup holds every upload: far above any single upload's limit. */
const MAX_BYTES_COPIA = 4 * 1024 * 1024 * 1024;
const MENSAJE_TAMANYO = "copias.demasiado_grande";
const MENSAJE_SIN_ARCHIVO = "copias.sin_archivo";

const entero = z.coerce.number().int();
const ListaQuerySchema = z.object({
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
});
const CopiaAutomaticaSchema = z.object({
  nombre: z.string(),
  bytes: z.int(),
  creada: z.string(),
});
const ListaSchema = z.object({
  items: z.array(CopiaAutomaticaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
const NombreSchema = z.object({
  nombre: z
    .string()
    .max(100)
    .regex(NOMBRE_AUTOMATICA, { error: "El nombre de la copia no es válido" }),
});
const ResumenSchema = z.object({
  tablas: z.int(),
  filas: z.int(),
  archivos: z.int(),
  totpPorConfigurar: z
    .int()
    .describe(
      "Cuentas cuya verificación en dos pasos venía cifrada con la clave de otra instalación: tendrán que volver a configurarla al entrar.",
    ),
});

function enviarFichero(reply: FastifyReply, ruta: string, nombre: string, bytes: number) {
  return reply
    .header("Content-Type", "application/gzip")
    .header("Content-Disposition", `attachment; filename="${nombre}"`)
    .header("Content-Length", bytes)
    .header("Cache-Control", "private, no-store")
    .send(createReadStream(ruta));
}

/** The multipart upload straight to a temporary file (a backup may not fit in memory). */
async function recibirCopia(req: FastifyRequest, carpeta: string) {
  if (!req.isMultipart()) {
    throw new DomainError("peticion_invalida", MENSAJE_SIN_ARCHIVO, [
      { campo: "archivo", clave: MENSAJE_SIN_ARCHIVO },
    ]);
  }
  const ruta = path.join(carpeta, `subida-${randomBytes(8).toString("hex")}.fila.gz`);
  const campos: Record<string, string> = {};
  let recibido = false;
  try {
    for await (const parte of req.parts()) {
      if (parte.type === "file") {
        if (parte.fieldname !== "archivo" || recibido) {
          parte.file.resume();
          continue;
        }
        await pipeline(parte.file, createWriteStream(ruta, { mode: 0o600 }));
        if (parte.file.truncated) {
          throw new DomainError("demasiado_grande", MENSAJE_TAMANYO, [
            { campo: "archivo", clave: MENSAJE_TAMANYO },
          ]);
        }
        recibido = true;
      } else if (typeof parte.value === "string") {
        campos[parte.fieldname] = parte.value;
      }
    }
    if (!recibido || (await stat(ruta)).size === 0) {
      throw new DomainError("peticion_invalida", MENSAJE_SIN_ARCHIVO, [
        { campo: "archivo", clave: MENSAJE_SIN_ARCHIVO },
      ]);
    }
  } catch (err) {
    await rm(ruta, { force: true });
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code?.startsWith("FST_")) {
      throw new DomainError("peticion_invalida", MENSAJE_SIN_ARCHIVO, [
        { campo: "archivo", clave: MENSAJE_SIN_ARCHIVO },
      ]);
    }
    throw err;
  }
  return { ruta, campos };
}

/**
 * Backups (administrador): download the whole filà in one file, restore one, and the automatic
 * copies of the embedded database.
 */
export const copiasRoutes: FastifyPluginAsyncZod<{
  copias: CopiasService;
  secretos: { alDia: () => Promise<SecretosAlDia> };
}> = async (app, { copias, secretos }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_BYTES_COPIA, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
  });
  const soloAdministrador = requiereRol("administrador");

  app.get(
    "/utilidades/copia",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Descargar una copia de seguridad completa (base de datos y archivos subidos)",
        description:
          "Un fichero gzip de líneas JSON con cabecera de versión; el mismo formato en PGlite y PostgreSQL (docs/COPIAS.md). Se envía mientras se escribe, sin Content-Length: la línea «fin» dice que está entera.",
      },
    },
    async (_req, reply) => {
      // Sent while it is written (issue 51): the first bytes leave in a moment, not after the
      // whole filà (minutes at 12,000 members × 10 years, past a proxy's timeout). No
      // Content-Length then; the file's «fin» line says it is whole, and a failure midway cuts
      // the download instead of ending it.
      const copia = await copias.empezar();
      reply.raw.once("close", () => {
        // A client that went away stops the writing (a no-op once it is complete).
        copia.cancelar();
        void copia.terminada.catch(() => {}).finally(() => rm(copia.ruta, { force: true }));
      });
      // A failure before the first byte is still an error answer.
      await copia.primerosBytes();
      return reply
        .header("Content-Type", "application/gzip")
        .header("Content-Disposition", `attachment; filename="${copia.nombre}"`)
        .header("Cache-Control", "private, no-store")
        .send(copia.seguir());
    },
  );

  app.post(
    "/utilidades/restauracion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Restaurar una copia de seguridad (multipart: «archivo», «password» del administrador y «nombre» de la asociación)",
        description:
          "Comprueba todo el archivo antes de tocar nada; después sustituye todos los datos y archivos de una vez y cierra todas las sesiones.",
        consumes: ["multipart/form-data"],
        response: { 200: ResumenSchema },
      },
    },
    async (req) => {
      const subida = await recibirCopia(req, await copias.carpetaTemporal());
      try {
        const resumen = await copias.restaurar(usuarioDe(req), subida.ruta, subida.campos);
        // The restored secrets, in clear or under another installation's key, put in order.
        const { totpPorConfigurar } = await secretos.alDia();
        return { ...resumen, totpPorConfigurar };
      } finally {
        await rm(subida.ruta, { force: true });
      }
    },
  );

  app.get(
    "/utilidades/copias",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Copias automáticas (DATA_DIR/copias, cada día y al parar el servidor), la más nueva primero",
        querystring: ListaQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => copias.listarAutomaticas(req.query.page, req.query.pageSize),
  );

  app.get(
    "/utilidades/copias/:nombre",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Descargar una copia automática", params: NombreSchema },
    },
    async (req, reply) => {
      const ruta = await copias.rutaAutomatica(req.params.nombre);
      return enviarFichero(reply, ruta, req.params.nombre, (await stat(ruta)).size);
    },
  );
};
