import { Component, type ComponentType, lazy, type ReactNode } from "react";
import { matchRoutes, type RouteObject, useLocation, useRoutes } from "react-router";
import { cambiarCargando } from "./carga-pagina";
import { pedirDatosAlAbrir } from "./datos-al-abrir";
import { RootLayout } from "./root-layout";
import { ErrorDeRuta, RutaDesconocida } from "./route-fallbacks";
import { cargadores } from "./rutas";

/** A page loaded the first time it is drawn, whose code can also be asked for beforehand. */
type PaginaPerezosa = ComponentType & { precargar: () => Promise<unknown> };

/**
 * A route's page, loaded the first time it is drawn. Navigations are transitions (HashRouter),
 * so the page on screen stays until the next one has arrived. When its code arrives, the reads
 * the module declares (`consultasAlAbrir`) start.
 */
export function pagina<C extends () => Promise<unknown>>(
  cargar: C,
  elegir: (modulo: Awaited<ReturnType<C>>) => ComponentType,
): PaginaPerezosa {
  const cargarYPedirDatos = () => cargar().then(pedirDatosAlAbrir);
  const componente = lazy(async () => {
    cambiarCargando(1);
    try {
      return { default: elegir((await cargarYPedirDatos()) as Awaited<ReturnType<C>>) };
    } finally {
      cambiarCargando(-1);
    }
  });
  return Object.assign(componente, { precargar: cargarYPedirDatos });
}

const LoginPage = pagina(cargadores.login, (m) => m.LoginPage);

/** Every route of SPEC §2, each its own lazily loaded page. */
export const rutas: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, Component: LoginPage },
      { path: "login", Component: LoginPage },
      { path: "inicio", Component: pagina(cargadores.inicio, (m) => m.InicioPage) },
      { path: "alertas", Component: pagina(cargadores.alertas, (m) => m.AlertasPage) },
      {
        path: "contrasenya-olvidada",
        Component: pagina(cargadores.contrasenyaOlvidada, (m) => m.ContrasenyaOlvidadaPage),
      },
      { path: "socios", Component: pagina(cargadores.socios, (m) => m.SociosPage) },
      {
        path: "socios/ficha/:id",
        Component: pagina(cargadores.socioFicha, (m) => m.SocioFichaPage),
      },
      { path: "noticias", Component: pagina(cargadores.noticias, (m) => m.NoticiasPage) },
      { path: "pagos", Component: pagina(cargadores.pagos, (m) => m.PagosPage) },
      { path: "actos", Component: pagina(cargadores.actos, (m) => m.ActosPage) },
      { path: "user-home", Component: pagina(cargadores.userHome, (m) => m.UserHomePage) },
      { path: "misactos", Component: pagina(cargadores.misActos, (m) => m.MisActosPage) },
      { path: "tipossocio", Component: pagina(cargadores.maestros, (m) => m.TiposSocioPage) },
      { path: "tiposacto", Component: pagina(cargadores.maestros, (m) => m.TiposActoPage) },
      { path: "formaspago", Component: pagina(cargadores.maestros, (m) => m.FormasPagoPage) },
      { path: "productos", Component: pagina(cargadores.productos, (m) => m.ProductosPage) },
      { path: "mispagos", Component: pagina(cargadores.misPagos, (m) => m.MisPagosPage) },
      {
        path: "pago-online/:numero",
        Component: pagina(cargadores.pagoOnline, (m) => m.PagoOnlineResultadoPage),
      },
      {
        path: "en-construccion",
        Component: pagina(cargadores.enConstruccion, (m) => m.EnConstruccionPage),
      },
      { path: "vernoticias", Component: pagina(cargadores.verNoticias, (m) => m.VerNoticiasPage) },
      { path: "informes", Component: pagina(cargadores.informes, (m) => m.InformesPage) },
      { path: "privacidad", Component: pagina(cargadores.privacidad, (m) => m.PrivacidadPage) },
      {
        path: "participacion/:codigo",
        Component: pagina(cargadores.participacion, (m) => m.ParticipacionPage),
      },
      { path: "documentos", Component: pagina(cargadores.documentos, (m) => m.DocumentosPage) },
      { path: "condiciones", Component: pagina(cargadores.condiciones, (m) => m.CondicionesPage) },
      {
        path: "listado-inscritos",
        Component: pagina(cargadores.listadoInscritos, (m) => m.ListadoInscritosPage),
      },
      { path: "admin-home", Component: pagina(cargadores.adminHome, (m) => m.AdminHomePage) },
      { path: "destacado", Component: pagina(cargadores.destacado, (m) => m.DestacadoPage) },
      { path: "market", Component: pagina(cargadores.market, (m) => m.MarketPage) },
      { path: "gallofa", Component: pagina(cargadores.gallofa, (m) => m.GallofaPage) },
      { path: "utilidades", Component: pagina(cargadores.utilidades, (m) => m.UtilidadesPage) },
      { path: "socio-home", Component: pagina(cargadores.socioHome, (m) => m.SocioHomePage) },
      {
        path: "restauracion-home",
        Component: pagina(cargadores.restauracion, (m) => m.RestauracionPage),
      },
      { path: "*", Component: RutaDesconocida },
    ],
  },
];

type EstadoLimite = { error: boolean; ruta: string };

/**
 * A page that cannot render (most often: its code changed with a new deployment) shows the
 * error page instead of the whole app going blank; the next navigation tries again.
 */
export class LimiteDeRuta extends Component<{ ruta: string; children: ReactNode }, EstadoLimite> {
  override state: EstadoLimite = { error: false, ruta: this.props.ruta };

  static getDerivedStateFromError(): Partial<EstadoLimite> {
    return { error: true };
  }

  static getDerivedStateFromProps(
    props: { ruta: string },
    estado: EstadoLimite,
  ): Partial<EstadoLimite> | null {
    return props.ruta === estado.ruta ? null : { error: false, ruta: props.ruta };
  }

  override render() {
    return this.state.error ? <ErrorDeRuta /> : this.props.children;
  }
}

/** The page of the current location, inside the root layout. */
export function Rutas() {
  const { pathname } = useLocation();
  const elemento = useRoutes(rutas);
  return <LimiteDeRuta ruta={pathname}>{elemento}</LimiteDeRuta>;
}

/**
 * Starts downloading the code of the page at `pathname` (nothing for an unknown path): at start,
 * alongside the session check and the shell, rather than once the shell has been drawn.
 */
export function precargarPagina(pathname: string): void {
  const ruta = matchRoutes(rutas, pathname)?.at(-1)?.route;
  const componente = ruta?.Component as Partial<PaginaPerezosa> | null | undefined;
  void componente?.precargar?.().catch(() => undefined);
}
