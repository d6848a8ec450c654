import { ROLES, type Rol } from "@fila/domain";
import { primerSegmento } from "./rutas-publicas";

const TODOS = ROLES;
const ADMINISTRADOR = ["administrador"] as const satisfies readonly Rol[];

/**
 * Which signed-in roles may open each page (by the first path segment). The menus of SPEC §6
 * plus what they lead to: an administrador may open every page, the user home ("Cambiar a
 * Fester") and the socio home included; every role reads its alerts, news, documents and its own record (the
 * homes link to them). Whatever only the administrador manages is only for the administrador.
 */
const ROLES_POR_PAGINA: Readonly<Record<string, readonly Rol[]>> = {
  inicio: TODOS,
  "contrasenya-olvidada": TODOS,
  privacidad: TODOS,
  condiciones: TODOS,
  // A lottery participation's public check (its QR): anyone, with a session or without.
  participacion: TODOS,
  "en-construccion": TODOS,
  alertas: TODOS,
  documentos: TODOS,
  vernoticias: TODOS,
  misactos: TODOS,
  mispagos: TODOS,
  // Back from the bank (online payment): the page shows the caller's own order only.
  "pago-online": TODOS,
  destacado: TODOS,
  // Every member posts and reads ads (the homes lead there); the board moderates.
  market: TODOS,
  "admin-home": ADMINISTRADOR,
  "user-home": ["administrador", "usuario"],
  // The administrador sees everything, the socio's home too (to see what a socio sees).
  "socio-home": ["administrador", "socio"],
  socios: ADMINISTRADOR,
  noticias: ADMINISTRADOR,
  pagos: ADMINISTRADOR,
  actos: ADMINISTRADOR,
  tipossocio: ADMINISTRADOR,
  tiposacto: ADMINISTRADOR,
  formaspago: ADMINISTRADOR,
  productos: ADMINISTRADOR,
  informes: ADMINISTRADOR,
  "listado-inscritos": ADMINISTRADOR,
  gallofa: ADMINISTRADOR,
  utilidades: ADMINISTRADOR,
  "restauracion-home": ADMINISTRADOR,
};

/** The pages this module knows; a test keeps it in step with the router. */
export const PAGINAS_CON_ACCESO: readonly string[] = Object.keys(ROLES_POR_PAGINA);

/**
 * Whether a signed-in person of `rol` may open `pathname` (`search` is the query, with "?").
 * Unknown pages answer true: the router's catch-all already sends them home.
 */
export function puedeAbrir(rol: string, pathname: string, search = ""): boolean {
  const segmento = primerSegmento(pathname);
  // A person's record (socios/ficha/0 is "Mis Datos"); the page itself checks which ones.
  if (segmento === "socios" && /^\/*socios\/ficha\//.test(pathname)) return true;
  // A caterer's read-only link opens for anyone who has it.
  if (segmento === "restauracion-home" && new URLSearchParams(search).get("token")) return true;
  const roles = ROLES_POR_PAGINA[segmento];
  return roles === undefined || (roles as readonly string[]).includes(rol);
}
