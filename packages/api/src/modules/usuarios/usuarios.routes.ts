import { EmailSchema, ROLES } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { UsuariosService } from "./usuarios.service.js";

const tags = ["Cuentas de acceso"];

const RolCuentaSchema = z.enum(ROLES, {
  error: "Elige un rol: administrador, usuario o socio",
});

const IdSocioSchema = z
  .number({ error: "Indica el socio" })
  .int({ error: "Indica el socio" })
  .positive({ error: "Indica el socio" });

export const CuentaSchema = z.object({
  id: z.int(),
  email: z.string(),
  nombre: z.string(),
  rol: z.enum(ROLES),
  idSocio: z.int().nullable(),
  activo: z.boolean(),
  condicionesAceptadas: z.enum(["si", "no"]),
  invitacionPendiente: z.boolean(),
  totpActivo: z.boolean(),
  totpRenovar: z.boolean(),
});

const ORDENES = ["id", "email", "nombre", "rol"] as const;

const ListaQuerySchema = z.object({
  idSocio: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum([...ORDENES, ...ORDENES.map((o) => `-${o}` as const)]).default("nombre"),
});

const CrearSchema = z.object({
  idSocio: IdSocioSchema,
  email: EmailSchema,
  rol: RolCuentaSchema,
});

const ModificarSchema = z
  .object({
    rol: RolCuentaSchema.optional(),
    activo: z.boolean({ error: "Indica si la cuenta está activa" }).optional(),
    email: EmailSchema.optional(),
  })
  .refine((c) => Object.keys(c).length > 0, {
    error: "Indica qué quieres cambiar: rol, activo o email",
  });

const ParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const usuariosRoutes: FastifyPluginAsyncZod<{ usuarios: UsuariosService }> = async (
  app,
  { usuarios },
) => {
  const soloAdministrador = requiereRol("administrador");

  app.get(
    "/usuarios",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Listar las cuentas de acceso",
        querystring: ListaQuerySchema,
        response: {
          200: z.object({
            items: z.array(CuentaSchema),
            total: z.int(),
            page: z.int(),
            pageSize: z.int(),
          }),
        },
      },
    },
    async (req) => usuarios.listar(req.query),
  );

  app.get(
    "/usuarios/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Ver una cuenta de acceso",
        params: ParamsSchema,
        response: { 200: CuentaSchema },
      },
    },
    async (req) => usuarios.obtener(req.params.id),
  );

  app.post(
    "/usuarios",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Crear la cuenta de un socio y enviarle la invitación",
        body: CrearSchema,
        response: { 201: CuentaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await usuarios.crear(usuarioDe(req), req.body)),
  );

  app.patch(
    "/usuarios/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cambiar el rol, el correo o activar/desactivar una cuenta",
        params: ParamsSchema,
        body: ModificarSchema,
        response: { 200: CuentaSchema },
      },
    },
    async (req) => usuarios.modificar(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/usuarios/:id/invitacion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Reenviar la invitación (el enlace anterior deja de valer)",
        params: ParamsSchema,
        response: { 200: CuentaSchema },
      },
    },
    async (req) => usuarios.reenviarInvitacion(usuarioDe(req), req.params.id),
  );

  app.post(
    "/usuarios/:id/restablecer",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Forzar el restablecimiento: cierra sus sesiones y le envía un enlace",
        params: ParamsSchema,
        response: { 200: CuentaSchema },
      },
    },
    async (req) => usuarios.forzarRestablecimiento(usuarioDe(req), req.params.id),
  );
};
