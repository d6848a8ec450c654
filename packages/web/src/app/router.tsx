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
      { path: "alertas", lazy: pagina(cargadores.alertas, (m) => m.AlertasPage) },
      {
        path: "contrasenya-olvidada",
        lazy: pagina(cargadores.contrasenyaOlvidada, (m) => m.ContrasenyaOlvidadaPage),
      },
      { path: "socios", lazy: pagina(cargadores.socios, (m) => m.SociosPage) },
      {
        path: "socios/ficha/:id",
        lazy: pagina(cargadores.socioFicha, (m) => m.SocioFichaPage),
      },
      { path: "noticias", lazy: pagina(cargadores.noticias, (m) => m.NoticiasPage) },
      { path: "pagos", lazy: pagina(cargadores.pagos, (m) => m.PagosPage) },
      { path: "actos", lazy: pagina(cargadores.actos, (m) => m.ActosPage) },
      { path: "user-home", lazy: pagina(cargadores.userHome, (m) => m.UserHomePage) },
      { path: "misactos", lazy: pagina(cargadores.misActos, (m) => m.MisActosPage) },
      { path: "tipossocio", lazy: pagina(cargadores.maestros, (m) => m.TiposSocioPage) },
      { path: "tiposacto", lazy: pagina(cargadores.maestros, (m) => m.TiposActoPage) },
      { path: "formaspago", lazy: pagina(cargadores.maestros, (m) => m.FormasPagoPage) },
      { path: "productos", lazy: pagina(cargadores.productos, (m) => m.ProductosPage) },
      { path: "mispagos", lazy: pagina(cargadores.misPagos, (m) => m.MisPagosPage) },
      {
        path: "en-construccion",
        lazy: pagina(cargadores.enConstruccion, (m) => m.EnConstruccionPage),
      },
      { path: "vernoticias", lazy: pagina(cargadores.verNoticias, (m) => m.VerNoticiasPage) },
      { path: "informes", lazy: pagina(cargadores.informes, (m) => m.InformesPage) },
      { path: "privacidad", lazy: pagina(cargadores.privacidad, (m) => m.PrivacidadPage) },
      { path: "documentos", lazy: pagina(cargadores.documentos, (m) => m.DocumentosPage) },
      { path: "condiciones", lazy: pagina(cargadores.condiciones, (m) => m.CondicionesPage) },
      {
        path: "listado-inscritos",
        lazy: pagina(cargadores.listadoInscritos, (m) => m.ListadoInscritosPage),
      },
      { path: "admin-home", lazy: pagina(cargadores.adminHome, (m) => m.AdminHomePage) },
      { path: "destacado", lazy: pagina(cargadores.destacado, (m) => m.DestacadoPage) },
      { path: "market", lazy: pagina(cargadores.market, (m) => m.MarketPage) },
      { path: "gallofa", lazy: pagina(cargadores.gallofa, (m) => m.GallofaPage) },
      { path: "utilidades", lazy: pagina(cargadores.utilidades, (m) => m.UtilidadesPage) },
      { path: "socio-home", lazy: pagina(cargadores.socioHome, (m) => m.SocioHomePage) },
      {
        path: "restauracion-home",
        lazy: pagina(cargadores.restauracion, (m) => m.RestauracionPage),
      },
      { path: "*", Component: RutaDesconocida },
    ],
  },
];
