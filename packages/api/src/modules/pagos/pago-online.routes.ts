import {
  ExportPedidosOnlineQuerySchema,
  FormularioRedsysSchema,
  ListaPedidosOnlineQuerySchema,
  ListaPedidosOnlineSchema,
  NotificacionRedsysSchema,
  PagoOnlineDisponibleSchema,
  PagoOnlineEntradaSchema,
  PedidoOnlineSchema,
} from "@fila/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { noEncontrado } from "../../errors/domain-error.js";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { aceptarFormularios } from "../../plugins/formulario.js";
import type { PagoOnlineService } from "./pago-online.service.js";

const tags = ["Pagos"];
const soloAdministrador = requiereRol("administrador");
const NumeroParamsSchema = z.object({
  numero: z.string().max(12, { error: "El número de pedido no es válido" }),
});

/**
 * Online payment (Redsys, issue 35). Without REDSYS_* every route but the one that tells the web
 * whether it is on answers 404, before anything else.
 */
export const pagoOnlineRoutes: FastifyPluginAsyncZod<{ pagoOnline: PagoOnlineService }> = async (
  app,
  { pagoOnline },
) => {
  const apagado = async (_req: FastifyRequest, _reply: FastifyReply) => {
    if (!pagoOnline.activo) throw noEncontrado("no_encontrado.la_ruta");
  };

  app.get(
    "/pagos/pago-online",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Si el pago en línea (TPV virtual del banco) está configurado, y si en pruebas",
        response: { 200: PagoOnlineDisponibleSchema },
      },
    },
    async () => ({ activo: pagoOnline.activo, prueba: pagoOnline.modoPrueba }),
  );

  app.post(
    "/pagos/pago-online",
    {
      onRequest: [apagado, requiereSesion],
      schema: {
        tags,
        summary: "Crear un pedido de pago en línea de mis cargos (o de quien pago) y firmarlo",
        description:
          "Devuelve el formulario firmado que el navegador envía al banco (POST a `url`). 404 si algún cargo no es mío ni de quien pago; 409 si ya está pagado o en una remesa.",
        body: PagoOnlineEntradaSchema,
        response: { 201: FormularioRedsysSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await pagoOnline.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/pagos/pago-online/:numero",
    {
      onRequest: [apagado, requiereSesion],
      schema: {
        tags,
        summary: "Un pedido de pago en línea (el resultado, al volver del banco)",
        params: NumeroParamsSchema,
        response: { 200: PedidoOnlineSchema },
      },
    },
    async (req) => pagoOnline.obtener(usuarioDe(req), req.params.numero),
  );

  app.get(
    "/pagos/pedidos-online",
    {
      onRequest: [apagado, soloAdministrador],
      schema: {
        tags,
        summary: "Pedidos de pago en línea, con filtros y páginas",
        querystring: ListaPedidosOnlineQuerySchema,
        response: { 200: ListaPedidosOnlineSchema },
      },
    },
    async (req) => pagoOnline.listar(req.query),
  );

  app.get(
    "/pagos/pedidos-online/export",
    {
      onRequest: [apagado, soloAdministrador],
      schema: {
        tags,
        summary: "Exportar los pedidos de pago en línea filtrados a Excel (xlsx) o CSV",
        querystring: ExportPedidosOnlineQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await pagoOnline.exportar(req.query, usuarioDe(req).idioma)),
  );

  // The bank posts an HTML form: the urlencoded parser lives in this scope only.
  await app.register(async (publica) => {
    await aceptarFormularios(publica);
    publica.withTypeProvider<import("fastify-type-provider-zod").ZodTypeProvider>().post(
      "/pagos/redsys/notificacion",
      {
        onRequest: apagado,
        schema: {
          tags,
          summary: "Notificación del banco (Redsys): sin sesión, firmada",
          description:
            "`application/x-www-form-urlencoded` con Ds_SignatureVersion, Ds_MerchantParameters y Ds_Signature. 400 si la firma, el pedido o el importe no corresponden (no cambia nada); 200 en todo lo demás, también si ya se había recibido. En modo de pruebas (dirección de pruebas o clave pública de Redsys) se guarda y no paga ningún cargo.",
          security: [],
          body: NotificacionRedsysSchema,
          response: { 200: z.object({ recibida: z.literal(true) }) },
        },
      },
      async (req) => {
        const r = await pagoOnline.notificar(req.body);
        req.log.info({ pedido: r.numero, efecto: r.efecto }, "notificación de Redsys");
        return { recibida: true as const };
      },
    );
  });
};
