import type { Trabajos } from "../../plugins/trabajos.js";
import { InscripcionesRepository } from "./inscripciones.repository.js";
import type { InscripcionesService, ResultadoPlazo } from "./inscripciones.service.js";

export const TRABAJO_PLAZOS = "actos.plazos";

type ParametrosPlazos = { ids: number[] };

/**
 * The payment deadlines of enrolments (issue 50) as a background job: each enrolment reviewed in
 * its own transaction (notice an hour before, lapse at the deadline), its notices sent after the
 * commit. It resumes: a cut run is taken up again and reviews what is still due (a lapsed
 * enrolment no longer exists, a sent notice is counted in its row). Exactly once even with
 * several instances: the review locks the event and the charge and annuls only a pending charge.
 */
export function registrarTrabajosPlazos(
  trabajos: Trabajos,
  inscripciones: InscripcionesService,
): void {
  trabajos.registrar<ParametrosPlazos, Record<ResultadoPlazo, number>>({
    tipo: TRABAJO_PLAZOS,
    alCortarse: "reanudar",
    ejecutar: async (ctx) => {
      const cuenta: Record<ResultadoPlazo, number> = {
        nada: 0,
        avisada: 0,
        conservada: 0,
        pedido_pendiente: 0,
        caducada: 0,
      };
      const ids = ctx.parametros.ids;
      for (const [i, id] of ids.entries()) {
        ctx.senal.throwIfAborted();
        const { resultado, avisar } = await ctx.transaccion((trx) =>
          inscripciones.revisarPlazoEn(new InscripcionesRepository(trx), id),
        );
        cuenta[resultado] += 1;
        await avisar();
        ctx.progreso((i + 1) / ids.length);
      }
      return cuenta;
    },
  });
}

/**
 * The periodic task: one job with the enrolments due now, a running twin reused (`clave`).
 * Returns the job's id, or null when nothing is due.
 */
export async function lanzarPlazos(
  trabajos: Trabajos,
  inscripciones: InscripcionesService,
  clave = "plazos",
): Promise<number | null> {
  const ids = await inscripciones.plazosDebidos();
  if (ids.length === 0) return null;
  const { id } = await trabajos.encolar<ParametrosPlazos>({
    tipo: TRABAJO_PLAZOS,
    parametros: { ids },
    clave,
  });
  return id;
}
