/**
 * One loader per page module. Routes use them lazily, and `programarPrecarga` (precarga.ts)
 * calls them all once the first page is interactive (SPEC §2: all lazily loaded pages are
 * preloaded).
 */
/** The signed-in frame (shell, menu, push card): not a page, loaded once there is a session. */
export const cargarShell = () => import("./shell-con-sesion");

export const cargadores = {
  shell: cargarShell,
  login: () => import("../features/login/login-page"),
  inicio: () => import("../features/homes/inicio-page"),
  contrasenyaOlvidada: () => import("../features/contrasenya-olvidada/contrasenya-olvidada-page"),
  privacidad: () => import("../features/privacidad/privacidad-page"),
  participacion: () => import("../features/loteria/participacion-page"),
  condiciones: () => import("../features/condiciones/condiciones-page"),
  enConstruccion: () => import("../features/en-construccion/en-construccion-page"),
  alertas: () => import("../features/alertas/alertas-page"),
  adminHome: () => import("../features/homes/admin-home-page"),
  userHome: () => import("../features/homes/user-home-page"),
  socioHome: () => import("../features/homes/socio-home-page"),
  maestros: () => import("../features/maestros/maestros-page"),
  utilidades: () => import("../features/utilidades/utilidades-page"),
  socios: () => import("../features/socios/socios-page"),
  socioFicha: () => import("../features/socios/socio-ficha-page"),
  productos: () => import("../features/productos/productos-page"),
  pagos: () => import("../features/pagos/pagos-page"),
  misPagos: () => import("../features/pagos/mis-pagos-page"),
  pagoOnline: () => import("../features/pagos/pago-online-resultado-page"),
  actos: () => import("../features/actos/actos-page"),
  misActos: () => import("../features/actos/mis-actos-page"),
  listadoInscritos: () => import("../features/actos/listado-inscritos-page"),
  restauracion: () => import("../features/actos/restauracion-page"),
  noticias: () => import("../features/noticias/noticias-page"),
  verNoticias: () => import("../features/noticias/ver-noticias-page"),
  documentos: () => import("../features/documentos/documentos-page"),
  informes: () => import("../features/informes/informes-page"),
  market: () => import("../features/mercadillo/market-page"),
  destacado: () => import("../features/mercadillo/destacado-page"),
  gallofa: () => import("../features/gallofa/gallofa-page"),
} as const;
