/**
 * Analítica propia (sin terceros ni datos personales). La web manda vistas de página (la ruta,
 * nunca su query) y unos pocos eventos a `POST /api/analitica`; el servidor solo guarda
 * recuentos por día.
 */

/**
 * Las rutas que se cuentan: las de SPEC §2 tal como las declara el router, con `:id` en lugar
 * del identificador. Una lista cerrada: nadie puede llenar la base de datos con rutas inventadas.
 */
export const RUTAS_ANALITICA = [
  "/",
  "/login",
  "/inicio",
  "/alertas",
  "/contrasenya-olvidada",
  "/socios",
  "/socios/ficha/:id",
  "/noticias",
  "/pagos",
  "/actos",
  "/user-home",
  "/misactos",
  "/tipossocio",
  "/tiposacto",
  "/formaspago",
  "/productos",
  "/mispagos",
  "/en-construccion",
  "/vernoticias",
  "/informes",
  "/privacidad",
  "/documentos",
  "/condiciones",
  "/listado-inscritos",
  "/admin-home",
  "/destacado",
  "/market",
  "/gallofa",
  "/utilidades",
  "/socio-home",
  "/restauracion-home",
  "/pago-online/:numero",
  "/participacion/:codigo",
] as const;
export type RutaAnalitica = (typeof RUTAS_ANALITICA)[number];

/** Los eventos que se cuentan, además de las vistas. */
export const EVENTOS_ANALITICA = [
  "alerta_abierta_push",
  "recibo_descargado",
  "inscripcion_hecha",
  "app_instalada",
] as const;
export type EventoAnalitica = (typeof EVENTOS_ANALITICA)[number];

export const DISPOSITIVOS = ["movil", "tableta", "ordenador"] as const;
export type Dispositivo = (typeof DISPOSITIVOS)[number];

/** Lo que cabe en un envío: la web manda lotes más pequeños. */
export const MAX_VISTAS_LOTE = 50;
export const MAX_EVENTOS_LOTE = 20;
