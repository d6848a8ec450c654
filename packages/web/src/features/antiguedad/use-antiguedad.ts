import type {
  AjustesAntiguedad,
  AjustesFederacion,
  AntiguedadSocio,
  Candidato,
  Censo,
  Concesion,
  EnvioCenso,
  Periodo,
  PeriodoEntrada,
  Recompensa,
  RecompensaEntrada,
} from "@fila/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const CLAVE_ANTIGUEDAD = ["antiguedad"] as const;
export const CLAVE_CENSO = ["federacion"] as const;

export function useAntiguedadSocio(idSocio: number) {
  return useQuery({
    queryKey: [...CLAVE_ANTIGUEDAD, "socio", idSocio],
    queryFn: ({ signal }) => api.get<AntiguedadSocio>(`/socios/${idSocio}/antiguedad`, signal),
  });
}

export function useCandidatos(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_ANTIGUEDAD, "candidatos", anyo],
    queryFn: ({ signal }) =>
      api.get<{ anyo: number; items: Candidato[] }>(`/recompensas/candidatos?anyo=${anyo}`, signal),
  });
}

export function useConcesiones(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_ANTIGUEDAD, "concesiones", anyo],
    queryFn: ({ signal }) =>
      api.get<{ items: Concesion[] }>(`/recompensas/concesiones?anyo=${anyo}`, signal),
  });
}

export function useRecompensas() {
  return useQuery({
    queryKey: [...CLAVE_ANTIGUEDAD, "recompensas"],
    queryFn: ({ signal }) => api.get<{ items: Recompensa[] }>("/recompensas", signal),
  });
}

export function useAjustesAntiguedad() {
  return useQuery({
    queryKey: [...CLAVE_ANTIGUEDAD, "ajustes"],
    queryFn: ({ signal }) => api.get<AjustesAntiguedad>("/antiguedad/ajustes", signal),
  });
}

/** Every write of seniority and awards refreshes all of it (small lists). */
export function useMutacionesAntiguedad() {
  const qc = useQueryClient();
  const refrescar = () => qc.invalidateQueries({ queryKey: CLAVE_ANTIGUEDAD });
  return {
    conceder: useMutation({
      mutationFn: (a: { idRecompensa: number; idSocio: number; anyo: number }) =>
        api.post<Concesion>(`/recompensas/${a.idRecompensa}/concesiones`, {
          idSocio: a.idSocio,
          anyo: a.anyo,
        }),
      onSuccess: refrescar,
    }),
    retirar: useMutation({
      mutationFn: (id: number) => api.delete<void>(`/recompensas/concesiones/${id}`),
      onSuccess: refrescar,
    }),
    crearRegla: useMutation({
      mutationFn: (r: RecompensaEntrada) => api.post<Recompensa>("/recompensas", r),
      onSuccess: refrescar,
    }),
    cambiarRegla: useMutation({
      mutationFn: (r: RecompensaEntrada & { id: number }) => {
        const { id, ...cuerpo } = r;
        return api.put<Recompensa>(`/recompensas/${id}`, cuerpo);
      },
      onSuccess: refrescar,
    }),
    guardarAjustes: useMutation({
      mutationFn: (a: AjustesAntiguedad) => api.put<AjustesAntiguedad>("/antiguedad/ajustes", a),
      onSuccess: refrescar,
    }),
    crearPeriodo: useMutation({
      mutationFn: (a: { idSocio: number; periodo: PeriodoEntrada }) =>
        api.post<Periodo>(`/socios/${a.idSocio}/periodos`, a.periodo),
      onSuccess: refrescar,
    }),
    cambiarPeriodo: useMutation({
      mutationFn: (a: { idSocio: number; id: number; periodo: PeriodoEntrada }) =>
        api.put<Periodo>(`/socios/${a.idSocio}/periodos/${a.id}`, a.periodo),
      onSuccess: refrescar,
    }),
    borrarPeriodo: useMutation({
      mutationFn: (a: { idSocio: number; id: number }) =>
        api.delete<void>(`/socios/${a.idSocio}/periodos/${a.id}`),
      onSuccess: refrescar,
    }),
  };
}

export function useCenso(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_CENSO, "censo", anyo],
    queryFn: ({ signal }) => api.get<Censo>(`/federacion/censo?anyo=${anyo}`, signal),
  });
}

export function useEnviosCenso() {
  return useQuery({
    queryKey: [...CLAVE_CENSO, "envios"],
    queryFn: ({ signal }) => api.get<{ items: EnvioCenso[] }>("/federacion/censo/envios", signal),
  });
}

export function useAjustesFederacion() {
  return useQuery({
    queryKey: [...CLAVE_CENSO, "ajustes"],
    queryFn: ({ signal }) => api.get<AjustesFederacion>("/federacion/ajustes", signal),
  });
}

export function useMutacionesCenso() {
  const qc = useQueryClient();
  const refrescar = () => qc.invalidateQueries({ queryKey: CLAVE_CENSO });
  return {
    enviar: useMutation({
      mutationFn: (anyo: number) => api.post<EnvioCenso>("/federacion/censo/envios", { anyo }),
      onSuccess: refrescar,
    }),
    guardarAjustes: useMutation({
      mutationFn: (a: AjustesFederacion) => api.put<AjustesFederacion>("/federacion/ajustes", a),
      onSuccess: refrescar,
    }),
  };
}
