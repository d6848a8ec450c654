import { createHash } from "node:crypto";
import rateLimit from "@fastify/rate-limit";
import {
  LoteAnaliticaSchema,
  ResumenAnaliticaQuerySchema,
  ResumenAnaliticaSchema,
} from "@fila/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereRol } from "../../plugins/auth.js";
import type { AnaliticaService } from "./analitica.service.js";

const tags = ["Analítica"];

/**
 * Limits of the anonymous endpoint, so nobody can fill the database through it: a small body,
 * known routes and events only (the schema), and a number of sends per address and minute.
 * The SPA sends a batch every few seconds at most.
 */
export const LIMITE_ENVIOS_POR_MINUTO = 120;
const LIMITE_CUERPO = 8 * 1024;

/**
 * Whose sends count together for the limit: the IPv4 address, or the /64 network of an IPv6
 * one (a single home or phone gets a whole /64 and could rotate within it).
 */
export function redDe(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1];
  if (!ip.includes(":")) return ip;
  const [cabeza, cola = ""] = ip.toLowerCase().split("::");
  const delante = cabeza ? cabeza.split(":") : [];
  const detras = cola ? cola.split(":") : [];
  const grupos = ip.includes("::")
    ? [...delante, ...Array(8 - delante.length - detras.length).fill("0"), ...detras]
    : delante;
  return `${grupos
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

/** Do Not Track or Global Privacy Control: the browser asks not to be counted. */
function pideNoRastrear(req: FastifyRequest): boolean {
  return req.headers.dnt === "1" || req.headers["sec-gpc"] === "1";
}

export const analiticaRoutes: FastifyPluginAsyncZod<{ analitica: AnaliticaService }> = async (
  app,
  { analitica },
) => {
  // In memory, per instance; the key is a hash of the address, never the address itself.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => createHash("sha256").update(redDe(req.ip)).digest("base64url"),
  });

  app.post(
    "/analitica",
    {
      bodyLimit: LIMITE_CUERPO,
      config: { rateLimit: { max: LIMITE_ENVIOS_POR_MINUTO, timeWindow: "1 minute" } },
      schema: {
        tags,
        summary:
          "Vistas de página y eventos de la web (sin sesión; no se guarda IP, usuario ni cookie; DNT y Sec-GPC no cuentan)",
        security: [],
        body: LoteAnaliticaSchema,
      },
    },
    async (req, reply) => {
      await analitica.registrar(req.body, {
        ip: req.ip,
        userAgent: req.headers["user-agent"] ?? "",
        noRastrear: pideNoRastrear(req),
      });
      return reply.status(204).send();
    },
  );

  app.get(
    "/analitica/resumen",
    {
      onRequest: requiereRol("administrador"),
      schema: {
        tags,
        summary:
          "Resumen de uso: visitantes por día y semana, páginas más vistas, dispositivos y alertas push entregadas y abiertas",
        querystring: ResumenAnaliticaQuerySchema,
        response: { 200: ResumenAnaliticaSchema },
      },
    },
    async (req) => analitica.resumen(req.query),
  );
};
