/**
 * Runs `hacer` in the browser's next idle moment, or after `esperaMaximaMs` at the latest.
 * Without requestIdleCallback (Safari), after `sinIdleMs`. Returns a cancel function.
 */
export function cuandoInactivo(
  hacer: () => void,
  { esperaMaximaMs, sinIdleMs }: { esperaMaximaMs: number; sinIdleMs: number },
): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => hacer(), { timeout: esperaMaximaMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(hacer, sinIdleMs);
  return () => window.clearTimeout(id);
}
