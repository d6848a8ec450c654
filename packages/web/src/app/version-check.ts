import { CLAVES, escribir, leer } from "../lib/storage";

type Dependencias = {
  versionActual: string;
  obtener: typeof fetch;
  recargar: () => void;
};

/**
 * SPEC §4: at start, read assets/config.json without cache; when its version is not the
 * bundled one, reload. The version reloaded for is remembered for the tab, so a stale cache
 * that still serves the old bundle can never cause a reload loop.
 */
export async function comprobarVersion(dependencias?: Partial<Dependencias>): Promise<boolean> {
  const {
    versionActual = __APP_VERSION__,
    obtener = fetch.bind(window),
    recargar = () => window.location.reload(),
  } = dependencias ?? {};
  let version: unknown;
  try {
    const respuesta = await obtener("assets/config.json", {
      cache: "no-store",
      headers: { "Cache-Control": "no-cache", Pragma: "no-cache" },
    });
    if (!respuesta.ok) return false;
    version = ((await respuesta.json()) as { version?: unknown } | null)?.version;
  } catch {
    return false;
  }
  if (typeof version !== "string" || version === "" || version === versionActual) return false;
  if (leer("session", CLAVES.versionRecargada) === version) return false;
  escribir("session", CLAVES.versionRecargada, version);
  recargar();
  return true;
}
