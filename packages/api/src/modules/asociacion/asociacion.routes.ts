import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.js";

const TextosSchema = z.object({
  nombre: z.string(),
  condiciones: z.string(),
  privacidad: z.string(),
  versionCondiciones: z.string(),
});

/** The association's public texts: shown before sign-in (privacy, terms) and at the terms gate. */
export const asociacionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
