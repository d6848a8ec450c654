import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import { validatorCompiler as validadorZod } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

// The mark fastify-type-provider-zod puts on its validation errors (errors.ts reads it).
const ERROR_DE_VALIDACION = Symbol.for("ZodFastifySchemaValidationError");

export const MENSAJE_CAMPO_DESCONOCIDO = "Este campo no existe en esta petición.";

function esObjetoPlano(valor: unknown): valor is Record<string, unknown> {
  if (typeof valor !== "object" || valor === null || Array.isArray(valor)) return false;
  const prototipo = Object.getPrototypeOf(valor);
  return prototipo === Object.prototype || prototipo === null;
}

/**
 * The fields of `entrada` that parsing dropped, with their paths: zod objects strip the keys they
 * do not know, so a key of the input missing from the output is a field the schema lacks. Walking
 * input and output together covers every nested object and array of every body at once.
 */
export function camposDesconocidos(
  entrada: unknown,
  salida: unknown,
  ruta: Array<string | number> = [],
): Array<Array<string | number>> {
  if (Array.isArray(entrada) && Array.isArray(salida)) {
    return entrada.flatMap((valor, i) => camposDesconocidos(valor, salida[i], [...ruta, i]));
  }
  if (!esObjetoPlano(entrada) || !esObjetoPlano(salida)) return [];
  return Object.keys(entrada).flatMap((clave) =>
    Object.hasOwn(salida, clave)
      ? camposDesconocidos(entrada[clave], salida[clave], [...ruta, clave])
      : [[...ruta, clave]],
  );
}

/**
 * zod validation as fastify-type-provider-zod does it, and for request bodies one rule more: an
 * unknown field is refused (400 naming it) instead of silently dropped, which would hide a
 * client's typo or a field it believes it may change.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (rutaEsquema) => {
  const validar = validadorZod(rutaEsquema);
  if (rutaEsquema.httpPart !== "body") return validar;
  return (datos: unknown) => {
    const resultado = validar(datos) as { value?: unknown; error?: FastifySchemaValidationError[] };
    if (resultado.error) return resultado;
    const desconocidos = camposDesconocidos(datos, resultado.value);
    if (desconocidos.length === 0) return resultado;
    return {
      error: desconocidos.map((ruta) => ({
        [ERROR_DE_VALIDACION]: true,
        keyword: "unrecognized_keys",
        instancePath: `/${ruta.join("/")}`,
        schemaPath: `#/${ruta.join("/")}/unrecognized_keys`,
        message: MENSAJE_CAMPO_DESCONOCIDO,
        params: {},
      })),
    };
  };
};

/** A route's id parameter (`/:id`), named in its error: «El id del acto no es válido». */
export const idEnRuta = (que: string) => {
  // Every way of not being an id (letters, a fraction, 0, too big) says the same.
  const error = `El id ${que} no es válido`;
  return z.coerce
    .number({ error })
    .int({ error })
    .positive({ error })
    .max(2_147_483_647, { error });
};
