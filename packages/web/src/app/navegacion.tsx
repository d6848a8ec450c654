import { useEffect } from "react";
import { type NavigateFunction, type NavigateOptions, parsePath, useNavigate } from "react-router";

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
