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

function leerCookie(cabecera: string | undefined, nombre: string): string | undefined {
  for (const parte of (cabecera ?? "").split(";")) {
    const [clave, ...valor] = parte.trim().split("=");
    if (clave === nombre) return valor.join("=");
  }
  return undefined;
}

/** Sign-in with the OpenID Connect provider of OIDC_ISSUER (nothing to do when not set). */
export const oidcRoutes: FastifyPluginAsyncZod<{ oidc: OidcService; publicUrl: string }> = async (
  app,
  { oidc, publicUrl },
) => {
  // Secure whenever the browser is on HTTPS: a public https URL, or a request that arrived over
  // HTTPS through a trusted proxy (TRUST_PROXY makes req.protocol follow X-Forwarded-Proto).
  const cookie = (req: FastifyRequest, valor: string, segundos: number) => {
    const segura = publicUrl.startsWith("https://") || req.protocol === "https" ? "; Secure" : "";
    return `${COOKIE}=${valor}; Path=${RUTA_COOKIE}; Max-Age=${segundos}; HttpOnly; SameSite=Lax${segura}`;
  };

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
      if (estado) reply.header("Set-Cookie", cookie(req, estado, 600));
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
      const destino = await oidc.retorno(consulta, leerCookie(req.headers.cookie, COOKIE));
      return reply
        .header("Set-Cookie", cookie(req, "", 0))
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
