import type { ResumenAdmin } from "@fila/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The administrator's dashboard figures (`GET /api/informes/resumen`). */
export const consultaResumenAdmin = () =>
  queryOptions({
    queryKey: ["informes", "resumen"],
    queryFn: ({ signal }) => api.get<ResumenAdmin>("/informes/resumen", signal),
    // The dashboard shows its own error in place.
    meta: { errorEnPagina: true },
  });

export function useResumenAdmin() {
  return useQuery(consultaResumenAdmin());
}
