import {
  CopiaProductosQuerySchema,
  CopiaProductosResultadoSchema,
  CopiaProductosSchema,
  ListaProductosQuerySchema,
  ProductoEntradaSchema,
  ProductoSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import type { ProductosService } from "./productos.service.js";

const tags = ["Cuotas"];
const soloAdministrador = requiereRol("administrador");
const ParamsSchema = z.object({
  id: z.coerce.number().int().positive({ error: "El id del producto no es válido" }),
});
const ListaSchema = z.object({
  items: z.array(ProductoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

export const productosRoutes: FastifyPluginAsyncZod<{ productos: ProductosService }> = async (
  app,
  { productos },
) => {
  app.get(
    "/productos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Lista de productos (cuotas, derramas, ramell…) con filtros y páginas",
        querystring: ListaProductosQuerySchema,
        response: { 200: ListaSchema },
      },
    },
    async (req) => productos.listar(req.query),
  );

  app.get(
    "/productos/copia",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary:
          "Vista previa de la copia de productos: cuáles se copiarían y por qué no los demás",
        querystring: CopiaProductosQuerySchema,
        response: { 200: CopiaProductosResultadoSchema },
      },
    },
    async (req) => productos.previaCopia(req.query),
  );

  app.post(
    "/productos/copia",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Copiar los productos de un año a otro (con sus precios)",
        description:
          "Copia los que se repiten cada año (cuota, derrama, ramell, lotería, otro); no los de un acto (tipo acto o enlazados al precio de un acto), que se cobran una vez, ni el de una lotería (se cobra con sus talonarios), ni los que ya existen en el año de destino. `productos` dice de cada uno si se copia y por qué no.",
        body: CopiaProductosSchema,
        response: { 200: CopiaProductosResultadoSchema },
      },
    },
    async (req) => productos.copiar(usuarioDe(req).id, req.body),
  );

  app.get(
    "/productos/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Un producto",
        params: ParamsSchema,
        response: { 200: ProductoSchema },
      },
    },
    async (req) => productos.obtener(req.params.id),
  );

  app.post(
    "/productos",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Crear un producto",
        body: ProductoEntradaSchema,
        response: { 201: ProductoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await productos.crear(usuarioDe(req).id, req.body)),
  );

  app.put(
    "/productos/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Modificar un producto",
        params: ParamsSchema,
        body: ProductoEntradaSchema,
        response: { 200: ProductoSchema },
      },
    },
    async (req) => productos.reemplazar(usuarioDe(req).id, req.params.id, req.body),
  );

  app.delete(
    "/productos/:id",
    {
      onRequest: soloAdministrador,
      schema: { tags, summary: "Borrar un producto sin cargos", params: ParamsSchema },
    },
    async (req, reply) => {
      await productos.borrar(usuarioDe(req).id, req.params.id);
      return reply.status(204).send();
    },
  );
};
