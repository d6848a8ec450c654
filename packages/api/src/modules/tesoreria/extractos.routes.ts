import multipart from "@fastify/multipart";
import {
  ConciliacionCuentaSchema,
  type DecisionExtracto,
  DecisionesEntradaSchema,
  DecisionesExtractoSchema,
  EXTRACTO_MAX_BYTES,
  ExtractoImportadoSchema,
  ExtractoResumenSchema,
  ImportacionExtractoSchema,
  ImportarExtractoQuerySchema,
  ListaExtractosQuerySchema,
  ListaReglasQuerySchema,
  ReglaTesoreriaEntradaSchema,
  ReglaTesoreriaSchema,
} from "@fila/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Detalle, DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { requiereRol, usuarioDe } from "../../plugins/auth.js";
import { exigirArchivo, type FormularioSubido, leerFormulario } from "../../plugins/subidas.js";
import { camposDesconocidos, MENSAJE_CAMPO_DESCONOCIDO } from "../../plugins/validacion.js";
import type { ExtractosService } from "./extractos.service.js";

const tags = ["Tesorería"];
const ENTERO_MAX = 2_147_483_647;
const id = (error: string) =>
  z.coerce.number().int({ error }).positive({ error }).max(ENTERO_MAX, { error });
const IdParams = z.object({ id: id("El id no es válido") });
const lista = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), pageSize: z.int() });
const soloJunta = requiereRol("administrador");
const CAMPOS_IMPORTACION = ["idCuenta", "decisiones"];

const invalido = (detalles: Detalle[]) =>
  new DomainError("validacion", "tesoreria.revisa_decisiones", detalles);

/**
 * The fields sent with the file: `idCuenta` (a positive integer) and `decisiones` (JSON, checked
 * like a body: every unknown field named). Any other field is 400 naming it.
 */
function leerCampos(form: FormularioSubido): {
  idCuenta?: number;
  decisiones?: DecisionExtracto[];
} {
  const desconocidos = Object.keys(form.campos).filter((c) => !CAMPOS_IMPORTACION.includes(c));
  if (desconocidos.length > 0) {
    throw new DomainError(
      "validacion",
      mensajeCon("peticion.campos_no_existen", { campos: desconocidos.join(", ") }),
      desconocidos.map((campo) => ({ campo, mensaje: MENSAJE_CAMPO_DESCONOCIDO })),
    );
  }
  const salida: { idCuenta?: number; decisiones?: DecisionExtracto[] } = {};
  const idCuenta = form.campos.idCuenta?.trim();
  if (idCuenta !== undefined && idCuenta !== "") {
    const n = Number(idCuenta);
    if (!/^\d{1,10}$/.test(idCuenta) || n < 1 || n > ENTERO_MAX) {
      throw new DomainError("validacion", "tesoreria.revisa_decisiones", [
        { campo: "idCuenta", mensaje: "Introduce un identificador válido" },
      ]);
    }
    salida.idCuenta = n;
  }
  if (form.campos.decisiones !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(form.campos.decisiones);
    } catch {
      throw invalido([{ campo: "decisiones", clave: "tesoreria.decisiones_no_validas" }]);
    }
    const leido = DecisionesExtractoSchema.safeParse(json);
    if (!leido.success) {
      throw invalido(
        leido.error.issues.map((i) => ({
          campo: ["decisiones", ...i.path.map(String)].join("."),
          mensaje: i.message,
        })),
      );
    }
    const sobran = camposDesconocidos(json, leido.data);
    if (sobran.length > 0) {
      throw invalido(
        sobran.map((ruta) => ({
          campo: ["decisiones", ...ruta.map(String)].join("."),
          mensaje: MENSAJE_CAMPO_DESCONOCIDO,
        })),
      );
    }
    salida.decisiones = leido.data;
  }
  return salida;
}

/**
 * The bank's statement (issue 47): import and reconcile it, the statements imported, the bank
 * against book balance per account, and the category rules. Only the board; every write audited.
 */
export const extractosRoutes: FastifyPluginAsyncZod<{
  extractosTesoreria: ExtractosService;
}> = async (app, { extractosTesoreria: extractos }) => {
  await app.register(multipart, {
    limits: {
      fileSize: EXTRACTO_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 2 * 1024 * 1024,
    },
  });

  app.post(
    "/tesoreria/extractos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Importar el extracto del banco (norma 43 o camt.053) y conciliarlo: confirmar=0 propone, confirmar=1 guarda y aplica las decisiones (o las propuestas)",
        description:
          'Multipart: «archivo» (hasta 5 MB), «idCuenta» (solo si el fichero trae una cuenta cuyo IBAN no es de la tesorería) y, con confirmar=1, «decisiones» (JSON: [{n, accion: "conciliar", idsMovimiento, comision?} | {n, accion: "nuevo", idCategoria, concepto?} | {n, accion: "omitir"}]). 400 si el fichero no se lee o no cuadra (nombrando la línea), 409 si ya se importó.',
        consumes: ["multipart/form-data"],
        querystring: ImportarExtractoQuerySchema,
        response: { 200: ImportacionExtractoSchema, 201: ImportacionExtractoSchema },
      },
    },
    async (req, reply) => {
      const form = await leerFormulario(req, {
        maxBytes: EXTRACTO_MAX_BYTES,
        mensajeTamanyo: mensajeCon("peticion.fichero_demasiado_grande", { mb: 5 }),
      });
      const campos = leerCampos(form);
      const archivo = exigirArchivo(form, "tesoreria.extracto_sin_archivo");
      const { confirmar } = req.query;
      const res = await extractos.importar(usuarioDe(req), archivo, { confirmar, ...campos });
      return reply.status(confirmar ? 201 : 200).send(res);
    },
  );

  app.get(
    "/tesoreria/extractos",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Extractos del banco importados, lo último primero (filtro idCuenta)",
        querystring: ListaExtractosQuerySchema,
        response: { 200: lista(ExtractoResumenSchema) },
      },
    },
    async (req) => extractos.listar(req.query),
  );

  app.get(
    "/tesoreria/extractos/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Un extracto importado con sus líneas, con qué movimientos se concilió cada una y la propuesta de las pendientes",
        params: IdParams,
        response: { 200: ExtractoImportadoSchema },
      },
    },
    async (req) => extractos.obtener(req.params.id),
  );

  app.post(
    "/tesoreria/extractos/:id/decisiones",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Decidir las líneas pendientes de un extracto: conciliar con movimientos, crear uno nuevo u omitirla (409 si ya estaba decidida)",
        params: IdParams,
        body: DecisionesEntradaSchema,
        response: { 200: ExtractoImportadoSchema },
      },
    },
    async (req) => extractos.decidir(usuarioDe(req), req.params.id, req.body.decisiones),
  );

  app.get(
    "/tesoreria/conciliacion",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Saldo del banco (su último extracto) frente al del libro a esa fecha, por cuenta del banco, y las líneas pendientes",
        response: { 200: z.array(ConciliacionCuentaSchema) },
      },
    },
    async () => extractos.conciliacion(),
  );

  // ——— Rules ———

  app.get(
    "/tesoreria/reglas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary:
          "Reglas que proponen la categoría de una línea del banco («contiene X → categoría»)",
        querystring: ListaReglasQuerySchema,
        response: { 200: lista(ReglaTesoreriaSchema) },
      },
    },
    async (req) => extractos.listarReglas(req.query),
  );

  app.post(
    "/tesoreria/reglas",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Crear una regla de categoría",
        body: ReglaTesoreriaEntradaSchema,
        response: { 201: ReglaTesoreriaSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await extractos.crearRegla(usuarioDe(req), req.body)),
  );

  app.get(
    "/tesoreria/reglas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Una regla",
        params: IdParams,
        response: { 200: ReglaTesoreriaSchema },
      },
    },
    async (req) => extractos.obtenerRegla(req.params.id),
  );

  app.put(
    "/tesoreria/reglas/:id",
    {
      onRequest: soloJunta,
      schema: {
        tags,
        summary: "Cambiar una regla",
        params: IdParams,
        body: ReglaTesoreriaEntradaSchema,
        response: { 200: ReglaTesoreriaSchema },
      },
    },
    async (req) => extractos.actualizarRegla(usuarioDe(req), req.params.id, req.body),
  );

  app.delete(
    "/tesoreria/reglas/:id",
    {
      onRequest: soloJunta,
      schema: { tags, summary: "Borrar una regla", params: IdParams },
    },
    async (req, reply) => {
      await extractos.borrarRegla(usuarioDe(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
