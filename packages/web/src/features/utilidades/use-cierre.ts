import type { CierreAnyo, ListaCierres, VistaPreviaCierre } from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

const CLAVE = ["cierres"] as const;

export function useHistorialCierres(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...CLAVE, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ListaCierres>(`/utilidades/cierres?page=${page}&pageSize=${pageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVistaPreviaCierre() {
  return useMutation({
    mutationFn: (anyo: number) =>
      api.post<VistaPreviaCierre>(`/utilidades/cierre/${anyo}/vista-previa`),
  });
}

/** Closing changes members, products and charges: everything cached is refreshed. */
export function useCerrarAnyo() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (anyo: number) => api.post<CierreAnyo>(`/utilidades/cierre/${anyo}`),
    onSuccess: () => cliente.invalidateQueries(),
  });
}
