import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requiereSesion, usuarioDe } from "../../plugins/auth.js";
import type { EventosService } from "./eventos.service.js";

const tags = ["Mensajes en primer plano"];
const LATIDO_MS = 25_000;

export const eventosRoutes: FastifyPluginAsyncZod<{ eventos: EventosService }> = async (
  app,
  { eventos },
) => {
  app.get(
    "/eventos",
    {
      onRequest: requiereSesion,
      schema: {
        tags,
        summary: "Flujo server-sent events con los mensajes para el usuario de la sesión",
      },
    },
    async (req, reply) => {
      const usuario = usuarioDe(req);
      reply.hijack();
      reply.raw.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-store",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      });
      reply.raw.write(": conectado\n\n");
      const latido = setInterval(() => reply.raw.write(": latido\n\n"), LATIDO_MS);
      const cancelar = await eventos.suscribir({
        idUsuario: usuario.id,
        enviar: (mensaje) => {
          reply.raw.write(`event: mensaje\ndata: ${JSON.stringify(mensaje)}\n\n`);
        },
        enviarTipado: (evento) => {
          reply.raw.write(`event: ${evento.tipo}\ndata: ${JSON.stringify(evento.datos)}\n\n`);
        },
        terminar: () => {
          clearInterval(latido);
          reply.raw.end();
        },
      });
      const cerrar = () => {
        clearInterval(latido);
        cancelar();
      };
      req.raw.on("close", cerrar);
    },
  );
};
