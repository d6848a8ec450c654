import type {
  CaboEntrada,
  Cargo,
  CargoEntrada,
  CargoSocioEntrada,
  CopiaEscuadras,
  CopiaEscuadrasResultado,
  EstructuraSocio,
  Grupo,
  ListaCargos,
  ListaCargosSocio,
  ListaGrupos,
} from "@fila/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_URL, api } from "../../lib/api";

export const CLAVE_ESTRUCTURA = ["estructura"] as const;

/** The PDF of the year's escuadras (the board's session goes with the download helper). */
export const rutaPdfEscuadras = (anyo: number) => `/escuadras/pdf?anyo=${anyo}`;
export const urlPdfEscuadras = (anyo: number) => `${API_URL}${rutaPdfEscuadras(anyo)}`;

export function useEscuadras(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "escuadras", anyo],
    queryFn: ({ signal }) => api.get<ListaGrupos>(`/escuadras?anyo=${anyo}`, signal),
    meta: { errorEnPagina: true },
  });
}

/** Groups of every class to choose from (filters): this year's escuadras and the rest. */
export function useGruposElegibles(activo = true) {
  const anyo = new Date().getFullYear();
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "elegibles", anyo],
    queryFn: ({ signal }) =>
      api.get<ListaGrupos>(`/grupos?anyo=${anyo}&miembros=0`, signal).then((r) => r.items),
    enabled: activo,
    staleTime: 60_000,
    retry: false,
  });
}

export function useGrupos() {
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "grupos"],
    queryFn: ({ signal }) =>
      api
        .get<ListaGrupos>("/grupos", signal)
        .then((r) => r.items.filter((g) => g.clase !== "escuadra")),
    meta: { errorEnPagina: true },
  });
}

export function useCargos() {
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "cargos"],
    queryFn: ({ signal }) => api.get<ListaCargos>("/cargos", signal).then((r) => r.items),
    meta: { errorEnPagina: true },
  });
}

export function useCargosDelAnyo(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "cargos-anyo", anyo],
    queryFn: ({ signal }) =>
      api.get<ListaCargosSocio>(`/cargos/anyo?anyo=${anyo}`, signal).then((r) => r.items),
    meta: { errorEnPagina: true },
  });
}

export function useEstructuraSocio(idSocio: number, activo = true) {
  return useQuery({
    queryKey: [...CLAVE_ESTRUCTURA, "socio", idSocio],
    queryFn: ({ signal }) => api.get<EstructuraSocio>(`/socios/${idSocio}/estructura`, signal),
    enabled: activo && idSocio > 0,
  });
}

/** The writes of this area (each one returns what the server answered). */
export const escrituras = {
  crearEscuadra: (e: {
    anyo: number;
    nombre: string;
    tipo?: string;
    traje?: string;
    banda?: string;
  }) => api.post<Grupo>("/escuadras", e),
  actualizarEscuadra: ({
    id,
    ...e
  }: {
    id: number;
    nombre: string;
    tipo: string | null;
    traje: string;
    banda: string;
    descripcion: string;
    orden: number;
  }) => api.put<Grupo>(`/escuadras/${id}`, e),
  borrarEscuadra: (id: number) => api.delete<null>(`/escuadras/${id}`),
  meter: ({ id, idSocio, mover }: { id: number; idSocio: number; mover: boolean }) =>
    api.post<Grupo>(`/escuadras/${id}/miembros`, { idSocio, mover }),
  sacar: ({ id, idSocio }: { id: number; idSocio: number }) =>
    api.delete<null>(`/escuadras/${id}/miembros/${idSocio}`),
  cabo: ({ id, ...c }: { id: number } & CaboEntrada) => api.put<Grupo>(`/escuadras/${id}/cabo`, c),
  desfile: ({ desfile, anyo, idsGrupo }: { desfile: string; anyo: number; idsGrupo: number[] }) =>
    api.put<ListaGrupos>(`/escuadras/desfiles/${desfile}`, { anyo, idsGrupo }),
  copiar: (c: CopiaEscuadras) => api.post<CopiaEscuadrasResultado>("/escuadras/copia", c),
  crearCargo: (c: CargoEntrada) => api.post<Cargo>("/cargos", c),
  actualizarCargo: ({ id, codigo: _codigo, ...c }: CargoEntrada & { id: number }) =>
    api.put<Cargo>(`/cargos/${id}`, c),
  asignarCargo: ({ idSocio, ...c }: CargoSocioEntrada & { idSocio: number }) =>
    api.post(`/socios/${idSocio}/cargos`, c),
  quitarCargo: ({ idSocio, id }: { idSocio: number; id: number }) =>
    api.delete<null>(`/socios/${idSocio}/cargos/${id}`),
};

/** Runs one write of `escrituras` and then refreshes the whole area. */
export function useEscribirEstructura() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (escribir: () => Promise<unknown>) => escribir(),
    onSettled: () => qc.invalidateQueries({ queryKey: CLAVE_ESTRUCTURA }),
  });
}
