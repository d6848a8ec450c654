import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { esConexionPerdida } from "../db/conexion-perdida.js";
import { type DetalleError, DomainError } from "../errors/domain-error.js";

type Cuerpo = { error: string; mensaje: string; detalles: DetalleError[] };

export const BD_NO_DISPONIBLE = {
  error: "bd_no_disponible",
  mensaje:
    "La base de datos no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  detalles: [],
} as const;

const MENSAJES_FASTIFY: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "tipo_no_admitido", "El tipo de contenido no es válido."],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "demasiado_grande", "La petición es demasiado grande."],
  FST_ERR_CTP_INVALID_JSON_BODY: [
    400,
    "peticion_invalida",
    "El cuerpo de la petición no es un JSON válido.",
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "peticion_invalida", "El cuerpo de la petición está vacío."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    "peticion_invalida",
    "La longitud de la petición no es válida.",
  ],
};

function campoDe(instancePath: string, contexto: string | undefined): string {
  const campo = instancePath.replace(/^\//, "").replaceAll("/", ".");
  return campo || contexto || "cuerpo";
}

function esDatoRechazadoPorLaBase(err: unknown): boolean {
  const codigo = (err as { code?: unknown }).code;
  return typeof codigo === "string" && /^22[0-9A-Z]{3}$/.test(codigo);
}

/** One error shape for every non-2xx answer: {error, mensaje, detalles}. Never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let status = 500;
    let cuerpo: Cuerpo = {
      error: "error_interno",
      mensaje: "Ha ocurrido un error interno. Inténtalo de nuevo más tarde.",
      detalles: [],
    };
    if (err instanceof DomainError) {
      status = err.status;
      cuerpo = { error: err.code, mensaje: err.mensaje, detalles: err.detalles };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      cuerpo = {
        error: "validacion",
        mensaje: "Hay datos que no son válidos. Revisa los campos marcados.",
        detalles: err.validation.map((v) => ({
          campo: campoDe(v.instancePath, err.validationContext),
          mensaje: v.message ?? "Valor no válido",
        })),
      };
    } else if (esDatoRechazadoPorLaBase(err)) {
      // SQLSTATE class 22 (data exception): a number beyond the column's range, a date that
      // does not exist… The input was wrong, not the server: a 400, never a 500.
      status = 400;
      cuerpo = {
        error: "validacion",
        mensaje:
          "Hay un valor que no es válido: demasiado grande o con un formato que no se puede guardar.",
        detalles: [],
      };
    } else if (esConexionPerdida(err)) {
      status = 503;
      cuerpo = { ...BD_NO_DISPONIBLE, detalles: [] };
      reply.header("Retry-After", "5");
    } else if (err.statusCode === 429) {
      status = 429;
      cuerpo = {
        error: "demasiados_intentos",
        mensaje: "Demasiadas peticiones. Espera un momento y vuelve a intentarlo.",
        detalles: [],
      };
    } else if (err.code && MENSAJES_FASTIFY[err.code]) {
      const [s, error, mensaje] = MENSAJES_FASTIFY[err.code];
      status = s;
      cuerpo = { error, mensaje, detalles: [] };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      cuerpo = { error: "peticion_invalida", mensaje: "La petición no es válida.", detalles: [] };
    }
    if (status === 503) req.log.warn({ err }, "base de datos no disponible");
    else if (status >= 500) req.log.error({ err }, "error no controlado");
    return reply.status(status).send(cuerpo);
  });

  app.setNotFoundHandler((req, reply) => {
    return reply.status(404).send({
      error: "no_encontrado",
      mensaje: `No existe la ruta ${req.method} ${req.url.split("?")[0]}.`,
      detalles: [],
    });
  });
});
