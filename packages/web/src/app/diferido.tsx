import { type ReactNode, startTransition, useEffect, useState } from "react";
import { cuandoInactivo } from "../lib/inactivo";

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
    return cuandoInactivo(() => startTransition(() => setListo(true)), {
      esperaMaximaMs: ESPERA_MAXIMA_MS,
      sinIdleMs: 0,
    });
  }, []);
  return listo ? children : null;
}
