import type { EstadoPago } from "@fila/domain";

export type {
  Cobro as CobroEntrada,
  CobroMultiple,
  CobroMultipleResultado,
  EmisionResultado,
  EstadoPago,
  ListaPagos as PaginaPagos,
  MisPagos,
  Pago as PagoApi,
  PagoEntrada as CargoEntrada,
} from "@fila/domain";
export { ESTADOS_PAGO } from "@fila/domain";

/** The list's filters as the page keeps them (strings, "" = no filter). */
export type FiltrosPagos = {
  anyo: string;
  idProducto: string;
  estado: "" | EstadoPago;
  idFormaPago: string;
  q: string;
  idSocio: string;
  /** Charges of this member and those they pay (a member's record); not in the URL. */
  idSocioOPagador?: string;
  page: number;
  pageSize: number;
  sort: string;
};

export type PersonaPago = { id: number; nombre: string; apellidos: string };
