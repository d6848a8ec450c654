import { useCallback, useEffect } from "react";
import {
  type NavigateFunction,
  type NavigateOptions,
  parsePath,
  useLocation,
  useNavigate,
} from "react-router";

let navegar: NavigateFunction | null = null;

/** Mounted inside the router: lets code outside React (the API client) navigate. */
export function PuenteNavegacion() {
  const navegarAqui = useNavigate();
  useEffect(() => {
    navegar = navegarAqui;
    return () => {
      if (navegar === navegarAqui) navegar = null;
    };
  }, [navegarAqui]);
  return null;
}

/** The app's location, read from the address (`#/socios?page=2`), where HashRouter keeps it. */
function ubicacion(): { pathname: string; search: string } {
  const { pathname = "/", search = "" } = parsePath(window.location.hash.slice(1) || "/");
  return { pathname, search };
}

/** Where the app is and how to move it, for code that runs outside the page's components. */
export const router = {
  get state() {
    return { location: ubicacion() };
  },
  async navigate(destino: string, opciones?: NavigateOptions): Promise<void> {
    if (navegar) {
      await navegar(destino, opciones);
      return;
    }
    // Before the router is drawn: its history reads the address when it starts.
    const url = `#${destino}`;
    if (opciones?.replace) window.history.replaceState(null, "", url);
    else window.history.pushState(null, "", url);
  },
};

/** The address's query parameters as they are right now (not as the last render saw them). */
export function parametrosActuales(): URLSearchParams {
  return new URLSearchParams(ubicacion().search);
}

/**
 * Changes the page's query parameters starting from the address as it is when called.
 * react-router's `setSearchParams(fn)` hands `fn` the parameters of the render that created it,
 * and HashRouter commits navigations as transitions: a callback kept from an earlier render (a
 * debounced effect, a request's `onSuccess`) would rebuild the address from an old copy and undo
 * what another change did meanwhile (the market's search and its open ad, each dropping or bringing
 * back the other). Once the person has left the page, a late call changes nothing.
 */
export function useCambiarParametros() {
  const navegarAqui = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (cambio: (actuales: URLSearchParams) => URLSearchParams, opciones?: NavigateOptions) => {
      if (ubicacion().pathname !== pathname) return;
      const actuales = parametrosActuales();
      const siguientes = cambio(new URLSearchParams(actuales));
      if (siguientes.toString() !== actuales.toString()) navegarAqui(`?${siguientes}`, opciones);
    },
    [navegarAqui, pathname],
  );
}
