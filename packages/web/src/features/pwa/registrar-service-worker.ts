import { cuandoInactivo } from "../../lib/inactivo";

/**
 * Registers the service worker (app-shell cache and Web Push) once the page has loaded and the
 * browser is idle: its install downloads the whole app for offline use, which must never
 * compete with the first page. Only in built apps: the dev server has no /sw.js.
 */
export function registrarServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const registrar = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a service worker the app still works online; only offline and push are lost.
    });
  };
  const enInactivo = () => cuandoInactivo(registrar, { esperaMaximaMs: 5000, sinIdleMs: 1000 });
  if (document.readyState === "complete") enInactivo();
  else window.addEventListener("load", enInactivo, { once: true });
}
