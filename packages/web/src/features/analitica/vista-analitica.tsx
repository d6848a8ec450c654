import { useEffect } from "react";
import { useLocation } from "react-router";
import { registroAnalitica, rutaDeAnalitica } from "./registro-analitica";

let ultimaClave: string | null = null;

/**
 * Counts the page being shown (placed where a page renders, never on a redirect). Each
 * navigation has its own location key: a re-render or StrictMode's second effect is not a view.
 */
export function VistaAnalitica() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key === ultimaClave) return;
    ultimaClave = key;
    const ruta = rutaDeAnalitica(pathname);
    if (ruta) registroAnalitica.vista(ruta);
  }, [pathname, key]);
  return null;
}
