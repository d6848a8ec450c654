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
import type { FastifyReply, FastifySchema } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereRol, requiereSesion, usuarioDe } from "../../plugins/auth.js";
import { enviarDescarga } from "../../plugins/descargas.js";
import { idEnRuta } from "../../plugins/validacion.js";
import type { EstructuraService } from "./estructura.service.js";

const soloJunta = requiereRol("administrador");

/** A route of the board's (every one here but «mi escuadra»): the administrator check and its tag. */
const deJunta =
  (tag: string) =>
  <S extends FastifySchema>(schema: S) => ({
    onRequest: soloJunta,
    schema: { tags: [tag], ...schema },
  });
const deEscuadras = deJunta("Escuadras");
const deGrupos = deJunta("Grupos");
const deCargos = deJunta("Cargos");

/** The answer of a delete: 204, no body, once the service has done it. */
async function hecho(reply: FastifyReply, trabajo: Promise<void>) {
  await trabajo;
  return reply.status(204).send(null);
}

const ParamsGrupo = z.object({ id: idEnRuta("del grupo") });
const ParamsMiembro = z.object({ id: idEnRuta("del grupo"), idSocio: idEnRuta("del socio") });
const ParamsSocio = z.object({ id: idEnRuta("del socio") });
const ParamsCargoSocio = z.object({
  id: idEnRuta("del socio"),
  idCargoSocio: idEnRuta("del cargo"),
});
const ParamsCargo = z.object({ id: idEnRuta("del cargo") });
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
    deEscuadras({
      summary: "Las escuadras de un año festero, con sus miembros, su cabo y su orden",
      querystring: ListaEscuadrasQuerySchema,
      response: { 200: ListaGruposSchema },
    }),
    async (req) => estructura.escuadras(req.query.anyo),
  );

  app.post(
    "/escuadras",
    deEscuadras({
      summary: "Crear una escuadra de un año (409 si ya hay otra con ese nombre)",
      body: EscuadraEntradaSchema,
      response: { 201: GrupoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await estructura.crearEscuadra(usuarioDe(req), req.body)),
  );

  app.get(
    "/escuadras/mia",
    {
      onRequest: requiereSesion,
      schema: {
        tags: ["Escuadras"],
        summary: "Mi escuadra y mi cabo este año (y los de los socios que pago): el inicio",
        response: { 200: MiEscuadraSchema },
      },
    },
    async (req) => estructura.miEscuadra(usuarioDe(req)),
  );

  app.get(
    "/escuadras/pdf",
    deEscuadras({
      summary: "La composición de las escuadras del año, en PDF para imprimir",
      querystring: PdfQuery,
    }),
    async (req, reply) =>
      enviarDescarga(reply, await estructura.pdfEscuadras(req.query.anyo, usuarioDe(req).idioma)),
  );

  app.post(
    "/escuadras/copia",
    deEscuadras({
      summary: "Copiar las escuadras de un año (y sus festeros activos) a otro, para empezar",
      description: "Sin cabos. Una escuadra con el mismo nombre en el destino se deja como está.",
      body: CopiaEscuadrasSchema,
      response: { 200: CopiaEscuadrasResultadoSchema },
    }),
    async (req) => estructura.copiarEscuadras(usuarioDe(req), req.body),
  );

  app.put(
    "/escuadras/desfiles/:desfile",
    deEscuadras({
      summary: "El orden de las escuadras del año en un desfile (de la primera a la última)",
      params: ParamsDesfile,
      body: OrdenDesfileSchema,
      response: { 200: ListaGruposSchema },
    }),
    async (req) => estructura.ordenarDesfile(usuarioDe(req), req.params.desfile, req.body),
  );

  app.put(
    "/escuadras/:id",
    deEscuadras({
      summary: "Modificar una escuadra (su año no cambia)",
      params: ParamsGrupo,
      body: EscuadraCambioSchema,
      response: { 200: GrupoSchema },
    }),
    async (req) => estructura.actualizarEscuadra(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/escuadras/:id/miembros",
    deEscuadras({
      summary: "Meter a un festero en la escuadra (con mover: sacándolo de la otra del año)",
      description:
        "Un festero está como mucho en una escuadra por año: sin `mover`, 409 que nombra la otra.",
      params: ParamsGrupo,
      body: MiembroEscuadraEntradaSchema,
      response: { 200: GrupoSchema },
    }),
    async (req) => estructura.anyadirAEscuadra(usuarioDe(req), req.params.id, req.body),
  );

  app.put(
    "/escuadras/:id/cabo",
    deEscuadras({
      summary: "El cabo de la escuadra: su cargo «cabo» del año (null: sin cabo)",
      params: ParamsGrupo,
      body: CaboEntradaSchema,
      response: { 200: GrupoSchema },
    }),
    async (req) => estructura.ponerCabo(usuarioDe(req), req.params.id, req.body),
  );

  // ── Other groups ──────────────────────────────────────────────────────────────────────────

  app.get(
    "/grupos",
    deGrupos({
      summary: "Grupos (junta, comisiones, otros y, para elegir, las escuadras)",
      querystring: ListaGruposQuerySchema,
      response: { 200: ListaGruposSchema },
    }),
    async (req) => estructura.grupos(req.query),
  );

  app.post(
    "/grupos",
    deGrupos({
      summary: "Crear un grupo (junta, comisión, turno de barra…)",
      body: GrupoEntradaSchema,
      response: { 201: GrupoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await estructura.crearGrupo(usuarioDe(req), req.body)),
  );

  app.put(
    "/grupos/:id",
    deGrupos({
      summary: "Modificar un grupo (su clase y su año no cambian)",
      params: ParamsGrupo,
      body: GrupoEntradaSchema,
      response: { 200: GrupoSchema },
    }),
    async (req) => estructura.actualizarGrupo(usuarioDe(req), req.params.id, req.body),
  );

  app.post(
    "/grupos/:id/miembros",
    deGrupos({
      summary: "Añadir un socio al grupo con su papel (si ya está, cambia su papel)",
      params: ParamsGrupo,
      body: MiembroGrupoEntradaSchema,
      response: { 200: GrupoSchema },
    }),
    async (req) => estructura.anyadirAGrupo(usuarioDe(req), req.params.id, req.body),
  );

  // ── What an escuadra and any other group share: read it, delete it, a member's role and leaving

  const grupos = [
    {
      ruta: "/escuadras",
      clase: "escuadra",
      opciones: deEscuadras,
      obtener: (id: number) => estructura.escuadra(id),
      resumen: {
        uno: "Una escuadra",
        borrar: "Borrar una escuadra (sus miembros y su cabo con ella)",
        cambiarRol: "Cambiar el papel de un festero en la escuadra",
        sacar: "Sacar a un festero de la escuadra (si era su cabo, la escuadra queda sin cabo)",
      },
    },
    {
      ruta: "/grupos",
      clase: "otro",
      opciones: deGrupos,
      obtener: (id: number) => estructura.grupoLibre(id),
      resumen: {
        uno: "Un grupo",
        borrar: "Borrar un grupo",
        cambiarRol: "Cambiar el papel de un socio en el grupo",
        sacar: "Sacar a un socio del grupo",
      },
    },
  ] as const;

  for (const { ruta, clase, opciones, obtener, resumen } of grupos) {
    app.get(
      `${ruta}/:id`,
      opciones({ summary: resumen.uno, params: ParamsGrupo, response: { 200: GrupoSchema } }),
      async (req) => obtener(req.params.id),
    );

    app.delete(
      `${ruta}/:id`,
      opciones({ summary: resumen.borrar, params: ParamsGrupo, response: { 204: z.null() } }),
      async (req, reply) =>
        hecho(reply, estructura.borrarGrupo(usuarioDe(req), req.params.id, clase)),
    );

    app.put(
      `${ruta}/:id/miembros/:idSocio`,
      opciones({
        summary: resumen.cambiarRol,
        params: ParamsMiembro,
        body: RolMiembroSchema,
        response: { 200: GrupoSchema },
      }),
      async (req) =>
        estructura.cambiarRol(
          usuarioDe(req),
          req.params.id,
          req.params.idSocio,
          req.body.rol,
          clase,
        ),
    );

    app.delete(
      `${ruta}/:id/miembros/:idSocio`,
      opciones({ summary: resumen.sacar, params: ParamsMiembro, response: { 204: z.null() } }),
      async (req, reply) =>
        hecho(
          reply,
          estructura.quitarDeGrupo(usuarioDe(req), req.params.id, req.params.idSocio, clase),
        ),
    );
  }

  // ── Cargos ────────────────────────────────────────────────────────────────────────────────

  app.get(
    "/cargos",
    deCargos({
      summary: "La tabla de cargos, con el peso de cada uno para la antigüedad",
      response: { 200: ListaCargosSchema },
    }),
    async () => estructura.cargos(),
  );

  app.post(
    "/cargos",
    deCargos({
      summary: "Crear un cargo (409 si su código ya existe)",
      body: CargoEntradaSchema,
      response: { 201: CargoSchema },
    }),
    async (req, reply) =>
      reply.status(201).send(await estructura.crearCargo(usuarioDe(req), req.body)),
  );

  app.get(
    "/cargos/anyo",
    deCargos({
      summary: "Los cargos del año: quién tuvo cada cargo algún día de ese año",
      querystring: CargosAnyoQuerySchema,
      response: { 200: ListaCargosSocioSchema },
    }),
    async (req) => estructura.cargosDelAnyo(req.query.anyo),
  );

  app.put(
    "/cargos/:id",
    deCargos({
      summary: "Modificar un cargo (su código no cambia; no se borra: se desactiva)",
      params: ParamsCargo,
      body: CargoCambioSchema,
      response: { 200: CargoSchema },
    }),
    async (req) => estructura.actualizarCargo(usuarioDe(req), req.params.id, req.body),
  );

  app.get(
    "/socios/:id/estructura",
    deCargos({
      summary: "Escuadras, grupos y cargos del socio, año a año (su ficha)",
      params: ParamsSocio,
      response: { 200: EstructuraSocioSchema },
    }),
    async (req) => estructura.estructuraDeSocio(req.params.id),
  );

  app.get(
    "/socios/:id/cargos",
    deCargos({
      summary: "Los cargos del socio, del más reciente al más antiguo",
      params: ParamsSocio,
      response: { 200: ListaCargosSocioSchema },
    }),
    async (req) => estructura.cargosDeSocio(req.params.id),
  );

  app.post(
    "/socios/:id/cargos",
    deCargos({
      summary: "Dar un cargo al socio, con su inicio y su fin (el de cabo, desde la escuadra)",
      params: ParamsSocio,
      body: CargoSocioEntradaSchema,
      response: { 201: CargoSocioSchema },
    }),
    async (req, reply) =>
      reply
        .status(201)
        .send(await estructura.asignarCargo(usuarioDe(req), req.params.id, req.body)),
  );

  app.put(
    "/socios/:id/cargos/:idCargoSocio",
    deCargos({
      summary: "Modificar un cargo del socio (el de cabo se cambia desde su escuadra: 409)",
      params: ParamsCargoSocio,
      body: CargoSocioEntradaSchema,
      response: { 200: CargoSocioSchema },
    }),
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
    deCargos({
      summary: "Quitar un cargo del socio (si es el de cabo, la escuadra queda sin cabo)",
      params: ParamsCargoSocio,
      response: { 204: z.null() },
    }),
    async (req, reply) =>
      hecho(
        reply,
        estructura.quitarCargoSocio(usuarioDe(req), req.params.id, req.params.idCargoSocio),
      ),
  );
};
