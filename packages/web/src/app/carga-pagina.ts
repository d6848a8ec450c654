import { useSyncExternalStore } from "react";

/** How many page modules are being downloaded for a navigation: the shell shows a bar. */
let paginasCargando = 0;
const avisos = new Set<() => void>();
/**
 * Counts a page download starting (+1) or ending (-1). Called while React renders a lazy page,
 * so the shell hears of it a moment later, not in the middle of that render.
 */
export function cambiarCargando(delta: number) {
  paginasCargando += delta;
  queueMicrotask(() => {
    for (const avisar of avisos) avisar();
  });
}

/** True while the page a navigation goes to is still downloading its code. */
export function usePaginaCargando(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      avisos.add(avisar);
      return () => avisos.delete(avisar);
    },
    () => paginasCargando > 0,
  );
}
