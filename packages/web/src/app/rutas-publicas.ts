/** First path segments reachable without a session. */
export const RUTAS_PUBLICAS = new Set([
  "",
  "login",
  "contrasenya-olvidada",
  "privacidad",
  "condiciones",
  // A lottery participation's check, for a buyer who scans its QR (issue 46).
  "participacion",
  // Only its read-only view of a caterer's link (?token=); without one it sends to the login.
  "restauracion-home",
]);

/** Reachable while the terms are not yet accepted. */
export const RUTAS_SIN_CONDICIONES = new Set(["condiciones", "privacidad", "participacion"]);

export function primerSegmento(pathname: string): string {
  return pathname.replace(/^\/+/, "").split("/")[0] ?? "";
}
