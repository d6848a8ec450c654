import type { RouteObject } from "react-router";
import { RootLayout } from "./root-layout";
import { CargandoPagina, ErrorDeRuta, RutaDesconocida } from "./route-fallbacks";
import { cargadores } from "./rutas";

type Cargador = (typeof cargadores)[keyof typeof cargadores];
type Modulo<C extends Cargador> = Awaited<ReturnType<C>>;

/** A route's lazy definition: load the module, take its page component. */
function pagina<C extends Cargador>(cargar: C, elegir: (modulo: Modulo<C>) => React.ComponentType) {
  return async () => ({ Component: elegir((await cargar()) as Modulo<C>) });
}

/** The pages of later issues: a friendly "en construcción" page for their area. */
function area(clave: string) {
  return pagina(cargadores.area, (m) => m.paginaDeArea(clave));
}

/** Every route of SPEC §2, each its own lazily loaded page. */
export const rutas: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: CargandoPagina,
    ErrorBoundary: ErrorDeRuta,
    children: [
      { index: true, lazy: pagina(cargadores.login, (m) => m.LoginPage) },
      { path: "login", lazy: pagina(cargadores.login, (m) => m.LoginPage) },
      { path: "inicio", lazy: pagina(cargadores.inicio, (m) => m.InicioPage) },
      { path: "alertas", lazy: area("alertas") },
      {
        path: "contrasenya-olvidada",
        lazy: pagina(cargadores.contrasenyaOlvidada, (m) => m.ContrasenyaOlvidadaPage),
      },
      { path: "socios", lazy: pagina(cargadores.socios, (m) => m.SociosPage) },
      {
        path: "socios/ficha/:id",
        lazy: pagina(cargadores.socioFicha, (m) => m.SocioFichaPage),
      },
      { path: "noticias", lazy: area("noticias") },
      { path: "pagos", lazy: area("pagos") },
      { path: "actos", lazy: area("actos") },
      { path: "user-home", lazy: pagina(cargadores.userHome, (m) => m.UserHomePage) },
      { path: "misactos", lazy: area("misactos") },
      { path: "tipossocio", lazy: pagina(cargadores.maestros, (m) => m.TiposSocioPage) },
      { path: "tiposacto", lazy: pagina(cargadores.maestros, (m) => m.TiposActoPage) },
      { path: "formaspago", lazy: pagina(cargadores.maestros, (m) => m.FormasPagoPage) },
      { path: "productos", lazy: area("productos") },
      { path: "mispagos", lazy: area("mispagos") },
      {
        path: "en-construccion",
        lazy: pagina(cargadores.enConstruccion, (m) => m.EnConstruccionPage),
      },
      { path: "vernoticias", lazy: area("vernoticias") },
      { path: "informes", lazy: area("informes") },
      { path: "privacidad", lazy: pagina(cargadores.privacidad, (m) => m.PrivacidadPage) },
      { path: "documentos", lazy: area("documentos") },
      { path: "condiciones", lazy: pagina(cargadores.condiciones, (m) => m.CondicionesPage) },
      { path: "listado-inscritos", lazy: area("listado-inscritos") },
      { path: "admin-home", lazy: pagina(cargadores.adminHome, (m) => m.AdminHomePage) },
      { path: "destacado", lazy: area("destacado") },
      { path: "market", lazy: area("market") },
      { path: "gallofa", lazy: area("gallofa") },
      { path: "utilidades", lazy: area("utilidades") },
      { path: "socio-home", lazy: pagina(cargadores.socioHome, (m) => m.SocioHomePage) },
      { path: "restauracion-home", lazy: area("restauracion-home") },
      { path: "*", Component: RutaDesconocida },
    ],
  },
];
