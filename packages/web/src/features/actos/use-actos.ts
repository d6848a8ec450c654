import type {
  Acto,
  ActoCancelado,
  ActoEntrada,
  ActoRestauracion,
  EnlaceRestauracion,
  Inscripcion,
  InscripcionCambio,
  InscripcionCancelada,
  InscripcionEntrada,
  ListadoInscritos,
  MisActos,
  MisPuntos,
  RankingPuntos,
} from "@fila/domain";
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../lib/api";
import { subirArchivo } from "../../lib/subir-archivo";
import { registrarEvento } from "../analitica/registro-analitica";
import type { Maestro, Pagina } from "../socios/tipos";

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const CLAVE_ACTOS = ["actos"] as const;

export type Cuando = "proximos" | "pasados";

export type FiltrosActos = { cuando: Cuando; q: string; page: number; pageSize: number };

function refrescarActos(cliente: QueryClient) {
  return cliente.invalidateQueries({ queryKey: CLAVE_ACTOS });
}

export function useListaActos(filtros: FiltrosActos) {
  const params = new URLSearchParams({
    cuando: filtros.cuando,
    page: String(filtros.page),
    pageSize: String(filtros.pageSize),
    sort: filtros.cuando === "proximos" ? "fecha" : "-fecha",
  });
  if (filtros.q) params.set("q", filtros.q);
  const query = params.toString();
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "lista", query],
    queryFn: ({ signal }) => api.get<Pagina<Acto>>(`/actos?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/** The event types for the form's select and the table's badges. */
export function useTiposActo() {
  return useQuery({
    queryKey: ["tiposacto", "desplegable"],
    queryFn: async ({ signal }) => {
      const r = await api.get<Maestro[] | Pagina<Maestro>>("/tiposacto?pageSize=200", signal);
      return Array.isArray(r) ? r : r.items;
    },
    staleTime: 5 * 60_000,
  });
}

export function useMutacionesActos() {
  const cliente = useQueryClient();
  const onSuccess = () => refrescarActos(cliente);
  const crear = useMutation({
    mutationFn: (datos: ActoEntrada) => api.post<Acto>("/actos", datos),
    onSuccess,
  });
  const cambiar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: ActoEntrada }) =>
      api.put<Acto>(`/actos/${id}`, datos),
    onSuccess,
  });
  const copiar = useMutation({
    mutationFn: ({ id, fecha }: { id: number; fecha?: string }) =>
      api.post<Acto>(`/actos/${id}/copia`, fecha ? { fecha } : {}),
    onSuccess,
  });
  const cancelar = useMutation({
    mutationFn: (id: number) => api.post<ActoCancelado>(`/actos/${id}/cancelacion`, {}),
    onSuccess,
  });
  const borrar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/actos/${id}`),
    onSuccess,
  });
  const subirImagen = useMutation({
    mutationFn: ({ id, archivo }: { id: number; archivo: File }) =>
      subirArchivo<{ imagen: string }>(`/actos/${id}/imagen`, archivo),
    onSuccess,
  });
  const quitarImagen = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/actos/${id}/imagen`),
    onSuccess,
  });
  return { crear, cambiar, copiar, cancelar, borrar, subirImagen, quitarImagen };
}

export function useRanking(anyo: number | null, page: number, pageSize: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (anyo !== null) params.set("anyo", String(anyo));
  const query = params.toString();
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "ranking", query],
    queryFn: ({ signal }) => api.get<RankingPuntos>(`/actos/puntos?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

export const consultaMisPuntos = () =>
  queryOptions({
    queryKey: [...CLAVE_ACTOS, "puntos", "mios"],
    queryFn: ({ signal }) => api.get<MisPuntos>("/actos/puntos/mios", signal),
    meta: { errorEnPagina: true },
  });

export function useMisPuntos() {
  return useQuery(consultaMisPuntos());
}

export const consultaMisActos = () =>
  queryOptions({
    queryKey: [...CLAVE_ACTOS, "mios"],
    queryFn: ({ signal }) => api.get<MisActos>("/actos/mios?pageSize=200", signal),
    meta: { errorEnPagina: true },
  });

export function useMisActos() {
  return useQuery(consultaMisActos());
}

/** Enrol and cancel; both also change charges, so "my payments" is refreshed too. */
export function useMutacionesInscripcion() {
  const cliente = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      refrescarActos(cliente),
      cliente.invalidateQueries({ queryKey: ["pagos"] }),
    ]);
  };
  const inscribir = useMutation({
    mutationFn: ({ idActo, datos }: { idActo: number; datos: InscripcionEntrada }) =>
      api.post<Inscripcion>(`/actos/${idActo}/inscripciones`, datos),
    onSuccess: async () => {
      registrarEvento("inscripcion_hecha");
      await onSuccess();
    },
  });
  const cancelar = useMutation({
    mutationFn: ({ idActo, idInscripcion }: { idActo: number; idInscripcion: number }) =>
      api.delete<InscripcionCancelada | undefined>(
        `/actos/${idActo}/inscripciones/${idInscripcion}`,
      ),
    onSuccess,
  });
  const modificar = useMutation({
    mutationFn: ({
      idActo,
      idInscripcion,
      datos,
    }: {
      idActo: number;
      idInscripcion: number;
      datos: InscripcionCambio;
    }) => api.patch<unknown>(`/actos/${idActo}/inscripciones/${idInscripcion}`, datos),
    onSuccess,
  });
  /** The board gives a place on the wait-list by hand. */
  const promover = useMutation({
    mutationFn: ({ idActo, idInscripcion }: { idActo: number; idInscripcion: number }) =>
      api.post<Inscripcion>(`/actos/${idActo}/inscripciones/${idInscripcion}/promocion`, {}),
    onSuccess,
  });
  return { inscribir, cancelar, modificar, promover };
}

/** One page of an event's enrolled list (issue 51: the server pages and searches it). */
export type PaginaInscritos = {
  estado: "confirmada" | "en_espera";
  page: number;
  pageSize: number;
  q: string;
};

export function useListadoInscritos(idActo: number | null, pagina: PaginaInscritos) {
  const { estado, page, pageSize, q } = pagina;
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "inscritos", idActo, estado, page, pageSize, q],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        estado,
        page: String(page),
        pageSize: String(pageSize),
      });
      if (q.trim()) params.set("q", q.trim());
      return api.get<ListadoInscritos>(`/actos/${idActo}/inscripciones?${params}`, signal);
    },
    enabled: idActo !== null,
    // Turning a page or typing keeps the rows shown until the next ones come.
    placeholderData: (anterior, consulta) =>
      consulta?.queryKey[2] === idActo ? keepPreviousData(anterior) : undefined,
    meta: { errorEnPagina: true },
  });
}

/** Attendance, shown at once (in every page of the event kept) and put back if refused. */
export function useAsistencia(idActo: number | null) {
  const cliente = useQueryClient();
  const clave = [...CLAVE_ACTOS, "inscritos", idActo];
  return useMutation({
    mutationFn: ({ idInscripcion, asistio }: { idInscripcion: number; asistio: boolean }) =>
      api.put<unknown>(`/actos/${idActo}/inscripciones/${idInscripcion}/asistencia`, { asistio }),
    onMutate: async ({ idInscripcion, asistio }) => {
      await cliente.cancelQueries({ queryKey: clave });
      const antes = cliente.getQueriesData<ListadoInscritos>({ queryKey: clave });
      cliente.setQueriesData<ListadoInscritos>({ queryKey: clave }, (datos) =>
        datos
          ? {
              ...datos,
              items: datos.items.map((i) => (i.id === idInscripcion ? { ...i, asistio } : i)),
            }
          : datos,
      );
      return { antes };
    },
    onError: (_error, _vars, contexto) => {
      for (const [clavePagina, datos] of contexto?.antes ?? [])
        cliente.setQueryData(clavePagina, datos);
    },
    onSettled: () =>
      cliente.invalidateQueries({ queryKey: [...CLAVE_ACTOS, "ranking"] }).then(() => undefined),
  });
}

export function useRestauracion() {
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "restauracion"],
    queryFn: ({ signal }) => api.get<{ items: ActoRestauracion[] }>("/restauracion", signal),
    meta: { errorEnPagina: true },
  });
}

/** The caterer's read-only view, with the link's token instead of a session. */
export function useRestauracionPublica(token: string) {
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "restauracion", "publico", token],
    queryFn: ({ signal }) =>
      api.get<{ items: ActoRestauracion[] }>(
        `/restauracion/publico/${encodeURIComponent(token)}`,
        signal,
      ),
    retry: false,
    meta: { errorEnPagina: true },
  });
}

export function useEnlacesRestauracion() {
  return useQuery({
    queryKey: [...CLAVE_ACTOS, "restauracion", "enlaces"],
    queryFn: async ({ signal }) => {
      const r = await api.get<EnlaceRestauracion[] | { items: EnlaceRestauracion[] }>(
        "/restauracion/enlaces",
        signal,
      );
      return Array.isArray(r) ? r : r.items;
    },
    meta: { errorEnPagina: true },
  });
}

export type EnlaceCreado = { id: number; token: string; url: string; expiraEn: string };

export function useMutacionesEnlaces() {
  const cliente = useQueryClient();
  const onSuccess = () =>
    cliente.invalidateQueries({ queryKey: [...CLAVE_ACTOS, "restauracion", "enlaces"] });
  const crear = useMutation({
    mutationFn: (dias: number) => api.post<EnlaceCreado>("/restauracion/enlaces", { dias }),
    onSuccess,
  });
  const revocar = useMutation({
    mutationFn: (id: number) => api.delete<void>(`/restauracion/enlaces/${id}`),
    onSuccess,
  });
  return { crear, revocar };
}

export function useEnlaceCalendario(activo: boolean) {
  const cliente = useQueryClient();
  const clave = [...CLAVE_ACTOS, "calendario"];
  const enlace = useQuery({
    queryKey: clave,
    queryFn: ({ signal }) => api.get<{ url: string }>("/calendario/enlace", signal),
    enabled: activo,
    meta: { errorEnPagina: true },
  });
  const regenerar = useMutation({
    mutationFn: () => api.post<{ url: string }>("/calendario/enlace", {}),
    onSuccess: (nuevo) => cliente.setQueryData(clave, nuevo),
  });
  return { enlace, regenerar };
}
