import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { type FiltrosSocios, filtrosAApi } from "./filtros-url";
import type {
  EntradaHistorial,
  FamiliaSocio,
  Maestro,
  Pagina,
  SocioApi,
  SocioResumen,
} from "./tipos";

export const CLAVE_SOCIOS = ["socios"] as const;

/** Masters may come as a plain array or as a list page. */
function elementos<T>(respuesta: T[] | Pagina<T> | null | undefined): T[] {
  if (Array.isArray(respuesta)) return respuesta;
  return respuesta?.items ?? [];
}

export function useListaSocios(filtros: FiltrosSocios) {
  const query = filtrosAApi(filtros).toString();
  return useQuery({
    queryKey: [...CLAVE_SOCIOS, "lista", query],
    queryFn: ({ signal }) => api.get<Pagina<SocioApi>>(`/socios?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/** Members found by free text, for the payer / partner / parent pickers (administrador). */
export function useBuscarSocios(texto: string, activo: boolean) {
  const params = new URLSearchParams({ q: texto, page: "1", pageSize: "20", sort: "apellidos" });
  return useQuery({
    queryKey: [...CLAVE_SOCIOS, "buscar", params.toString()],
    queryFn: ({ signal }) => api.get<Pagina<SocioResumen>>(`/socios?${params.toString()}`, signal),
    enabled: activo,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useTiposSocio() {
  return useQuery({
    queryKey: ["tipossocio", "desplegable"],
    queryFn: async ({ signal }) =>
      elementos(await api.get<Maestro[] | Pagina<Maestro>>("/tipossocio?pageSize=200", signal)),
    staleTime: 5 * 60_000,
  });
}

export function useFormasPago(activo = true) {
  return useQuery({
    queryKey: ["formaspago", "desplegable"],
    queryFn: async ({ signal }) =>
      elementos(await api.get<Maestro[] | Pagina<Maestro>>("/formaspago?pageSize=200", signal)),
    staleTime: 5 * 60_000,
    enabled: activo,
  });
}

/** A member's record, read again each time it opens; `yo` is the signed-in person's own. */
export const consultaSocio = (id: number | "yo") =>
  queryOptions({
    queryKey: [...CLAVE_SOCIOS, "ficha", id],
    queryFn: ({ signal }) => api.get<SocioApi>(`/socios/${id}`, signal),
    meta: { errorEnPagina: true },
    retry: false,
    staleTime: 0,
  });

/**
 * One's own record as the home shows it (the carnet): the one read as the home opened, not read
 * a second time once the carnet is drawn.
 */
export const consultaMiCarnet = () => queryOptions({ ...consultaSocio("yo"), staleTime: 30_000 });

export function useSocio(id: number | "yo") {
  return useQuery(consultaSocio(id));
}

export function useMiCarnet() {
  return useQuery(consultaMiCarnet());
}

export function useFamilia(id: number, activo: boolean) {
  return useQuery({
    queryKey: [...CLAVE_SOCIOS, "familia", id],
    queryFn: ({ signal }) => api.get<FamiliaSocio>(`/socios/${id}/familia`, signal),
    enabled: activo,
    meta: { errorEnPagina: true },
    staleTime: 0,
  });
}

export function useHistorial(id: number, activo: boolean) {
  return useQuery({
    queryKey: [...CLAVE_SOCIOS, "historial", id],
    queryFn: ({ signal }) => api.get<EntradaHistorial[]>(`/socios/${id}/historial`, signal),
    enabled: activo,
    meta: { errorEnPagina: true },
    staleTime: 0,
  });
}
