import { type ReactNode, startTransition, useEffect, useState } from "react";

/** Longest wait for an idle moment before the section is drawn anyway. */
const ESPERA_MAXIMA_MS = 1500;

/**
 * A section below the fold, drawn once the page above it is on screen and the browser is idle,
 * as a transition (in short slices): the first paint and the first taps do not wait for it, nor
 * for the data it asks for.
 */
export function Diferido({ children }: { children: ReactNode }) {
  const [listo, setListo] = useState(false);
  useEffect(() => {
    const mostrar = () => startTransition(() => setListo(true));
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(mostrar, { timeout: ESPERA_MAXIMA_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(mostrar, 0);
    return () => window.clearTimeout(id);
  }, []);
  return listo ? children : null;
}
