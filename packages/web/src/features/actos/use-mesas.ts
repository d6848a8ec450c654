import type { MiMesa, PlanMesas } from "@fila/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { CLAVE_ACTOS } from "./use-actos";

/** The board's plan of a seated dinner (issue 50). */
export function usePlanMesas(idActo: number | null) {
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "mesas", idActo],
    queryFn: ({ signal }) => api.get<PlanMesas>(`/actos/${idActo}/mesas`, signal),
    enabled: idActo !== null,
  });
}

/** Creating, joining, moving and seating: every change refreshes the events' queries. */
export function useMutacionesMesas(idActo: number) {
  const cliente = useQueryClient();
  const onSuccess = () => cliente.invalidateQueries({ queryKey: CLAVE_ACTOS });
  return {
    crear: useMutation({
      mutationFn: () => api.post<MiMesa>(`/actos/${idActo}/mesas`, {}),
      onSuccess,
    }),
    unirse: useMutation({
      mutationFn: (codigo: string) => api.post<MiMesa>(`/actos/${idActo}/mesas/union`, { codigo }),
      onSuccess,
    }),
    mover: useMutation({
      mutationFn: (m: { idInscripcion: number; idMesa: number | null }) =>
        api.put<PlanMesas>(`/actos/${idActo}/mesas/asignaciones`, m),
      onSuccess,
    }),
    automatico: useMutation({
      mutationFn: () =>
        api.post<{ sentadas: number; mesasNuevas: number }>(
          `/actos/${idActo}/mesas/automatico`,
          {},
        ),
      onSuccess,
    }),
  };
}
