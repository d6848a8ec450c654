// Reintentos y renovación de las entregas push (SPEC §9). Sin zod: la web los usa en las páginas
// de inicio, que así no cargan los esquemas.

/** SPEC §9: retry backoff base 1000 ms, factor 2, cap 4 hours. */
export const REINTENTO_BASE_MS = 1000;
export const REINTENTO_MAXIMO_MS = 4 * 60 * 60 * 1000;
/** Attempts before a push delivery is given up (`fallido`). */
export const INTENTOS_MAXIMOS_PUSH = 10;
/** SPEC §9: a push subscription is sent to the server again after one week. */
export const RENOVACION_PUSH_MS = 7 * 24 * 60 * 60 * 1000;

/** Wait before retry number `intento` (0 = first retry). */
export function retrasoReintento(intento: number): number {
  return Math.min(REINTENTO_BASE_MS * 2 ** Math.max(0, intento), REINTENTO_MAXIMO_MS);
}
