import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { esConexionPerdida } from "../db/conexion-perdida.js";
import { type DetalleError, DomainError } from "../errors/domain-error.js";
import { type Idioma, mensajeCon, TEXTOS_DOMINIO, texto } from "../errors/mensajes.js";
import { erroresZodEn } from "../errors/zod-idioma.js";

/**
 * The language of the answer: the caller's account's (SPEC: «in the account's language, Spanish
 * by default»); Spanish without a session.
 */
export function idiomaDe(req: FastifyRequest): Idioma {
  return req.usuario?.idioma ?? "es";
}

type ErrorDeValidacion = FastifyError & {
  validation: { instancePath: string; keyword: string; message?: string }[];
};

/**
 * The field problems of a failed validation in the caller's language. zod wrote them with the
 * global configuration (Spanish, app.ts): in another language the same data is parsed again with
 * that language's messages (a per-parse error map, which still gives way to the schemas' own
 * texts), and the schemas' own texts, written in Spanish by @fila/domain, are translated.
 */
function detallesDeValidacion(
  err: ErrorDeValidacion,
  req: FastifyRequest,
  idioma: Idioma,
): DetalleError[] {
  const propios = new Map<string, string>();
  if (idioma !== "es") {
    const parte = err.validationContext;
    const esquema = parte
      ? (req.routeOptions.schema as Record<string, unknown> | undefined)?.[parte]
      : undefined;
    const datos =
      parte === "body"
        ? req.body
        : parte === "querystring"
          ? req.query
          : parte === "params"
            ? req.params
            : parte === "headers"
              ? req.headers
              : undefined;
    if (esquema instanceof z.ZodType) {
      const resultado = esquema.safeParse(datos, { error: erroresZodEn(idioma) });
      for (const issue of resultado.error?.issues ?? []) {
        propios.set(`/${issue.path.join("/")}|${issue.code}`, issue.message);
      }
    }
  }
  return err.validation.map((v) => {
    const mensaje = propios.get(`${v.instancePath}|${v.keyword}`) ?? v.message;
    return {
      campo: campoDe(v.instancePath, err.validationContext),
      mensaje: mensaje
        ? TEXTOS_DOMINIO[idioma](mensaje)
        : texto("peticion.valor_no_valido", idioma),
    };
  });
}

type Cuerpo = { error: string; mensaje: string; detalles: DetalleError[] };

const ERRORES_FASTIFY: Record<string, () => DomainError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new DomainError("tipo_no_admitido", "peticion.tipo_no_admitido"),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new DomainError("demasiado_grande", "peticion.demasiado_grande"),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new DomainError("peticion_invalida", "peticion.json_no_valido"),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new DomainError("peticion_invalida", "peticion.cuerpo_vacio"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new DomainError("peticion_invalida", "peticion.longitud_no_valida"),
};

function campoDe(instancePath: string, contexto: string | undefined): string {
  const campo = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return campo || contexto || "cuerpo";
}

function esDatoRechazadoPorLaBase(err: unknown): boolean {
  const codigo = (err as { code?: unknown }).code;
  return typeof codigo === "string" && /^22[0-9A-Z]{3}$/.test(codigo);
}

/** Every error as one of the catalogue's: its code, status and message come from there. */
function comoErrorDelCatalogo(err: FastifyError, req: FastifyRequest, idioma: Idioma): DomainError {
  if (err instanceof DomainError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    return new DomainError(
      "validacion",
      "comun.hay_datos_no_son_validos_revisa",
      detallesDeValidacion(err as ErrorDeValidacion, req, idioma),
    );
  }
  // SQLSTATE class 22 (data exception): a number beyond the column's range, a date that
  // does not exist… The input was wrong, not the server: a 400, never a 500.
  if (esDatoRechazadoPorLaBase(err)) {
    return new DomainError("validacion", "peticion.dato_rechazado_por_la_base");
  }
  if (esConexionPerdida(err))
    return new DomainError("bd_no_disponible", "peticion.bd_no_disponible");
  if (err.statusCode === 429) {
    return new DomainError("demasiados_intentos", "peticion.demasiadas_peticiones");
  }
  const deFastify = err.code ? ERRORES_FASTIFY[err.code] : undefined;
  if (deFastify) return deFastify();
  return new DomainError("error_interno", "peticion.interno");
}

/** One error shape for every non-2xx answer: {error, mensaje, detalles}. Never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const idioma = idiomaDe(req);
    let error = comoErrorDelCatalogo(err, req, idioma);
    let status = error.status;
    // Any other client error Fastify raises keeps its own status (405, 406…).
    if (
      error.code === "error_interno" &&
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500
    ) {
      error = new DomainError("peticion_invalida", "peticion.no_valida");
      status = err.statusCode;
    }
    const cuerpo: Cuerpo = {
      error: error.code,
      mensaje: error.mensajeEn(idioma),
      detalles: error.detallesEn(idioma),
    };
    if (esConexionPerdida(err)) reply.header("Retry-After", "5");
    if (status === 503) req.log.warn({ err }, "base de datos no disponible");
    else if (status >= 500) req.log.error({ err }, "error no controlado");
    return reply.status(status).send(cuerpo);
  });

  app.setNotFoundHandler((req, reply) => {
    const error = new DomainError(
      "no_encontrado",
      mensajeCon("no_encontrado.ruta", { metodo: req.method, ruta: req.url.split("?")[0] ?? "" }),
    );
    return reply
      .status(error.status)
      .send({ error: error.code, mensaje: error.mensajeEn(idiomaDe(req)), detalles: [] });
  });
});
