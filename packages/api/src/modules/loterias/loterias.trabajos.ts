import { hoyIso } from "@fila/domain";
import type { Trabajos } from "../../plugins/trabajos.js";
import { LoteriasRepository } from "./loterias.repository.js";
import { liquidarVencida } from "./loterias.service.js";

export const TRABAJO_LIQUIDAR = "loterias.liquidar";

type ParametrosLiquidacion = { idLoteria: number };

/**
 * The deadline's settlement of a lottery as a background job (issue 46): every unsettled
 * talonario settled as sold, with its charge, in the job's last transaction (a cut run wrote
 * nothing and is failed). Once: the lottery is locked and marked in that transaction, so a twin
 * run (another instance, the next hour) settles nothing.
 */
export function registrarTrabajosLoterias(trabajos: Trabajos, hoy: () => string = hoyIso): void {
  trabajos.registrar<ParametrosLiquidacion, { talonarios: number }>({
    tipo: TRABAJO_LIQUIDAR,
    alCortarse: "fallar",
    ejecutar: (ctx) =>
      ctx.terminarEn((trx) =>
        liquidarVencida(new LoteriasRepository(trx), ctx.parametros.idLoteria, hoy()),
      ),
  });
}

/**
 * Launches the settlement job of every lottery whose deadline has passed (the hourly task): one
 * job per lottery, a running twin reused. Returns the jobs' ids.
 */
export async function lanzarLiquidaciones(
  trabajos: Trabajos,
  porLiquidar: () => Promise<number[]>,
): Promise<number[]> {
  const ids: number[] = [];
  for (const idLoteria of await porLiquidar()) {
    const { id } = await trabajos.encolar<ParametrosLiquidacion>({
      tipo: TRABAJO_LIQUIDAR,
      parametros: { idLoteria },
      clave: String(idLoteria),
    });
    ids.push(id);
  }
  return ids;
}
