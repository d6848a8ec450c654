import type { Emision } from "@fila/domain";
import type { Trabajos } from "../../plugins/trabajos.js";
import { PagosRepository } from "./pagos.repository.js";
import { type Actor, PagosService } from "./pagos.service.js";

export const TRABAJO_EMITIR = "pagos.emitir";

type ParametrosEmision = {
  actor: Actor;
  emision: Emision;
};

/**
 * Emitting the year's charges as a background job (issue 37): the whole emission is the job's
 * last transaction (a cut run wrote nothing and is failed); its result is what the emission
 * answered before (its counts).
 */
export function registrarTrabajosPagos(trabajos: Trabajos): void {
  trabajos.registrar<ParametrosEmision, unknown>({
    tipo: TRABAJO_EMITIR,
    alCortarse: "fallar",
    ejecutar: (ctx) =>
      ctx.terminarEn((trx) => {
        ctx.progreso(0.1);
        return new PagosService(new PagosRepository(trx)).emitir(
          ctx.parametros.actor,
          { ...ctx.parametros.emision, confirmar: true },
          // Each product's statement done moves the bar (0.1 → 0.95; 1 when it commits).
          (fraccion) => ctx.progreso(0.1 + 0.85 * fraccion),
        );
      }),
  });
}

/** The checks that write nothing (400 at once), then the job; a running twin is reused. */
export async function lanzarEmision(
  trabajos: Trabajos,
  pagos: PagosService,
  actor: ParametrosEmision["actor"],
  emision: Emision,
): Promise<number> {
  await pagos.comprobarEmision(emision);
  const productos = [...emision.productos].sort((a, b) => a - b);
  const { id } = await trabajos.encolar<ParametrosEmision>({
    tipo: TRABAJO_EMITIR,
    parametros: { actor, emision },
    clave: `${emision.anyo}:${productos.join(",")}`,
    creadoPor: actor.id,
  });
  return id;
}
