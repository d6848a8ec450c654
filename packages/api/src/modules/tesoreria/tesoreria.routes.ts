import multipart from "@fastify/multipart";
import {
  AjustesTesoreriaSchema,
  AnyoTesoreriaParamsSchema,
  CategoriaTesoreriaEntradaSchema,
  CategoriaTesoreriaSchema,
  CierreEntradaSchema,
  CierreTesoreriaSchema,
  ContraasientoEntradaSchema,
  CuentasAnualesQuerySchema,
  CuentasAnualesSchema,
  CuentaTesoreriaEntradaSchema,
  CuentaTesoreriaSchema,
  DOCUMENTO_MAX_BYTES,
  DocumentoMovimientoSchema,
  ExportMovimientosQuerySchema,
  ListaCategoriasTesoreriaQuerySchema,
  ListaCuentasTesoreriaQuerySchema,
  ListaMovimientosQuerySchema,
  ListaMovimientosSchema,
  MovimientoEntradaSchema,
  MovimientoSchema,
  PresupuestoEntradaSchema,
  PresupuestoSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { exigirArchivo, leerFormulario } from "../../plugins/subidas.js";
import { cabeceraDescarga } from "../documentos/documentos.tipos.js";
import type { TesoreriaService } from "./tesoreria.service.js";

const tags = ["Tesorería"];
const id = (error: string) =>
  z.coerce.number().int({ error }).positive({ error }).max(2_147_483_647, { error });
const IdParams = z.object({ id: id("El id no es válido") });
const DocumentoParams = z.object({
  id: id("El id no es válido"),
  idDocumento: id("El id del documento no es válido"),
});
const lista = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
const soloJunta = requiereRol("administrador");

/**
 * The treasury (issue 47): accounts, categories, the book of movements (automatic and by hand,
 * corrected by counter-entries), documents of a movement, the budget, the year's accounts and the
 * closing of a year. Only the board (administrador); every write is audited.
 */
export const tesoreriaRoutes: FastifyPluginAsyncZod<{ tesoreria: TesoreriaService }> = async (
  app,
  { tesoreria },
) => {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 10_000 },
  });

  // ——— Accounts and settings ———

  app.get(
    "/tesoreria/cuentas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cuentas de la tesorería (caja y bancos) con su saldo",
        querystring: ListaCuentasTesoreriaQuerySchema,
        response: { 200: lista(CuentaTesoreriaSchema) },
      },
    },
    async (req) => tesoreria.listarCuentas(req.query),
  );

  app.post(
    "/tesoreria/cuentas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear una cuenta (caja o banco con IBAN) con su saldo inicial",
        body: CuentaTesoreriaEntradaSchema,
        response: { 201: CuentaTesoreriaSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tesoreria.crearCuenta(usuarioDe(req), req.body)),
  );

  app.get(
    "/tesoreria/cuentas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Una cuenta",
        params: IdParams,
        response: { 200: CuentaTesoreriaSchema },
      },
    },
    async (req) => tesoreria.obtenerCuenta(req.params.id),
  );

  app.put(
    "/tesoreria/cuentas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Cambiar una cuenta (el saldo inicial solo sin años cerrados; no se borra: se desactiva)",
        params: IdParams,
        body: CuentaTesoreriaEntradaSchema,
        response: { 200: CuentaTesoreriaSchema },
      },
    },
    async (req) => tesoreria.actualizarCuenta(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/tesoreria/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cuenta del banco de las remesas (y de las formas de pago sin cuenta) y del TPV",
        response: { 200: AjustesTesoreriaSchema },
      },
    },
    async () => tesoreria.ajustes(),
  );

  app.put(
    "/tesoreria/ajustes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cambiar las cuentas del banco de las remesas y del TPV",
        body: AjustesTesoreriaSchema,
        response: { 200: AjustesTesoreriaSchema },
      },
    },
    async (req) => tesoreria.guardarAjustes(usuarioDe(req), req.body),
  );

  // ——— Categories ———

  app.get(
    "/tesoreria/categorias",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Categorías de ingresos y gastos con su cuenta del PGC (filtro tipo)",
        querystring: ListaCategoriasTesoreriaQuerySchema,
        response: { 200: lista(CategoriaTesoreriaSchema) },
      },
    },
    async (req) => tesoreria.listarCategorias(req.query),
  );

  app.post(
    "/tesoreria/categorias",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear una categoría",
        body: CategoriaTesoreriaEntradaSchema,
        response: { 201: CategoriaTesoreriaSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tesoreria.crearCategoria(usuarioDe(req), req.body)),
  );

  app.get(
    "/tesoreria/categorias/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Una categoría",
        params: IdParams,
        response: { 200: CategoriaTesoreriaSchema },
      },
    },
    async (req) => tesoreria.obtenerCategoria(req.params.id),
  );

  app.put(
    "/tesoreria/categorias/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Cambiar una categoría (nombre, cuenta del PGC, activa; el tipo solo sin movimientos)",
        params: IdParams,
        body: CategoriaTesoreriaEntradaSchema,
        response: { 200: CategoriaTesoreriaSchema },
      },
    },
    async (req) => tesoreria.actualizarCategoria(usuarioDe(req), req.params.id, req.body),
  );

  // ——— The book ———

  app.get(
    "/tesoreria/movimientos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Libro de movimientos con el saldo de su cuenta tras cada uno (filtros idCuenta, idCategoria, anyo, desde, hasta, origen, tipo, q)",
        querystring: ListaMovimientosQuerySchema,
        response: { 200: ListaMovimientosSchema },
      },
    },
    async (req) => tesoreria.listarMovimientos(req.query),
  );

  app.get(
    "/tesoreria/movimientos/export",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Exportar los movimientos filtrados a Excel (xlsx) o CSV",
        querystring: ExportMovimientosQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await tesoreria.exportarMovimientos(req.query, usuarioDe(req).idioma)),
  );

  app.post(
    "/tesoreria/movimientos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Anotar un movimiento a mano (ingreso positivo, gasto negativo; sus líneas por categoría lo suman; 409 en un año cerrado)",
        body: MovimientoEntradaSchema,
        response: { 201: MovimientoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tesoreria.crearMovimiento(usuarioDe(req), req.body)),
  );

  app.get(
    "/tesoreria/movimientos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Un movimiento",
        params: IdParams,
        response: { 200: MovimientoSchema },
      },
    },
    async (req) => tesoreria.obtenerMovimiento(req.params.id),
  );

  app.post(
    "/tesoreria/movimientos/:id/contraasiento",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Corregir un movimiento con su contraasiento (el opuesto, con el motivo; uno por movimiento). Nada se borra.",
        params: IdParams,
        body: ContraasientoEntradaSchema,
        response: { 201: MovimientoSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await tesoreria.contraasiento(usuarioDe(req), req.params.id, req.body)),
  );

  app.get(
    "/tesoreria/movimientos/:id/documentos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Facturas y justificantes de un movimiento",
        params: IdParams,
        response: { 200: z.array(DocumentoMovimientoSchema) },
      },
    },
    async (req) => tesoreria.documentos(req.params.id),
  );

  app.post(
    "/tesoreria/movimientos/:id/documentos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Adjuntar una factura o foto (multipart «archivo», hasta 20 MB; las mismas comprobaciones que los documentos)",
        consumes: ["multipart/form-data"],
        params: IdParams,
        response: { 201: DocumentoMovimientoSchema },
      },
    },
    async (req, reply) => {
      const form = await leerFormulario(req, {
        maxBytes: DOCUMENTO_MAX_BYTES,
        mensajeTamanyo: "documentos.demasiado_grande",
      });
      const archivo = exigirArchivo(form, "documentos.sin_archivo");
      return reply
        .status(201)
        .send(await tesoreria.subirDocumento(usuarioDe(req), req.params.id, archivo));
    },
  );

  app.get(
    "/tesoreria/movimientos/:id/documentos/:idDocumento",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "Descargar un documento de un movimiento", params: DocumentoParams },
    },
    async (req, reply) => {
      const { contenido, nombre, tipoMime } = await tesoreria.descargarDocumento(
        req.params.id,
        req.params.idDocumento,
      );
      return reply
        .type(tipoMime)
        .header("Content-Disposition", cabeceraDescarga(nombre))
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cache-Control", "private, no-store")
        .send(contenido);
    },
  );

  // ——— Budget, accounts of the year, closing ———

  app.get(
    "/tesoreria/presupuestos/:anyo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Presupuesto del año frente a lo ocurrido, por categoría y mes",
        params: AnyoTesoreriaParamsSchema,
        response: { 200: PresupuestoSchema },
      },
    },
    async (req) => tesoreria.presupuesto(req.params.anyo),
  );

  app.put(
    "/tesoreria/presupuestos/:anyo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Guardar el presupuesto aprobado por la asamblea (sustituye el del año; 409 si está cerrado)",
        params: AnyoTesoreriaParamsSchema,
        body: PresupuestoEntradaSchema,
        response: { 200: PresupuestoSchema },
      },
    },
    async (req) => tesoreria.guardarPresupuesto(usuarioDe(req), req.params.anyo, req.body),
  );

  app.get(
    "/tesoreria/cuentas-anuales",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Cuentas del año para la asamblea: resultados por partidas del PGC ESFL abreviado, saldos, por cobrar y presupuesto (json, pdf, xlsx o csv)",
        querystring: CuentasAnualesQuerySchema,
        response: {
          200: CuentasAnualesSchema.or(z.string().describe("El fichero PDF, XLSX o CSV")),
        },
      },
    },
    async (req, reply) => {
      const { anyo, formato } = req.query;
      if (formato === "json") return tesoreria.cuentasAnuales(anyo);
      return enviarDescarga(
        reply,
        await tesoreria.cuentasAnualesFichero(anyo, formato, usuarioDe(req).idioma),
      );
    },
  );

  app.get(
    "/tesoreria/cierres",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Años de la tesorería cerrados",
        response: { 200: z.array(CierreTesoreriaSchema) },
      },
    },
    async () => tesoreria.cierres(),
  );

  app.post(
    "/tesoreria/cierres",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Cerrar un año de la tesorería: sus movimientos y su presupuesto ya no cambian (409 si ya lo está o aún no ha empezado)",
        body: CierreEntradaSchema,
        response: { 201: CierreTesoreriaSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await tesoreria.cerrar(usuarioDe(req), req.body.anyo)),
  );

  app.delete(
    "/tesoreria/cierres/:anyo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Reabrir un año cerrado (queda en la auditoría; 404 si no está cerrado)",
        params: AnyoTesoreriaParamsSchema,
      },
    },
    async (req, reply) => {
      await tesoreria.reabrir(usuarioDe(req), req.params.anyo);
      return reply.status(204).send();
    },
  );
};
