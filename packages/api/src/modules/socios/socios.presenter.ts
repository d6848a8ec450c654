import {
  calcularDerramaAnual,
  calcularDerramaPendiente,
  calcularEdad,
  type SocioPropioVista,
  type SocioVista,
} from "@fila/domain";
import type { SocioGuardado } from "./socios.repository.js";

/**
 * Who is reading a member's record: `junta` (an administrador: every field) or `socio` (a member
 * reading their own record or one they pay for: without `comentarios`, the board's internal
 * notes). The member's own data export (right of access) is the one member-facing answer read as
 * `junta`.
 */
export type Vista = "junta" | "socio";

/** A change of the record's history, as the audit keeps it. */
type Cambio = { campo: string };

/** Adds the fields derived on read and whitelists per view. */
export function presentarSocio(s: SocioGuardado, vista: "junta", hoy: string): SocioVista;
export function presentarSocio(s: SocioGuardado, vista: Vista, hoy: string): SocioPropioVista;
export function presentarSocio(s: SocioGuardado, vista: Vista, hoy: string): SocioPropioVista {
  const { comentarios, ...resto } = s;
  // The repository sums the member's paid levy charges.
  const derramaPagada = s.derramaPagada ?? 0;
  return {
    ...resto,
    ...(vista === "junta" ? { comentarios } : {}),
    derramaAnual: calcularDerramaAnual(s.importeDerrama, s.anyosPagoDerrama),
    derramaPagada,
    derramaPendiente: calcularDerramaPendiente(s.importeDerrama, derramaPagada),
    edad: calcularEdad(s.fechaNacimiento, hoy),
  };
}

/**
 * The record's history for the view: a member's leaves out the board's notes (their old and new
 * values are in the audit), and the entries that changed only them.
 */
export function presentarHistorial<E extends { cambios: Cambio[] }>(
  historial: E[],
  vista: Vista,
): E[] {
  if (vista === "junta") return historial;
  return historial.flatMap((h) => {
    const cambios = h.cambios.filter((c) => c.campo !== "comentarios");
    return cambios.length === 0 && h.cambios.length > 0 ? [] : [{ ...h, cambios }];
  });
}
