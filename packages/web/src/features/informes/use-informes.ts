import type { Informe, InformeCatalogo } from "@fila/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";

/** The reports of the Informes page (`GET /api/informes`). */
export function useCatalogoInformes() {
  return useQuery({
    queryKey: ["informes", "catalogo"],
    queryFn: ({ signal }) => api.get<InformeCatalogo[]>("/informes", signal),
    staleTime: 60 * 60_000,
  });
}

/** One page of a report with its filters (`GET /api/informes/:id?…`); the last page stays shown. */
export function useInforme(id: string | null, consulta: URLSearchParams) {
  const texto = consulta.toString();
  return useQuery({
    queryKey: ["informes", id, texto],
    queryFn: ({ signal }) => api.get<Informe>(`/informes/${id}?${texto}`, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}
