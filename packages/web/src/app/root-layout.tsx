import { homeDeRol } from "@fila/domain";
import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { VistaAnalitica } from "../features/analitica/vista-analitica";
import { puedeAbrir } from "./acceso-rutas";
import { pedirDatosAlAbrir } from "./datos-al-abrir";
import { usePrecargaDePaginas } from "./precarga";
import { PublicLayout } from "./public-layout";
import { CargandoPagina } from "./route-fallbacks";
import { cargarShell } from "./rutas";
import { primerSegmento, RUTAS_PUBLICAS, RUTAS_SIN_CONDICIONES } from "./rutas-publicas";
import { haySesion, useSesion } from "./session-store";

// The shell (menu, bell, push card…) only frames signed-in pages: the login does without it.
const ShellConSesion = lazy(() =>
  cargarShell()
    .then(pedirDatosAlAbrir)
    .then((m) => ({ default: m.ShellConSesion })),
);

/**
 * Root of every route: decides between the public layout and the shell, sends signed-out
 * people to the login, keeps signed-in people behind the terms until they accept them, and
 * preloads every page once the first one is interactive.
 */
export function RootLayout() {
  const sesion = useSesion();
  const { pathname, search, key } = useLocation();
  const segmento = primerSegmento(pathname);

  usePrecargaDePaginas();

  if (!haySesion(sesion)) {
    const destino = paginaInicial(pathname, false, "ninguno");
    if (destino !== pathname) return <Navigate key={key} to={destino} replace />;
    return (
      <PublicLayout>
        <VistaAnalitica />
        <Outlet />
      </PublicLayout>
    );
  }

  const home = `/${homeDeRol(sesion.usuario.rol)}`;

  if (sesion.usuario.condicionesAceptadas !== "si") {
    // Keyed by the location: a redirect must fire again if another navigation (the login's own,
    // a moment later) lands on a page the terms still hold back, or the page stays blank.
    if (!RUTAS_SIN_CONDICIONES.has(segmento)) {
      return <Navigate key={key} to="/condiciones" replace />;
    }
    return (
      <Suspense fallback={<CargandoPagina />}>
        <ShellConSesion conMenu={false}>
          <VistaAnalitica />
          <Outlet />
        </ShellConSesion>
      </Suspense>
    );
  }

  // A signed-in person opening the login (or the bare app) lands on their home; a reset link
  // (contrasenya-olvidada?token=…) still opens.
  if (paginaInicial(pathname, true, sesion.usuario.rol) !== pathname) {
    return <Navigate key={key} to={home} replace />;
  }

  // A page outside the person's role leads to their home, before it asks the API for anything.
  if (!puedeAbrir(sesion.usuario.rol, pathname, search)) {
    return <Navigate key={key} to={home} replace />;
  }

  return (
    <Suspense fallback={<CargandoPagina />}>
      <ShellConSesion key={sesion.usuario.id} token={sesion.token}>
        <VistaAnalitica />
        <Outlet />
      </ShellConSesion>
    </Suspense>
  );
}

/**
 * Where RootLayout sends an address before any other rule: nowhere (the address itself), the
 * login without a session, or the role's home from the bare address or the login with one. The
 * app also downloads that page's code as it starts (app.tsx).
 */
export function paginaInicial(pathname: string, conSesion: boolean, rol: string): string {
  const segmento = primerSegmento(pathname);
  if (!conSesion) return RUTAS_PUBLICAS.has(segmento) ? pathname : "/login";
  return segmento === "" || segmento === "login" ? `/${homeDeRol(rol)}` : pathname;
}
