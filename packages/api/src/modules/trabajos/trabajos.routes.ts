import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noEncontrado } from "../../errors/domain-error.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { Trabajos } from "../../plugins/trabajos.js";
import { IdParamsSchema } from "../maestros/maestros.schemas.js";

export const TrabajoSchema = z.object({
  tipo: z.string(),
  estado: z.enum(["en_curso", "terminado", "fallido"]),
  progreso: z.number().min(0).max(1),
  resultado: z.unknown(),
  error: z.string().nullable(),
});

/** What a route that launches a job answers (202). */
export const TrabajoLanzadoSchema = z.object({ idTrabajo: z.int() });

/** Following a background job (plugins/trabajos.ts): the board only. */
export const trabajosRoutes: FastifyPluginAsyncZod<{ trabajos: Trabajos }> = async (
  app,
  { trabajos },
) => {
  app.get(
    "/trabajos/:id",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags: ["Trabajos"],
        summary: "Estado, progreso y resultado de un trabajo de fondo",
        params: IdParamsSchema,
        response: { 200: TrabajoSchema },
      },
    },
    async (req) => {
      const t = await trabajos.leer(req.params.id, usuarioDe(req).idioma);
      if (!t) throw noEncontrado("no_encontrado.trabajo");
      return t;
    },
  );
};
