import type {
  AjustesTesoreria,
  CategoriaTesoreria,
  CategoriaTesoreriaEntrada,
  CierreTesoreria,
  CuentasAnuales,
  CuentaTesoreria,
  CuentaTesoreriaEntrada,
  DocumentoMovimiento,
  ListaMovimientos,
  Movimiento,
  MovimientoEntrada,
  Presupuesto,
  ReglaTesoreriaEntrada,
} from "@fila/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { subirArchivo } from "../../lib/subir-archivo";
import type {
  Conciliacion,
  DecisionApi,
  DetalleExtracto,
  ExtractoImportado,
  Regla,
  ResultadoExtracto,
} from "./extractos-logica";

/** Every treasury query starts with this key: a write refreshes them all (balances move). */
export const CLAVE_TESORERIA = ["tesoreria"] as const;

type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The accounts (a handful: one page of 200); `habilitado` false waits. */
export function useCuentas(habilitado = true) {
  return useQuery({
    enabled: habilitado,
    queryKey: [...CLAVE_TESORERIA, "cuentas"],
    queryFn: ({ signal }) =>
      api.get<Pagina<CuentaTesoreria>>("/tesoreria/cuentas?page=1&pageSize=200", signal),
    meta: { errorEnPagina: true },
  });
}

/** The categories (one page of 200). */
export function useCategorias() {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "categorias"],
    queryFn: ({ signal }) =>
      api.get<Pagina<CategoriaTesoreria>>("/tesoreria/categorias?page=1&pageSize=200", signal),
    meta: { errorEnPagina: true },
  });
}

export function useAjustes() {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "ajustes"],
    queryFn: ({ signal }) => api.get<AjustesTesoreria>("/tesoreria/ajustes", signal),
    meta: { errorEnPagina: true },
  });
}

/** One page of the book (`consulta`: the filters, sort, page and pageSize). */
export function useMovimientos(consulta: URLSearchParams) {
  const query = consulta.toString();
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "movimientos", query],
    queryFn: ({ signal }) => api.get<ListaMovimientos>(`/tesoreria/movimientos?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

export function useDocumentos(idMovimiento: number | null) {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "documentos", idMovimiento],
    queryFn: ({ signal }) =>
      api.get<DocumentoMovimiento[]>(`/tesoreria/movimientos/${idMovimiento}/documentos`, signal),
    enabled: idMovimiento !== null,
    meta: { errorEnPagina: true },
  });
}

export function usePresupuesto(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "presupuesto", anyo],
    queryFn: ({ signal }) => api.get<Presupuesto>(`/tesoreria/presupuestos/${anyo}`, signal),
    meta: { errorEnPagina: true },
  });
}

export function useCuentasAnuales(anyo: number) {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "cuentas-anuales", anyo],
    queryFn: ({ signal }) =>
      api.get<CuentasAnuales>(`/tesoreria/cuentas-anuales?anyo=${anyo}&formato=json`, signal),
    meta: { errorEnPagina: true },
  });
}

export function useCierres() {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "cierres"],
    queryFn: ({ signal }) => api.get<CierreTesoreria[]>("/tesoreria/cierres", signal),
    meta: { errorEnPagina: true },
  });
}

/** A treasury write: its success refreshes every treasury query. */
function useEscritura<A, R>(fn: (a: A) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => cliente.invalidateQueries({ queryKey: CLAVE_TESORERIA }),
  });
}

/** Every write of the treasury. */
export function useMutacionesTesoreria() {
  return {
    crearMovimiento: useEscritura((e: MovimientoEntrada) =>
      api.post<Movimiento>("/tesoreria/movimientos", e),
    ),
    contraasiento: useEscritura(
      ({ id, motivo, fecha }: { id: number; motivo: string; fecha?: string }) =>
        api.post<Movimiento>(`/tesoreria/movimientos/${id}/contraasiento`, {
          motivo,
          ...(fecha ? { fecha } : {}),
        }),
    ),
    subirDocumento: useEscritura(({ id, archivo }: { id: number; archivo: File }) =>
      subirArchivo<DocumentoMovimiento>(`/tesoreria/movimientos/${id}/documentos`, archivo),
    ),
    guardarCuenta: useEscritura(
      ({ id, datos }: { id: number | null; datos: CuentaTesoreriaEntrada }) =>
        id === null
          ? api.post<CuentaTesoreria>("/tesoreria/cuentas", datos)
          : api.put<CuentaTesoreria>(`/tesoreria/cuentas/${id}`, datos),
    ),
    guardarCategoria: useEscritura(
      ({ id, datos }: { id: number | null; datos: CategoriaTesoreriaEntrada }) =>
        id === null
          ? api.post<CategoriaTesoreria>("/tesoreria/categorias", datos)
          : api.put<CategoriaTesoreria>(`/tesoreria/categorias/${id}`, datos),
    ),
    guardarAjustes: useEscritura((datos: AjustesTesoreria) =>
      api.put<AjustesTesoreria>("/tesoreria/ajustes", datos),
    ),
    guardarPresupuesto: useEscritura(
      ({ anyo, lineas }: { anyo: number; lineas: { idCategoria: number; importe: number }[] }) =>
        api.put<Presupuesto>(`/tesoreria/presupuestos/${anyo}`, { lineas }),
    ),
    cerrar: useEscritura((anyo: number) =>
      api.post<CierreTesoreria>("/tesoreria/cierres", { anyo }),
    ),
    reabrir: useEscritura((anyo: number) => api.delete<void>(`/tesoreria/cierres/${anyo}`)),
  };
}

// ——— Bank statements (docs/CONTRATO-TESORERIA.md, «Extractos del banco») ———

/** Each bank account's balance at its last statement against the book's. */
export function useConciliacion() {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "conciliacion"],
    queryFn: ({ signal }) => api.get<Conciliacion[]>("/tesoreria/conciliacion", signal),
    meta: { errorEnPagina: true },
  });
}

/** One page of the imported statements. */
export function useExtractos(consulta: URLSearchParams) {
  const query = consulta.toString();
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "extractos", query],
    queryFn: ({ signal }) =>
      api.get<Pagina<ExtractoImportado>>(`/tesoreria/extractos?${query}`, signal),
    placeholderData: keepPreviousData,
    meta: { errorEnPagina: true },
  });
}

export function useExtracto(id: number | null) {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "extractos", "detalle", id],
    queryFn: ({ signal }) => api.get<DetalleExtracto>(`/tesoreria/extractos/${id}`, signal),
    enabled: id !== null,
    meta: { errorEnPagina: true },
  });
}

/** The account's movements around a statement's period: what a line may be matched with. */
export function useCandidatos(idCuenta: number, desde: string, hasta: string) {
  const query = new URLSearchParams({
    idCuenta: String(idCuenta),
    desde,
    hasta,
    sort: "fecha",
    page: "1",
    pageSize: "200",
  }).toString();
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "movimientos", query],
    queryFn: ({ signal }) => api.get<ListaMovimientos>(`/tesoreria/movimientos?${query}`, signal),
    meta: { errorEnPagina: true },
  });
}

/** Sends a statement: `confirmar` false is the dry run; true applies `decisiones`. */
export function enviarExtracto(
  archivo: File,
  opciones: { confirmar: boolean; idCuenta?: number | null; decisiones?: DecisionApi[] },
): Promise<ResultadoExtracto> {
  const datos = new FormData();
  datos.append("archivo", archivo);
  if (opciones.idCuenta) datos.append("idCuenta", String(opciones.idCuenta));
  if (opciones.decisiones) datos.append("decisiones", JSON.stringify(opciones.decisiones));
  return api.subir<ResultadoExtracto>(
    `/tesoreria/extractos?confirmar=${opciones.confirmar ? 1 : 0}`,
    datos,
  );
}

export function useMutacionesExtractos() {
  return {
    /** The dry run writes nothing: no refresh. */
    previa: useMutation({
      mutationFn: ({ archivo, idCuenta }: { archivo: File; idCuenta: number | null }) =>
        enviarExtracto(archivo, { confirmar: false, idCuenta }),
    }),
    confirmar: useEscritura(
      ({
        archivo,
        idCuenta,
        decisiones,
      }: {
        archivo: File;
        idCuenta: number | null;
        decisiones: DecisionApi[];
      }) => enviarExtracto(archivo, { confirmar: true, idCuenta, decisiones }),
    ),
    decidir: useEscritura(({ id, decisiones }: { id: number; decisiones: DecisionApi[] }) =>
      api.post<DetalleExtracto>(`/tesoreria/extractos/${id}/decisiones`, { decisiones }),
    ),
  };
}

/** The category rules of the statement's proposals (a few: one page of 200). */
export function useReglas() {
  return useQuery({
    queryKey: [...CLAVE_TESORERIA, "reglas"],
    queryFn: ({ signal }) =>
      api.get<Pagina<Regla>>("/tesoreria/reglas?page=1&pageSize=200", signal),
    meta: { errorEnPagina: true },
  });
}

export type ReglaEntrada = ReglaTesoreriaEntrada;

export function useMutacionesReglas() {
  return {
    guardar: useEscritura(({ id, datos }: { id: number | null; datos: ReglaEntrada }) =>
      id === null
        ? api.post<Regla>("/tesoreria/reglas", datos)
        : api.put<Regla>(`/tesoreria/reglas/${id}`, datos),
    ),
    borrar: useEscritura((id: number) => api.delete<void>(`/tesoreria/reglas/${id}`)),
  };
}
