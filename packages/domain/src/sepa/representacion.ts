import { z } from "zod";
import { IdSchema, textoCorto } from "../comun/esquemas";
import type { MotivoDevolucion } from "./motivos-devolucion";

/**
 * Volver a poner al cobro un cargo devuelto por el banco (pasa a `pendiente` y entra en la
 * siguiente remesa). Con estos motivos no se debe volver a presentar sin hablar antes con el
 * socio: la cuenta es incorrecta o está cerrada, no hay mandato o el deudor rechaza el cargo.
 */
export const MOTIVOS_NO_REPRESENTAR = [
  "AC01",
  "AC04",
  "MD01",
  "MD06",
] as const satisfies readonly MotivoDevolucion[];

/** True cuando el motivo de devolución desaconseja volver a presentar el adeudo sin más. */
export function desaconsejaRepresentar(codigo: string | null | undefined): boolean {
  const limpio = (codigo ?? "").trim().toUpperCase();
  return (MOTIVOS_NO_REPRESENTAR as readonly string[]).includes(limpio);
}

const motivoReactivacion = textoCorto(500).default("");

/** `POST /api/pagos/:id/reactivacion`: el motivo es opcional (queda en la auditoría). */
export const ReactivacionSchema = z.object({ motivo: motivoReactivacion });
export type Reactivacion = z.output<typeof ReactivacionSchema>;

/** `POST /api/pagos/reactivaciones`: todos o ninguno. */
export const ReactivacionMultipleSchema = z.object({
  ids: z
    .array(IdSchema, { error: "Indica los cargos que vuelven a ponerse al cobro" })
    .min(1, { error: "Elige al menos un cargo" })
    .max(1000, { error: "Como mucho 1000 cargos a la vez" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Hay cargos repetidos" }),
  motivo: motivoReactivacion,
});
export type ReactivacionMultiple = z.output<typeof ReactivacionMultipleSchema>;

export const ReactivacionMultipleResultadoSchema = z.object({
  reactivados: z.int(),
  importe: z.number(),
});
export type ReactivacionMultipleResultado = z.infer<typeof ReactivacionMultipleResultadoSchema>;
