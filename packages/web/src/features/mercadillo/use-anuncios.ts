import type { AnuncioEntrada, AnuncioVista } from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { subirArchivo } from "../../lib/subir-archivo";

export type PaginaAnuncios = {
  items: AnuncioVista[];
  total: number;
  page: number;
  pageSize: number;
};

export type FiltrosAnuncios = {
  q?: string;
  etiqueta?: string;
  destacado?: boolean;
  activo?: boolean;
  idSocio?: number;
  page: number;
  pageSize: number;
};

export function consultaAnuncios(f: FiltrosAnuncios): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.q) p.set("q", f.q);
  if (f.etiqueta) p.set("etiqueta", f.etiqueta);
  if (f.destacado !== undefined) p.set("destacado", f.destacado ? "1" : "0");
  if (f.activo !== undefined) p.set("activo", f.activo ? "1" : "0");
  if (f.idSocio) p.set("idSocio", String(f.idSocio));
  return p.toString();
}

/** `silenciosa`: a failed read is not notified (the homes simply hide the strip). */
export function useListaAnuncios(filtros: FiltrosAnuncios, silenciosa = false) {
  const query = consultaAnuncios(filtros);
  return useQuery({
    queryKey: ["anuncios", "lista", query],
    queryFn: ({ signal }) => api.get<PaginaAnuncios>(`/anuncios?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: silenciosa },
  });
}

export function useAnuncio(id: number | null) {
  return useQuery({
    queryKey: ["anuncios", "uno", id],
    queryFn: ({ signal }) => api.get<AnuncioVista>(`/anuncios/${id}`, signal),
    enabled: id !== null,
    retry: false,
  });
}

export function useEtiquetasAnuncios() {
  return useQuery({
    queryKey: ["anuncios", "etiquetas"],
    queryFn: ({ signal }) =>
      api.get<{ items: { etiqueta: string; anuncios: number }[] }>("/anuncios/etiquetas", signal),
    staleTime: 60_000,
  });
}

const claveDe = (url: string) => url.split("/").pop() ?? "";

export function useMutacionesAnuncios() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: ["anuncios"] });
  return {
    /** Creates (`id` null) or replaces the ad. */
    guardar: useMutation({
      mutationFn: ({ id, datos }: { id: number | null; datos: AnuncioEntrada }) =>
        id
          ? api.put<AnuncioVista>(`/anuncios/${id}`, datos)
          : api.post<AnuncioVista>("/anuncios", datos),
      onSettled: refrescar,
    }),
    /** One image more; the answer is the ad with it. */
    subirImagen: useMutation({
      mutationFn: ({ id, archivo }: { id: number; archivo: File }) =>
        subirArchivo<AnuncioVista>(`/anuncios/${id}/imagenes`, archivo),
      onSettled: refrescar,
    }),
    borrar: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/anuncios/${id}`),
      onSuccess: refrescar,
    }),
    renovar: useMutation({
      mutationFn: (id: number) => api.post<AnuncioVista>(`/anuncios/${id}/renovacion`),
      onSuccess: refrescar,
    }),
    quitarImagen: useMutation({
      mutationFn: (url: string) => api.delete<AnuncioVista>(url.replace(/^\/api/, "")),
      onSuccess: refrescar,
    }),
    ordenarImagenes: useMutation({
      mutationFn: ({ id, imagenes }: { id: number; imagenes: string[] }) =>
        api.put<AnuncioVista>(`/anuncios/${id}/imagenes`, { orden: imagenes.map(claveDe) }),
      onSuccess: refrescar,
    }),
  };
}

/** The body of a PUT that keeps the ad as it is except for `cambios`. */
export function entradaDe(a: AnuncioVista, cambios: Partial<AnuncioEntrada> = {}): AnuncioEntrada {
  return {
    titulo: a.titulo,
    descripcion: a.descripcion,
    precio: a.precio,
    etiquetas: a.etiquetas,
    contacto: a.contacto,
    activo: a.activo,
    ...cambios,
  };
}
