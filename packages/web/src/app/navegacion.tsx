import { useEffect } from "react";
import { type NavigateFunction, type NavigateOptions, useNavigate } from "react-router";

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
  const ruta = window.location.hash.replace(/^#/, "") || "/";
  const corte = ruta.search(/[?#]/);
  const pathname = corte < 0 ? ruta : ruta.slice(0, corte);
  const search = corte < 0 ? "" : (ruta.slice(corte).split("#")[0] ?? "");
  return { pathname: pathname.startsWith("/") ? pathname : `/${pathname}`, search };
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
