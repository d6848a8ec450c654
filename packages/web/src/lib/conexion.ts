import { useSyncExternalStore } from "react";

/**
 * Whether the app can reach the server: the browser's own online flag, corrected by what the
 * API calls find (a request that cannot connect means offline until one succeeds).
 */
let apiInalcanzable = false;
const oyentes = new Set<() => void>();

function avisar(): void {
  for (const o of oyentes) o();
}

export function marcarConexionApi(conecta: boolean): void {
  if (apiInalcanzable === !conecta) return;
  apiInalcanzable = !conecta;
  avisar();
}

// Back online: trust the API again until a call says otherwise.
if (typeof window !== "undefined") {
  window.addEventListener("online", () => marcarConexionApi(true));
}

function suscribir(oyente: () => void): () => void {
  oyentes.add(oyente);
  window.addEventListener("online", oyente);
  window.addEventListener("offline", oyente);
  return () => {
    oyentes.delete(oyente);
    window.removeEventListener("online", oyente);
    window.removeEventListener("offline", oyente);
  };
}

export function estaSinConexion(): boolean {
  return !navigator.onLine || apiInalcanzable;
}

export function useSinConexion(): boolean {
  return useSyncExternalStore(suscribir, estaSinConexion, () => false);
}
