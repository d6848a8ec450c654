import { avisoDeNoticia, ErrorHttp, type Noticia, type NoticiaEntrada } from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, peticion } from "../../lib/api";

export type PaginaNoticias = { items: Noticia[]; total: number; page: number; pageSize: number };

export type FiltrosNoticias = {
  q?: string;
  page: number;
  pageSize: number;
  sort?: string;
  /** Reader view: only published news this account may read. */
  publicadas?: boolean;
  /** Featured first (homes). */
  destacadas?: boolean;
  publicada?: "1" | "0";
  /** Only featured news (#/destacado). */
  destacada?: "1" | "0";
};

export function consultaNoticias(f: FiltrosNoticias): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.q) p.set("q", f.q);
  if (f.sort) p.set("sort", f.sort);
  if (f.publicadas) p.set("publicadas", "1");
  if (f.destacadas) p.set("destacadas", "1");
  if (f.publicada) p.set("publicada", f.publicada);
  if (f.destacada) p.set("destacada", f.destacada);
  return p.toString();
}

/** `silenciosa`: a failed read is not notified (the homes simply hide the card). */
export function useListaNoticias(filtros: FiltrosNoticias, silenciosa = false) {
  const query = consultaNoticias(filtros);
  return useQuery({
    queryKey: ["noticias", "lista", query],
    queryFn: ({ signal }) => api.get<PaginaNoticias>(`/noticias?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: silenciosa },
  });
}

export function useNoticia(id: number | null) {
  return useQuery({
    queryKey: ["noticias", "una", id],
    queryFn: ({ signal }) => api.get<Noticia>(`/noticias/${id}`, signal),
    enabled: id !== null,
    retry: false,
    meta: { errorEnPagina: true },
  });
}

/** The cover as a blob (an <img src> cannot send the Authorization header); null if none. */
async function leerPortada(ruta: string, signal: AbortSignal): Promise<Blob | null> {
  try {
    const respuesta = await peticion(ruta.replace(/^\/api/, ""), {
      senal: signal,
      cabeceras: { Accept: "image/*" },
    });
    return await respuesta.blob();
  } catch (error) {
    if (error instanceof ErrorHttp && error.status === 404) return null;
    throw error;
  }
}

/** `imagen` is the API path with a version (`/api/noticias/1/imagen?v=…`): it is also the cache key. */
export function usePortada(imagen: string | null) {
  return useQuery({
    queryKey: ["noticias", "portada", imagen],
    queryFn: ({ signal }) => leerPortada(imagen ?? "", signal),
    enabled: Boolean(imagen),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Multipart upload (field `archivo`). */
async function subirPortada(id: number, archivo: File): Promise<Noticia> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  return api.subir<Noticia>(`/noticias/${id}/imagen`, datos);
}

export function useMutacionesNoticias() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: ["noticias"] });
  const crear = useMutation({
    mutationFn: (datos: NoticiaEntrada) => api.post<Noticia>("/noticias", datos),
    onSuccess: refrescar,
  });
  const guardar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: NoticiaEntrada }) =>
      api.put<Noticia>(`/noticias/${id}`, datos),
    onSuccess: refrescar,
  });
  const publicar = useMutation({
    mutationFn: ({ id, publicada }: { id: number; publicada: boolean }) =>
      publicada
        ? api.post<Noticia>(`/noticias/${id}/publicacion`)
        : api.delete<Noticia>(`/noticias/${id}/publicacion`),
    onSuccess: refrescar,
  });
  const borrar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/noticias/${id}`),
    onSuccess: refrescar,
  });
  const portada = useMutation({
    mutationFn: ({ id, archivo }: { id: number; archivo: File }) => subirPortada(id, archivo),
    onSuccess: refrescar,
  });
  const quitarPortada = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/noticias/${id}/imagen`),
    onSuccess: refrescar,
  });
  /** Sends an alert pointing at the news item to those who may read it (alerts API). */
  const notificar = useMutation({
    mutationFn: async (n: Noticia) => {
      const tipos =
        n.audiencia === "socios"
          ? await api.get<{ items: { id: number }[] }>("/tipossocio?pageSize=200")
          : { items: [] };
      return api.post(
        "/alertas",
        avisoDeNoticia(
          n,
          tipos.items.map((t) => t.id),
        ),
      );
    },
  });
  return { crear, guardar, publicar, borrar, portada, quitarPortada, notificar };
}
