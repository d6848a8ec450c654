import type { RemesaEntrada } from "@fila/domain";
import type { Trabajos } from "../../plugins/trabajos.js";
import { RemesasRepository } from "./remesas.repository.js";
import { RemesasService } from "./remesas.service.js";

export const TRABAJO_GENERAR_REMESA = "remesas.generar";
export const TRABAJO_COBRAR_REMESA = "remesas.cobrar";

type ParametrosGenerar = { idUsuario: number; entrada: RemesaEntrada };
type ParametrosCobrar = { idUsuario: number; idRemesa: number };

/**
 * Generating a remittance and marking it collected, as background jobs (issue 37): all their
 * writing is the job's last transaction, so a run cut by a restart wrote nothing and is failed.
 */
export function registrarTrabajosRemesas(trabajos: Trabajos): void {
  trabajos.registrar<ParametrosGenerar, unknown>({
    tipo: TRABAJO_GENERAR_REMESA,
    alCortarse: "fallar",
    ejecutar: (ctx) =>
      ctx.terminarEn((trx) => {
        ctx.progreso(0.1);
        return new RemesasService(new RemesasRepository(trx)).generarResumen(
          { id: ctx.parametros.idUsuario },
          ctx.parametros.entrada,
        );
      }),
  });
  trabajos.registrar<ParametrosCobrar, unknown>({
    tipo: TRABAJO_COBRAR_REMESA,
    alCortarse: "fallar",
    ejecutar: (ctx) =>
      ctx.terminarEn((trx) => {
        ctx.progreso(0.1);
        return new RemesasService(new RemesasRepository(trx)).cobrarResumen(
          { id: ctx.parametros.idUsuario },
          ctx.parametros.idRemesa,
        );
      }),
  });
}

/** The checks that write nothing (400/409 at once), then the job; a running twin is reused. */
export async function lanzarGeneracion(
  trabajos: Trabajos,
  remesas: RemesasService,
  idUsuario: number,
  entrada: RemesaEntrada,
): Promise<number> {
  await remesas.comprobarGeneracion(entrada);
  const { id } = await trabajos.encolar<ParametrosGenerar>({
    tipo: TRABAJO_GENERAR_REMESA,
    parametros: { idUsuario, entrada },
    // One generation at a time whoever asks: the same dates are the same job.
    clave: `${entrada.fechaCobro}:${entrada.hasta}`,
    creadoPor: idUsuario,
  });
  return id;
}

export async function lanzarCobro(
  trabajos: Trabajos,
  remesas: RemesasService,
  idUsuario: number,
  idRemesa: number,
): Promise<number> {
  await remesas.comprobarCobro(idRemesa);
  const { id } = await trabajos.encolar<ParametrosCobrar>({
    tipo: TRABAJO_COBRAR_REMESA,
    parametros: { idUsuario, idRemesa },
    clave: String(idRemesa),
    creadoPor: idUsuario,
  });
  return id;
}
