import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from "fastify";
import fp from "fastify-plugin";

const TERMINADA = Symbol("terminada");

type ConMarca = FastifyRequest & { [TERMINADA]?: boolean };

/**
 * Closing waits for the requests still being worked on, so the database is not closed under
 * them. The server already waits for the connections that are still open; this covers a request
 * whose client went away (a phone losing signal, a load generator stopping) while its handler
 * goes on reading and writing: without it, its next query failed on a closed database and a
 * multi-step handler (commit, then mail) was cut in two. A request counts from its first hook
 * until its handler settles or its response is sent, whichever comes first; the wait is bounded.
 */
export const peticionesEnCursoPlugin = fp(
  async (app: FastifyInstance, opts: { esperaMaximaMs: number }) => {
    let enCurso = 0;
    let alQuedarNinguna: (() => void) | null = null;
    const terminar = (req: ConMarca) => {
      if (req[TERMINADA]) return;
      req[TERMINADA] = true;
      enCurso--;
      if (enCurso === 0) alQuedarNinguna?.();
    };
    app.addHook("onRequest", async () => {
      enCurso++;
    });
    app.addHook("onResponse", async (req) => terminar(req));
    app.addHook("onRoute", (ruta) => {
      const manejador = ruta.handler as RouteHandlerMethod;
      // Only a handler's promise is followed: the same promise (same value, same error) goes to
      // Fastify. A handler that answers through `reply` later is over when its response is.
      ruta.handler = function (this: FastifyInstance, req, reply) {
        const resultado: unknown = manejador.call(this, req, reply);
        if (resultado instanceof Promise) return resultado.finally(() => terminar(req));
        return resultado;
      };
    });
    app.addHook("onClose", async () => {
      if (enCurso === 0) return;
      await new Promise<void>((ok) => {
        alQuedarNinguna = ok;
        setTimeout(ok, opts.esperaMaximaMs).unref();
      });
    });
  },
  { name: "peticiones-en-curso" },
);
