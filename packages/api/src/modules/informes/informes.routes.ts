import { ResumenAdminSchema } from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.js";
import { requiereRol } from "../../plugins/auth.js";
import { ActosRepository } from "../actos/actos.repository.js";
import { AlertasRepository } from "../alertas/alertas.repository.js";
import { InformesRepository } from "./informes.repository.js";
import { InformesService } from "./informes.service.js";

const tags = ["Informes"];

/** Reports: the administrator's dashboard (administrador only). */
export const informesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const informes = new InformesService(
    new InformesRepository(db),
    new ActosRepository(db),
    new AlertasRepository(db),
  );

  app.get(
    "/informes/resumen",
    {
      preHandler: requiereRol("administrador"),
      schema: {
        tags,
        summary:
          "Panel del administrador: socios por tipo, deuda, cobrado del año, próximos actos, últimas alertas y remesas por cobrar",
        response: { 200: ResumenAdminSchema },
      },
    },
    async () => informes.resumen(),
  );
};
