/** First path segments reachable without a session. */
export const RUTAS_PUBLICAS = new Set([
  "",
  "login",
  "contrasenya-olvidada",
  "privacidad",
  "condiciones",
  // Only its read-only view of a caterer's link (?token=); without one it sends to the login.
  "restauracion-home",
]);

/** Reachable while the terms are not yet accepted. */
export const RUTAS_SIN_CONDICIONES = new Set(["condiciones", "privacidad"]);

export function primerSegmento(pathname: string): string {
  return pathname.replace(/^\/+/, "").split("/")[0] ?? "";
}
