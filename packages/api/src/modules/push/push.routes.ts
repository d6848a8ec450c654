import { isIP } from "node:net";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { PushService } from "../../services/push.js";
import type { PushRepository } from "./push.repository.js";

const tags = ["Notificaciones push"];

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Private, link-local and loopback literal addresses the server must never be sent to post to. */
function esDireccionInterna(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "");
  if (LOOPBACK.has(host) || h === "::1" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4)
    return /^(10|127|0)\.|^169\.254\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\./.test(h);
  if (isIP(h) === 6) return /^(fc|fd|fe80|::ffff:)/i.test(h);
  return false;
}

/**
 * A push service URL: https on a public host; http on loopback only outside production (tests
 * and development run a push endpoint on 127.0.0.1).
 */
export function endpointPermitido(valor: string, permitirLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(valor);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (permitirLoopback && LOOPBACK.has(url.hostname)) {
    return url.protocol === "http:" || url.protocol === "https:";
  }
  return url.protocol === "https:" && !esDireccionInterna(url.hostname);
}

const base64url = (bytes: number, que: string) =>
  z
    .string({ error: `Falta ${que}` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `${que} no es válido` })
    .refine((v) => Buffer.from(v, "base64url").length === bytes, {
      error: `${que} no es válido`,
    });

export const pushRoutes: FastifyPluginAsyncZod<{
  repo: PushRepository;
  push: PushService;
  permitirLoopback: boolean;
}> = async (app, { repo, push, permitirLoopback }) => {
  const EndpointSchema = z
    .string({ error: "Falta la dirección de la suscripción" })
    .max(2000, { error: "La dirección de la suscripción es demasiado larga" })
    .refine((v) => endpointPermitido(v, permitirLoopback), {
      error: "La dirección de la suscripción debe ser https",
    });

  app.get(
    "/push/clave",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Clave pública VAPID para suscribirse a las notificaciones",
        response: { 200: z.object({ publicKey: z.string() }) },
      },
    },
    async () => ({ publicKey: (await push.clavesVapid()).publicKey }),
  );

  app.post(
    "/push/suscripcion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Guardar la suscripción push de este navegador (tokenPush del usuario)",
        // The browser's PushSubscription.toJSON() as it comes, expirationTime included.
        body: z.object({
          endpoint: EndpointSchema,
          expirationTime: z.number().nullable().optional(),
          keys: z.object(
            {
              p256dh: base64url(65, "La clave p256dh"),
              auth: base64url(16, "La clave auth"),
            },
            { error: "Faltan las claves de la suscripción" },
          ),
        }),
        response: { 200: z.object({ endpoint: z.string(), actualizadaEn: z.string() }) },
      },
    },
    async (req) => {
      const { endpoint, keys } = req.body;
      const fila = await repo.guardar(usuarioDe(req).id, { endpoint, ...keys });
      return { endpoint, actualizadaEn: fila.actualizadaEn.toISOString() };
    },
  );

  app.delete(
    "/push/suscripcion",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Quitar la suscripción push de este navegador (al cerrar sesión)",
        body: z.object({
          endpoint: z
            .string({ error: "Falta la dirección de la suscripción" })
            .min(1, { error: "Falta la dirección de la suscripción" })
            .max(2000),
        }),
      },
    },
    async (req, reply) => {
      // Only the user's own subscription; someone else's endpoint is left alone (and not revealed).
      await repo.borrar(usuarioDe(req).id, req.body.endpoint);
      return reply.status(204).send();
    },
  );
};
