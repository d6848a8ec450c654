/** What tells the three masters apart in the UI: their API resource and their own field. */
export type RecursoMaestro = "tipossocio" | "tiposacto" | "formaspago";

export type ClaseMaestro = "color" | "domiciliada";

export const CLASE_DE: Record<RecursoMaestro, ClaseMaestro> = {
  tipossocio: "color",
  tiposacto: "color",
  formaspago: "domiciliada",
};

/** A master as the API returns it (docs/CONTRATO-SOCIOS.md). */
export type Maestro = {
  id: number;
  nombre: string;
  descripcion: string;
  activo: boolean;
  enUso: number;
  color?: string;
  domiciliada?: boolean;
  /** Formas de pago: the treasury account its desk payments go to (null: the bank's). */
  idCuentaTesoreria?: number | null;
};

export type DatosMaestro = {
  nombre: string;
  descripcion: string;
  activo: boolean;
  color?: string;
  domiciliada?: boolean;
  idCuentaTesoreria?: number | null;
};

export type PaginaMaestros = {
  items: Maestro[];
  total: number;
  page: number;
  pageSize: number;
};

export const NOMBRE_MAX = 80;
export const DESCRIPCION_MAX = 500;
export const COLOR_HEX = /^#[0-9a-f]{6}$/i;
