import { CABECERA_VERSION_API, ERROR_VERSION_ANTIGUA, VERSION_API } from "@fila/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DomainError } from "../errors/domain-error.js";
import { mensajeCon } from "../errors/mensajes.js";

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
        mensajeCon("peticion.cabecera_tiene_ser_numero_entero", { cabecera: CABECERA_VERSION_API }),
        [{ campo: CABECERA_VERSION_API, clave: "peticion.tiene_ser_numero_entero" }],
      );
    }
    if (Number(valor) < VERSION_API_MINIMA) {
      throw new DomainError(
        ERROR_VERSION_ANTIGUA,
        "peticion.aplicacion_ha_actualizado_recarga_pagina_para",
      );
    }
  });
});
