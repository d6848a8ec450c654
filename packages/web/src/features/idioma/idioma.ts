import { esIdioma, type Idioma } from "@fila/domain";
import { sesionStore } from "../../app/session-store";
import { api } from "../../lib/api";
import { cambiarIdioma, idiomaActual } from "../../lib/i18n";
import { borrar, CLAVES, escribir, leer } from "../../lib/storage";

/**
 * Choosing the language (issue 38). The device remembers the last choice (lib/i18n.ts); signed in,
 * a choice is saved to the account at once; signed out (the login page), it waits and is saved at
 * the next sign-in. On any other sign-in and when the app opens with a session, the account's
 * language wins.
 */
export async function elegirIdioma(nuevo: Idioma): Promise<void> {
  await cambiarIdioma(nuevo);
  const { token, usuario } = sesionStore.obtener();
  if (token === null) {
    escribir("local", CLAVES.idiomaPendiente, nuevo);
    return;
  }
  try {
    await api.put("/sesion/idioma", { idioma: nuevo });
    sesionStore.actualizarUsuario({ ...usuario, idioma: nuevo });
  } catch {
    // Offline or refused: the device keeps the choice; the next sign-in saves it.
    escribir("local", CLAVES.idiomaPendiente, nuevo);
  }
}

/**
 * Just signed in (password or provider) or opened with a session: a choice still waiting on this
 * device is saved to the account; otherwise the account's language is shown.
 */
export async function idiomaAlEntrar(idiomaCuenta: Idioma): Promise<void> {
  const pendiente = leer("local", CLAVES.idiomaPendiente);
  if (esIdioma(pendiente)) {
    try {
      if (pendiente !== idiomaCuenta) await api.put("/sesion/idioma", { idioma: pendiente });
      borrar("local", CLAVES.idiomaPendiente);
      if (pendiente !== idiomaActual()) await cambiarIdioma(pendiente);
      return;
    } catch {
      // Not saved: the account's language wins this time.
      borrar("local", CLAVES.idiomaPendiente);
    }
  }
  if (idiomaCuenta !== idiomaActual()) await cambiarIdioma(idiomaCuenta);
}
