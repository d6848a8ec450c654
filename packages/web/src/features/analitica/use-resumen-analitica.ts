import { hoyIso, type ResumenAnalitica } from "@fila/domain";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const PERIODOS = ["4s", "3m", "12m"] as const;
export type Periodo = (typeof PERIODOS)[number];

/** `desde` and `hasta` (both included) of a period that ends today. */
export function fechasDe(periodo: Periodo, hoy = hoyIso()): { desde: string; hasta: string } {
  const [a, m, d] = hoy.split("-").map(Number);
  const inicio =
    periodo === "4s"
      ? new Date(Date.UTC(a, m - 1, d - 27))
      : new Date(Date.UTC(a, m - 1 - (periodo === "3m" ? 3 : 12), d + 1));
  return { desde: inicio.toISOString().slice(0, 10), hasta: hoy };
}

/** The analytics summary of a period (`GET /api/analitica/resumen`, administrator). */
export function useResumenAnalitica(periodo: Periodo) {
  const { desde, hasta } = fechasDe(periodo);
  return useQuery({
    queryKey: ["analitica", "resumen", desde, hasta],
    queryFn: ({ signal }) =>
      api.get<ResumenAnalitica>(`/analitica/resumen?desde=${desde}&hasta=${hasta}`, signal),
    meta: { errorEnPagina: true },
  });
}
