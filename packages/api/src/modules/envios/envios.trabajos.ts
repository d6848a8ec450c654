import type { Trabajos } from "../../plugins/trabajos.js";
import { EnviosRepository, TRABAJO_ENVIAR } from "./envios.repository.js";
import type { EnviosService, TrabajoEnvio } from "./envios.service.js";

type ParametrosEnviar = { idEnvio: number };

/** How a mailing's job is enqueued: one per mailing, its key the mailing's id. */
export function trabajoEnvio(trabajos: Trabajos): TrabajoEnvio {
  const entrada = (idEnvio: number, idUsuario: number | null) => ({
    tipo: TRABAJO_ENVIAR,
    parametros: { idEnvio } satisfies ParametrosEnviar,
    clave: String(idEnvio),
    creadoPor: idUsuario,
  });
  return {
    encolarEn: (trx, idEnvio, idUsuario) => trabajos.encolarEn(trx, entrada(idEnvio, idUsuario)),
    encolar: async (idEnvio, idUsuario) => (await trabajos.encolar(entrada(idEnvio, idUsuario))).id,
  };
}

/**
 * The mailing's job (issue 36), paced by `porMinuto`: it resumes after a restart from the
 * recipients' states, stops at the next recipient when the server stops or it loses its lease,
 * and a mailing whose job failed otherwise is `fallido`.
 */
export function registrarTrabajoEnvios(
  trabajos: Trabajos,
  envios: EnviosService,
  porMinuto: number,
): void {
  trabajos.registrar<ParametrosEnviar, Record<string, number>>({
    tipo: TRABAJO_ENVIAR,
    alCortarse: "reanudar",
    async ejecutar(ctx) {
      const { idEnvio } = ctx.parametros;
      try {
        return await envios.enviar(
          idEnvio,
          {
            senal: ctx.senal,
            transaccion: (fn) => ctx.transaccion((trx) => fn(new EnviosRepository(trx))),
            terminarEn: (fn) => ctx.terminarEn((trx) => fn(new EnviosRepository(trx))),
            progreso: (f) => ctx.progreso(f),
          },
          porMinuto,
        );
      } catch (err) {
        // Stopped or no longer ours: the mailing goes on elsewhere or after the next start.
        if (!ctx.senal.aborted) {
          await ctx.transaccion((trx) =>
            new EnviosRepository(trx).actualizar(idEnvio, { estado: "fallido" }),
          );
        }
        throw err;
      }
    },
  });
}
