import type {
  ConfiguracionOlvido,
  CorreoSaliente,
  EstadoCorreo,
  FiltrosActividad,
  ListaActividad,
  ListaCorreos,
  ListaElegiblesOlvido,
  ResultadoAnonimizacion,
} from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export function useCorreos(page: number, pageSize: number, q: string, estado: "" | EstadoCorreo) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q) query.set("q", q);
  if (estado) query.set("estado", estado);
  return useQuery({
    queryKey: ["correos", query.toString()],
    queryFn: ({ signal }) => api.get<ListaCorreos>(`/utilidades/correos?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReenviarCorreo() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CorreoSaliente>(`/utilidades/correos/${id}/reenvio`),
    onSuccess: () => cliente.invalidateQueries({ queryKey: ["correos"] }),
  });
}

/** Filters of the activity log ("" = none); dates `YYYY-MM-DD`, both included. */
export type FiltrosRegistro = { idUsuario: string; entidad: string; desde: string; hasta: string };

export function consultaActividad(f: FiltrosRegistro): URLSearchParams {
  const query = new URLSearchParams();
  if (f.idUsuario) query.set("idUsuario", f.idUsuario);
  if (f.entidad) query.set("entidad", f.entidad);
  if (f.desde) query.set("desde", f.desde);
  if (f.hasta) query.set("hasta", f.hasta);
  return query;
}

export function useActividad(page: number, pageSize: number, f: FiltrosRegistro) {
  const query = consultaActividad(f);
  query.set("page", String(page));
  query.set("pageSize", String(pageSize));
  return useQuery({
    queryKey: ["actividad", query.toString()],
    queryFn: ({ signal }) => api.get<ListaActividad>(`/utilidades/actividad?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFiltrosActividad() {
  return useQuery({
    queryKey: ["actividad", "filtros"],
    queryFn: ({ signal }) => api.get<FiltrosActividad>("/utilidades/actividad/filtros", signal),
  });
}

export function useElegiblesOlvido(page: number, pageSize: number) {
  return useQuery({
    queryKey: ["olvido", page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ListaElegiblesOlvido>(`/utilidades/olvido?page=${page}&pageSize=${pageSize}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMutacionesOlvido() {
  const cliente = useQueryClient();
  return {
    configurar: useMutation({
      mutationFn: (anyos: number) =>
        api.put<ConfiguracionOlvido>("/utilidades/olvido/configuracion", { anyos }),
      onSuccess: () => cliente.invalidateQueries({ queryKey: ["olvido"] }),
    }),
    anonimizar: useMutation({
      mutationFn: (ids: number[]) =>
        api.post<ResultadoAnonimizacion>("/utilidades/olvido", { ids, confirmar: true }),
      onSuccess: () => cliente.invalidateQueries(),
    }),
  };
}
