import { aCentimos, formatearImporte } from "@fila/domain";
import { compararIso } from "../../lib/orden";
import {
  ESTADOS_PAGO,
  type EstadoPago,
  type FiltrosPagos,
  type PagoApi,
  type PersonaPago,
} from "./tipos";

/** The badge colour of each state: pending yellow, paid green, returned red, cancelled gray. */
export const COLOR_ESTADO: Readonly<Record<EstadoPago, string>> = {
  pendiente: "yellow",
  pagado: "green",
  devuelto: "red",
  anulado: "gray",
};

/** An API amount (euros, 2 decimals) as "1.234,56 €". */
export function importe(euros: number | null | undefined): string {
  return formatearImporte(aCentimos(euros ?? 0));
}

/** Today as YYYY-MM-DD in the person's own calendar. */
export function hoyIso(): string {
  const d = new Date();
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${dos(d.getMonth() + 1)}-${dos(d.getDate())}`;
}

/** "Nombre Apellidos" of the person a charge is for (or who pays it). */
export function nombrePersona(p: PersonaPago | null | undefined): string {
  if (!p) return "";
  return [p.nombre, p.apellidos].filter(Boolean).join(" ");
}

export const FILTROS_PAGOS_POR_DEFECTO: FiltrosPagos = {
  anyo: String(new Date().getFullYear()),
  idProducto: "",
  estado: "",
  idFormaPago: "",
  q: "",
  idSocio: "",
  page: 1,
  pageSize: 50,
  sort: "fechaVencimiento",
};

const NO_SON_FILTROS = new Set(["page", "pageSize", "sort"]);

/** The list's query string; empty filters are left out. `soloFiltros` drops paging and sort (export). */
export function filtrosPagosAApi(filtros: FiltrosPagos, soloFiltros = false): URLSearchParams {
  const params = new URLSearchParams();
  for (const [clave, valor] of Object.entries(filtros)) {
    if (valor === "" || (soloFiltros && NO_SON_FILTROS.has(clave))) continue;
    params.set(clave, String(valor));
  }
  return params;
}

const ORDEN_ESTADO: Readonly<Record<EstadoPago, number>> = {
  pendiente: 0,
  devuelto: 1,
  pagado: 2,
  anulado: 3,
};

/** My charges: what is owed first (pending, then returned), each group by due date. */
export function ordenarMisPagos(pagos: readonly PagoApi[]): PagoApi[] {
  return [...pagos].sort(
    (a, b) =>
      ORDEN_ESTADO[a.estado] - ORDEN_ESTADO[b.estado] ||
      compararIso(a.fechaVencimiento, b.fechaVencimiento) ||
      a.id - b.id,
  );
}

const ENTERO_POSITIVO = /^[1-9]\d{0,9}$/;
const ORDEN = /^-?[a-zA-Z]+$/;

/** Reads the list's filters from the URL query; anything missing or malformed takes its default. */
export function filtrosPagosDesdeUrl(params: URLSearchParams): FiltrosPagos {
  const d = FILTROS_PAGOS_POR_DEFECTO;
  const id = (clave: string) => {
    const v = params.get(clave) ?? "";
    return ENTERO_POSITIVO.test(v) ? v : "";
  };
  const anyo = params.get("anyo");
  const estado = params.get("estado") ?? "";
  const pageSize = Number(params.get("pageSize"));
  const page = Number(params.get("page"));
  const sort = params.get("sort") ?? "";
  return {
    // "todos" = every year; a 4-digit year filters; nothing = the current year.
    anyo: anyo === "todos" ? "" : anyo && /^\d{4}$/.test(anyo) ? anyo : d.anyo,
    idProducto: id("idProducto"),
    estado: (ESTADOS_PAGO as readonly string[]).includes(estado) ? (estado as EstadoPago) : "",
    idFormaPago: id("idFormaPago"),
    q: params.get("q")?.trim() ?? "",
    idSocio: id("idSocio"),
    page: Number.isSafeInteger(page) && page >= 1 ? page : d.page,
    pageSize: [25, 50, 100, 200].includes(pageSize) ? pageSize : d.pageSize,
    sort: ORDEN.test(sort) ? sort : d.sort,
  };
}

/** The URL query of some filters: only what differs from the defaults. */
export function filtrosPagosAUrl(filtros: FiltrosPagos): URLSearchParams {
  const params = new URLSearchParams();
  const d = FILTROS_PAGOS_POR_DEFECTO;
  for (const clave of Object.keys(d) as (keyof FiltrosPagos)[]) {
    const valor = filtros[clave];
    if (clave === "anyo" && valor === "") params.set("anyo", "todos");
    else if (valor !== d[clave] && valor !== "") params.set(clave, String(valor));
  }
  return params;
}
