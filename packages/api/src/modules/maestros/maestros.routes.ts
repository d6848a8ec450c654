import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { ConfigMaestro } from "./maestros.config.js";
import { esquemasDe, IdParamsSchema, ListaQuerySchema } from "./maestros.schemas.js";
import type { MaestrosService } from "./maestros.service.js";

export type ServicioMaestro = { cfg: ConfigMaestro; servicio: MaestrosService };

const tags = ["Maestros"];
const soloAdministrador = requiereRol("administrador");

/** One master's CRUD under /<recurso>. Reading the list is open to any session (dropdowns). */
const rutasDeMaestro: FastifyPluginAsyncZod<ServicioMaestro> = async (app, { cfg, servicio }) => {
  const esquemas = esquemasDe(cfg.clase);
  const ruta = `/${cfg.recurso}`;

  app.get(
    ruta,
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: `Lista de ${cfg.plural} (cualquier sesión; ?activo=1 solo los activos)`,
        querystring: ListaQuerySchema,
        response: { 200: esquemas.lista },
      },
    },
    async (req) => servicio.listar(req.query),
  );

  app.get(
    `${ruta}/:id`,
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: `Un registro de ${cfg.plural}`,
        params: IdParamsSchema,
        response: { 200: esquemas.item },
      },
    },
    async (req) => servicio.obtener(req.params.id),
  );

  app.post(
    ruta,
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: `Crear en ${cfg.plural}`,
        body: esquemas.crear,
        response: { 201: esquemas.item },
      },
    },
    async (req, reply) => reply.status(201).send(await servicio.crear(usuarioDe(req), req.body)),
  );

  for (const metodo of ["PUT", "PATCH"] as const) {
    app.route({
      method: metodo,
      url: `${ruta}/:id`,
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: `Cambiar un registro de ${cfg.plural} (solo los campos enviados; {"activo": false} lo desactiva)`,
        params: IdParamsSchema,
        body: esquemas.cambiar,
        response: { 200: esquemas.item },
      },
      handler: async (req) => servicio.actualizar(usuarioDe(req), req.params.id, req.body),
    });
  }

  app.delete(
    `${ruta}/:id`,
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: `Borrar un registro de ${cfg.plural} (409 en_uso si algún socio lo usa)`,
        params: IdParamsSchema,
      },
    },
    async (req, reply) => {
      await servicio.borrar(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );
};

/** Tipos de socio, tipos de acto and formas de pago: one implementation, three resources. */
export const maestrosRoutes: FastifyPluginAsyncZod<{ maestros: ServicioMaestro[] }> = async (
  app,
  { maestros },
) => {
  for (const maestro of maestros) {
    await app.register(rutasDeMaestro, maestro);
  }
};
