import {
  booleanoQuery,
  CAMPOS_PAGINA,
  CuerpoErrorSchema,
  DestinatarioEnvioSchema,
  DestinatariosEnvioQuerySchema,
  EnvioEntradaSchema,
  EnvioSchema,
  VistaPreviaEnvioSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { aceptarFormularios } from "../../plugins/formulario.js";
import { TrabajoLanzadoSchema } from "../trabajos/trabajos.routes.js";
import { presentarDestinatario, presentarEnvio } from "./envios.presenter.js";
import type { EnviosService } from "./envios.service.js";

const tags = ["Envíos"];
const soloAdministrador = requiereRol("administrador");
const booleano = z.union([z.boolean(), booleanoQuery("valor")]);
const ParamsSchema = z.object({ id: z.coerce.number().int().positive() });
const PaginaDestinatariosSchema = z.object({
  items: z.array(DestinatarioEnvioSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});

/**
 * Mailings (issue 36), board only; the one-click unsubscribe (RFC 8058) is public, in its own
 * encapsulated plugin: the only place here that reads urlencoded bodies.
 */
export const enviosRoutes: FastifyPluginAsyncZod<{ envios: EnviosService }> = async (
  app,
  { envios },
) => {
  app.post(
    "/envios/vista-previa",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cuántos recibirán el envío y el mensaje de uno de ellos",
        body: EnvioEntradaSchema,
        response: { 200: VistaPreviaEnvioSchema },
      },
    },
    async (req) => envios.vistaPrevia(req.body),
  );

  app.post(
    "/envios/prueba",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "«Enviarme una prueba»: el mensaje de un destinatario a mi correo",
        body: EnvioEntradaSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await envios.prueba(req.body, usuarioDe(req).email, usuarioDe(req).idioma);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/envios",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Lanzar un envío (en segundo plano; 409 sin SMTP_URL)",
        body: EnvioEntradaSchema,
        response: { 202: TrabajoLanzadoSchema.extend({ id: z.int() }) },
      },
    },
    async (req, reply) => {
      const r = await envios.lanzar(req.body, usuarioDe(req).id);
      return reply.status(202).send(r);
    },
  );

  app.get(
    "/envios",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Historial de envíos, del más reciente al más antiguo, paginado",
        querystring: z.strictObject(CAMPOS_PAGINA),
        response: {
          200: z.object({
            items: z.array(EnvioSchema),
            total: z.int(),
            page: z.int(),
            pageSize: z.int(),
          }),
        },
      },
    },
    async (req) => {
      const { items, total } = await envios.listar(req.query);
      return {
        items: items.map(presentarEnvio),
        total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      };
    },
  );

  app.get(
    "/envios/:id",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Un envío: estado y recuentos (terminado tras la última respuesta SMTP)",
        params: ParamsSchema,
        response: { 200: EnvioSchema },
      },
    },
    async (req) => presentarEnvio(await envios.leerOFallar(req.params.id)),
  );

  app.get(
    "/envios/:id/destinatarios",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Destinatarios de un envío, paginados y por estado (404 si no existe el envío)",
        params: ParamsSchema,
        querystring: DestinatariosEnvioQuerySchema,
        response: { 200: PaginaDestinatariosSchema },
      },
    },
    async (req) => {
      const pagina = await envios.destinatarios(req.params.id, req.query);
      return { ...pagina, items: pagina.items.map(presentarDestinatario) };
    },
  );

  app.get(
    "/envios/:id/cartas.pdf",
    {
      onRequest: soloAdministrador,
      schema: {
        tags,
        summary: "Cartas en PDF: una por destinatario sin correo (con `todos`, una por cada uno)",
        description:
          "A4 con el logo y la dirección del destinatario en la ventana derecha de un sobre DL; 409 si no hay ninguna carta que imprimir.",
        params: ParamsSchema,
        querystring: z.strictObject({ todos: booleano.optional() }),
        response: { 409: CuerpoErrorSchema },
      },
    },
    async (req, reply) => {
      const usuario = usuarioDe(req);
      const pdf = await envios.cartas(
        req.params.id,
        req.query.todos === true,
        usuario.idioma ?? "es",
      );
      return enviarDescarga(
        reply,
        { nombre: `cartas-envio-${req.params.id}.pdf`, tipo: "application/pdf", contenido: pdf },
        { privado: true },
      );
    },
  );

  const TokenBaja = z.object({ token: z.string().max(200) });
  const html = "text/html; charset=utf-8";

  // The link of a mailing's footer, opened by a person: a page with the button (no session).
  app.get(
    "/envios/baja/:token",
    {
      schema: {
        tags,
        summary: "Página de baja de los envíos (HTML, sin sesión): un botón que hace la baja",
        description:
          "Responde una página HTML en el idioma del socio; con un enlace alterado, 400 con una página que lo explica.",
        params: TokenBaja,
        security: [],
      },
    },
    async (req, reply) => {
      const pagina = await envios.paginaDeBaja(req.params.token, false);
      if (pagina === undefined)
        return reply.status(400).type(html).send(envios.paginaBajaNoValida());
      return reply.type(html).header("Cache-Control", "no-store").send(pagina);
    },
  );

  await app.register(async (publico) => {
    await aceptarFormularios(publico);
    publico.withTypeProvider<ZodTypeProvider>().post(
      "/envios/baja/:token",
      {
        schema: {
          tags,
          summary: "Baja en un clic (RFC 8058): List-Unsubscribe=One-Click, sin sesión",
          description:
            "Un cliente de correo recibe `{ok: true}`; el botón de la página de baja (que pide HTML) recibe la página de confirmación.",
          params: TokenBaja,
          body: z.object({ "List-Unsubscribe": z.string().optional() }).optional(),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (req, reply) => {
        await envios.darDeBaja(req.params.token);
        if (!(req.headers.accept ?? "").includes("text/html")) return { ok: true as const };
        const pagina = (await envios.paginaDeBaja(req.params.token, true)) ?? "";
        // A page, not the JSON the schema describes: the serializer is skipped for text/html.
        return reply
          .type(html)
          .header("Cache-Control", "no-store")
          .send(pagina as unknown as { ok: true });
      },
    );
  });
};
