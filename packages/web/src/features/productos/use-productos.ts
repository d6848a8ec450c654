import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type {
  CopiaProductosResultado,
  PaginaProductos,
  ProductoApi,
  ProductoEntrada,
} from "./tipos";

export const CLAVE_PRODUCTOS = ["productos"] as const;

/** The products of a year, or of every year with `anyo` null (a handful a year; at most 200). */
export function useProductos(anyo: number | null, soloActivos = false, habilitado = true) {
  const params = new URLSearchParams({ page: "1", pageSize: "200", sort: "nombre" });
  if (anyo !== null) params.set("anyo", String(anyo));
  if (soloActivos) params.set("activo", "1");
  const query = params.toString();
  return useQuery({
    queryKey: [...CLAVE_PRODUCTOS, "lista", query],
    queryFn: ({ signal }) => api.get<PaginaProductos<ProductoApi>>(`/productos?${query}`, signal),
    placeholderData: keepPreviousData,
    enabled: habilitado,
    meta: { errorEnPagina: true },
  });
}

/** What copying `desde` to `hasta` would do (which products, and why not the others). */
export function usePreviaCopia(desde: number, hasta: number, habilitado: boolean) {
  const query = new URLSearchParams({ desde: String(desde), hasta: String(hasta) }).toString();
  return useQuery({
    queryKey: [...CLAVE_PRODUCTOS, "copia", query],
    queryFn: ({ signal }) => api.get<CopiaProductosResultado>(`/productos/copia?${query}`, signal),
    enabled: habilitado,
  });
}

export function useMutacionesProductos() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: CLAVE_PRODUCTOS });
  const crear = useMutation({
    mutationFn: (datos: ProductoEntrada) => api.post<ProductoApi>("/productos", datos),
    onSuccess: refrescar,
  });
  const cambiar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: ProductoEntrada }) =>
      api.put<ProductoApi>(`/productos/${id}`, datos),
    onSuccess: refrescar,
  });
  const borrar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/productos/${id}`),
    onSuccess: refrescar,
  });
  const copiar = useMutation({
    mutationFn: (datos: { desde: number; hasta: number }) =>
      api.post<CopiaProductosResultado>("/productos/copia", datos),
    onSuccess: refrescar,
  });
  return { crear, cambiar, borrar, copiar };
}
