import { AsociacionEntradaSchema, AsociacionSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { AsociacionRepository } from "./asociacion.repository.js";
import { AsociacionService } from "./asociacion.service.js";

const TextosSchema = z.object({
  nombre: z.string(),
  condiciones: z.string(),
  privacidad: z.string(),
  versionCondiciones: z.string(),
});

const soloAdministrador = requiereRol("administrador");

/**
 * The association's public texts (shown before sign-in and at the terms gate) and, for the
 * administrator, its identity and bank settings for SEPA remittances and receipts.
 */
export const asociacionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const asociacion = new AsociacionService(new AsociacionRepository(db));

  app.get(
    "/asociacion",
    {
      preHandler: soloAdministrador,
      schema: {
        tags: ["Asociación"],
        summary: "Datos de la asociación y ajustes bancarios (con el identificador de acreedor)",
        response: { 200: AsociacionSchema },
      },
    },
    async () => asociacion.obtener(),
  );

  app.put(
    "/asociacion",
    {
      preHandler: soloAdministrador,
      schema: {
        tags: ["Asociación"],
        summary: "Cambiar los datos de la asociación y sus ajustes bancarios",
        body: AsociacionEntradaSchema,
        response: { 200: AsociacionSchema },
      },
    },
    async (req) => asociacion.guardar(usuarioDe(req), req.body),
  );

  app.get(
    "/asociacion/textos",
    {
      schema: {
        tags: ["Asociación"],
        summary: "Nombre de la asociación y textos de privacidad y condiciones",
        response: { 200: TextosSchema },
      },
    },
    async () => {
      const a = await db
        .selectFrom("asociacion")
        .select(["nombre", "texto_condiciones", "texto_privacidad", "version_condiciones"])
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      return {
        nombre: a.nombre,
        condiciones: a.texto_condiciones,
        privacidad: a.texto_privacidad,
        versionCondiciones: a.version_condiciones,
      };
    },
  );
};
