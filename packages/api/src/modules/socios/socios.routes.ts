import multipart from "@fastify/multipart";
import {
  FamiliaSocioSchema,
  FechaSchema,
  ListaSociosQuerySchema,
  SocioCambiosSchema,
  SocioEntradaSchema,
  SocioPropioCambiosSchema,
  SocioPropioVistaSchema,
  SocioVistaSchema,
  textoCorto,
} from "@fila/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { requiereRol, requiereSesion, usuarioDe, versionDatosDe } from "../../plugins/auth.js";
import { enviarEscrito } from "../../plugins/serializacion.js";
import { IMAGEN_MAX_BYTES } from "./socios.imagenes.js";
import type { SociosService } from "./socios.service.js";

const tags = ["Socios"];
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: "El id del socio no es válido" }),
});
const ListaSchema = z.object({
  items: z.array(SocioVistaSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
/** A record answered to whoever may read it: the board's notes only to the board. */
const SocioSegunQuienSchema = SocioPropioVistaSchema.extend({
  comentarios: z
    .string()
    .optional()
    .describe("Notas internas de la junta: solo en la respuesta a un administrador."),
});
const CambioSchema = z.object({ campo: z.string(), antes: z.unknown(), despues: z.unknown() });
const HistorialSchema = z.array(
  z.object({
    id: z.int(),
    fecha: z.string(),
    usuario: z.string(),
    accion: z.string(),
    cambios: z.array(CambioSchema),
  }),
);
const BajaSchema = z.object({
  fechaBaja: FechaSchema.optional(),
  motivoBaja: textoCorto(500).default(""),
});
const MisDatosSchema = z.object({
  generado: z.string(),
  socio: SocioVistaSchema.nullable(),
  familia: FamiliaSocioSchema.nullable(),
  cuenta: z
    .object({
      id: z.int(),
      email: z.string(),
      nombre: z.string(),
      rol: z.string(),
      idSocio: z.int().nullable(),
      activo: z.boolean(),
      condicionesAceptadasEn: z.string().nullable(),
      condicionesVersion: z.string().nullable(),
      creadaEn: z.string(),
    })
    .nullable(),
  sesiones: z.array(
    z.object({
      creadaEn: z.string(),
      expiraEn: z.string(),
      revocadaEn: z.string().nullable(),
      ip: z.string(),
    }),
  ),
  historial: z.object({ socio: HistorialSchema, cuenta: HistorialSchema }),
});

const MENSAJE_ARCHIVO = "peticion.adjunta_imagen_jpeg_png_webp_campo";

/** Reads the one uploaded file into memory, refusing anything over 5 MB. */
async function leerArchivo(req: FastifyRequest): Promise<Buffer> {
  let parte: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    parte = await req.file();
  } catch {
    throw new DomainError("peticion_invalida", MENSAJE_ARCHIVO, [
      { campo: "archivo", clave: MENSAJE_ARCHIVO },
    ]);
  }
  if (parte?.fieldname !== "archivo") {
    throw new DomainError("peticion_invalida", MENSAJE_ARCHIVO, [
      { campo: "archivo", clave: MENSAJE_ARCHIVO },
    ]);
  }
  try {
    const contenido = await parte.toBuffer();
    if (!parte.file.truncated) return contenido;
  } catch (err) {
    if ((err as { code?: string }).code !== "FST_REQ_FILE_TOO_LARGE") throw err;
  }
  const mensaje = mensajeCon("peticion.imagen_demasiado_grande", { mb: 5 });
  throw new DomainError("demasiado_grande", mensaje, [{ campo: "archivo", clave: mensaje }]);
}

export const sociosRoutes: FastifyPluginAsyncZod<{ socios: SociosService }> = async (
  app,
  { socios },
) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGEN_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    "/socios",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Lista de socios con búsqueda, filtros, orden y páginas",
        querystring: ListaSociosQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req, reply) => {
      const escrito = await socios.listarEscrito(req.query, versionDatosDe(req), (pagina) =>
        Buffer.from(`${reply.serialize(pagina)}`),
      );
      return enviarEscrito(reply as FastifyReply, escrito);
    },
  );

  app.post(
    "/socios",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Dar de alta un socio",
        body: SocioEntradaSchema,
        response: { 201: SocioVistaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await socios.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/socios/yo",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Mi ficha de socio (sin las notas internas de la junta)",
        response: { 200: SocioPropioVistaSchema },
      },
    },
    async (req) => socios.yo(usuarioDe(req)),
  );

  app.patch(
    "/socios/yo",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cambiar mis datos de contacto (y bancarios, si soy usuario)",
        description:
          "Un usuario cambia contacto (dirección, población, provincia, código postal, teléfono, correo) y banco (IBAN, BIC); un socio, solo el contacto. Cualquier otro campo enviado se ignora.",
        body: SocioPropioCambiosSchema,
        response: { 200: SocioPropioVistaSchema },
      },
    },
    async (req) => socios.modificarPropio(usuarioDe(req), req.body),
  );

  app.get(
    "/socios/yo/datos",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Descargar todo lo que guardamos de mí (JSON)",
        description:
          "El derecho de acceso: lleva todo, también las notas de la junta sobre mí (`comentarios`) y su historial.",
        response: { 200: MisDatosSchema },
      },
    },
    async (req, reply) => {
      const datos = await socios.misDatos(usuarioDe(req));
      return reply
        .header("Content-Disposition", 'attachment; filename="mis-datos.json"')
        .header("Cache-Control", "no-store")
        .send(datos);
    },
  );

  app.get(
    "/socios/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Ficha de un socio",
        description:
          "La junta la ve entera; un socio, la suya y la de quienes paga, sin `comentarios` (notas internas de la junta).",
        params: ParamsSchema,
        response: { 200: SocioSegunQuienSchema },
      },
    },
    async (req) => socios.obtener(usuarioDe(req), req.params.id),
  );

  app.put(
    "/socios/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Sustituir la ficha completa de un socio",
        params: ParamsSchema,
        body: SocioEntradaSchema,
        response: { 200: SocioVistaSchema },
      },
    },
    async (req) => socios.reemplazar(usuarioDe(req), req.params.id, req.body),
  );

  app.patch(
    "/socios/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Cambiar algunos campos de un socio",
        params: ParamsSchema,
        body: SocioCambiosSchema,
        response: { 200: SocioSegunQuienSchema },
      },
    },
    async (req) => socios.modificar(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/socios/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Borrar un socio dado de alta por error",
        description:
          "Borra también sus inscripciones sin cargo (las automáticas), y el acto recupera la plaza. 409 `en_uso` si tiene pagos o asistencias a actos, si es pagador, padre o madre, o pareja de otro socio, o si tiene una cuenta de acceso; el mensaje dice qué lo impide.",
        params: ParamsSchema,
      },
    },
    async (req, reply) => {
      await socios.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    "/socios/:id/baja",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Dar de baja a un socio (se conserva la ficha)",
        params: ParamsSchema,
        body: BajaSchema,
        response: { 200: SocioVistaSchema },
      },
    },
    async (req) => socios.baja(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/socios/:id/alta",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary: "Volver a dar de alta a un socio de baja",
        params: ParamsSchema,
        response: { 200: SocioVistaSchema },
      },
    },
    async (req) => socios.alta(usuarioDe(req), req.params.id),
  );

  app.get(
    "/socios/:id/familia",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Pareja, padre o madre, pagador, hijos y socios a los que paga",
        params: ParamsSchema,
        response: { 200: FamiliaSocioSchema },
      },
    },
    async (req) => socios.familia(usuarioDe(req), req.params.id),
  );

  app.get(
    "/socios/:id/historial",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Historial de cambios de un socio",
        description:
          "Para un socio (el suyo o el de quienes paga), sin los cambios de `comentarios` (notas internas de la junta).",
        params: ParamsSchema,
        response: { 200: HistorialSchema },
      },
    },
    async (req) => socios.historial(usuarioDe(req), req.params.id),
  );

  app.post(
    "/socios/:id/imagen",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Subir la foto (multipart, campo «archivo»: JPEG, PNG o WebP de hasta 5 MB)",
        consumes: ["multipart/form-data"],
        params: ParamsSchema,
        response: { 200: SocioSegunQuienSchema },
      },
    },
    async (req) => socios.subirImagen(usuarioDe(req), req.params.id, () => leerArchivo(req)),
  );

  app.get(
    "/socios/:id/imagen",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Foto del socio (WebP)", params: ParamsSchema },
    },
    async (req, reply) => {
      const contenido = await socios.leerImagen(usuarioDe(req), req.params.id);
      return reply
        .type("image/webp")
        .header("Cache-Control", "private, max-age=3600")
        .send(contenido);
    },
  );

  app.delete(
    "/socios/:id/imagen",
    {
      onRequest: requiereSesion,
      schema: { tags, summary: "Quitar la foto del socio", params: ParamsSchema },
    },
    async (req, reply) => {
      await socios.borrarImagen(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
