import { CuerpoErrorSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { VERSION_APP } from "../../config.js";
import { DomainError } from "../../errors/domain-error.js";
import type { SaludRepository } from "./salud.repository.js";

const tags = ["Salud"];
const ESPERA_MAXIMA_MS = 3000;

/**
 * For orchestrators and load balancers: liveness (the process answers: restart it otherwise) and
 * readiness (the database answers too: send it traffic). No session needed, nothing private.
 */
export const saludRoutes: FastifyPluginAsyncZod<{ salud: SaludRepository }> = async (
  app,
  { salud: repo },
) => {
  app.get(
    "/salud",
    {
      schema: {
        tags,
        summary: "Vivo: el proceso responde (para reiniciarlo si no)",
        security: [],
        response: { 200: z.object({ estado: z.literal("ok"), version: z.string() }) },
      },
    },
    async () => ({ estado: "ok" as const, version: VERSION_APP }),
  );

  app.get(
    "/salud/lista",
    {
      schema: {
        tags,
        summary: "Lista: el proceso y la base de datos responden (para enviarle peticiones)",
        security: [],
        response: {
          200: z.object({ estado: z.literal("ok"), baseDeDatos: z.literal("ok") }),
          503: CuerpoErrorSchema,
        },
      },
    },
    async (_req, reply) => {
      let temporizador: NodeJS.Timeout | undefined;
      const tarde = new Promise<never>((_, rechazar) => {
        temporizador = setTimeout(
          () => rechazar(new DomainError("bd_no_disponible", "peticion.bd_no_disponible")),
          ESPERA_MAXIMA_MS,
        );
      });
      try {
        await Promise.race([repo.comprobar(), tarde]);
      } finally {
        clearTimeout(temporizador);
      }
      reply.header("Cache-Control", "no-store");
      return { estado: "ok" as const, baseDeDatos: "ok" as const };
    },
  );
};
