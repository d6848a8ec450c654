import type { Documento, DocumentoEntrada, VisibilidadDocumento } from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, peticion } from "../../lib/api";

export type PaginaDocumentos = {
  items: Documento[];
  total: number;
  page: number;
  pageSize: number;
};
export type FiltrosDocumentos = { q: string; anyo: number | null; page: number; pageSize: number };

export function useListaDocumentos(f: FiltrosDocumentos) {
  const p = new URLSearchParams({
    page: String(f.page),
    pageSize: String(f.pageSize),
    sort: "categoria",
  });
  if (f.q) p.set("q", f.q);
  if (f.anyo) p.set("anyo", String(f.anyo));
  const query = p.toString();
  return useQuery({
    queryKey: ["documentos", "lista", query],
    queryFn: ({ signal }) => api.get<PaginaDocumentos>(`/documentos?${query}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategoriasDocumentos() {
  return useQuery({
    queryKey: ["documentos", "categorias"],
    queryFn: ({ signal }) => api.get<string[]>("/documentos/categorias", signal),
  });
}

export type DatosSubida = {
  archivo: File;
  titulo: string;
  descripcion: string;
  categoria: string;
  anyo: number | null;
  visibilidad: VisibilidadDocumento;
};

/** Multipart upload (file field `archivo` plus the text fields). */
async function subirDocumento(datos: DatosSubida): Promise<Documento> {
  const form = new FormData();
  form.append("titulo", datos.titulo);
  form.append("descripcion", datos.descripcion);
  form.append("categoria", datos.categoria);
  form.append("anyo", datos.anyo === null ? "" : String(datos.anyo));
  form.append("visibilidad", datos.visibilidad);
  form.append("archivo", datos.archivo);
  return api.subir<Documento>("/documentos", form);
}

/** Downloads with the session token (a plain link would go without it): fetch → blob → save. */
export async function descargarDocumento(doc: Documento): Promise<void> {
  const respuesta = await peticion(`/documentos/${doc.id}/archivo`, {
    cabeceras: { Accept: "*/*" },
  });
  const url = URL.createObjectURL(await respuesta.blob());
  const enlace = document.createElement("a");
  enlace.href = url;
  enlace.download = doc.nombreArchivo;
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useMutacionesDocumentos() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: ["documentos"] });
  const subir = useMutation({ mutationFn: subirDocumento, onSuccess: refrescar });
  const guardar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: DocumentoEntrada }) =>
      api.put<Documento>(`/documentos/${id}`, datos),
    onSuccess: refrescar,
  });
  const borrar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/documentos/${id}`),
    onSuccess: refrescar,
  });
  return { subir, guardar, borrar };
}
