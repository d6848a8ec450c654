import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TrabajoLanzado } from "../../lib/trabajos";
import { filtrosPagosAApi } from "./pagos-logica";
import type {
  CargoEntrada,
  CobroEntrada,
  CobroMultiple,
  CobroMultipleResultado,
  EmisionResultado,
  FiltrosPagos,
  MisPagos,
  PaginaPagos,
  PagoApi,
} from "./tipos";

export const CLAVE_PAGOS = ["pagos"] as const;

export function useListaPagos(filtros: FiltrosPagos) {
  const query = filtrosPagosAApi(filtros).toString();
  return useQuery({
    queryKey: [...CLAVE_PAGOS, "lista", query],
    queryFn: ({ signal }) => api.get<PaginaPagos>(`/pagos?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/** Settled charges «Mis pagos» reads at a time: ten years of a family are hundreds (issue 51). */
export const HISTORIAL_POR_PAGINA = 20;

/**
 * «Mis pagos»' history: my paid and cancelled charges, the latest first, a page at a time
 * («Ver más» asks for the next). What I owe comes whole from `useMisPagosPendientes`.
 */
export function useMiHistorialDePagos() {
  return useInfiniteQuery({
    queryKey: [...CLAVE_PAGOS, "mios", "historial"],
    queryFn: ({ pageParam, signal }) =>
      api.get<MisPagos>(
        `/pagos/mios?historial=1&page=${pageParam}&pageSize=${HISTORIAL_POR_PAGINA}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (ultima, paginas) =>
      paginas.length * HISTORIAL_POR_PAGINA < ultima.total ? paginas.length + 1 : undefined,
    meta: { errorEnPagina: true },
    staleTime: 0,
  });
}

/**
 * The member's home: only what I owe (pending or returned), which it counts and offers to pay.
 * The whole history (`useMisPagos`) grows with the years and is for `#/mispagos` (issue 51).
 */
export function useMisPagosPendientes() {
  return useQuery({
    queryKey: [...CLAVE_PAGOS, "mios", "pendientes"],
    queryFn: ({ signal }) =>
      api.get<MisPagos>("/pagos/mios?pendientes=1&page=1&pageSize=200", signal),
    meta: { errorEnPagina: true },
    staleTime: 0,
  });
}

/** Every change to charges refreshes every charge query (lists, "mine", a member's tab). */
export function useMutacionesPagos() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: CLAVE_PAGOS });
  const cobrar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: CobroEntrada }) =>
      api.post<PagoApi>(`/pagos/${id}/cobro`, datos),
    onSuccess: refrescar,
  });
  const cobrarVarios = useMutation({
    mutationFn: (datos: CobroMultiple) => api.post<CobroMultipleResultado>("/pagos/cobros", datos),
    onSuccess: refrescar,
  });
  const anular = useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) =>
      api.post<PagoApi>(`/pagos/${id}/anulacion`, { motivo }),
    onSuccess: refrescar,
  });
  const reactivar = useMutation({
    mutationFn: ({ id, motivo }: { id: number; motivo: string }) =>
      api.post<PagoApi>(`/pagos/${id}/reactivacion`, { motivo }),
    onSuccess: refrescar,
  });
  const crearCargo = useMutation({
    mutationFn: (datos: CargoEntrada) => api.post<PagoApi>("/pagos", datos),
    onSuccess: refrescar,
  });
  const emitir = useMutation({
    mutationFn: (datos: { anyo: number; productos: number[]; confirmar: boolean }) =>
      // Confirmed, a background job (202 {idTrabajo}): `refrescar` when it ends.
      api.post<EmisionResultado | TrabajoLanzado>("/pagos/emision", datos),
  });
  return { cobrar, cobrarVarios, anular, reactivar, crearCargo, emitir, refrescar };
}
