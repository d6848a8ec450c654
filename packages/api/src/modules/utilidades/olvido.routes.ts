import {
  AnonimizacionSchema,
  ConfiguracionOlvidoSchema,
  ListaElegiblesOlvidoSchema,
  ResultadoAnonimizacionSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { ListaQuerySchema } from "../maestros/maestros.schemas.js";
import type { OlvidoService } from "./olvido.service.js";

const tags = ["Utilidades"];
const soloAdministrador = requiereRol("administrador");
const PaginaQuery = ListaQuerySchema.pick({ page: true, pageSize: true });

/** Right to be forgotten (issue 11 §5): administrador only. */
export const olvidoRoutes: FastifyPluginAsyncZod<{ olvido: OlvidoService }> = async (
  app,
  { olvido },
) => {
  app.get(
    "/utilidades/olvido",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Socios dados de baja hace más de los años configurados, aún sin anonimizar",
        querystring: PaginaQuery,
        response: { 200: ListaElegiblesOlvidoSchema },
      },
    },
    async (req) => olvido.elegibles(req.query.page, req.query.pageSize),
  );

  app.put(
    "/utilidades/olvido/configuracion",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Años que se guardan los datos de un socio dado de baja (5 por defecto)",
        body: ConfiguracionOlvidoSchema,
        response: { 200: ConfiguracionOlvidoSchema },
      },
    },
    async (req) => olvido.configurar(usuarioDe(req).id, req.body),
  );

  app.post(
    "/utilidades/olvido",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Anonimizar socios dados de baja (no se puede deshacer)",
        description:
          "Borra o sustituye por «Socio anonimizado nº …» el nombre, el contacto, el NIF, los datos bancarios, la foto, las notas y las alergias; borra su cuenta de acceso y sus correos; quita sus datos de cualquier otro texto de la base de datos. Sus cargos, inscripciones y totales se quedan. Todos o ninguno: uno que no se pueda anonimizar da 409.",
        body: AnonimizacionSchema,
        response: { 200: ResultadoAnonimizacionSchema },
      },
    },
    async (req) => olvido.anonimizar(usuarioDe(req).id, req.body),
  );
};
