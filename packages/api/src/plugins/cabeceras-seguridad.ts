import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet writes for these options, worked out once. They do not depend on the
 * request (no nonces), and @fastify/helmet built the whole policy again, parsing every CSP
 * directive, on each request: some 3 % of the server's time on the lightest routes.
 */
export function cabecerasDeSeguridad(opciones: HelmetOptions): Record<string, string> {
  const cabeceras: Record<string, string> = {};
  const respuesta = {
    setHeader(nombre: string, valor: string | number | readonly string[]) {
      cabeceras[nombre.toLowerCase()] = Array.isArray(valor) ? valor.join(", ") : String(valor);
    },
    removeHeader(nombre: string) {
      delete cabeceras[nombre.toLowerCase()];
    },
  };
  let error: unknown = null;
  helmet(opciones)({} as IncomingMessage, respuesta as unknown as ServerResponse, (e?: unknown) => {
    error = e ?? null;
  });
  if (error) throw error;
  return cabeceras;
}

/** Every answer (API, web files, errors) carries the security headers of `opciones`. */
export const cabecerasSeguridadPlugin = fp(
  async (app: FastifyInstance, opciones: HelmetOptions) => {
    const cabeceras = cabecerasDeSeguridad(opciones);
    app.addHook("onRequest", (_req, reply, hecho) => {
      reply.headers(cabeceras);
      hecho();
    });
  },
);

/**
 * CSP sources for the scripts written inside the built index.html (the boot picture, see
 * packages/web/arranque): each allowed by its SHA-256, and no other inline script.
 */
export function hashesDeScriptsEnLinea(webDist: string | null): string[] {
  const fichero = webDist ? path.join(webDist, "index.html") : null;
  if (!fichero || !existsSync(fichero)) return [];
  const html = readFileSync(fichero, "utf8");
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, codigo]) =>
      `'sha256-${createHash("sha256")
        .update(codigo ?? "")
        .digest("base64")}'`,
  );
}
