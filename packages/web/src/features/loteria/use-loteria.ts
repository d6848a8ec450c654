import type {
  AsignacionTalonario,
  Comprador,
  ListaLoterias,
  ListaParticipaciones,
  ListaTalonarios,
  Loteria,
  LoteriaEntradaInput,
  MisTalonarios,
  PagoPremio,
  Participacion,
  PremiosEntrada,
  Talonario,
  TalonariosEntrada,
  VerificacionParticipacion,
} from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_URL, api } from "../../lib/api";
import { CLAVE_PAGOS } from "../pagos/use-pagos";
import type { EntradaLiquidacion } from "./loteria-logica";

export const CLAVE_LOTERIAS = ["loterias"] as const;

/** The PDF of one participation (public: the buyer opens it without a session). */
export const urlPdfParticipacion = (codigo: string) =>
  `${API_URL}/loterias/participaciones/${encodeURIComponent(codigo)}/pdf`;

/** Every lottery, latest draw first (a few a year: one page of 200). */
export function useLoterias() {
  return useQuery({
    queryKey: [...CLAVE_LOTERIAS, "lista"],
    queryFn: ({ signal }) => api.get<ListaLoterias>("/loterias?page=1&pageSize=200", signal),
    meta: { errorEnPagina: true },
  });
}

/** One page of a lottery's talonarios (`consulta`: estado, q, page, pageSize). */
export function useTalonarios(idLoteria: number | null, consulta: URLSearchParams) {
  const query = consulta.toString();
  return useQuery({
    queryKey: [...CLAVE_LOTERIAS, idLoteria, "talonarios", query],
    queryFn: ({ signal }) =>
      api.get<ListaTalonarios>(`/loterias/${idLoteria}/talonarios?${query}`, signal),
    enabled: idLoteria !== null,
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/** One page of a lottery's participations (with `premiadas=1`: the prize payout list). */
export function useParticipaciones(idLoteria: number | null, consulta: URLSearchParams) {
  const query = consulta.toString();
  return useQuery({
    queryKey: [...CLAVE_LOTERIAS, idLoteria, "participaciones", query],
    queryFn: ({ signal }) =>
      api.get<ListaParticipaciones>(`/loterias/${idLoteria}/participaciones?${query}`, signal),
    enabled: idLoteria !== null,
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

/** My talonarios and those of the members I pay for (Mis pagos, the homes' card). */
export function useMisTalonarios(habilitado = true) {
  return useQuery({
    queryKey: [...CLAVE_LOTERIAS, "mias"],
    queryFn: ({ signal }) => api.get<MisTalonarios>("/loterias/mias?page=1&pageSize=200", signal),
    enabled: habilitado,
    // Mis pagos says it in place; the homes' card just stays away.
    meta: { errorEnPagina: true },
  });
}

/** The public check of a participation by the code of its QR (no session needed). */
export function useVerificacion(codigo: string) {
  return useQuery({
    queryKey: [...CLAVE_LOTERIAS, "verificacion", codigo],
    queryFn: ({ signal }) =>
      api.get<VerificacionParticipacion>(
        `/loterias/participaciones/${encodeURIComponent(codigo)}`,
        signal,
      ),
    retry: false,
    meta: { errorEnPagina: true },
  });
}

/**
 * Every change to a lottery refreshes every lottery query; a settlement also creates a charge,
 * so the charge queries (Mis pagos, Pagos) are refreshed too.
 */
export function useMutacionesLoteria() {
  const cliente = useQueryClient();
  const refrescar = () => cliente.invalidateQueries({ queryKey: CLAVE_LOTERIAS });
  const refrescarConPagos = async () => {
    await Promise.all([refrescar(), cliente.invalidateQueries({ queryKey: CLAVE_PAGOS })]);
  };
  const crear = useMutation({
    mutationFn: (datos: LoteriaEntradaInput) => api.post<Loteria>("/loterias", datos),
    onSuccess: refrescar,
  });
  const cambiar = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: LoteriaEntradaInput }) =>
      api.put<Loteria>(`/loterias/${id}`, datos),
    onSuccess: refrescar,
  });
  const emitir = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: TalonariosEntrada }) =>
      api.post<{ items: Talonario[] }>(`/loterias/${id}/talonarios`, datos),
    onSuccess: refrescar,
  });
  const asignar = useMutation({
    mutationFn: ({ t, datos }: { t: Talonario; datos: AsignacionTalonario }) =>
      api.put<Talonario>(`/loterias/${t.idLoteria}/talonarios/${t.id}`, datos),
    onSuccess: refrescar,
  });
  const liquidar = useMutation({
    mutationFn: ({
      t,
      datos,
    }: {
      t: Pick<Talonario, "id" | "idLoteria">;
      datos: EntradaLiquidacion;
    }) => api.post<Talonario>(`/loterias/${t.idLoteria}/talonarios/${t.id}/liquidacion`, datos),
    onSuccess: refrescarConPagos,
  });
  const anular = useMutation({
    mutationFn: ({
      t,
      datos,
    }: {
      t: Talonario;
      datos: { desde: number; hasta: number; motivo: string };
    }) => api.post<Talonario>(`/loterias/${t.idLoteria}/talonarios/${t.id}/anulacion`, datos),
    onSuccess: refrescar,
  });
  const digital = useMutation({
    mutationFn: ({
      idLoteria,
      datos,
    }: {
      idLoteria: number;
      datos: { comprador: Partial<Comprador> & { nombre: string }; idTalonario?: number };
    }) => api.post<Participacion>(`/loterias/${idLoteria}/participaciones`, datos),
    onSuccess: refrescar,
  });
  const premios = useMutation({
    mutationFn: ({ id, datos }: { id: number; datos: PremiosEntrada }) =>
      api.put<Loteria>(`/loterias/${id}/premios`, datos),
    onSuccess: refrescar,
  });
  const pagarPremio = useMutation({
    mutationFn: (codigo: string) =>
      api.post<PagoPremio>(`/loterias/participaciones/${encodeURIComponent(codigo)}/pago`),
    onSuccess: refrescar,
  });
  return { crear, cambiar, emitir, asignar, liquidar, anular, digital, premios, pagarPremio };
}
