import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifyReply, FastifySerializerCompiler } from "fastify";
import { serializerCompiler as serializadorZod } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

type Serializar = (datos: unknown) => string;

/**
 * Responses are written by a serializer compiled from each route's schema (fast-json-stringify,
 * what Fastify itself uses for JSON schemas) instead of running zod's encoder over every object
 * and then JSON.stringify: a page of 50 members spent about a third of its CPU there on
 * PostgreSQL (issue 14, bench/README.md). Like zod, it writes only the fields the schema declares
 * (nothing else a presenter left on an object leaves the server) and fails on a missing required
 * field. A schema that JSON Schema cannot express keeps zod's serializer.
 *
 * With `comprobar` (the tests: NODE_ENV=test), every response also goes through zod's
 * serializer, which validates it, and the two outputs must be the same JSON: the whole test
 * suite proves the compiled serializers write exactly what zod would.
 */
export function crearSerializerCompiler({
  comprobar,
}: {
  comprobar: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (ruta) => {
    const zod = serializadorZod(ruta) as Serializar;
    const compilado = compilar(ruta.schema);
    if (!compilado) return zod;
    if (!comprobar) return compilado;
    return (datos) => {
      const esperado = zod(datos);
      const escrito = compilado(datos);
      if (!isDeepStrictEqual(JSON.parse(escrito), JSON.parse(esperado))) {
        throw new Error(
          `El serializador compilado de ${ruta.method} ${ruta.url} (${ruta.httpStatus}) no escribe lo mismo que zod:\n${escrito}\n${esperado}`,
        );
      }
      return escrito;
    };
  };
}

/**
 * One compiled serializer per schema object: the error body is the same schema for every route
 * and status, and the domain's schemas are shared by the routes and by every app built (tests).
 */
const compilados = new WeakMap<ZodType, Serializar | null>();

function compilar(esquema: unknown): Serializar | null {
  if (!(esquema instanceof z.ZodType)) return null;
  let compilado = compilados.get(esquema);
  if (compilado === undefined) {
    compilado = compilarJsonSchema(esquema);
    compilados.set(esquema, compilado);
  }
  return compilado;
}

function compilarJsonSchema(esquema: ZodType): Serializar | null {
  try {
    const { $schema: _, ...json } = z.toJSONSchema(esquema, {
      io: "output",
      target: "draft-7",
      unrepresentable: "throw",
    });
    return fastJson(paraSerializar(json) as Parameters<typeof fastJson>[0]) as Serializar;
  } catch {
    return null;
  }
}

/** Keywords that only validate: a serializer needs none of them (see `paraSerializar`). */
const SOLO_VALIDAN = new Set([
  "additionalProperties",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "propertyNames",
]);

const FORMATOS_DE_FECHA = new Set(["date", "date-time", "time"]);

/**
 * The JSON schema as a serializer needs it. fast-json-stringify already writes only declared
 * properties, but it picks the branch of an `anyOf` by validating the value against each one: a
 * nested object with one field more than declared (which zod would just drop) or a text outside
 * a pattern would match no branch and fail the response. So validation-only keywords go, and
 * "object or null" becomes a nullable type, which needs no branch at all. `additionalProperties`
 * stays where it is a schema (a record's values).
 */
function paraSerializar(nodo: unknown): unknown {
  if (Array.isArray(nodo)) return nodo.map(paraSerializar);
  if (typeof nodo !== "object" || nodo === null) return nodo;
  const salida: Record<string, unknown> = {};
  for (const [clave, valor] of Object.entries(nodo)) {
    if (SOLO_VALIDAN.has(clave) && (typeof valor !== "object" || clave === "propertyNames"))
      continue;
    // Dates and times keep theirs: it is how a Date object is written.
    if (clave === "format" && !FORMATOS_DE_FECHA.has(valor as string)) continue;
    salida[clave] =
      clave === "properties" && valor && typeof valor === "object"
        ? Object.fromEntries(Object.entries(valor).map(([k, v]) => [k, paraSerializar(v)]))
        : paraSerializar(valor);
  }
  const opciones = salida.anyOf;
  if (Array.isArray(opciones) && opciones.length === 2) {
    const nulo = opciones.findIndex((o) => (o as { type?: unknown }).type === "null");
    const otro = opciones[1 - nulo] as { type?: unknown } | undefined;
    if (nulo >= 0 && otro && (otro.type === "object" || otro.type === "array")) {
      const { anyOf: _, ...resto } = salida;
      return { ...resto, ...otro, type: [otro.type, "null"] };
    }
  }
  return salida;
}

/**
 * Sends an answer already written by the route's own serializer (`reply.serialize`), as a cached
 * answer is kept: the same bytes and content type the route would send for the object.
 */
export function enviarEscrito(reply: FastifyReply, escrito: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(escrito);
}
