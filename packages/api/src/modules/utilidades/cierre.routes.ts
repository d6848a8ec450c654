import {
  AnyoCierreParamsSchema,
  CierreAnyoSchema,
  ListaCierresSchema,
  VistaPreviaCierreSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { ListaQuerySchema } from "../maestros/maestros.schemas.js";
import type { CierreService } from "./cierre.service.js";

const tags = ["Utilidades"];
const soloAdministrador = requiereRol("administrador");
const PaginaQuery = ListaQuerySchema.pick({ page: true, pageSize: true });

/** Year close (issue 11 §1): administrador only. */
export const cierreRoutes: FastifyPluginAsyncZod<{ cierre: CierreService }> = async (
  app,
  { cierre },
) => {
  app.get(
    "/utilidades/cierres",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Historial de cierres de año (quién, cuándo y sus cifras)",
        querystring: PaginaQuery,
        response: { 200: ListaCierresSchema },
      },
    },
    async (req) => cierre.listar(req.query.page, req.query.pageSize),
  );

  app.post(
    "/utilidades/cierre/:anyo/vista-previa",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Vista previa del cierre del año: qué cambiaría (no escribe nada)",
        params: AnyoCierreParamsSchema,
        response: { 200: VistaPreviaCierreSchema },
      },
    },
    async (req) => cierre.vistaPrevia(req.params.anyo),
  );

  app.post(
    "/utilidades/cierre/:anyo",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cerrar el año (una sola vez): edad festera, productos y plazos de derrama",
        description:
          "En una sola transacción: suma 1 a la edad festera de los socios activos dados de alta como muy tarde ese año, copia al año siguiente los productos que se repiten cada año y emite los plazos de derrama del año nuevo. Los cargos pendientes no se tocan. Un segundo cierre del mismo año da 409.",
        params: AnyoCierreParamsSchema,
        response: { 201: CierreAnyoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await cierre.cerrar(usuarioDe(req), req.params.anyo)),
  );
};
