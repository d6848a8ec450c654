import type {
  Asociacion,
  AsociacionEntrada,
  DevolucionesResultado,
  EstadoRemesa,
  Remesa,
  RemesaEntrada,
  ResumenRemesa,
} from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { TrabajoLanzado } from "../../lib/trabajos";

export type PaginaRemesas = {
  items: ResumenRemesa[];
  total: number;
  page: number;
  pageSize: number;
};

const CLAVE = ["remesas"] as const;

/** Filters of the remittance list ("" = none): `q` is its number or part of the message id. */
export type FiltrosRemesas = { q: string; estado: "" | EstadoRemesa };

export function useListaRemesas(
  page: number,
  pageSize: number,
  filtros: FiltrosRemesas = { q: "", estado: "" },
) {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    sort: "-id",
  });
  if (filtros.q.trim()) query.set("q", filtros.q.trim());
  if (filtros.estado) query.set("estado", filtros.estado);
  return useQuery({
    queryKey: [...CLAVE, "lista", query.toString()],
    queryFn: ({ signal }) => api.get<PaginaRemesas>(`/remesas?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRemesa(id: number | null) {
  return useQuery({
    queryKey: [...CLAVE, "una", id],
    queryFn: ({ signal }) => api.get<Remesa>(`/remesas/${id}`, signal),
    enabled: id !== null,
  });
}

/** Multipart upload of the bank's pain.002 (field `archivo`). */
async function subirPain002(id: number, archivo: File): Promise<DevolucionesResultado> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  return api.subir<DevolucionesResultado>(`/remesas/${id}/devoluciones`, datos);
}

export type Devolucion = { idPago: number; motivo: string };

/** Every change refreshes the remittances and the charges (their state changes too). */
export function useMutacionesRemesas() {
  const cliente = useQueryClient();
  const refrescar = async () => {
    await cliente.invalidateQueries({ queryKey: CLAVE });
    await cliente.invalidateQueries({ queryKey: ["pagos"] });
  };
  return {
    refrescar,
    generar: useMutation({
      // A background job (202): the lists are refreshed when it ends (`refrescar`).
      mutationFn: (datos: RemesaEntrada) => api.post<TrabajoLanzado>("/remesas", datos),
    }),
    cobrar: useMutation({
      mutationFn: (id: number) => api.post<TrabajoLanzado>(`/remesas/${id}/cobro`),
    }),
    borrar: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/remesas/${id}`),
      onSuccess: refrescar,
    }),
    devolver: useMutation({
      mutationFn: ({ id, devoluciones }: { id: number; devoluciones: Devolucion[] }) =>
        api.post<DevolucionesResultado>(`/remesas/${id}/devoluciones`, { devoluciones }),
      onSuccess: refrescar,
    }),
    devolverFichero: useMutation({
      mutationFn: ({ id, archivo }: { id: number; archivo: File }) => subirPain002(id, archivo),
      onSuccess: refrescar,
    }),
  };
}

export function useAsociacion() {
  return useQuery({
    queryKey: ["asociacion", "datos"],
    queryFn: ({ signal }) => api.get<Asociacion>("/asociacion", signal),
  });
}

export function useGuardarAsociacion() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (datos: Partial<AsociacionEntrada>) => api.put<Asociacion>("/asociacion", datos),
    onSuccess: (datos) => cliente.setQueryData(["asociacion", "datos"], datos),
  });
}
