import type { AlertaCrear } from "@fila/domain";
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../lib/api";

export type AlertaMia = {
  id: number;
  titulo: string;
  mensaje: string;
  imagen: string;
  enlace: string;
  creadaEn: string;
  leida: boolean;
  leidaEn: string | null;
};

export type AlertaEnviada = {
  id: number;
  titulo: string;
  mensaje: string;
  imagen: string;
  enlace: string;
  destino: Record<string, unknown>;
  email: boolean;
  creadaEn: string;
  destinatarios: number;
  leidas: number;
  /** In Valencian ('' = only Spanish; issue 38). */
  tituloVa?: string;
  mensajeVa?: string;
};

type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Every alert query starts with "alertas": a new alert (stream or push) refreshes them all. */
const CLAVE = "alertas";
/** The bell also refreshes on its own, in case the stream was down. */
const REFRESCO_CAMPANA_MS = 60_000;

export const consultaNoLeidas = () =>
  queryOptions({
    queryKey: [CLAVE, "no-leidas"],
    queryFn: ({ signal }) => api.get<{ noLeidas: number }>("/alertas/mias/no-leidas", signal),
    // A failed count keeps the last one: no error toast every minute (offline has its banner).
    meta: { errorEnPagina: true },
  });

export function useNoLeidas(activa = true) {
  return useQuery({ ...consultaNoLeidas(), refetchInterval: REFRESCO_CAMPANA_MS, enabled: activa });
}

export function useMisAlertas(page: number, pageSize = 20) {
  return useQuery({
    queryKey: [CLAVE, "mias", page, pageSize],
    queryFn: ({ signal }) =>
      api.get<Pagina<AlertaMia> & { noLeidas: number }>(
        `/alertas/mias?page=${page}&pageSize=${pageSize}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

export function useAlertaMia(id: number | null) {
  return useQuery({
    queryKey: [CLAVE, "mia", id],
    queryFn: ({ signal }) => api.get<AlertaMia>(`/alertas/mias/${id}`, signal),
    enabled: id !== null,
    retry: false,
    meta: { errorEnPagina: true },
  });
}

export function useEnviadas(page: number, pageSize: number) {
  return useQuery({
    queryKey: [CLAVE, "enviadas", page, pageSize],
    queryFn: ({ signal }) =>
      api.get<Pagina<AlertaEnviada>>(`/alertas?page=${page}&pageSize=${pageSize}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

export function useMutacionesAlertas() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: [CLAVE] });
  const marcarLeida = useMutation({
    mutationFn: (id: number) => api.post<AlertaMia>(`/alertas/${id}/leida`),
    onSuccess: refrescar,
  });
  const marcarTodas = useMutation({
    mutationFn: () => api.post<{ marcadas: number }>("/alertas/mias/leidas"),
    onSuccess: refrescar,
  });
  const enviar = useMutation({
    mutationFn: (datos: AlertaCrear) => api.post<AlertaEnviada>("/alertas", datos),
    onSuccess: refrescar,
  });
  return { marcarLeida, marcarTodas, enviar };
}
