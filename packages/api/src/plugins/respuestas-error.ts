import { CuerpoErrorSchema } from "@fila/domain";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { PIDE_SESION } from "./auth.js";

type Respuestas = Record<string, unknown>;

const FICHERO = z.unknown().describe("El fichero o el flujo pedido; su tipo va en Content-Type.");
const SIN_CONTENIDO = z.null().describe("Hecho; sin contenido.");

const aLista = (hooks: unknown): unknown[] => (Array.isArray(hooks) ? hooks : hooks ? [hooks] : []);

function pideSesion(ruta: RouteOptions): boolean {
  return [...aLista(ruta.onRequest), ...aLista(ruta.preHandler)].some(
    (hook) => typeof hook === "function" && PIDE_SESION in hook,
  );
}

/** A route with its own limit of requests (@fastify/rate-limit's per-route config). */
function limitaPeticiones(ruta: RouteOptions): boolean {
  return Boolean((ruta.config as { rateLimit?: unknown } | undefined)?.rateLimit);
}

/**
 * The error answers an operation can give, from what the route is: every one with the error
 * body of ARCHITECTURE.md. 400 (validation and rules), 404 (an id or a filter that points
 * nowhere), 409 for writes (conflicts), 413/415 for bodies, 401/403 behind a session (403 also
 * for terms still to accept), 429 on sign-in and on routes with a rate limit, 426 anywhere (a
 * client older than the API serves, plugins/version-api.ts) and 500/503 anywhere (an internal
 * error, the database out of reach). A route may declare its own; those are kept.
 */
export function estadosDeError(ruta: RouteOptions): number[] {
  const metodos = aLista(ruta.method) as string[];
  const escribe = metodos.some((m) => !["GET", "HEAD"].includes(m));
  const estados = [400, 404, 426, 500, 503];
  if (escribe) estados.push(409, 413, 415);
  if (pideSesion(ruta)) estados.push(401, 403);
  if (ruta.url.startsWith("/api/login") || limitaPeticiones(ruta)) estados.push(429);
  return estados.sort((a, b) => a - b);
}

/** Every /api operation declares its error answers in the OpenAPI document (and its clients). */
export const respuestasErrorPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRoute", (ruta) => {
    if (!ruta.url.startsWith("/api/") || !ruta.schema || ruta.schema.hide) return;
    const respuestas: Respuestas = { ...((ruta.schema.response as Respuestas) ?? {}) };
    if (!Object.keys(respuestas).some((estado) => estado.startsWith("2"))) {
      // No JSON to describe: a file or a stream (GET), or nothing at all (a write).
      const metodos = aLista(ruta.method) as string[];
      if (metodos.includes("GET")) respuestas[200] = FICHERO;
      else respuestas[204] = SIN_CONTENIDO;
    }
    for (const estado of estadosDeError(ruta)) {
      respuestas[estado] ??= CuerpoErrorSchema;
    }
    ruta.schema.response = respuestas;
  });
});
