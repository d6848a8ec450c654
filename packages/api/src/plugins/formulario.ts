import formbody from "@fastify/formbody";
import type { FastifyInstance } from "fastify";

/**
 * The one parser of `application/x-www-form-urlencoded` bodies, for the public routes that
 * others post to as an HTML form would: the bank's payment notification (Redsys) and the
 * one-click unsubscribe of RFC 8058. Call it inside the encapsulated plugin that holds those
 * routes only: every other route keeps accepting JSON alone (a form-encoded body there is a 415).
 * The body arrives as an object of strings; a key sent twice keeps its last value.
 */
export async function aceptarFormularios(ambito: FastifyInstance): Promise<void> {
  await ambito.register(formbody, {
    bodyLimit: 64 * 1024,
    parser: (cuerpo) => Object.fromEntries(new URLSearchParams(cuerpo)),
  });
}
