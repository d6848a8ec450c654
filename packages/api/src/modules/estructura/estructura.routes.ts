import {
  CaboEntradaSchema,
  CargoCambioSchema,
  CargoEntradaSchema,
  CargoSchema,
  CargoSocioEntradaSchema,
  CargoSocioSchema,
  CargosAnyoQuerySchema,
  CopiaEscuadrasResultadoSchema,
  CopiaEscuadrasSchema,
  DesfileSchema,
  EscuadraCambioSchema,
  EscuadraEntradaSchema,
  EstructuraSocioSchema,
  GrupoEntradaSchema,
  GrupoSchema,
  ListaCargosSchema,
  ListaCargosSocioSchema,
  ListaEscuadrasQuerySchema,
  ListaGruposQuerySchema,
  ListaGruposSchema,
  MiEscuadraSchema,
  MiembroEscuadraEntradaSchema,
  MiembroGrupoEntradaSchema,
  OrdenDesfileSchema,
  RolMiembroSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { idEnRuta } from "../../plugins/validacion.js";
import type { EstructuraService } from "./estructura.service.js";

const tagsEscuadras = ["Escuadras"];
const tagsGrupos = ["Grupos"];
const tagsCargos = ["Cargos"];
const soloJunta = requiereRol("administrador");

const id = idEnRuta;

const ParamsGrupo = z.object({ id: id("del grupo") });
const ParamsMiembro = z.object({ id: id("del grupo"), idSocio: id("del socio") });
const ParamsSocio = z.object({ id: id("del socio") });
const ParamsCargoSocio = z.object({ id: id("del socio"), idCargoSocio: id("del cargo") });
const ParamsCargo = z.object({ id: id("del cargo") });
const ParamsDesfile = z.object({ desfile: DesfileSchema });
const PdfQuery = z.strictObject({
  anyo: ListaEscuadrasQuerySchema.shape.anyo,
});

export const estructuraRoutes: FastifyPluginAsyncZod<{ estructura: EstructuraService }> = async (
  app,
  { estructura },
) => {
  // ── Escuadras ─────────────────────────────────────────────────────────────────────────────

  app.get(
    "/escuadras",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Las escuadras de un año festero, con sus miembros, su cabo y su orden",
        querystring: ListaEscuadrasQuerySchema,
        response: { 200: ListaGruposSchema },
      },
    },
    async (req) => estructura.escuadras(req.query.anyo),
  );

  app.post(
    "/escuadras",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Crear una escuadra de un año (409 si ya hay otra con ese nombre)",
        body: EscuadraEntradaSchema,
        response: { 201: GrupoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await estructura.crearEscuadra(usuarioDe(req), req.body)),
  );

  app.get(
    "/escuadras/mia",
    {
      onRequest: requiereSesion,
      schema: {
        tags: tagsEscuadras,
        summary: "Mi escuadra y mi cabo este año (y los de los socios que pago): el inicio",
        response: { 200: MiEscuadraSchema },
      },
    },
    async (req) => estructura.miEscuadra(usuarioDe(req)),
  );

  app.get(
    "/escuadras/pdf",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "La composición de las escuadras del año, en PDF para imprimir",
        querystring: PdfQuery,
      },
    },
    async (req, reply) =>
      enviarDescarga(reply, await estructura.pdfEscuadras(req.query.anyo, usuarioDe(req).idioma)),
  );

  app.post(
    "/escuadras/copia",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Copiar las escuadras de un año (y sus festeros activos) a otro, para empezar",
        description: "Sin cabos. Una escuadra con el mismo nombre en el destino se deja como está.",
        body: CopiaEscuadrasSchema,
        response: { 200: CopiaEscuadrasResultadoSchema },
      },
    },
    async (req) => estructura.copiarEscuadras(usuarioDe(req), req.body),
  );

  app.put(
    "/escuadras/desfiles/:desfile",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "El orden de las escuadras del año en un desfile (de la primera a la última)",
        params: ParamsDesfile,
        body: OrdenDesfileSchema,
        response: { 200: ListaGruposSchema },
      },
    },
    async (req) => estructura.ordenarDesfile(usuarioDe(req), req.params.desfile, req.body),
  );

  app.get(
    "/escuadras/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Una escuadra",
        params: ParamsGrupo,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.escuadra(req.params.id),
  );

  app.put(
    "/escuadras/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Modificar una escuadra (su año no cambia)",
        params: ParamsGrupo,
        body: EscuadraCambioSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.actualizarEscuadra(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/escuadras/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Borrar una escuadra (sus miembros y su cabo con ella)",
        params: ParamsGrupo,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await estructura.borrarGrupo(usuarioDe(req), req.params.id, "escuadra");
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/escuadras/:id/miembros",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Meter a un festero en la escuadra (con mover: sacándolo de la otra del año)",
        description:
          "Un festero está como mucho en una escuadra por año: sin `mover`, 409 que nombra la otra.",
        params: ParamsGrupo,
        body: MiembroEscuadraEntradaSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.anyadirAEscuadra(usuarioDe(req), req.params.id, req.body),
  );

  app.put(
    "/escuadras/:id/miembros/:idSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Cambiar el papel de un festero en la escuadra",
        params: ParamsMiembro,
        body: RolMiembroSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) =>
      estructura.cambiarRol(
        usuarioDe(req),
        req.params.id,
        req.params.idSocio,
        req.body.rol,
        "escuadra",
      ),
  );

  app.delete(
    "/escuadras/:id/miembros/:idSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "Sacar a un festero de la escuadra (si era su cabo, la escuadra queda sin cabo)",
        params: ParamsMiembro,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await estructura.quitarDeGrupo(usuarioDe(req), req.params.id, req.params.idSocio, "escuadra");
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/escuadras/:id/cabo",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsEscuadras,
        summary: "El cabo de la escuadra: su cargo «cabo» del año (null: sin cabo)",
        params: ParamsGrupo,
        body: CaboEntradaSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.ponerCabo(usuarioDe(req), req.params.id, req.body),
  );

  // ── Other groups ──────────────────────────────────────────────────────────────────────────

  app.get(
    "/grupos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Grupos (junta, comisiones, otros y, para elegir, las escuadras)",
        querystring: ListaGruposQuerySchema,
        response: { 200: ListaGruposSchema },
      },
    },
    async (req) => estructura.grupos(req.query),
  );

  app.post(
    "/grupos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Crear un grupo (junta, comisión, turno de barra…)",
        body: GrupoEntradaSchema,
        response: { 201: GrupoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await estructura.crearGrupo(usuarioDe(req), req.body)),
  );

  app.get(
    "/grupos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Un grupo",
        params: ParamsGrupo,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.grupoLibre(req.params.id),
  );

  app.put(
    "/grupos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Modificar un grupo (su clase y su año no cambian)",
        params: ParamsGrupo,
        body: GrupoEntradaSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.actualizarGrupo(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/grupos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Borrar un grupo",
        params: ParamsGrupo,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await estructura.borrarGrupo(usuarioDe(req), req.params.id, "otro");
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/grupos/:id/miembros",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Añadir un socio al grupo con su papel (si ya está, cambia su papel)",
        params: ParamsGrupo,
        body: MiembroGrupoEntradaSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) => estructura.anyadirAGrupo(usuarioDe(req), req.params.id, req.body),
  );

  app.put(
    "/grupos/:id/miembros/:idSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Cambiar el papel de un socio en el grupo",
        params: ParamsMiembro,
        body: RolMiembroSchema,
        response: { 200: GrupoSchema },
      },
    },
    async (req) =>
      estructura.cambiarRol(
        usuarioDe(req),
        req.params.id,
        req.params.idSocio,
        req.body.rol,
        "otro",
      ),
  );

  app.delete(
    "/grupos/:id/miembros/:idSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsGrupos,
        summary: "Sacar a un socio del grupo",
        params: ParamsMiembro,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await estructura.quitarDeGrupo(usuarioDe(req), req.params.id, req.params.idSocio, "otro");
      return reply.status(204).send(null);
    },
  );

  // ── Cargos ────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/cargos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "La tabla de cargos, con el peso de cada uno para la antigüedad",
        response: { 200: ListaCargosSchema },
      },
    },
    async () => estructura.cargos(),
  );

  app.post(
    "/cargos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Crear un cargo (409 si su código ya existe)",
        body: CargoEntradaSchema,
        response: { 201: CargoSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await estructura.crearCargo(usuarioDe(req), req.body)),
  );

  app.get(
    "/cargos/anyo",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Los cargos del año: quién tuvo cada cargo algún día de ese año",
        querystring: CargosAnyoQuerySchema,
        response: { 200: ListaCargosSocioSchema },
      },
    },
    async (req) => estructura.cargosDelAnyo(req.query.anyo),
  );

  app.put(
    "/cargos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Modificar un cargo (su código no cambia; no se borra: se desactiva)",
        params: ParamsCargo,
        body: CargoCambioSchema,
        response: { 200: CargoSchema },
      },
    },
    async (req) => estructura.actualizarCargo(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/socios/:id/estructura",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Escuadras, grupos y cargos del socio, año a año (su ficha)",
        params: ParamsSocio,
        response: { 200: EstructuraSocioSchema },
      },
    },
    async (req) => estructura.estructuraDeSocio(req.params.id),
  );

  app.get(
    "/socios/:id/cargos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Los cargos del socio, del más reciente al más antiguo",
        params: ParamsSocio,
        response: { 200: ListaCargosSocioSchema },
      },
    },
    async (req) => estructura.cargosDeSocio(req.params.id),
  );

  app.post(
    "/socios/:id/cargos",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Dar un cargo al socio, con su inicio y su fin (el de cabo, desde la escuadra)",
        params: ParamsSocio,
        body: CargoSocioEntradaSchema,
        response: { 201: CargoSocioSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await estructura.asignarCargo(usuarioDe(req), req.params.id, req.body)),
  );

  app.put(
    "/socios/:id/cargos/:idCargoSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Modificar un cargo del socio (el de cabo se cambia desde su escuadra: 409)",
        params: ParamsCargoSocio,
        body: CargoSocioEntradaSchema,
        response: { 200: CargoSocioSchema },
      },
    },
    async (req) =>
      estructura.actualizarCargoSocio(
        usuarioDe(req),
        req.params.id,
        req.params.idCargoSocio,
        req.body,
      ),
  );

  app.delete(
    "/socios/:id/cargos/:idCargoSocio",
    {
      onRequest: soloJunta,
      schema: {
        tags: tagsCargos,
        summary: "Quitar un cargo del socio (si es el de cabo, la escuadra queda sin cabo)",
        params: ParamsCargoSocio,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await estructura.quitarCargoSocio(usuarioDe(req), req.params.id, req.params.idCargoSocio);
      return reply.status(204).send(null);
    },
  );
};
