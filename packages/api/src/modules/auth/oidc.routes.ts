import cookie from "@fastify/cookie";
import { CodigoSegundoFactorSchema, CuerpoErrorSchema, LoginResponseSchema } from "@fila/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OidcService } from "./oidc.service.js";

const tags = ["Sesión"];
const COOKIE = "fila_oidc";
const RUTA_COOKIE = "/api/login/oidc";
const REDIRECCION = z.null().describe("Redirección del navegador (cabecera Location).");

const TextoQuery = z.string().max(4096).optional();

/** Sign-in with the OpenID Connect provider of OIDC_ISSUER (nothing to do when not set). */
export const oidcRoutes: FastifyPluginAsyncZod<{ oidc: OidcService; publicUrl: string }> = async (
  app,
  { oidc, publicUrl },
) => {
  // Only these routes read or write cookies: the plugin stays inside this one.
  await app.register(cookie);
  /**
   * The state of a sign-in under way, bound to the browser that started it (10 minutes). Secure
   * whenever the browser is on HTTPS: a public https URL, or a request that arrived over HTTPS
   * through a trusted proxy (TRUST_PROXY makes req.protocol follow X-Forwarded-Proto).
   */
  const opcionesCookie = (req: FastifyRequest) =>
    ({
      path: RUTA_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      secure: publicUrl.startsWith("https://") || req.protocol === "https",
    }) as const;

  app.get(
    "/login/oidc",
    {
      schema: {
        tags,
        summary: "Si se puede entrar con un proveedor de identidad, y su nombre",
        security: [],
        response: { 200: z.object({ activo: z.boolean(), etiqueta: z.string() }) },
      },
    },
    async () => ({ activo: oidc.activo, etiqueta: oidc.etiqueta }),
  );

  app.get(
    "/login/oidc/inicio",
    {
      schema: {
        tags,
        summary: "Ir al proveedor de identidad a entrar (código de autorización con PKCE)",
        security: [],
        response: { 302: REDIRECCION },
      },
    },
    async (req, reply) => {
      const { url, estado } = await oidc.inicio();
      if (estado) reply.setCookie(COOKIE, estado, { ...opcionesCookie(req), maxAge: 600 });
      return reply.header("Cache-Control", "no-store").redirect(url, 302);
    },
  );

  app.get(
    "/login/oidc/retorno",
    {
      schema: {
        tags,
        summary: "Vuelta del proveedor: lleva al login con un código de un solo uso o el motivo",
        security: [],
        querystring: z.object({
          code: TextoQuery,
          state: TextoQuery,
          iss: TextoQuery,
          error: TextoQuery,
          error_description: TextoQuery,
        }),
        response: { 302: REDIRECCION },
      },
    },
    async (req, reply) => {
      const consulta = new URLSearchParams(req.url.split("?")[1] ?? "");
      const destino = await oidc.retorno(consulta, req.cookies[COOKIE]);
      return reply
        .clearCookie(COOKIE, opcionesCookie(req))
        .header("Cache-Control", "no-store")
        .header("Referrer-Policy", "no-referrer")
        .redirect(destino, 302);
    },
  );

  app.post(
    "/login/oidc",
    {
      schema: {
        tags,
        summary: "Canjear el código de un solo uso por la sesión (con el código TOTP si lo tiene)",
        security: [],
        body: z.object({
          vale: z.string({ error: "Falta el código de inicio de sesión" }).min(1).max(200),
          codigo: CodigoSegundoFactorSchema.optional(),
        }),
        response: { 200: LoginResponseSchema, 401: CuerpoErrorSchema },
      },
    },
    async (req) => oidc.canjear(req.body.vale, req.body.codigo, req.ip),
  );
};
