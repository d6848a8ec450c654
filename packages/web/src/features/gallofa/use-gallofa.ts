import type { Gallofa, GallofaEntrada, ResumenGallofa, TipoGallofa } from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export type PaginaGallofa = { items: Gallofa[]; total: number; page: number; pageSize: number };

export type FiltrosGallofa = {
  anyo: number;
  tipo?: TipoGallofa;
  q?: string;
  page: number;
  pageSize: number;
};

export function useListaGallofa(f: FiltrosGallofa) {
  const p = new URLSearchParams({
    anyo: String(f.anyo),
    page: String(f.page),
    pageSize: String(f.pageSize),
  });
  if (f.tipo) p.set("tipo", f.tipo);
  if (f.q) p.set("q", f.q);
  const query = p.toString();
  return useQuery({
    queryKey: ["gallofa", "lista", query],
    queryFn: ({ signal }) => api.get<PaginaGallofa>(`/gallofa?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useResumenGallofa(anyo: number) {
  return useQuery({
    queryKey: ["gallofa", "resumen", anyo],
    queryFn: ({ signal }) => api.get<ResumenGallofa>(`/gallofa/resumen?anyo=${anyo}`, signal),
  });
}

export function useMutacionesGallofa() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: ["gallofa"] });
  return {
    guardar: useMutation({
      mutationFn: ({ id, datos }: { id: number | null; datos: GallofaEntrada }) =>
        id ? api.put<Gallofa>(`/gallofa/${id}`, datos) : api.post<Gallofa>("/gallofa", datos),
      onSuccess: refrescar,
    }),
    borrar: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/gallofa/${id}`),
      onSuccess: refrescar,
    }),
  };
}
