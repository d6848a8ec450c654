import { homeDeRol, leerUsuarioSesion } from "@fila/domain";
import { type ReactNode, Suspense, startTransition, useEffect, useState } from "react";
import { HashRouter } from "react-router";
import { PARAMETRO_TOTP } from "../features/cuenta/destino-tras-entrar";
import { idiomaAlEntrar } from "../features/idioma/idioma";
import { api, configurarApi } from "../lib/api";
import { CLAVES } from "../lib/storage";
import { pedirDatosAlAbrir } from "./datos-al-abrir";
import { PuenteNavegacion, router } from "./navegacion";
import { Providers } from "./providers";
import { paginaInicial } from "./root-layout";
import { CargandoPagina } from "./route-fallbacks";
import { precargarPagina, Rutas } from "./router";
import { cargarShell } from "./rutas";
import { sesionStore } from "./session-store";

export { router };

configurarApi({
  obtenerToken: () => sesionStore.obtener().token,
  // SPEC §4: any 401 ends the session and goes to the login; the caller still gets the error.
  alNoAutorizado: () => {
    sesionStore.limpiar();
    const { pathname } = router.state.location;
    if (pathname !== "/" && pathname !== "/login")
      void router.navigate("/login", { replace: true });
  },
  // An administrator who must turn two-factor codes on (the rule may come while signed in):
  // the home with its setup open, the only thing the API lets them do until then.
  alTotpPendiente: () => {
    const home = `/${homeDeRol(sesionStore.obtener().usuario?.rol)}`;
    const { pathname, search } = router.state.location;
    if (pathname === home && search.includes(`${PARAMETRO_TOTP}=`)) return;
    void router.navigate(`${home}?${PARAMETRO_TOTP}=configurar`, { replace: true });
  },
});

// Signing in or out in another tab applies here too.
window.addEventListener("storage", (evento) => {
  if (evento.key === null || evento.key === CLAVES.token || evento.key === CLAVES.user) {
    sesionStore.recargar();
  }
});

/** Asks the server who the stored token belongs to: the stored user is refreshed. */
function comprobarSesion(): Promise<void> {
  return api
    .get<unknown>("/sesion")
    .then((datos) => {
      const usuario = leerUsuarioSesion(datos);
      if (usuario.rol === "ninguno") return;
      sesionStore.actualizarUsuario(usuario);
      // Opened with a session: the account's language wins (or a choice waiting here is saved).
      return idiomaAlEntrar(usuario.idioma);
    })
    .catch(() => {
      // 401 is handled by the API client; without a connection the stored user stays.
    });
}

// With a stored session, the check and the shell's code start with the entry script, alongside
// the texts and the page's own chunk, rather than once React has rendered.
let comprobacionAlArrancar: Promise<void> | null = null;
if (sesionStore.obtener().token !== null) {
  comprobacionAlArrancar = comprobarSesion();
  void cargarShell()
    .then(pedirDatosAlAbrir)
    .catch(() => undefined);
}
{
  const { token, usuario } = sesionStore.obtener();
  precargarPagina(paginaInicial(router.state.location.pathname, token !== null, usuario.rol));
}

/**
 * With a stored token, waits for the server to say who it belongs to before showing anything:
 * the stored user is refreshed, and a stale token (401) lands on the login without flashing a
 * home.
 */
function SesionAlArrancar({ children }: { children: ReactNode }) {
  const [lista, setLista] = useState(() => sesionStore.obtener().token === null);
  useEffect(() => {
    if (lista) return;
    let vigente = true;
    const comprobacion = comprobacionAlArrancar ?? comprobarSesion();
    void comprobacion.finally(() => {
      if (comprobacionAlArrancar === comprobacion) comprobacionAlArrancar = null;
      // Rendering the whole first page is the longest piece of work of the start: as a
      // transition React splits it into short tasks, so a tap is never kept waiting on it.
      if (vigente) startTransition(() => setLista(true));
    });
    return () => {
      vigente = false;
    };
  }, [lista]);
  return lista ? children : <CargandoPagina />;
}

export function App() {
  return (
    <Providers>
      <SesionAlArrancar>
        <HashRouter>
          <PuenteNavegacion />
          <Suspense fallback={<CargandoPagina />}>
            <Rutas />
          </Suspense>
        </HashRouter>
      </SesionAlArrancar>
    </Providers>
  );
}
