import type {
  DestinatarioEnvio,
  EntradaEnvio,
  Envio,
  EstadoDestinatario,
  VistaPreviaEnvio,
} from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TrabajoLanzado } from "../../lib/trabajos";

// The mailing's contract lives in @fila/domain (the API validates with it); re-exported here for
// the pages of this feature.
export {
  type DestinatarioEnvio,
  type EntradaEnvio,
  type Envio,
  ESTADOS_DESTINATARIO,
  type EstadoDestinatario,
  type EstadoEnvio,
  type FiltroEnvio,
  type ResultadoEnvio,
  type VistaPreviaEnvio,
} from "@fila/domain";

type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

const CLAVE = ["envios"] as const;

export function useHistorialEnvios(page: number, pageSize: number) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return useQuery({
    queryKey: [...CLAVE, "historial", query.toString()],
    queryFn: ({ signal }) => api.get<Pagina<Envio>>(`/envios?${query}`, signal),
    placeholderData: keepPreviousData,
    // A mailing being sent (here or from another tab or device) moves its counts on screen.
    refetchInterval: (q) =>
      q.state.data?.items.some((e) => e.estado === "en_curso") ? 3000 : false,
  });
}

export function useEnvio(id: number | null) {
  return useQuery({
    queryKey: [...CLAVE, "uno", id],
    queryFn: ({ signal }) => api.get<Envio>(`/envios/${id}`, signal),
    enabled: id !== null,
  });
}

export function useDestinatariosEnvio(
  id: number | null,
  page: number,
  pageSize: number,
  estado: "" | EstadoDestinatario,
) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (estado) query.set("estado", estado);
  return useQuery({
    queryKey: [...CLAVE, "destinatarios", id, query.toString()],
    queryFn: ({ signal }) =>
      api.get<Pagina<DestinatarioEnvio>>(`/envios/${id}/destinatarios?${query}`, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * The count and the example of a mailing being written. `entrada` is already debounced by the
 * caller; an empty subject or body is sent as a neutral one, so the count shows from the start.
 */
export function useVistaPreviaEnvio(entrada: EntradaEnvio) {
  const cuerpo = {
    asunto: entrada.asunto.trim() || "-",
    cuerpo: entrada.cuerpo.trim() || "<p></p>",
    filtro: entrada.filtro,
  };
  return useQuery({
    queryKey: [...CLAVE, "vista-previa", JSON.stringify(cuerpo)],
    queryFn: () => api.post<VistaPreviaEnvio>("/envios/vista-previa", cuerpo),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Events for the «enrolled in» filter, the newest first, searched on the server. */
export function useActosParaEnvio(q: string) {
  const query = new URLSearchParams({ cuando: "todos", page: "1", pageSize: "30", sort: "-fecha" });
  if (q) query.set("q", q);
  return useQuery({
    queryKey: ["actos", "envios", query.toString()],
    queryFn: ({ signal }) =>
      api.get<Pagina<{ id: number; nombre: string; fecha: string }>>(`/actos?${query}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useMutacionesEnvios() {
  const cliente = useQueryClient();
  return {
    refrescar: () => cliente.invalidateQueries({ queryKey: CLAVE }),
    lanzar: useMutation({
      mutationFn: (e: EntradaEnvio) => api.post<TrabajoLanzado & { id: number }>("/envios", e),
      onSuccess: () => cliente.invalidateQueries({ queryKey: [...CLAVE, "historial"] }),
    }),
    prueba: useMutation({
      mutationFn: (e: EntradaEnvio) => api.post<void>("/envios/prueba", e),
    }),
  };
}
