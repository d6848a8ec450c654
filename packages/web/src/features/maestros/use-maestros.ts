import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { DatosMaestro, Maestro, PaginaMaestros, RecursoMaestro } from "./maestros-config";

export type FiltrosMaestros = { q: string; page: number; pageSize: number; sort: string };

export function useListaMaestros(recurso: RecursoMaestro, filtros: FiltrosMaestros) {
  const params = new URLSearchParams({
    page: String(filtros.page),
    pageSize: String(filtros.pageSize),
    sort: filtros.sort,
  });
  if (filtros.q) params.set("q", filtros.q);
  const query = params.toString();
  return useQuery({
    queryKey: [recurso, "lista", query],
    queryFn: ({ signal }) => api.get<PaginaMaestros>(`/${recurso}?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/**
 * Create, change and delete. Every success refreshes every query of the resource, the
 * dropdowns of other pages included (their keys start with the resource too).
 */
export function useMutacionesMaestros(recurso: RecursoMaestro) {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: [recurso] });
  const crear = useMutation({
    mutationFn: (datos: DatosMaestro) => api.post<Maestro>(`/${recurso}`, datos),
    onSuccess: refrescar,
  });
  const cambiar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: Partial<DatosMaestro> }) =>
      api.put<Maestro>(`/${recurso}/${id}`, datos),
    onSuccess: refrescar,
  });
  const borrar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/${recurso}/${id}`),
    onSuccess: refrescar,
  });
  return { crear, cambiar, borrar };
}
