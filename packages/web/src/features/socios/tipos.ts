import type { Socio, TipoSocio } from "@fila/domain";

/** A member as the API returns it: SPEC §3 fields, `tipo` as the type object, plus `edad`. */
export type SocioApi = Omit<Socio, "tipo"> & {
  tipo: TipoSocio | null;
  edad?: number | null;
  /** «No quiero recibir envíos de la filà» (issue 36): the member's own choice. */
  noEnvios?: boolean;
};

/** A member in short, as family links and pickers show them. */
export type SocioResumen = {
  id: number;
  nombre: string;
  apellidos: string;
  matricula?: number | null;
  tipo?: TipoSocio | null;
};

export type FamiliaSocio = {
  pareja: SocioResumen | null;
  padre: SocioResumen | null;
  pagador: SocioResumen | null;
  hijos: SocioResumen[];
  pagaA: SocioResumen[];
};

export type CambioHistorial = { campo: string; antes: unknown; despues: unknown };

export type EntradaHistorial = {
  id: number | string;
  fecha: string;
  usuario: string | { nombre?: string; email?: string } | null;
  accion: string;
  cambios: CambioHistorial[];
};

export type Pagina<T> = { items: T[]; total: number; page: number; pageSize: number };

export type Maestro = {
  id: number;
  nombre: string;
  descripcion?: string;
  color?: string;
  activo?: boolean;
};

/** "Apellidos, Nombre" — how a secretary reads a register. */
export function nombreCompleto(s: { nombre: string; apellidos: string }): string {
  if (s.apellidos && s.nombre) return `${s.apellidos}, ${s.nombre}`;
  return s.apellidos || s.nombre;
}
