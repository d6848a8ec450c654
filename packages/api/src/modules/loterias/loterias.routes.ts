import {
  AnulacionEntradaSchema,
  AsignacionTalonarioSchema,
  CodigoParticipacionSchema,
  ExportLoteriasQuerySchema,
  ExportParticipacionesQuerySchema,
  ExportTalonariosQuerySchema,
  LiquidacionEntradaSchema,
  ListaLoteriasQuerySchema,
  ListaLoteriasSchema,
  ListaParticipacionesQuerySchema,
  ListaParticipacionesSchema,
  ListaTalonariosQuerySchema,
  ListaTalonariosSchema,
  LoteriaEntradaSchema,
  LoteriaSchema,
  MisTalonariosQuerySchema,
  MisTalonariosSchema,
  PagoPremioSchema,
  ParticipacionDigitalEntradaSchema,
  ParticipacionSchema,
  PremiosEntradaSchema,
  TalonarioSchema,
  TalonariosCreadosSchema,
  TalonariosEntradaSchema,
  VerificacionParticipacionSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { idEnRuta } from "../../plugins/validacion.js";
import type { LoteriasService } from "./loterias.service.js";

const tags = ["Lotería"];
const soloJunta = requiereRol("administrador");

const id = idEnRuta;

const ParamsLoteria = z.object({ id: id("de la lotería") });
const ParamsTalonario = z.object({ id: id("de la lotería"), idTalonario: id("del talonario") });
const ParamsCodigo = z.object({ codigo: CodigoParticipacionSchema });

export const loteriasRoutes: FastifyPluginAsyncZod<{ loterias: LoteriasService }> = async (
  app,
  { loterias },
) => {
  app.get(
    "/loterias",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Loterías (la de sorteo más reciente primero), con sus contadores",
        querystring: ListaLoteriasQuerySchema,
        response: { 200: ListaLoteriasSchema },
      },
    },
    async (req) => loterias.listar(req.query),
  );

  app.get(
    "/loterias/export",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Exportar las loterías (las que encuentra la búsqueda) a Excel (xlsx) o CSV",
        querystring: ExportLoteriasQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await loterias.exportar(req.query, usuarioDe(req).idioma)),
  );

  app.post(
    "/loterias",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear una lotería y su producto de tipo lotería (precio 0)",
        body: LoteriaEntradaSchema,
        response: { 201: LoteriaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await loterias.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/loterias/mias",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Mis talonarios y los de los socios que pago, con su lotería",
        querystring: MisTalonariosQuerySchema,
        response: { 200: MisTalonariosSchema },
      },
    },
    async (req) => loterias.mias(usuarioDe(req), req.query),
  );

  app.get(
    "/loterias/participaciones/:codigo",
    {
      schema: {
        tags,
        summary: "Verificar una participación (pública, sin sesión; nada de quién la tiene)",
        description: "Un código alterado o que no es de una participación: 404.",
        params: ParamsCodigo,
        response: { 200: VerificacionParticipacionSchema },
      },
    },
    async (req) => loterias.verificar(req.params.codigo),
  );

  app.get(
    "/loterias/participaciones/:codigo/pdf",
    {
      schema: {
        tags,
        summary: "El PDF de una participación, para quien tiene su código (pública)",
        params: ParamsCodigo,
      },
    },
    async (req, reply) => enviarDescarga(reply, await loterias.pdfPorCodigo(req.params.codigo)),
  );

  app.post(
    "/loterias/participaciones/:codigo/pago",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Pagar el premio de una participación (una sola vez; 409 si ya está pagado)",
        params: ParamsCodigo,
        response: { 200: PagoPremioSchema },
      },
    },
    async (req) => loterias.pagarPremio(usuarioDe(req), req.params.codigo),
  );

  app.get(
    "/loterias/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Una lotería con sus contadores",
        params: ParamsLoteria,
        response: { 200: LoteriaSchema },
      },
    },
    async (req) => loterias.obtener(req.params.id),
  );

  app.put(
    "/loterias/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Modificar una lotería (con participaciones emitidas, solo lo que no está impreso)",
        params: ParamsLoteria,
        body: LoteriaEntradaSchema,
        response: { 200: LoteriaSchema },
      },
    },
    async (req) => loterias.actualizar(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/loterias/:id/talonarios",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Talonarios de una lotería, por serie",
        params: ParamsLoteria,
        querystring: ListaTalonariosQuerySchema,
        response: { 200: ListaTalonariosSchema },
      },
    },
    async (req) => loterias.listarTalonarios(req.params.id, req.query),
  );

  app.get(
    "/loterias/:id/talonarios/export",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Exportar los talonarios filtrados a Excel (xlsx) o CSV",
        params: ParamsLoteria,
        querystring: ExportTalonariosQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(
        reply,
        await loterias.exportarTalonarios(req.params.id, req.query, usuarioDe(req).idioma),
      ),
  );

  app.post(
    "/loterias/:id/talonarios",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Emitir talonarios de series seguidas (nunca por encima de los décimos: 409)",
        params: ParamsLoteria,
        body: TalonariosEntradaSchema,
        response: { 201: TalonariosCreadosSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await loterias.emitirTalonarios(usuarioDe(req), req.params.id, req.body)),
  );

  app.put(
    "/loterias/:id/talonarios/:idTalonario",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Asignar un talonario a un socio (o a la junta, idSocio null)",
        params: ParamsTalonario,
        body: AsignacionTalonarioSchema,
        response: { 200: TalonarioSchema },
      },
    },
    async (req) =>
      loterias.asignar(usuarioDe(req), req.params.id, req.params.idTalonario, req.body),
  );

  app.post(
    "/loterias/:id/talonarios/:idTalonario/liquidacion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Liquidar un talonario: las vendidas pasan a un cargo del titular (o su pagador)",
        description:
          "La junta, el titular o quien le paga; para cualquier otro, 404. Una sola vez y hasta la fecha límite de devolución (409).",
        params: ParamsTalonario,
        body: LiquidacionEntradaSchema,
        response: { 200: TalonarioSchema },
      },
    },
    async (req) =>
      loterias.liquidar(usuarioDe(req), req.params.id, req.params.idTalonario, req.body),
  );

  app.post(
    "/loterias/:id/talonarios/:idTalonario/anulacion",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Anular series de un talonario (perdido, robado) con el motivo",
        params: ParamsTalonario,
        body: AnulacionEntradaSchema,
        response: { 200: TalonarioSchema },
      },
    },
    async (req) => loterias.anular(usuarioDe(req), req.params.id, req.params.idTalonario, req.body),
  );

  app.get(
    "/loterias/:id/talonarios/:idTalonario/pdf",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "PDF A4 de las participaciones de un talonario, con matriz y QR",
        params: ParamsTalonario,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await loterias.pdfTalonario(req.params.id, req.params.idTalonario)),
  );

  app.get(
    "/loterias/:id/participaciones",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Participaciones de una lotería (con premiadas=1, la lista de pagos de premios)",
        params: ParamsLoteria,
        querystring: ListaParticipacionesQuerySchema,
        response: { 200: ListaParticipacionesSchema },
      },
    },
    async (req) => loterias.listarParticipaciones(req.params.id, req.query),
  );

  app.get(
    "/loterias/:id/participaciones/export",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Exportar las participaciones filtradas a Excel (xlsx) o CSV",
        params: ParamsLoteria,
        querystring: ExportParticipacionesQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(
        reply,
        await loterias.exportarParticipaciones(req.params.id, req.query, usuarioDe(req).idioma),
      ),
  );

  app.post(
    "/loterias/:id/participaciones",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary:
          "Emitir una participación digital a un comprador (sale de un talonario de quien la emite)",
        description:
          "La junta (de sus talonarios o del que diga) o el titular de un talonario (o quien le paga); para un talonario ajeno, 404. Con correo, el comprador recibe el PDF y el enlace.",
        params: ParamsLoteria,
        body: ParticipacionDigitalEntradaSchema,
        response: { 201: ParticipacionSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await loterias.emitirDigital(usuarioDe(req), req.params.id, req.body)),
  );

  app.put(
    "/loterias/:id/premios",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Anotar el premio por décimo de cada número (desde el día del sorteo)",
        params: ParamsLoteria,
        body: PremiosEntradaSchema,
        response: { 200: LoteriaSchema },
      },
    },
    async (req) => loterias.anotarPremios(usuarioDe(req), req.params.id, req.body),
  );
};
