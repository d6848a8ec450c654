import { api } from "../../lib/api";

export type EstadoTotp = {
  activo: boolean;
  obligatorio: boolean;
  pendiente: boolean;
  /** TOTP came from another installation's backup: set it up again. */
  renovar: boolean;
  /** With `renovar`: a mailed link proves the account first, or an administrator (no mail). */
  prueba: "correo" | "administrador" | null;
  codigosRestantes: number;
};

/** Opens the two-factor setup on the home (`?totp=configurar`). */
export const PARAMETRO_TOTP = "totp";
/** The single-use proof of the link mailed to an account whose TOTP came from another installation. */
export const PARAMETRO_PRUEBA = "prueba";

/**
 * Where a sign-in lands: the role's home, or, for an administrator who must turn TOTP on and has
 * not, that home with its setup open.
 */
export async function destinoTrasEntrar(rol: string, home: string): Promise<string> {
  if (rol !== "administrador") return home;
  try {
    const estado = await api.get<EstadoTotp>("/cuenta/totp");
    return estado.pendiente ? `${home}?${PARAMETRO_TOTP}=configurar` : home;
  } catch {
    // Terms still to accept (403) or no connection: the route guard decides.
    return home;
  }
}

/**
 * True while the person is still where signing in (or accepting the terms) left them: on one of
 * `origenes` or on the home the app sends them to at once. The check above takes a round trip,
 * and its answer must not take them back from a page they opened meanwhile.
 */
export function sigueDondeEntro(home: string, origenes: readonly string[]): boolean {
  const ruta = window.location.hash.replace(/^#/, "").split("?")[0] || "/";
  return ruta === home || origenes.includes(ruta);
}
