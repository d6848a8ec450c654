import {
  ActaEntradaSchema,
  ActaSchema,
  AprobacionActaSchema,
  AsambleaCambioSchema,
  AsambleaEntradaSchema,
  AsambleaSchema,
  AsistenteEntradaSchema,
  AsistenteSchema,
  CensoAsambleaSchema,
  CensoManualSchema,
  ConvocatoriaResultadoSchema,
  CuerpoErrorSchema,
  DelegacionEntradaSchema,
  DelegacionSchema,
  LibroRegistroQuerySchema,
  ListaDelegacionesSchema,
  MiVotacionSchema,
  PuntoSchema,
  QuorumSchema,
  RecuentoPapelSchema,
  ReglasAsambleaSchema,
  VotoEntradaSchema,
  VotoResultadoSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { idEnRuta } from "../../plugins/validacion.js";
import type { AsambleasService } from "./asambleas.service.js";

const tags = ["Asamblea general"];
const soloJunta = requiereRol("administrador");

const Params = z.object({ id: idEnRuta("de la asamblea") });
const ParamsPunto = z.object({ id: idEnRuta("de la asamblea"), idPunto: idEnRuta("del punto") });
const ParamsDelegacion = z.object({
  id: idEnRuta("de la asamblea"),
  idDelegacion: idEnRuta("de la delegación"),
});
const ListaAsambleas = z.object({ items: z.array(AsambleaSchema) });
const Mias = z.object({
  items: z.array(AsambleaSchema.extend({ mia: MiVotacionSchema })),
});
const Asistentes = z.object({
  items: z.array(
    z.object({
      idSocio: z.int(),
      nombre: z.string(),
      apellidos: z.string(),
      matricula: z.int().nullable(),
      por: z.enum(["carnet", "manual"]),
    }),
  ),
});
const Idioma = z.object({ idioma: z.enum(["es", "va"]).default("es") });

export const asambleasRoutes: FastifyPluginAsyncZod<{ asambleas: AsambleasService }> = async (
  app,
  { asambleas },
) => {
  app.get(
    "/asociacion/asambleas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Las reglas de los estatutos para las asambleas",
        response: { 200: ReglasAsambleaSchema },
      },
    },
    async () => asambleas.reglas(),
  );

  app.put(
    "/asociacion/asambleas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cambiar las reglas de las asambleas (preaviso, quórum, censo, delegaciones)",
        body: ReglasAsambleaSchema,
        response: { 200: ReglasAsambleaSchema },
      },
    },
    async (req) => asambleas.guardarReglas(usuarioDe(req), req.body),
  );

  app.get(
    "/asambleas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Las asambleas, la más reciente primero",
        response: { 200: ListaAsambleas },
      },
    },
    async () => asambleas.listar(),
  );

  app.post(
    "/asambleas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear la asamblea de un acto (409 si ya la tiene)",
        body: AsambleaEntradaSchema,
        response: { 201: AsambleaSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await asambleas.crear(usuarioDe(req), req.body)),
  );

  app.get(
    "/asambleas/mias",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Las asambleas convocadas en cuyo censo estoy, con mi votación abierta",
        response: { 200: Mias },
      },
    },
    async (req) => asambleas.mias(usuarioDe(req)),
  );

  app.get(
    "/asambleas/libro-actas.pdf",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "El libro de actas: las aprobadas, en orden, páginas numeradas" },
    },
    async (_req, reply) => enviarDescarga(reply, await asambleas.libroActas()),
  );

  app.get(
    "/socios/libro-registro",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "El libro registro de socios (matrícula, nombre, NIF, altas y bajas), PDF o XLSX",
        querystring: LibroRegistroQuerySchema,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await asambleas.libroRegistro(req.query.formato), { privado: true }),
  );

  app.get(
    "/asambleas/:id",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Una asamblea y su orden del día (resultados: de las votaciones cerradas)",
        params: Params,
        response: { 200: AsambleaSchema },
      },
    },
    async (req) => asambleas.obtener(usuarioDe(req), req.params.id),
  );

  app.put(
    "/asambleas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cambiar una asamblea y su orden del día (antes de convocarla; si no, 409)",
        params: Params,
        body: AsambleaCambioSchema,
        response: { 200: AsambleaSchema },
      },
    },
    async (req) => asambleas.actualizar(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/asambleas/:id/convocatoria",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Convocar: congela el censo y avisa a todos (correo, carta, alerta)",
        description: "409 fuera de plazo (con la fecha límite) o si ya estaba convocada.",
        params: Params,
        response: { 200: ConvocatoriaResultadoSchema },
      },
    },
    async (req) => asambleas.convocar(usuarioDe(req), req.params.id),
  );

  app.get(
    "/asambleas/:id/convocatoria/cartas.pdf",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Las cartas impresas de la convocatoria (quien no tiene correo)",
        description: "409 si no hay ninguna carta que imprimir.",
        params: Params,
        querystring: Idioma,
        response: { 409: CuerpoErrorSchema },
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await asambleas.cartas(req.params.id, req.query.idioma), {
        privado: true,
      }),
  );

  app.get(
    "/asambleas/:id/censo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "El censo congelado en la convocatoria (dentro y fuera, con el motivo)",
        params: Params,
        response: { 200: CensoAsambleaSchema },
      },
    },
    async (req) => asambleas.censo(req.params.id),
  );

  app.get(
    "/asambleas/:id/censo.pdf",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "El censo en PDF, con los NIF enmascarados", params: Params },
    },
    async (req, reply) => enviarDescarga(reply, await asambleas.censoPdf(req.params.id)),
  );

  app.post(
    "/asambleas/:id/censo",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Añadir a mano un socio al censo (auditado)",
        params: Params,
        body: CensoManualSchema,
        response: { 200: CensoAsambleaSchema },
      },
    },
    async (req) => asambleas.anyadirACenso(usuarioDe(req), req.params.id, req.body.idSocio),
  );

  app.get(
    "/asambleas/:id/delegables",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "En quién se puede delegar: los socios del censo (nombre y matrícula)",
        params: Params,
        response: {
          200: z.object({
            items: z.array(
              z.object({ idSocio: z.int(), nombre: z.string(), matricula: z.int().nullable() }),
            ),
          }),
        },
      },
    },
    async (req) => asambleas.delegables(req.params.id),
  );

  app.get(
    "/asambleas/:id/delegaciones",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Delegaciones (la junta: todas; un socio: las suyas y las de quien paga)",
        params: Params,
        response: { 200: ListaDelegacionesSchema },
      },
    },
    async (req) => asambleas.delegaciones(usuarioDe(req), req.params.id),
  );

  app.post(
    "/asambleas/:id/delegaciones",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Delegar un voto (el socio, quien le paga o la junta; en papel solo la junta)",
        description: "409 con el motivo: sin censo, empezada, cadena, máximo alcanzado…",
        params: Params,
        body: DelegacionEntradaSchema,
        response: { 201: DelegacionSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await asambleas.delegar(usuarioDe(req), req.params.id, req.body)),
  );

  app.delete(
    "/asambleas/:id/delegaciones/:idDelegacion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Revocar una delegación (hasta que empiece la asamblea)",
        params: ParamsDelegacion,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await asambleas.revocar(usuarioDe(req), req.params.id, req.params.idDelegacion);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/asambleas/:id/asistentes",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "Quién ha entrado", params: Params, response: { 200: Asistentes } },
    },
    async (req) => asambleas.asistentes(req.params.id),
  );

  app.post(
    "/asambleas/:id/asistentes",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Entrada por carnet ({codigo}) o a mano ({idSocio}); sin inscripción ni puntos",
        params: Params,
        body: AsistenteEntradaSchema,
        response: { 200: AsistenteSchema },
      },
    },
    async (req) => asambleas.registrarAsistencia(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/asambleas/:id/quorum",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Censo, presentes, representados y quórum de la convocatoria que rige",
        params: Params,
        response: { 200: QuorumSchema },
      },
    },
    async (req) => asambleas.quorum(req.params.id),
  );

  app.post(
    "/asambleas/:id/puntos/:idPunto/apertura",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Abrir la votación de un punto (una a la vez)",
        params: ParamsPunto,
        response: { 200: PuntoSchema },
      },
    },
    async (req) => asambleas.abrir(usuarioDe(req), req.params.id, req.params.idPunto),
  );

  app.post(
    "/asambleas/:id/puntos/:idPunto/cierre",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cerrar la votación de un punto: su resultado bajo su mayoría",
        params: ParamsPunto,
        response: { 200: PuntoSchema },
      },
    },
    async (req) => asambleas.cerrar(usuarioDe(req), req.params.id, req.params.idPunto),
  );

  app.post(
    "/asambleas/:id/puntos/:idPunto/votos",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Votar (por uno mismo o enNombreDe quien delegó); una vez, 409 la segunda",
        params: ParamsPunto,
        body: VotoEntradaSchema,
        response: { 201: VotoResultadoSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await asambleas.votar(usuarioDe(req), req.params.id, req.params.idPunto, req.body)),
  );

  app.post(
    "/asambleas/:id/puntos/:idPunto/recuento",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Votos en papel o a mano alzada: quién ha votado y cuántos de cada opción",
        params: ParamsPunto,
        body: RecuentoPapelSchema,
        response: { 200: PuntoSchema },
      },
    },
    async (req) =>
      asambleas.recuentoPapel(usuarioDe(req), req.params.id, req.params.idPunto, req.body),
  );

  app.get(
    "/asambleas/:id/acta",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "El acta (o el borrador que rellena la aplicación)",
        params: Params,
        response: { 200: ActaSchema },
      },
    },
    async (req) => asambleas.acta(req.params.id),
  );

  app.put(
    "/asambleas/:id/acta",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Guardar el acta (409 si está aprobada)",
        params: Params,
        body: ActaEntradaSchema,
        response: { 200: ActaSchema },
      },
    },
    async (req) => asambleas.guardarActa(usuarioDe(req), req.params.id, req.body.contenido),
  );

  app.post(
    "/asambleas/:id/acta/aprobacion",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Aprobar el acta: queda cerrada con la huella de su contenido",
        params: Params,
        body: AprobacionActaSchema,
        response: { 200: ActaSchema },
      },
    },
    async (req) => asambleas.aprobarActa(usuarioDe(req), req.params.id, req.body.fecha),
  );
};
