/** Keys of the browser storage the app uses (SPEC §4). */
export const CLAVES = {
  token: "token",
  user: "user",
  versionRecargada: "versionRecargada",
  versionApiRecargada: "versionApiRecargada",
  /** The language chosen on this device (issue 38): survives signing out. */
  idioma: "idioma",
  /** Chosen on the login page while signed out: saved to the account at the next sign-in. */
  idiomaPendiente: "idiomaPendiente",
} as const;

// Storage may be unavailable (private mode, blocked cookies): the app then works for the tab only.
export function leer(almacen: "local" | "session", clave: string): string | null {
  try {
    return (almacen === "local" ? localStorage : sessionStorage).getItem(clave);
  } catch {
    return null;
  }
}

export function escribir(almacen: "local" | "session", clave: string, valor: string): void {
  try {
    (almacen === "local" ? localStorage : sessionStorage).setItem(clave, valor);
  } catch {
    // see leer()
  }
}

export function borrar(almacen: "local" | "session", clave: string): void {
  try {
    (almacen === "local" ? localStorage : sessionStorage).removeItem(clave);
  } catch {
    // see leer()
  }
}

/** Empties local storage but for the device's language, which outlives the session. */
export function vaciarLocal(): void {
  try {
    const idioma = localStorage.getItem(CLAVES.idioma);
    localStorage.clear();
    if (idioma !== null) localStorage.setItem(CLAVES.idioma, idioma);
  } catch {
    // see leer()
  }
}
