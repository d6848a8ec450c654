import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TrabajoLanzado } from "../../lib/trabajos";

/** Who receives a mailing: the member list's filters plus four of its own, combined with AND. */
export type FiltroEnvio = {
  activo?: boolean;
  tipo?: number;
  sexo?: "hombre" | "mujer";
  edadMin?: number;
  edadMax?: number;
  conDeuda?: boolean;
  idActo?: number;
  sinCuenta?: boolean;
  idsSocio?: number[];
};

export type EntradaEnvio = { asunto: string; cuerpo: string; filtro: FiltroEnvio };

/** `POST /api/envios/vista-previa`: the counts and the message of one recipient. */
export type VistaPreviaEnvio = {
  total: number;
  conEmail: number;
  sinEmail: number;
  omitidos: number;
  ejemplo: { asunto: string; html: string };
};

export type EstadoEnvio = "en_curso" | "terminado" | "fallido";

export type Envio = {
  id: number;
  asunto: string;
  /** Sanitised HTML, as the server stored it. */
  cuerpo: string;
  filtro: FiltroEnvio;
  estado: EstadoEnvio;
  enviados: number;
  fallidos: number;
  omitidos: number;
  sinEmail: number;
  creadoPor: string | null;
  creadoEn: string;
};

export const ESTADOS_DESTINATARIO = [
  "pendiente",
  "enviado",
  "fallido",
  "omitido",
  "sin_email",
] as const;
export type EstadoDestinatario = (typeof ESTADOS_DESTINATARIO)[number];

export type DestinatarioEnvio = {
  idSocio: number | null;
  nombre: string;
  apellidos: string;
  matricula: number | null;
  email: string | null;
  estado: EstadoDestinatario;
};

type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

/** What the mailing's job answers when it ends. */
export type ResultadoEnvio = Pick<Envio, "enviados" | "fallidos" | "omitidos" | "sinEmail">;

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
