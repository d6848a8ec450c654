import type { Idioma, Rol } from "@fila/domain";
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/database.js";
import {
  condicionesPendientes,
  noAutenticado,
  prohibido,
  totpPendiente,
} from "../errors/domain-error.js";
import { LectorEnLotes } from "../lib/lector-en-lotes.js";
import { hashToken } from "../lib/tokens.js";
import { AuthRepository, type FilaSesion } from "../modules/auth/auth.repository.js";

export type UsuarioAutenticado = {
  id: number;
  email: string;
  nombre: string;
  rol: Rol;
  socioId: number;
  idSesion: number;
  /** The account has not accepted the current terms: it may only do what the terms gate needs. */
  condicionesPendientes: boolean;
  /**
   * The account must set TOTP up before anything else (only that, and what the terms gate
   * allows): an administrator without it while the association requires it of administrators
   * (`obligatorio`), or an account whose TOTP came from another installation's backup (`renovar`).
   */
  totpPendiente: "obligatorio" | "renovar" | null;
  /** The account's language: the server's messages, mails and PDFs for it come in it. */
  idioma: Idioma;
};

declare module "fastify" {
  interface FastifyRequest {
    usuario: UsuarioAutenticado | null;
    /**
     * With a session: the version of the data (`version_datos`, migration 0017) read with it,
     * after the request arrived, for the answers kept by version (CachePorVersion).
     */
    versionDatos: string | null;
  }
}

/**
 * Session reads under way at once. Each read takes every token that arrived during the previous
 * ones, so a few are enough to keep the database busy without taking the whole pool.
 */
const LECTURAS_DE_SESION_EN_CURSO = 2;

function tokenDe(req: FastifyRequest): string | null {
  const cabecera = req.headers.authorization;
  if (!cabecera) return null;
  const [esquema, token] = cabecera.split(" ");
  if (esquema?.toLowerCase() !== "bearer" || !token) return null;
  return token.trim();
}

/** Resolves the bearer token to its live session on every request; routes decide what they require. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorateRequest("usuario", null);
  app.addHook("onRoute", (ruta) => {
    for (const fase of ["preParsing", "preValidation", "preHandler"] as const) {
      const hooks = [ruta[fase]].flat();
      if (hooks.some((hook) => typeof hook === "function" && PIDE_SESION in hook)) {
        throw new Error(
          `${ruta.method} ${ruta.url}: la sesión se comprueba en onRequest, no en ${fase}`,
        );
      }
    }
  });
  app.decorateRequest("versionDatos", null);
  const repo = new AuthRepository(opts.db);
  const sesiones = new LectorEnLotes<string, FilaSesion>(async (hashes) => {
    const filas = await repo.sesionesVivas(hashes, new Date());
    return new Map(filas.map((fila) => [fila.tokenHash, fila]));
  }, LECTURAS_DE_SESION_EN_CURSO);
  app.addHook("onRequest", async (req) => {
    const token = tokenDe(req);
    if (!token || !req.url.startsWith("/api/")) return;
    const fila = await sesiones.obtener(hashToken(token));
    if (fila) {
      req.usuario = {
        id: fila.id,
        email: fila.email,
        nombre: fila.nombre,
        rol: fila.rol,
        socioId: fila.id_socio ?? 0,
        idSesion: fila.idSesion,
        idioma: fila.idioma,
        condicionesPendientes: fila.condicionesAlDia !== true,
        totpPendiente: fila.totp_renovar
          ? "renovar"
          : fila.rol === "administrador" && fila.totpObligatorio === true && !fila.totp_activo
            ? "obligatorio"
            : null,
      };
      req.versionDatos = fila.versionDatos;
    }
  });
});

/** What a session with the terms still to accept may do (SPEC §4: the terms come first). */
const PERMITIDO_SIN_CONDICIONES = new Set([
  "GET /api/sesion",
  "POST /api/login/condiciones",
  "POST /api/login/psswd",
  "PUT /api/sesion/idioma",
  "POST /api/logout",
]);

/** What an administrator who must turn TOTP on may do until then: exactly that (issue 13). */
const PERMITIDO_SIN_TOTP = new Set([
  ...PERMITIDO_SIN_CONDICIONES,
  "GET /api/cuenta/totp",
  "POST /api/cuenta/totp",
  "POST /api/cuenta/totp/confirmacion",
  "POST /api/cuenta/totp/enlace",
]);

function exigirSesion(req: FastifyRequest): UsuarioAutenticado {
  if (!req.usuario) throw noAutenticado();
  const ruta = `${req.method} ${req.routeOptions.url}`;
  if (req.usuario.condicionesPendientes && !PERMITIDO_SIN_CONDICIONES.has(ruta)) {
    throw condicionesPendientes();
  }
  if (req.usuario.totpPendiente && !PERMITIDO_SIN_TOTP.has(ruta)) {
    throw totpPendiente(req.usuario.totpPendiente);
  }
  return req.usuario;
}

/**
 * Marks the hooks that require a session, so the OpenAPI document can declare 401 and 403, and
 * so that a route using one anywhere but `onRequest` is refused when it is registered.
 */
export const PIDE_SESION = Symbol("pideSesion");

function pideSesion(hook: onRequestAsyncHookHandler): onRequestAsyncHookHandler {
  return Object.assign(hook, { [PIDE_SESION]: true });
}

/**
 * Route hooks of the session, for `onRequest` only: there they run before the body is parsed and
 * validated, so an anonymous caller gets 401 whatever it sends and learns nothing of the shape.
 */
export const requiereSesion: onRequestAsyncHookHandler = pideSesion(async (req) => {
  exigirSesion(req);
});

export function requiereRol(...roles: Rol[]): onRequestAsyncHookHandler {
  return pideSesion(async (req) => {
    if (!roles.includes(exigirSesion(req).rol)) throw prohibido();
  });
}

/** For handlers behind requiereSesion: the signed-in user, never null there. */
export function usuarioDe(req: FastifyRequest): UsuarioAutenticado {
  return exigirSesion(req);
}

/** For handlers behind requiereSesion: the version of the data read with the session. */
export function versionDatosDe(req: FastifyRequest): string {
  exigirSesion(req);
  return req.versionDatos ?? "";
}
