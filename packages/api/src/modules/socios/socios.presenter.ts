import {
  calcularDerramaAnual,
  calcularDerramaPendiente,
  calcularEdad,
  type SocioVista,
} from "@fila/domain";
import type { SocioGuardado } from "./socios.repository.js";

/**
 * How the caller may see a member: `completo` (administrador, or the member themself) or
 * `pagado` (a usuario/socio reading a member they pay for: read-only, without the board's notes).
 */
export type Vista = "completo" | "pagado";

/** Adds the fields derived on read and whitelists per view. */
export function presentarSocio(s: SocioGuardado, vista: Vista, hoy: string): SocioVista {
  // The repository sums the member's paid levy charges.
  const derramaPagada = s.derramaPagada ?? 0;
  return {
    ...s,
    comentarios: vista === "completo" ? s.comentarios : "",
    derramaAnual: calcularDerramaAnual(s.importeDerrama, s.anyosPagoDerrama),
    derramaPagada,
    derramaPendiente: calcularDerramaPendiente(s.importeDerrama, derramaPagada),
    edad: calcularEdad(s.fechaNacimiento, hoy),
  };
}
