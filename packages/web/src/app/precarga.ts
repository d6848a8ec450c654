import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { cargadores } from "./rutas";

type Cargador = () => Promise<unknown>;

export type OpcionesPrecarga = {
  cargas?: readonly Cargador[];
  /** True while the page on screen is still fetching its own data: preloading waits. */
  ocupado?: () => boolean;
};

/** Longest wait for an idle moment before the next step is taken anyway. */
const ESPERA_MAXIMA_MS = 3000;
/** Without requestIdleCallback (Safari), a pause that leaves the page's own work done. */
const PAUSA_SIN_IDLE_MS = 200;
/** How long the preloading yields to a page still fetching its data, at most. */
const CEDER_COMO_MUCHO_MS = 10_000;

let empezada = false;

function cuandoInactivo(hacer: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => hacer(), { timeout: ESPERA_MAXIMA_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(hacer, PAUSA_SIN_IDLE_MS);
  return () => window.clearTimeout(id);
}

/**
 * SPEC §2: every lazily loaded page is preloaded, so that moving around never waits for the
 * network. Not while the first page loads, though: fetching every page at once made a phone
 * download 2.3 MB in 125 requests while the login was still loading. The preloading starts
 * after the load event, once the page on screen has its data, in idle time, and loads one
 * page module at a time (each in its own idle period, so that evaluating them never adds a
 * long task while someone is typing). Returns a cancel function; it runs once per document.
 */
export function programarPrecarga({
  cargas = Object.values(cargadores),
  ocupado = () => false,
}: OpcionesPrecarga = {}): () => void {
  if (empezada) return () => {};
  let cancelar = () => {};
  let cancelada = false;
  const desde = Date.now();

  const siguiente = (i: number) => {
    if (cancelada || i >= cargas.length) return;
    cancelar = cuandoInactivo(() => {
      if (ocupado() && Date.now() - desde < CEDER_COMO_MUCHO_MS) {
        siguiente(i);
        return;
      }
      empezada = true;
      const cargar = cargas[i] as Cargador;
      cargar()
        .catch(() => {
          // A failed preload is retried by the route itself when the person goes there.
        })
        .finally(() => siguiente(i + 1));
    });
  };
  const empezar = () => siguiente(0);

  if (document.readyState === "complete") empezar();
  else window.addEventListener("load", empezar, { once: true });
  return () => {
    cancelada = true;
    window.removeEventListener("load", empezar);
    cancelar();
  };
}

/** Preloads every page once the first one is interactive: see `programarPrecarga`. */
export function usePrecargaDePaginas(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => programarPrecarga({ ocupado: () => queryClient.isFetching() > 0 }),
    [queryClient],
  );
}

/** For tests: forget that the preloading already ran in this document. */
export function reiniciarPrecarga(): void {
  empezada = false;
}
