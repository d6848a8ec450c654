import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { cuandoInactivo } from "../lib/inactivo";
import { cargadores } from "./rutas";

type Cargador = () => Promise<unknown>;

export type OpcionesPrecarga = {
  /** What to load; by default the built app's files (see `cargasDeLaWeb`). */
  cargas?: readonly Cargador[] | (() => Promise<readonly Cargador[]>);
  /** True while the page on screen is still fetching its own data: preloading waits. */
  ocupado?: () => boolean;
  /**
   * True when every file is already kept by this browser: with a service worker controlling
   * the page (see `conServiceWorker`), whose install cached the whole app, nothing is fetched.
   */
  yaGuardada?: () => boolean;
};

/**
 * The page is controlled by the app's service worker (sw.ts): its install cached every script
 * and style of the build (the same files as the list below), and it answers the page's
 * import() from that cache. Preloading them again cost a return visit about 200 idle-time
 * tasks of the main thread (a <link> each, its style recalculation and its load event).
 */
export const conServiceWorker = () =>
  !import.meta.env.DEV &&
  typeof navigator !== "undefined" &&
  Boolean(navigator.serviceWorker?.controller);

/** Longest wait for an idle moment before the next step is taken anyway. */
const ESPERA_MAXIMA_MS = 3000;
/** Without requestIdleCallback (Safari), a pause that leaves the page's own work done. */
const PAUSA_SIN_IDLE_MS = 200;
/** How long the preloading yields to a page still fetching its data, at most. */
const CEDER_COMO_MUCHO_MS = 10_000;

let empezada = false;

/** The build's list of every script and style the first page did not load (build-web.mjs). */
const listaPrecarga = () => `/assets/precarga.json?v=${__APP_VERSION__}`;

/**
 * Downloads one file into the browser's cache, at the lowest priority and without running it:
 * evaluating every page's code (the editor, the charts, the dates) took the main thread for
 * hundreds of milliseconds on a phone. The page's own import() later finds it there.
 */
export function prefetch(href: string): Promise<void> {
  return new Promise((hecho) => {
    const enlace = document.createElement("link");
    enlace.rel = "prefetch";
    enlace.href = href;
    // Same request mode as a module script's import(), so that the cached copy is the one used.
    enlace.crossOrigin = "anonymous";
    enlace.onload = () => hecho();
    enlace.onerror = () => hecho();
    document.head.append(enlace);
  });
}

/**
 * The built app: each file of the build's list, prefetched. The dev server has no such list,
 * and there (or if the list cannot be read) every page module is imported instead.
 */
async function cargasDeLaWeb(): Promise<readonly Cargador[]> {
  const porModulo = Object.values(cargadores);
  if (import.meta.env.DEV) return porModulo;
  try {
    const respuesta = await fetch(listaPrecarga());
    const ficheros: unknown = respuesta.ok ? await respuesta.json() : null;
    if (!Array.isArray(ficheros) || !ficheros.every((f) => typeof f === "string")) return porModulo;
    return ficheros.map((f: string) => () => prefetch(f));
  } catch {
    return porModulo;
  }
}

/** The next idle moment (see lib/inactivo), with this module's waits. */
const enInactividad = (hacer: () => void) =>
  cuandoInactivo(hacer, { esperaMaximaMs: ESPERA_MAXIMA_MS, sinIdleMs: PAUSA_SIN_IDLE_MS });

/**
 * SPEC §2: every lazily loaded page is preloaded, so that moving around never waits for the
 * network. Not while the first page loads, though: fetching every page at once made a phone
 * download 2.3 MB in 125 requests while the login was still loading. The preloading starts
 * after the load event, once the page on screen has its data, in idle time, and fetches one
 * file at a time (each in its own idle period) into the browser's cache without running it,
 * so that it never adds a long task while someone is typing. Returns a cancel function; it
 * runs once per document.
 */
export function programarPrecarga({
  cargas: cargasPedidas = cargasDeLaWeb,
  ocupado = () => false,
  yaGuardada = conServiceWorker,
}: OpcionesPrecarga = {}): () => void {
  if (empezada) return () => {};
  let cancelar = () => {};
  let cancelada = false;
  const desde = Date.now();
  let cargas: readonly Cargador[] = [];

  /** The next idle moment in which the page on screen is not fetching its own data. */
  const cuandoLibre = (hacer: () => void) => {
    cancelar = enInactividad(() => {
      if (cancelada) return;
      if (ocupado() && Date.now() - desde < CEDER_COMO_MUCHO_MS) cuandoLibre(hacer);
      else hacer();
    });
  };
  const siguiente = (i: number) => {
    if (cancelada || i >= cargas.length) return;
    cuandoLibre(() => {
      empezada = true;
      const cargar = cargas[i] as Cargador;
      cargar()
        .catch(() => {
          // A failed preload is retried by the route itself when the person goes there.
        })
        .finally(() => siguiente(i + 1));
    });
  };
  const empezar = () => {
    if (yaGuardada()) return;
    if (typeof cargasPedidas !== "function") {
      cargas = cargasPedidas;
      siguiente(0);
      return;
    }
    // The list is asked for in such a moment too.
    cuandoLibre(() => {
      void cargasPedidas().then((lista) => {
        cargas = lista;
        siguiente(0);
      });
    });
  };

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
