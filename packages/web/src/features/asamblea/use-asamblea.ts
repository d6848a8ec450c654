import type { Acta, Asamblea, CensoFila, Delegacion, MiVotacion, Quorum } from "@fila/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api";
import { EVENTO_ASAMBLEA } from "./evento";

export const CLAVE_ASAMBLEAS = ["asambleas"] as const;

export type MiAsamblea = Asamblea & { mia: MiVotacion };
export type Delegable = { idSocio: number; nombre: string; matricula: number | null };

/** Refetches the assembly's queries when the stream says a vote opened or closed. */
export function useAlEventoAsamblea() {
  const cliente = useQueryClient();
  useEffect(() => {
    const alEvento = () => void cliente.invalidateQueries({ queryKey: CLAVE_ASAMBLEAS });
    window.addEventListener(EVENTO_ASAMBLEA, alEvento);
    return () => window.removeEventListener(EVENTO_ASAMBLEA, alEvento);
  }, [cliente]);
}

/** The member's assemblies (called, in their census), with the open vote: also on focus. */
export function useMisAsambleas() {
  useAlEventoAsamblea();
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, "mias"],
    queryFn: ({ signal }) => api.get<{ items: MiAsamblea[] }>("/asambleas/mias", signal),
    refetchOnWindowFocus: "always",
  });
}

export function useDelegables(id: number | null) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id, "delegables"],
    queryFn: ({ signal }) => api.get<{ items: Delegable[] }>(`/asambleas/${id}/delegables`, signal),
    enabled: id !== null,
  });
}

export function useAsamblea(id: number | null) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id],
    queryFn: ({ signal }) => api.get<Asamblea>(`/asambleas/${id}`, signal),
    enabled: id !== null,
  });
}

export function useIdAsambleaDeActo(idActo: number) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, "acto", idActo],
    queryFn: ({ signal }) => api.get<{ idAsamblea: number | null }>(`/actos/${idActo}`, signal),
  });
}

export function useCenso(id: number, convocada: boolean) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id, "censo"],
    queryFn: ({ signal }) =>
      api.get<{ incluidos: number; items: CensoFila[] }>(`/asambleas/${id}/censo`, signal),
    enabled: convocada,
  });
}

export function useDelegaciones(id: number) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id, "delegaciones"],
    queryFn: ({ signal }) =>
      api.get<{ items: Delegacion[] }>(`/asambleas/${id}/delegaciones`, signal),
  });
}

/** The board's screen: every 2 s and on each event. */
export function useQuorum(id: number, convocada: boolean) {
  useAlEventoAsamblea();
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id, "quorum"],
    queryFn: ({ signal }) => api.get<Quorum>(`/asambleas/${id}/quorum`, signal),
    enabled: convocada,
    refetchInterval: 2000,
  });
}

export function useActa(id: number) {
  return useQuery({
    queryKey: [...CLAVE_ASAMBLEAS, id, "acta"],
    queryFn: ({ signal }) => api.get<Acta>(`/asambleas/${id}/acta`, signal),
  });
}

/** Any write of the assembly: its queries are refreshed after it. */
export function useAccionAsamblea<T, R = unknown>(hacer: (v: T) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: hacer,
    onSuccess: () => cliente.invalidateQueries({ queryKey: CLAVE_ASAMBLEAS }),
  });
}

/** The member themself (the census card is theirs). */
export const idDelegante = (a: MiAsamblea) => a.mia.idSocio;
