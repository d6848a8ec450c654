/**
 * Registers the service worker (app-shell cache and Web Push) once the page has loaded, so it
 * never competes with the first render. Only in built apps: the dev server has no /sw.js.
 */
export function registrarServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const registrar = () => {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
      // Without a service worker the app still works online; only offline and push are lost.
    });
  };
  if (document.readyState === "complete") registrar();
  else window.addEventListener("load", registrar, { once: true });
}
