import { CABECERA_VERSION_API, ERROR_VERSION_ANTIGUA, VERSION_API } from "@fila/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DomainError } from "../errors/domain-error.js";

/**
 * The oldest client version the API still serves. Raise it (and VERSION_API) when a change
 * breaks the SPA already open in people's browsers: those get 426 and reload.
 */
export const VERSION_API_MINIMA = 1;

const cabecera = CABECERA_VERSION_API.toLowerCase();

/**
 * Every /api answer carries the API's version; a request that states an older one than the API
 * serves gets 426. A request without the header (a probe, curl, a beacon) is served as it is.
 */
export const versionApiPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (req, reply) => {
    if (!req.url.startsWith("/api/")) return;
    reply.header(CABECERA_VERSION_API, String(VERSION_API));
    const valor = req.headers[cabecera];
    if (valor === undefined) return;
    if (typeof valor !== "string" || !/^\d{1,9}$/.test(valor.trim())) {
      throw new DomainError(
        "peticion_invalida",
        `La cabecera ${CABECERA_VERSION_API} tiene que ser un número entero.`,
        [{ campo: CABECERA_VERSION_API, mensaje: "Tiene que ser un número entero." }],
      );
    }
    if (Number(valor) < VERSION_API_MINIMA) {
      throw new DomainError(
        ERROR_VERSION_ANTIGUA,
        "La aplicación se ha actualizado. Recarga la página para seguir usándola.",
        [],
        426,
      );
    }
  });
});
