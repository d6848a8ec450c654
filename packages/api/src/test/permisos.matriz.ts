/**
 * The permission matrix of the whole API (issue 17), in one place: for every operation registered
 * under /api, what anonymous, socio, usuario (with its own ids, a family member's and someone
 * else's) and administrador get. `permisos.test.ts` builds the data, calls every cell on the real
 * app and compares; an operation of the app missing here fails that test by name.
 *
 * What an expectation means:
 * - `ok`: allowed and it must succeed (2xx; a redirect counts).
 * - `401`, `403`, `404`: exactly that status.
 * - `oculto`: 403 or 404, whichever: the caller learns nothing of the resource.
 * - `{ permitido: motivo }`: allowed; the data of the fixture leaves it at a 4xx of the business
 *   rules (409 a remittance without bank data, …) and the reason says why. Any non-5xx passes.
 * A 2xx where the table says 401/403/404/oculto is a leak; a 5xx always fails.
 *
 * Order of the checks. The session is checked in `onRequest` on every route (plugins/auth.ts refuses
 * a route that checks it later): before the body is parsed and validated, so an anonymous caller
 * gets 401 whatever it sends and never learns the request's shape. Every cell here sends a minimal
 * valid request, so the permission decides; the test also calls every route that asks for a
 * session anonymously with an invalid id, query and body, and expects 401.
 */
import type { Parte } from "./subidas.js";

export type Esperado = "ok" | "401" | "403" | "404" | "oculto" | { permitido: string };

/** Whose resource a cell uses: the caller's own, a family member's (paid by them), someone else's. */
export type Dueno = "propio" | "familia" | "ajeno" | "socioPropio" | "admin";

export type Quien =
  | "anonimo"
  | "socio"
  | "socio·propio"
  | "usuario"
  | "usuario·propio"
  | "usuario·familia"
  | "usuario·ajeno"
  | "administrador";

export type Peticion = {
  url: string;
  cuerpo?: unknown;
  multipart?: Parte[];
};

/** The caller's own account, for cells that send their own ids. */
export type Yo = { id: number; idSocio: number | null };

type PorDueno = Partial<Record<Dueno, number>> & { ajeno: number };

/** Everything the cells point at, created by `permisos.test.ts`. */
export type Fixtures = {
  /** `objetivo` and `invitada` (no password yet) are spare accounts for the admin's changes. */
  cuentas: {
    propio: number;
    ajeno: number;
    socioPropio: number;
    objetivo: number;
    invitada: number;
  };
  emailLogin: string;
  socios: PorDueno & { admin: number; borrable: number; paraCuenta: number };
  pagos: PorDueno & { cobrable: number; cobrable2: number; anulable: number };
  /** Pending charges per owner, for online payment (the admin's own too). */
  pagosOnline: PorDueno;
  /** Online orders (Redsys) of the usuario and of another usuario. */
  pedidosOnline: { propio: string; ajeno: string };
  actos: { abierto: number; inscrito: number; borrable: number; cancelable: number };
  /** Member to enrol in `actos.abierto` per owner (the admin enrols one of its own). */
  inscribir: PorDueno;
  inscripciones: PorDueno;
  alertas: PorDueno;
  noticias: { borrador: number; borrable: number; publicable: number };
  documentos: { admin: number; borrable: number };
  /**
   * Market ads of the usuario (`propio`) and of another usuario (`ajeno`); the `*Borrable` ones
   * are deleted by their cells; `conImagen` ads carry one image each (key in `claves`).
   */
  anuncios: {
    propio: number;
    ajeno: number;
    propioBorrable: number;
    ajenoBorrable: number;
    conImagen: { propio: number; ajeno: number };
    claves: { propio: string; ajeno: string };
  };
  gallofa: { una: number; borrable: number };
  /** A lottery with talonarios per owner (`admin`: the board's), and a participation's code. */
  loterias: {
    id: number;
    liquidables: PorDueno & { admin: number };
    digitales: PorDueno & { admin: number };
    anulable: number;
    /** The first serial of `anulable`. */
    serieAnulable: number;
    asignable: number;
    codigo: string;
  };
  /** Groups, escuadras and cargos (issue 49): `miembro` is in `escuadra` and in `grupo`. */
  estructura: {
    anyo: number;
    escuadra: number;
    escuadraBorrable: number;
    grupo: number;
    grupoBorrable: number;
    miembro: number;
    cargo: number;
    cargoSocio: number;
    cargoSocioBorrable: number;
  };
  /**
   * The general assembly (issue 48): one called (census frozen, nobody of age restrictions), its
   * first secret point, a board's paper delegation of `ajeno`, and an event without assembly.
   */
  asambleas: { id: number; idPunto: number; delegacion: number; actoLibre: number };
  tesoreria: {
    cuenta: number;
    categoria: number;
    movimiento: number;
    contraasentable: number;
    documento: number;
    /** An imported statement, a Norma 43 file of the cash box (by idCuenta), and rules. */
    extracto: number;
    fichero: Buffer;
    regla: number;
    reglaBorrable: number;
  };
  /** Seniority and awards (issue 49b): periods of `socios.ajeno`, an award and two grants. */
  antiguedad: {
    periodo: number;
    periodoBorrable: number;
    recompensa: number;
    concesion: number;
    concesionBorrable: number;
  };
  maestros: Record<"tipossocio" | "tiposacto" | "formaspago", { uno: number; borrable: number }>;
  productos: { uno: number; borrable: number };
  remesas: { una: number; borrable: number; pagoEnRemesa: number };
  restauracion: { token: string; enlaceBorrable: number };
  calendario: { archivo: string };
  imagen: Buffer;
  hoy: string;
  enUnaSemana: string;
};

export type Entrada = {
  anonimo: Esperado;
  socio: Esperado;
  usuario: Esperado;
  administrador: Esperado;
  /**
   * A member-owned resource: the usuario cell becomes three (its own id, a family member's and
   * someone else's) and, with `socioPropio`, the socio also calls with its own id. The base socio
   * (and anonymous) cells use someone else's.
   */
  duenos?: { propio: Esperado; familia?: Esperado; ajeno: Esperado; socioPropio?: Esperado };
  peticion?: (f: Fixtures, dueno: Dueno, yo: Yo) => Peticion;
  /** Each signed-in cell with a fresh account of its role (logout, password change). */
  desechable?: true;
  /** Server-sent events: only the status is read, the stream is left open until the app closes. */
  flujo?: true;
};

const publica: Pick<Entrada, "anonimo" | "socio" | "usuario" | "administrador"> = {
  anonimo: "ok",
  socio: "ok",
  usuario: "ok",
  administrador: "ok",
};
/** Any signed-in account; anonymous 401. */
const sesion = { anonimo: "401", socio: "ok", usuario: "ok", administrador: "ok" } as const;
/** The board only. */
const admin = { anonimo: "401", socio: "403", usuario: "403", administrador: "ok" } as const;

const de = (ids: PorDueno, d: Dueno) => ids[d] ?? ids.ajeno;
/** The admin's own target for a call that changes or deletes. */
const paraAdmin = (d: Dueno, suyo: number, otro: number) => (d === "admin" ? suyo : otro);

const FECHA_ACTO = "2099-06-01";
const FECHA_MAXIMA = "2099-05-01";

export const MATRIZ: Record<string, Entrada> = {
  // Salud y documentación: públicas.
  "GET /api/salud": publica,
  "GET /api/salud/lista": publica,
  // Without METRICS_TOKEN (as here) the metrics do not exist for anyone; with it, only its bearer
  // reads them, never a session (metricas.routes.test.ts).
  "GET /api/metricas": { anonimo: "404", socio: "404", usuario: "404", administrador: "404" },
  "GET /api/openapi.json": publica,
  "GET /api/docs": publica,
  "GET /api/docs/": publica,
  "GET /api/docs/static/index.html": publica,
  "GET /api/docs/static/swagger-initializer.js": publica,
  "GET /api/docs/json": publica,
  "GET /api/docs/yaml": publica,
  "GET /api/docs/*": { ...publica, peticion: () => ({ url: "/api/docs/static/swagger-ui.css" }) },

  // Sesión.
  "POST /api/login": {
    ...publica,
    peticion: (f) => ({
      url: "/api/login",
      cuerpo: { email: f.emailLogin, password: "festa-de-moros-2026" },
    }),
  },
  "POST /api/logout": { ...sesion, desechable: true },
  "GET /api/sesion": { ...sesion },
  "PUT /api/sesion/idioma": {
    ...sesion,
    peticion: () => ({ url: "/api/sesion/idioma", cuerpo: { idioma: "es" } }),
  },
  "POST /api/login/psswd": {
    ...sesion,
    socio: "403",
    desechable: true,
    duenos: { propio: "ok", familia: "403", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: "/api/login/psswd",
      cuerpo: {
        idSocio: d === "propio" || d === "socioPropio" || d === "admin" ? 0 : de(f.socios, d),
        antigua: "festa-de-moros-2026",
        nueva: "una-contrasenya-nova-2026",
      },
    }),
  },
  "POST /api/login/condiciones": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d, yo) => ({
      url: "/api/login/condiciones",
      cuerpo: { id: d === "ajeno" ? f.cuentas.ajeno : yo.id },
    }),
  },
  "POST /api/login/psswdrst": {
    ...publica,
    peticion: (f) => ({ url: "/api/login/psswdrst", cuerpo: { email: f.emailLogin } }),
  },
  "POST /api/login/psswdrst/confirmar": {
    anonimo: { permitido: "público; un token que no existe es 400, sin cambiar nada" },
    socio: { permitido: "público; token inexistente" },
    usuario: { permitido: "público; token inexistente" },
    administrador: { permitido: "público; token inexistente" },
    peticion: () => ({
      url: "/api/login/psswdrst/confirmar",
      cuerpo: { token: "no-existe", nueva: "una-contrasenya-nova-2026" },
    }),
  },

  // Analítica propia: cualquiera manda vistas (sin guardar quién); el resumen, la junta.
  "POST /api/analitica": {
    ...publica,
    peticion: () => ({
      url: "/api/analitica",
      cuerpo: { vistas: ["/inicio"], eventos: ["recibo_descargado"] },
    }),
  },
  "GET /api/analitica/resumen": { ...admin },
  // Entrar con un proveedor OpenID Connect: público (sin OIDC_ISSUER en las pruebas, se ofrece
  // como inactivo y el inicio y la vuelta llevan al login con el motivo).
  "GET /api/login/oidc": publica,
  "GET /api/login/oidc/inicio": publica,
  "GET /api/login/oidc/retorno": {
    ...publica,
    peticion: () => ({ url: "/api/login/oidc/retorno?state=inventado&code=inventado" }),
  },
  "POST /api/login/oidc": {
    anonimo: { permitido: "público; un vale que no existe es 401 vale_invalido" },
    socio: { permitido: "público; vale inexistente" },
    usuario: { permitido: "público; vale inexistente" },
    administrador: { permitido: "público; vale inexistente" },
    peticion: () => ({ url: "/api/login/oidc", cuerpo: { vale: "no-existe" } }),
  },

  // Verificación en dos pasos (TOTP) de la propia cuenta.
  "GET /api/cuenta/totp": { ...sesion },
  "POST /api/cuenta/totp": { ...sesion },
  "POST /api/cuenta/totp/enlace": {
    anonimo: "401",
    socio: { permitido: "su propia cuenta; sin datos de otra instalación es 409" },
    usuario: { permitido: "su propia cuenta; sin datos de otra instalación es 409" },
    administrador: { permitido: "su propia cuenta; sin datos de otra instalación es 409" },
  },
  "POST /api/cuenta/totp/confirmacion": {
    anonimo: "401",
    socio: { permitido: "su propia cuenta; sin secreto pendiente 409, con uno el código es 400" },
    usuario: { permitido: "su propia cuenta; 409 o 400 según haya secreto pendiente" },
    administrador: { permitido: "su propia cuenta; 409 o 400 según haya secreto pendiente" },
    peticion: () => ({ url: "/api/cuenta/totp/confirmacion", cuerpo: { codigo: "123456" } }),
  },
  "DELETE /api/cuenta/totp": {
    anonimo: "401",
    socio: { permitido: "su propia cuenta; sin la verificación activada es 409" },
    usuario: { permitido: "su propia cuenta; sin la verificación activada es 409" },
    administrador: { permitido: "su propia cuenta; sin la verificación activada es 409" },
    peticion: () => ({ url: "/api/cuenta/totp", cuerpo: { codigo: "123456" } }),
  },
  "PUT /api/asociacion/seguridad": {
    ...admin,
    peticion: () => ({ url: "/api/asociacion/seguridad", cuerpo: { totpObligatorioAdmin: false } }),
  },
  "DELETE /api/usuarios/:id/totp": {
    ...admin,
    administrador: { permitido: "la cuenta no tiene la verificación activada: 409" },
    peticion: (f) => ({ url: `/api/usuarios/${f.cuentas.objetivo}/totp` }),
  },

  // Mensajes en primer plano y push.
  "GET /api/eventos": { ...sesion, flujo: true },
  "GET /api/push/clave": { ...sesion },
  "POST /api/push/suscripcion": {
    ...sesion,
    peticion: () => ({
      url: "/api/push/suscripcion",
      cuerpo: {
        endpoint: "https://push.example.com/envio/matriz",
        keys: {
          p256dh: Buffer.alloc(65, 4).toString("base64url"),
          auth: Buffer.alloc(16, 7).toString("base64url"),
        },
      },
    }),
  },
  "DELETE /api/push/suscripcion": {
    ...sesion,
    peticion: () => ({
      url: "/api/push/suscripcion",
      cuerpo: { endpoint: "https://push.example.com/envio/matriz" },
    }),
  },

  // Alertas.
  "POST /api/alertas": {
    ...admin,
    peticion: (f) => ({
      url: "/api/alertas",
      cuerpo: { titulo: "Assaig", destino: { idsSocio: [f.socios.admin] } },
    }),
  },
  "GET /api/alertas": { ...admin },
  "GET /api/alertas/mias": { ...sesion },
  "GET /api/alertas/mias/no-leidas": { ...sesion },
  "POST /api/alertas/mias/leidas": { ...sesion },
  "GET /api/alertas/mias/:id": {
    ...sesion,
    socio: "404",
    administrador: "404",
    duenos: { propio: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/alertas/mias/${de(f.alertas, d)}` }),
  },
  "GET /api/alertas/:id": {
    ...admin,
    duenos: { propio: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/alertas/${de(f.alertas, d)}` }),
  },
  "POST /api/alertas/:id/leida": {
    ...sesion,
    socio: "404",
    administrador: "404",
    duenos: { propio: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/alertas/${de(f.alertas, d)}/leida` }),
  },

  // Asociación.
  "GET /api/asociacion": { ...admin },
  "PUT /api/asociacion": {
    ...admin,
    peticion: () => ({
      url: "/api/asociacion",
      cuerpo: { nombre: "Filà de prova", cif: "B85626240", iban: "ES9121000418450200051332" },
    }),
  },
  "GET /api/asociacion/textos": publica,
  "PUT /api/asociacion/textos": {
    ...admin,
    peticion: () => ({
      url: "/api/asociacion/textos",
      cuerpo: { condiciones: "<p>Condiciones</p>", privacidad: "<p>Privacidad</p>" },
    }),
  },
  "GET /api/asociacion/logo": {
    anonimo: { permitido: "la asociación aún no tiene logotipo: 404" },
    socio: { permitido: "la asociación aún no tiene logotipo: 404" },
    usuario: { permitido: "la asociación aún no tiene logotipo: 404" },
    administrador: { permitido: "la asociación aún no tiene logotipo: 404" },
  },
  "PUT /api/asociacion/logo": {
    ...admin,
    peticion: (f) => ({
      url: "/api/asociacion/logo",
      multipart: [{ campo: "archivo", archivo: f.imagen, nombre: "logo.png" }],
    }),
  },
  "DELETE /api/asociacion/logo": admin,

  // Actos.
  "GET /api/actos": admin,
  "POST /api/actos": {
    ...admin,
    peticion: () => ({ url: "/api/actos", cuerpo: { nombre: "Acte nou", fecha: FECHA_ACTO } }),
  },
  "GET /api/actos/mios": sesion,
  "GET /api/actos/puntos": admin,
  "GET /api/actos/puntos/mios": sesion,
  "GET /api/actos/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.abierto}` }),
  },
  "PUT /api/actos/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/actos/${f.actos.abierto}`,
      cuerpo: {
        nombre: "Sopar de germanor",
        fecha: FECHA_ACTO,
        fechaMaximaInscripcion: FECHA_MAXIMA,
      },
    }),
  },
  "POST /api/actos/:id/copia": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.abierto}/copia`, cuerpo: {} }),
  },
  "POST /api/actos/:id/cancelacion": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/actos/${paraAdmin(d, f.actos.cancelable, f.actos.abierto)}/cancelacion`,
    }),
  },
  "GET /api/actos/:id/evento.ics": {
    ...sesion,
    peticion: (f) => ({ url: `/api/actos/${f.actos.abierto}/evento.ics` }),
  },
  "GET /api/actos/:id/inscripciones": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/inscripciones` }),
  },
  "POST /api/actos/:id/inscripciones": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.abierto}/inscripciones`,
      cuerpo: { idSocio: de(f.inscribir, d) },
    }),
  },
  "GET /api/actos/:id/inscripciones/export": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/inscripciones/export?formato=xlsx` }),
  },
  "PATCH /api/actos/:id/inscripciones/:idInscripcion": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.inscrito}/inscripciones/${de(f.inscripciones, d)}`,
      cuerpo: { alergias: "Fruits secs" },
    }),
  },
  "POST /api/actos/:id/inscripciones/:idInscripcion/promocion": {
    ...admin,
    administrador: {
      permitido: "la inscripción de la prueba ya tiene plaza: 409 sin cambiar nada",
    },
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.inscrito}/inscripciones/${de(f.inscripciones, d)}/promocion`,
    }),
  },
  "PUT /api/actos/:id/inscripciones/:idInscripcion/plazo-pago": {
    ...admin,
    administrador: { permitido: "la inscripción de la prueba no tiene plazo de pago: 409" },
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.inscrito}/inscripciones/${de(f.inscripciones, d)}/plazo-pago`,
      cuerpo: { plazoPago: "2099-01-01T10:00:00Z" },
    }),
  },
  // Tables of a seated dinner (issue 50); the event of the fixtures has none: 409 for whoever
  // may ask, nothing changed.
  "GET /api/actos/:id/mesas": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/mesas` }),
  },
  "GET /api/actos/:id/mesas/pdf": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/mesas/pdf?tipo=tarjetas` }),
  },
  "POST /api/actos/:id/mesas": {
    anonimo: "401",
    socio: { permitido: "el acto no tiene mesas: 409" },
    usuario: { permitido: "el acto no tiene mesas: 409" },
    administrador: { permitido: "el acto no tiene mesas: 409" },
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/mesas` }),
  },
  "POST /api/actos/:id/mesas/union": {
    anonimo: "401",
    socio: { permitido: "el acto no tiene mesas: 409" },
    usuario: { permitido: "el acto no tiene mesas: 409" },
    administrador: { permitido: "el acto no tiene mesas: 409" },
    peticion: (f) => ({
      url: `/api/actos/${f.actos.inscrito}/mesas/union`,
      cuerpo: { codigo: "ABCDEF" },
    }),
  },
  "PUT /api/actos/:id/mesas/asignaciones": {
    ...admin,
    administrador: { permitido: "el acto no tiene mesas: 409" },
    peticion: (f) => ({
      url: `/api/actos/${f.actos.inscrito}/mesas/asignaciones`,
      cuerpo: { idInscripcion: f.inscripciones.ajeno, idMesa: null },
    }),
  },
  "POST /api/actos/:id/mesas/automatico": {
    ...admin,
    administrador: { permitido: "el acto no tiene mesas: 409" },
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/mesas/automatico` }),
  },
  "PUT /api/actos/:id/inscripciones/:idInscripcion/asistencia": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.inscrito}/inscripciones/${de(f.inscripciones, d)}/asistencia`,
      cuerpo: { asistio: false },
    }),
  },
  "GET /api/actos/:id/accesos": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/accesos` }),
  },
  "POST /api/actos/:id/accesos": {
    ...admin,
    // A code that is not a card: 200 «carnet_no_valido», nothing marked.
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/accesos`, cuerpo: { codigo: "x" } }),
  },
  "DELETE /api/actos/:id/inscripciones/:idInscripcion": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/actos/${f.actos.inscrito}/inscripciones/${de(f.inscripciones, d)}`,
    }),
  },
  "POST /api/actos/:id/imagen": {
    ...admin,
    peticion: (f) => ({
      url: `/api/actos/${f.actos.abierto}/imagen`,
      multipart: [{ campo: "archivo", archivo: f.imagen, nombre: "cartel.png" }],
    }),
  },
  "GET /api/actos/:id/imagen": {
    ...sesion,
    peticion: (f) => ({ url: `/api/actos/${f.actos.inscrito}/imagen` }),
  },
  "DELETE /api/actos/:id/imagen": {
    ...admin,
    peticion: (f) => ({ url: `/api/actos/${f.actos.borrable}/imagen` }),
  },
  "DELETE /api/actos/:id": {
    ...admin,
    peticion: (f, d) => ({ url: `/api/actos/${paraAdmin(d, f.actos.borrable, f.actos.abierto)}` }),
  },

  // Calendario y restauración.
  "GET /api/calendario/publico.ics": publica,
  "GET /api/calendario/enlace": sesion,
  "POST /api/calendario/enlace": sesion,
  "GET /api/calendario/:archivo": {
    ...publica,
    peticion: (f) => ({ url: `/api/calendario/${f.calendario.archivo}` }),
  },
  "GET /api/restauracion": admin,
  "POST /api/restauracion/enlaces": {
    ...admin,
    peticion: () => ({ url: "/api/restauracion/enlaces", cuerpo: { dias: 7 } }),
  },
  "GET /api/restauracion/enlaces": admin,
  "DELETE /api/restauracion/enlaces/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/restauracion/enlaces/${f.restauracion.enlaceBorrable}` }),
  },
  "GET /api/restauracion/publico/:token": {
    ...publica,
    peticion: (f) => ({ url: `/api/restauracion/publico/${f.restauracion.token}` }),
  },

  // Socios.
  "GET /api/socios": admin,
  "POST /api/socios": {
    ...admin,
    peticion: () => ({ url: "/api/socios", cuerpo: { nombre: "Nou", apellidos: "Socio Matriu" } }),
  },
  "GET /api/socios/yo": sesion,
  "PATCH /api/socios/yo": {
    ...sesion,
    peticion: () => ({ url: "/api/socios/yo", cuerpo: { telefono: "600000001" } }),
  },
  "GET /api/socios/yo/datos": sesion,
  "GET /api/socios/exportar": admin,
  "POST /api/socios/importar": {
    ...admin,
    peticion: () => ({
      url: "/api/socios/importar?confirmar=0",
      multipart: [
        {
          campo: "archivo",
          archivo: Buffer.from("Nombre;Apellidos\r\nPep;Prova\r\n"),
          nombre: "s.csv",
        },
      ],
    }),
  },
  "GET /api/socios/:id": {
    ...admin,
    socio: "403",
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}` }),
  },
  "GET /api/socios/:id/familia": {
    ...admin,
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/familia` }),
  },
  "GET /api/socios/:id/historial": {
    ...admin,
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/historial` }),
  },
  "GET /api/socios/:id/carnet": {
    ...admin,
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/carnet` }),
  },
  "POST /api/socios/:id/carnet/renovacion": {
    ...admin,
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/carnet/renovacion` }),
  },
  "PUT /api/socios/:id": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/socios/${de(f.socios, d)}`,
      cuerpo: { nombre: "Canviat", apellidos: "Per La Junta" },
    }),
  },
  "PATCH /api/socios/:id": {
    ...admin,
    duenos: { propio: "ok", familia: "403", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/socios/${de(f.socios, d)}`,
      cuerpo: { telefono: "600000002" },
    }),
  },
  "POST /api/socios/:id/imagen": {
    ...admin,
    duenos: { propio: "ok", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/socios/${de(f.socios, d)}/imagen`,
      multipart: [{ campo: "archivo", archivo: f.imagen, nombre: "foto.png" }],
    }),
  },
  "GET /api/socios/:id/imagen": {
    ...admin,
    duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/imagen` }),
  },
  "DELETE /api/socios/:id/imagen": {
    ...admin,
    duenos: { propio: "ok", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/imagen` }),
  },
  "POST /api/socios/:id/baja": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/baja`, cuerpo: {} }),
  },
  "POST /api/socios/:id/alta": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/alta` }),
  },
  "DELETE /api/socios/:id": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/socios/${paraAdmin(d, f.socios.borrable, de(f.socios, d))}`,
    }),
  },

  // Maestros: cualquier sesión lee las listas (desplegables); el resto, la junta.
  ...maestro("tipossocio", { nombre: "Tipus de matriu", color: "#336699" }),
  ...maestro("tiposacto", { nombre: "Tipus d'acte de matriu", color: "#336699" }),
  ...maestro("formaspago", { nombre: "Forma de matriu", domiciliada: false }),

  // Cuotas y productos.
  "GET /api/productos": admin,
  "POST /api/productos": {
    ...admin,
    peticion: () => ({
      url: "/api/productos",
      cuerpo: { nombre: "Loteria de matriu", anyo: 2026, tipo: "loteria", precio: 20 },
    }),
  },
  "GET /api/productos/copia": {
    ...admin,
    peticion: () => ({ url: "/api/productos/copia?desde=2026&hasta=2027" }),
  },
  "POST /api/productos/copia": {
    ...admin,
    peticion: () => ({ url: "/api/productos/copia", cuerpo: { desde: 2026, hasta: 2027 } }),
  },
  "GET /api/productos/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/productos/${f.productos.uno}` }),
  },
  "PUT /api/productos/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/productos/${f.productos.uno}`,
      cuerpo: { nombre: "Quota de matriu 2026", anyo: 2026, tipo: "otro", precio: 12 },
    }),
  },
  "DELETE /api/productos/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/productos/${paraAdmin(d, f.productos.borrable, f.productos.uno)}`,
    }),
  },

  // Pagos.
  "GET /api/pagos": admin,
  "POST /api/pagos": {
    ...admin,
    peticion: (f) => ({
      url: "/api/pagos",
      cuerpo: {
        idSocio: f.socios.admin,
        concepto: "Cargo manual",
        importe: 5,
        fechaVencimiento: f.hoy,
      },
    }),
  },
  "GET /api/pagos/mios": sesion,
  "GET /api/pagos/export": { ...admin, peticion: () => ({ url: "/api/pagos/export?formato=csv" }) },
  "POST /api/pagos/emision": {
    ...admin,
    peticion: (f) => ({
      url: "/api/pagos/emision",
      cuerpo: { anyo: 2026, productos: [f.productos.uno], confirmar: false },
    }),
  },
  "POST /api/pagos/cobros": {
    ...admin,
    peticion: (f) => ({
      url: "/api/pagos/cobros",
      cuerpo: { ids: [f.pagos.cobrable2], fecha: f.hoy, idFormaPago: f.maestros.formaspago.uno },
    }),
  },
  "POST /api/pagos/reactivaciones": {
    ...admin,
    administrador: { permitido: "ningún cargo está devuelto: 409" },
    peticion: (f) => ({ url: "/api/pagos/reactivaciones", cuerpo: { ids: [f.pagos.ajeno] } }),
  },
  "GET /api/pagos/:id": {
    ...admin,
    socio: "404",
    duenos: { propio: "ok", familia: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/pagos/${de(f.pagos, d)}` }),
  },
  "GET /api/pagos/:id/recibo.pdf": {
    ...admin,
    socio: "404",
    duenos: { propio: "ok", familia: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({ url: `/api/pagos/${de(f.pagos, d)}/recibo.pdf` }),
  },
  "POST /api/pagos/:id/cobro": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/pagos/${paraAdmin(d, f.pagos.cobrable, de(f.pagos, d))}/cobro`,
      cuerpo: { fecha: f.hoy, idFormaPago: f.maestros.formaspago.uno },
    }),
  },
  "POST /api/pagos/:id/anulacion": {
    ...admin,
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/pagos/${paraAdmin(d, f.pagos.anulable, de(f.pagos, d))}/anulacion`,
      cuerpo: { motivo: "Error" },
    }),
  },
  "POST /api/pagos/:id/reactivacion": {
    ...admin,
    administrador: { permitido: "el cargo no está devuelto: 409" },
    duenos: { propio: "403", familia: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/pagos/${de(f.pagos, d)}/reactivacion`, cuerpo: {} }),
  },

  // Pago en línea (Redsys): aquí configurado, con el comercio de pruebas de Redsys.
  "GET /api/pagos/pago-online": sesion,
  "POST /api/pagos/pago-online": {
    ...sesion,
    socio: "404",
    duenos: { propio: "ok", familia: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: "/api/pagos/pago-online",
      cuerpo: { idsPago: [de(f.pagosOnline, d)], metodo: "bizum" },
    }),
  },
  "GET /api/pagos/pago-online/:numero": {
    ...sesion,
    socio: "404",
    duenos: { propio: "ok", ajeno: "404" },
    peticion: (f, d) => ({
      url: `/api/pagos/pago-online/${d === "propio" ? f.pedidosOnline.propio : f.pedidosOnline.ajeno}`,
    }),
  },
  "GET /api/pagos/pedidos-online": admin,
  "GET /api/pagos/pedidos-online/export": {
    ...admin,
    peticion: () => ({ url: "/api/pagos/pedidos-online/export?formato=csv" }),
  },
  // The bank's: no session; without the bank's signature it is 400 and changes nothing.
  "POST /api/pagos/redsys/notificacion": {
    anonimo: { permitido: "sin la firma del banco: 400, sin cambiar nada" },
    socio: { permitido: "sin la firma del banco: 400" },
    usuario: { permitido: "sin la firma del banco: 400" },
    administrador: { permitido: "sin la firma del banco: 400" },
    peticion: () => ({
      url: "/api/pagos/redsys/notificacion",
      cuerpo: {
        Ds_SignatureVersion: "HMAC_SHA256_V1",
        Ds_MerchantParameters: "eyJEc19PcmRlciI6IjAwMDAwMDAwMDAwMSJ9",
        Ds_Signature: "firma-falsa",
      },
    }),
  },

  // Remesas SEPA.
  "GET /api/remesas": { ...admin },
  "POST /api/remesas": {
    ...admin,
    administrador: { permitido: "no queda ningún cargo domiciliado pendiente: 409" },
    peticion: (f) => ({
      url: "/api/remesas",
      cuerpo: { fechaCobro: f.enUnaSemana, hasta: f.enUnaSemana },
    }),
  },
  "GET /api/remesas/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/remesas/${f.remesas.una}` }),
  },
  "GET /api/remesas/:id/xml": {
    ...admin,
    peticion: (f) => ({ url: `/api/remesas/${f.remesas.una}/xml` }),
  },
  "POST /api/remesas/:id/cobro": {
    ...admin,
    peticion: (f) => ({ url: `/api/remesas/${f.remesas.una}/cobro` }),
  },
  "POST /api/remesas/:id/devoluciones": {
    // preHandler, but its body (JSON or the bank's multipart file) is read in the handler: 401.
    ...admin,
    peticion: (f) => ({
      url: `/api/remesas/${f.remesas.una}/devoluciones`,
      cuerpo: { devoluciones: [{ idPago: f.remesas.pagoEnRemesa, motivo: "AM04" }] },
    }),
  },
  "DELETE /api/remesas/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/remesas/${paraAdmin(d, f.remesas.borrable, f.remesas.una)}`,
    }),
  },

  "GET /api/informes/resumen": { ...admin },
  "GET /api/informes": { ...admin },
  "GET /api/informes/:id": {
    ...admin,
    peticion: () => ({ url: "/api/informes/deudas" }),
  },

  // Utilidades: cierre de año.
  "GET /api/utilidades/cierres": admin,
  "POST /api/utilidades/cierre/:anyo/vista-previa": {
    ...admin,
    peticion: () => ({ url: "/api/utilidades/cierre/2031/vista-previa" }),
  },
  "POST /api/utilidades/cierre/:anyo": {
    ...admin,
    peticion: () => ({ url: "/api/utilidades/cierre/2031" }),
  },
  // Utilidades: correo saliente y registro de actividad.
  "GET /api/utilidades/correos": admin,
  "POST /api/utilidades/correos/:id/reenvio": {
    ...admin,
    administrador: { permitido: "el primer correo no falló (o no existe): 409 o 404" },
    peticion: () => ({ url: "/api/utilidades/correos/1/reenvio" }),
  },
  "GET /api/utilidades/actividad": admin,
  "GET /api/utilidades/actividad/filtros": admin,
  "GET /api/utilidades/actividad/exportar": admin,
  // Utilidades: olvido (anonimizar socios dados de baja).
  "GET /api/utilidades/olvido": admin,
  "PUT /api/utilidades/olvido/configuracion": {
    ...admin,
    peticion: () => ({ url: "/api/utilidades/olvido/configuracion", cuerpo: { anyos: 5 } }),
  },
  "POST /api/utilidades/olvido": {
    ...admin,
    administrador: { permitido: "el socio sigue de alta: 409" },
    peticion: (f) => ({
      url: "/api/utilidades/olvido",
      cuerpo: { ids: [f.socios.ajeno], confirmar: true },
    }),
  },

  // Cuentas de acceso.
  "GET /api/usuarios": admin,
  "POST /api/usuarios": {
    ...admin,
    peticion: (f) => ({
      url: "/api/usuarios",
      cuerpo: { idSocio: f.socios.paraCuenta, email: "cuenta-matriz@fila.test", rol: "usuario" },
    }),
  },
  "GET /api/usuarios/:id": {
    ...admin,
    duenos: { propio: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/usuarios/${cuenta(f, d)}` }),
  },
  "PATCH /api/usuarios/:id": {
    ...admin,
    duenos: { propio: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/usuarios/${cuenta(f, d)}`,
      cuerpo: { rol: "administrador" },
    }),
  },
  "POST /api/usuarios/:id/invitacion": {
    ...admin,
    duenos: { propio: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({
      url: `/api/usuarios/${d === "admin" ? f.cuentas.invitada : cuenta(f, d)}/invitacion`,
    }),
  },
  "POST /api/usuarios/:id/restablecer": {
    ...admin,
    duenos: { propio: "403", ajeno: "403", socioPropio: "403" },
    peticion: (f, d) => ({ url: `/api/usuarios/${cuenta(f, d)}/restablecer` }),
  },

  // Noticias: los lectores ven solo las publicadas de su audiencia (un borrador es 404).
  "GET /api/noticias": sesion,
  "POST /api/noticias": {
    ...admin,
    peticion: (f) => ({ url: "/api/noticias", cuerpo: { titulo: "Nova", fecha: f.hoy } }),
  },
  "POST /api/noticias/vista-previa": {
    ...admin,
    peticion: () => ({ url: "/api/noticias/vista-previa", cuerpo: { contenido: "<p>Hola</p>" } }),
  },
  "GET /api/noticias/:id": {
    ...sesion,
    socio: "404",
    usuario: "404",
    peticion: (f) => ({ url: `/api/noticias/${f.noticias.borrador}` }),
  },
  "PUT /api/noticias/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/noticias/${f.noticias.borrador}`,
      cuerpo: { titulo: "Esborrany SECRETO-JUNTA", fecha: f.hoy },
    }),
  },
  "POST /api/noticias/:id/imagen": {
    ...admin,
    peticion: (f) => ({
      url: `/api/noticias/${f.noticias.borrador}/imagen`,
      multipart: [{ campo: "archivo", archivo: f.imagen, nombre: "portada.png" }],
    }),
  },
  "GET /api/noticias/:id/imagen": {
    ...sesion,
    socio: "404",
    usuario: "404",
    peticion: (f) => ({ url: `/api/noticias/${f.noticias.borrador}/imagen` }),
  },
  "DELETE /api/noticias/:id/imagen": {
    ...admin,
    peticion: (f) => ({ url: `/api/noticias/${f.noticias.borrador}/imagen` }),
  },
  "POST /api/noticias/:id/publicacion": {
    ...admin,
    peticion: (f) => ({ url: `/api/noticias/${f.noticias.publicable}/publicacion` }),
  },
  "DELETE /api/noticias/:id/publicacion": {
    ...admin,
    peticion: (f) => ({ url: `/api/noticias/${f.noticias.publicable}/publicacion` }),
  },
  "DELETE /api/noticias/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/noticias/${paraAdmin(d, f.noticias.borrable, f.noticias.borrador)}`,
    }),
  },

  // Copias de seguridad (issue 11): solo la junta.
  "GET /api/utilidades/copia": admin,
  "POST /api/utilidades/restauracion": {
    ...admin,
    administrador: { permitido: "la contraseña no es la suya y el archivo no es una copia: 400" },
    peticion: () => ({
      url: "/api/utilidades/restauracion",
      multipart: [
        { campo: "password", valor: "no-es-la-contraseña" },
        { campo: "nombre", valor: "Filà" },
        { campo: "archivo", archivo: Buffer.from("no es una copia\n"), nombre: "copia.fila.gz" },
      ],
    }),
  },
  "GET /api/utilidades/copias": admin,
  "GET /api/utilidades/copias/:nombre": {
    ...admin,
    administrador: { permitido: "no hay copias automáticas en el DATA_DIR de la prueba: 404" },
    peticion: () => ({ url: "/api/utilidades/copias/fila-2026-11-25T03-00-00-000Z.fila.gz" }),
  },

  // Mercadillo: cualquier cuenta con ficha publica; el dueño o la junta cambian (403 el resto).
  "GET /api/anuncios": sesion,
  "GET /api/anuncios/etiquetas": sesion,
  "POST /api/anuncios": {
    ...sesion,
    peticion: () => ({ url: "/api/anuncios", cuerpo: { titulo: "Venc espardenyes", precio: 5 } }),
  },
  "GET /api/anuncios/:id": {
    ...sesion,
    peticion: (f) => ({ url: `/api/anuncios/${f.anuncios.ajeno}` }),
  },
  "PUT /api/anuncios/:id": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => ({
      url: `/api/anuncios/${d === "propio" ? f.anuncios.propio : f.anuncios.ajeno}`,
      cuerpo: { titulo: "Venc espardenyes usades", destacado: true },
    }),
  },
  "POST /api/anuncios/:id/renovacion": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => ({
      url: `/api/anuncios/${d === "propio" ? f.anuncios.propio : f.anuncios.ajeno}/renovacion`,
    }),
  },
  "POST /api/anuncios/:id/imagenes": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => ({
      url: `/api/anuncios/${d === "propio" ? f.anuncios.propio : f.anuncios.ajeno}/imagenes`,
      multipart: [{ campo: "archivo", archivo: f.imagen, nombre: "foto.png" }],
    }),
  },
  "GET /api/anuncios/:id/imagenes/:clave": {
    ...sesion,
    peticion: (f) => ({
      url: `/api/anuncios/${f.anuncios.conImagen.ajeno}/imagenes/${f.anuncios.claves.ajeno}`,
    }),
  },
  "GET /api/anuncios/:id/imagenes/:clave/miniatura": {
    ...sesion,
    peticion: (f) => ({
      url: `/api/anuncios/${f.anuncios.conImagen.ajeno}/imagenes/${f.anuncios.claves.ajeno}/miniatura`,
    }),
  },
  "PUT /api/anuncios/:id/imagenes": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => {
      const dueno = d === "propio" ? "propio" : "ajeno";
      return {
        url: `/api/anuncios/${f.anuncios.conImagen[dueno]}/imagenes`,
        cuerpo: { orden: [f.anuncios.claves[dueno]] },
      };
    },
  },
  "DELETE /api/anuncios/:id/imagenes/:clave": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => {
      const dueno = d === "propio" ? "propio" : "ajeno";
      return {
        url: `/api/anuncios/${f.anuncios.conImagen[dueno]}/imagenes/${f.anuncios.claves[dueno]}`,
      };
    },
  },
  "DELETE /api/anuncios/:id": {
    ...sesion,
    socio: "403",
    duenos: { propio: "ok", ajeno: "403" },
    peticion: (f, d) => ({
      url: `/api/anuncios/${
        d === "propio"
          ? f.anuncios.propioBorrable
          : paraAdmin(d, f.anuncios.ajenoBorrable, f.anuncios.ajeno)
      }`,
    }),
  },

  // Trabajos de fondo: solo la junta (uno que no existe: 404 para ella).
  "GET /api/trabajos/:id": {
    ...admin,
    administrador: "404",
    peticion: () => ({ url: "/api/trabajos/999999" }),
  },

  // Envíos (issue 36): solo la junta; la baja en un clic es pública (token falso: 400).
  "POST /api/envios/vista-previa": {
    ...admin,
    peticion: () => ({
      url: "/api/envios/vista-previa",
      cuerpo: { asunto: "Hola", cuerpo: "<p>Hola {{nombre}}</p>", filtro: { activo: true } },
    }),
  },
  "POST /api/envios/prueba": {
    ...admin,
    administrador: { permitido: "sin SMTP_URL en las pruebas: 409" },
    peticion: () => ({ url: "/api/envios/prueba", cuerpo: { asunto: "Hola", cuerpo: "<p>x</p>" } }),
  },
  "POST /api/envios": {
    ...admin,
    administrador: { permitido: "sin SMTP_URL en las pruebas: 409" },
    peticion: () => ({ url: "/api/envios", cuerpo: { asunto: "Hola", cuerpo: "<p>x</p>" } }),
  },
  "GET /api/envios": admin,
  "GET /api/envios/:id": {
    ...admin,
    administrador: "404",
    peticion: () => ({ url: "/api/envios/999999" }),
  },
  "GET /api/envios/:id/destinatarios": {
    ...admin,
    administrador: "404",
    peticion: () => ({ url: "/api/envios/999999/destinatarios" }),
  },
  "GET /api/envios/:id/cartas.pdf": {
    ...admin,
    administrador: "404",
    peticion: () => ({ url: "/api/envios/999999/cartas.pdf" }),
  },
  "GET /api/envios/baja/:token": {
    anonimo: { permitido: "público: la página de baja; un token falso es 400" },
    socio: { permitido: "público: la página de baja; un token falso es 400" },
    usuario: { permitido: "público: la página de baja; un token falso es 400" },
    administrador: { permitido: "público: la página de baja; un token falso es 400" },
    peticion: () => ({ url: "/api/envios/baja/falso.token" }),
  },
  "POST /api/envios/baja/:token": {
    anonimo: { permitido: "público; un token falso es 400" },
    socio: { permitido: "público; un token falso es 400" },
    usuario: { permitido: "público; un token falso es 400" },
    administrador: { permitido: "público; un token falso es 400" },
    peticion: () => ({ url: "/api/envios/baja/falso.token" }),
  },

  // Gallofa: solo la junta.
  // Lotería de Navidad (issue 46): la junta; el socio, sus talonarios y los de quien paga; la
  // verificación de una participación, pública.
  "GET /api/loterias": admin,
  "GET /api/loterias/export": {
    ...admin,
    peticion: () => ({ url: "/api/loterias/export?formato=csv" }),
  },
  "POST /api/loterias": {
    ...admin,
    peticion: () => ({
      url: "/api/loterias",
      cuerpo: {
        nombre: "Lotería de la matriz",
        fechaSorteo: "2099-12-22",
        fechaLimiteDevolucion: "2099-12-15",
        numeros: [{ numero: "00001", decimos: 10 }],
        importeJugado: 4,
      },
    }),
  },
  "GET /api/loterias/mias": sesion,
  "GET /api/loterias/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/loterias/${f.loterias.id}` }),
  },
  "PUT /api/loterias/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/loterias/${f.loterias.id}`,
      cuerpo: {
        nombre: "Loteria de la matriz, modificada",
        fechaSorteo: f.enUnaSemana,
        fechaLimiteDevolucion: f.enUnaSemana,
        numeros: [{ numero: "05473", decimos: 1000 }],
        importeJugado: 4,
      },
    }),
  },
  "GET /api/loterias/:id/talonarios": {
    ...admin,
    peticion: (f) => ({ url: `/api/loterias/${f.loterias.id}/talonarios` }),
  },
  "GET /api/loterias/:id/talonarios/export": {
    ...admin,
    peticion: (f) => ({ url: `/api/loterias/${f.loterias.id}/talonarios/export?formato=csv` }),
  },
  "POST /api/loterias/:id/talonarios": {
    ...admin,
    peticion: (f) => ({
      url: `/api/loterias/${f.loterias.id}/talonarios`,
      cuerpo: { cantidad: 1, participaciones: 2 },
    }),
  },
  "PUT /api/loterias/:id/talonarios/:idTalonario": {
    ...admin,
    peticion: (f, _d, yo) => ({
      url: `/api/loterias/${f.loterias.id}/talonarios/${f.loterias.asignable}`,
      cuerpo: { idSocio: yo.idSocio },
    }),
  },
  "POST /api/loterias/:id/talonarios/:idTalonario/liquidacion": {
    ...sesion,
    socio: "404",
    duenos: { propio: "ok", familia: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/loterias/${f.loterias.id}/talonarios/${de(f.loterias.liquidables, d)}/liquidacion`,
      cuerpo: { devueltas: [] },
    }),
  },
  "POST /api/loterias/:id/talonarios/:idTalonario/anulacion": {
    ...admin,
    peticion: (f) => ({
      url: `/api/loterias/${f.loterias.id}/talonarios/${f.loterias.anulable}/anulacion`,
      cuerpo: {
        desde: f.loterias.serieAnulable,
        hasta: f.loterias.serieAnulable,
        motivo: "Perdida",
      },
    }),
  },
  "GET /api/loterias/:id/talonarios/:idTalonario/pdf": {
    ...admin,
    peticion: (f) => ({
      url: `/api/loterias/${f.loterias.id}/talonarios/${f.loterias.anulable}/pdf`,
    }),
  },
  "GET /api/loterias/:id/participaciones": {
    ...admin,
    peticion: (f) => ({ url: `/api/loterias/${f.loterias.id}/participaciones` }),
  },
  "GET /api/loterias/:id/participaciones/export": {
    ...admin,
    peticion: (f) => ({ url: `/api/loterias/${f.loterias.id}/participaciones/export?formato=csv` }),
  },
  "POST /api/loterias/:id/participaciones": {
    ...sesion,
    socio: "404",
    duenos: { propio: "ok", familia: "ok", ajeno: "404", socioPropio: "ok" },
    peticion: (f, d) => ({
      url: `/api/loterias/${f.loterias.id}/participaciones`,
      cuerpo: { comprador: { nombre: "Compradora" }, idTalonario: de(f.loterias.digitales, d) },
    }),
  },
  "PUT /api/loterias/:id/premios": {
    ...admin,
    administrador: { permitido: "el sorteo aún no se ha celebrado: 409" },
    peticion: (f) => ({
      url: `/api/loterias/${f.loterias.id}/premios`,
      cuerpo: { premios: [{ numero: "05473", premioDecimo: 100 }] },
    }),
  },
  "GET /api/loterias/participaciones/:codigo": {
    ...publica,
    peticion: (f) => ({ url: `/api/loterias/participaciones/${f.loterias.codigo}` }),
  },
  "GET /api/loterias/participaciones/:codigo/pdf": {
    ...publica,
    peticion: (f) => ({ url: `/api/loterias/participaciones/${f.loterias.codigo}/pdf` }),
  },
  "POST /api/loterias/participaciones/:codigo/pago": {
    ...admin,
    administrador: { permitido: "sin premios anotados: 409" },
    peticion: (f) => ({ url: `/api/loterias/participaciones/${f.loterias.codigo}/pago` }),
  },
  // Estructura (issue 49): all the board's, but the festero's own escuadra.
  "GET /api/escuadras": {
    ...admin,
    peticion: (f) => ({ url: `/api/escuadras?anyo=${f.estructura.anyo}` }),
  },
  "POST /api/escuadras": {
    ...admin,
    peticion: (f) => ({
      url: "/api/escuadras",
      cuerpo: { anyo: f.estructura.anyo, nombre: `Nueva ${Math.random()}` },
    }),
  },
  "GET /api/escuadras/mia": sesion,
  "GET /api/escuadras/pdf": {
    ...admin,
    peticion: (f) => ({ url: `/api/escuadras/pdf?anyo=${f.estructura.anyo}` }),
  },
  "POST /api/escuadras/copia": {
    ...admin,
    peticion: (f) => ({
      url: "/api/escuadras/copia",
      cuerpo: { desde: f.estructura.anyo, hasta: f.estructura.anyo + 1 },
    }),
  },
  "PUT /api/escuadras/desfiles/:desfile": {
    ...admin,
    peticion: (f) => ({
      url: "/api/escuadras/desfiles/entrada",
      cuerpo: { anyo: f.estructura.anyo, idsGrupo: [f.estructura.escuadra] },
    }),
  },
  "GET /api/escuadras/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/escuadras/${f.estructura.escuadra}` }),
  },
  "PUT /api/escuadras/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/escuadras/${f.estructura.escuadra}`,
      cuerpo: { nombre: "Escuadra de la matriz", banda: "Unió Musical" },
    }),
  },
  "DELETE /api/escuadras/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/escuadras/${paraAdmin(d, f.estructura.escuadraBorrable, f.estructura.escuadra)}`,
    }),
  },
  "POST /api/escuadras/:id/miembros": {
    ...admin,
    peticion: (f) => ({
      url: `/api/escuadras/${f.estructura.escuadra}/miembros`,
      cuerpo: { idSocio: f.estructura.miembro, mover: true },
    }),
  },
  "PUT /api/escuadras/:id/miembros/:idSocio": {
    ...admin,
    peticion: (f) => ({
      url: `/api/escuadras/${f.estructura.escuadra}/miembros/${f.estructura.miembro}`,
      cuerpo: { rol: "Gastador" },
    }),
  },
  "DELETE /api/escuadras/:id/miembros/:idSocio": {
    ...admin,
    administrador: { permitido: "el socio ya no está en esa escuadra: 404" },
    peticion: (f, d) => ({
      url: `/api/escuadras/${paraAdmin(d, f.estructura.escuadraBorrable, f.estructura.escuadra)}/miembros/${f.estructura.miembro}`,
    }),
  },
  "PUT /api/escuadras/:id/cabo": {
    ...admin,
    peticion: (f) => ({
      url: `/api/escuadras/${f.estructura.escuadra}/cabo`,
      cuerpo: { idSocio: f.estructura.miembro },
    }),
  },
  "GET /api/grupos": admin,
  "POST /api/grupos": {
    ...admin,
    peticion: () => ({
      url: "/api/grupos",
      cuerpo: { clase: "otro", nombre: `Barra ${Math.random()}` },
    }),
  },
  "GET /api/grupos/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/grupos/${f.estructura.grupo}` }),
  },
  "PUT /api/grupos/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/grupos/${f.estructura.grupo}`,
      cuerpo: { clase: "comision", nombre: "Comisión de la matriz", descripcion: "Fiestas" },
    }),
  },
  "DELETE /api/grupos/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/grupos/${paraAdmin(d, f.estructura.grupoBorrable, f.estructura.grupo)}`,
    }),
  },
  "POST /api/grupos/:id/miembros": {
    ...admin,
    peticion: (f) => ({
      url: `/api/grupos/${f.estructura.grupo}/miembros`,
      cuerpo: { idSocio: f.estructura.miembro, rol: "Vocal" },
    }),
  },
  "PUT /api/grupos/:id/miembros/:idSocio": {
    ...admin,
    peticion: (f) => ({
      url: `/api/grupos/${f.estructura.grupo}/miembros/${f.estructura.miembro}`,
      cuerpo: { rol: "Secretaria" },
    }),
  },
  "DELETE /api/grupos/:id/miembros/:idSocio": {
    ...admin,
    administrador: { permitido: "el socio ya no está en ese grupo: 404" },
    peticion: (f, d) => ({
      url: `/api/grupos/${paraAdmin(d, f.estructura.grupoBorrable, f.estructura.grupo)}/miembros/${f.estructura.miembro}`,
    }),
  },
  "GET /api/cargos": admin,
  "POST /api/cargos": {
    ...admin,
    peticion: () => ({
      url: "/api/cargos",
      cuerpo: { codigo: `c${Math.floor(Math.random() * 1e9)}`, nombre: "Cargo de la matriz" },
    }),
  },
  "GET /api/cargos/anyo": {
    ...admin,
    peticion: (f) => ({ url: `/api/cargos/anyo?anyo=${f.estructura.anyo}` }),
  },
  "PUT /api/cargos/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/cargos/${f.estructura.cargo}`,
      cuerpo: { nombre: "Vocal", nombreVa: "Vocal" },
    }),
  },
  "GET /api/socios/:id/estructura": {
    ...admin,
    peticion: (f) => ({ url: `/api/socios/${f.estructura.miembro}/estructura` }),
  },
  "GET /api/socios/:id/cargos": {
    ...admin,
    peticion: (f) => ({ url: `/api/socios/${f.estructura.miembro}/cargos` }),
  },
  "POST /api/socios/:id/cargos": {
    ...admin,
    peticion: (f) => ({
      url: `/api/socios/${f.estructura.miembro}/cargos`,
      cuerpo: { idCargo: f.estructura.cargo, desde: "2041-01-01", hasta: "2041-12-31" },
    }),
  },
  "PUT /api/socios/:id/cargos/:idCargoSocio": {
    ...admin,
    peticion: (f) => ({
      url: `/api/socios/${f.estructura.miembro}/cargos/${f.estructura.cargoSocio}`,
      cuerpo: { idCargo: f.estructura.cargo, desde: "2040-01-01", notas: "De la matriz" },
    }),
  },
  "DELETE /api/socios/:id/cargos/:idCargoSocio": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/socios/${f.estructura.miembro}/cargos/${paraAdmin(d, f.estructura.cargoSocioBorrable, f.estructura.cargoSocio)}`,
    }),
  },
  "GET /api/gallofa": admin,
  "GET /api/gallofa/resumen": {
    ...admin,
    peticion: () => ({ url: "/api/gallofa/resumen?anyo=2026" }),
  },
  "GET /api/gallofa/export": {
    ...admin,
    peticion: () => ({ url: "/api/gallofa/export?anyo=2026&formato=csv" }),
  },
  "GET /api/gallofa/agradecimientos": {
    ...admin,
    peticion: () => ({ url: "/api/gallofa/agradecimientos?anyo=2026" }),
  },
  "POST /api/gallofa": {
    ...admin,
    peticion: (f) => ({
      url: "/api/gallofa",
      cuerpo: { fecha: f.hoy, nombre: "Forn", tipo: "dinero", importe: 5 },
    }),
  },
  "GET /api/gallofa/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/gallofa/${f.gallofa.una}` }),
  },
  "PUT /api/gallofa/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/gallofa/${f.gallofa.una}`,
      cuerpo: { fecha: f.hoy, nombre: "Forn SECRETO-JUNTA", tipo: "dinero", importe: 6 },
    }),
  },
  "DELETE /api/gallofa/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/gallofa/${paraAdmin(d, f.gallofa.borrable, f.gallofa.una)}`,
    }),
  },

  // Tesorería: solo la junta.
  "GET /api/tesoreria/cuentas": admin,
  "POST /api/tesoreria/cuentas": {
    ...admin,
    peticion: (_f, d) => ({
      url: "/api/tesoreria/cuentas",
      cuerpo: { nombre: `Caja ${d}`, tipo: "caja", fechaSaldoInicial: "2026-01-01" },
    }),
  },
  "GET /api/tesoreria/cuentas/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/cuentas/${f.tesoreria.cuenta}` }),
  },
  "PUT /api/tesoreria/cuentas/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/cuentas/${f.tesoreria.cuenta}`,
      cuerpo: { nombre: "Caja", tipo: "caja", saldoInicial: 0, fechaSaldoInicial: f.hoy },
    }),
  },
  "GET /api/tesoreria/ajustes": admin,
  "PUT /api/tesoreria/ajustes": {
    ...admin,
    administrador: { permitido: "la caja no es una cuenta del banco: 400" },
    peticion: (f) => ({
      url: "/api/tesoreria/ajustes",
      cuerpo: { idCuentaBanco: f.tesoreria.cuenta, idCuentaTpv: f.tesoreria.cuenta },
    }),
  },
  "GET /api/tesoreria/categorias": admin,
  "POST /api/tesoreria/categorias": {
    ...admin,
    peticion: (_f, d) => ({
      url: "/api/tesoreria/categorias",
      cuerpo: { nombre: `Rifa ${d}`, tipo: "ingreso", codigoPgc: "722" },
    }),
  },
  "GET /api/tesoreria/categorias/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/categorias/${f.tesoreria.categoria}` }),
  },
  "PUT /api/tesoreria/categorias/:id": {
    ...admin,
    administrador: { permitido: "puede tener ya movimientos o el nombre de otra: 409" },
    peticion: (f) => ({
      url: `/api/tesoreria/categorias/${f.tesoreria.categoria}`,
      cuerpo: { nombre: "Cuotas", tipo: "ingreso", codigoPgc: "720" },
    }),
  },
  "GET /api/tesoreria/movimientos": admin,
  "GET /api/tesoreria/movimientos/export": {
    ...admin,
    peticion: () => ({ url: "/api/tesoreria/movimientos/export?formato=csv" }),
  },
  "POST /api/tesoreria/movimientos": {
    ...admin,
    peticion: (f) => ({
      url: "/api/tesoreria/movimientos",
      cuerpo: {
        idCuenta: f.tesoreria.cuenta,
        fecha: f.hoy,
        concepto: "Bar SECRETO-JUNTA",
        importe: 5,
        lineas: [{ idCategoria: f.tesoreria.categoria, importe: 5 }],
      },
    }),
  },
  "GET /api/tesoreria/movimientos/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/movimientos/${f.tesoreria.movimiento}` }),
  },
  "POST /api/tesoreria/movimientos/:id/contraasiento": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/movimientos/${f.tesoreria.contraasentable}/contraasiento`,
      cuerpo: { motivo: "Error" },
    }),
  },
  "GET /api/tesoreria/movimientos/:id/documentos": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/movimientos/${f.tesoreria.movimiento}/documentos` }),
  },
  "POST /api/tesoreria/movimientos/:id/documentos": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/movimientos/${f.tesoreria.movimiento}/documentos`,
      multipart: [{ campo: "archivo", archivo: Buffer.from("Ticket\n"), nombre: "ticket.txt" }],
    }),
  },
  "GET /api/tesoreria/movimientos/:id/documentos/:idDocumento": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/movimientos/${f.tesoreria.movimiento}/documentos/${f.tesoreria.documento}`,
    }),
  },
  "GET /api/tesoreria/presupuestos/:anyo": {
    ...admin,
    peticion: () => ({ url: "/api/tesoreria/presupuestos/2026" }),
  },
  "PUT /api/tesoreria/presupuestos/:anyo": {
    ...admin,
    peticion: (f) => ({
      url: "/api/tesoreria/presupuestos/2026",
      cuerpo: { lineas: [{ idCategoria: f.tesoreria.categoria, importe: 100 }] },
    }),
  },
  "GET /api/tesoreria/cuentas-anuales": {
    ...admin,
    peticion: () => ({ url: "/api/tesoreria/cuentas-anuales?anyo=2026&formato=csv" }),
  },
  "GET /api/tesoreria/cierres": admin,
  "POST /api/tesoreria/cierres": {
    ...admin,
    peticion: () => ({ url: "/api/tesoreria/cierres", cuerpo: { anyo: 2001 } }),
  },
  "DELETE /api/tesoreria/cierres/:anyo": {
    ...admin,
    administrador: { permitido: "2002 no está cerrado: 404" },
    peticion: () => ({ url: "/api/tesoreria/cierres/2002" }),
  },
  "POST /api/tesoreria/extractos": {
    ...admin,
    peticion: (f) => ({
      url: "/api/tesoreria/extractos?confirmar=0",
      multipart: [
        { campo: "idCuenta", valor: String(f.tesoreria.cuenta) },
        { campo: "archivo", archivo: f.tesoreria.fichero, nombre: "extracto.n43" },
      ],
    }),
  },
  "GET /api/tesoreria/extractos": admin,
  "GET /api/tesoreria/extractos/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/extractos/${f.tesoreria.extracto}` }),
  },
  "POST /api/tesoreria/extractos/:id/decisiones": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/extractos/${f.tesoreria.extracto}/decisiones`,
      cuerpo: { decisiones: [] },
    }),
  },
  "GET /api/tesoreria/conciliacion": admin,
  "GET /api/tesoreria/reglas": admin,
  "POST /api/tesoreria/reglas": {
    ...admin,
    peticion: (f, d) => ({
      url: "/api/tesoreria/reglas",
      cuerpo: { texto: `REGLA ${d}`, idCategoria: f.tesoreria.categoria },
    }),
  },
  "GET /api/tesoreria/reglas/:id": {
    ...admin,
    peticion: (f) => ({ url: `/api/tesoreria/reglas/${f.tesoreria.regla}` }),
  },
  "PUT /api/tesoreria/reglas/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/tesoreria/reglas/${f.tesoreria.regla}`,
      cuerpo: { texto: "COMISION SECRETO-JUNTA", idCategoria: f.tesoreria.categoria },
    }),
  },
  "DELETE /api/tesoreria/reglas/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/tesoreria/reglas/${paraAdmin(d, f.tesoreria.reglaBorrable, f.tesoreria.regla)}`,
    }),
  },

  // Documentos: un documento solo para la junta es 404 para los demás.
  "GET /api/documentos": sesion,
  "GET /api/documentos/categorias": sesion,
  "POST /api/documentos": {
    ...admin,
    peticion: () => ({
      url: "/api/documentos",
      multipart: [
        { campo: "titulo", valor: "Acta nova" },
        { campo: "archivo", archivo: Buffer.from("Acta de la junta\n"), nombre: "acta.txt" },
      ],
    }),
  },
  "GET /api/documentos/:id": {
    ...sesion,
    socio: "404",
    usuario: "404",
    peticion: (f) => ({ url: `/api/documentos/${f.documentos.admin}` }),
  },
  "GET /api/documentos/:id/archivo": {
    ...sesion,
    socio: "404",
    usuario: "404",
    peticion: (f) => ({ url: `/api/documentos/${f.documentos.admin}/archivo` }),
  },
  "PUT /api/documentos/:id": {
    ...admin,
    peticion: (f) => ({
      url: `/api/documentos/${f.documentos.admin}`,
      cuerpo: { titulo: "Acta SECRETO-JUNTA", visibilidad: "administrador" },
    }),
  },
  "DELETE /api/documentos/:id": {
    ...admin,
    peticion: (f, d) => ({
      url: `/api/documentos/${paraAdmin(d, f.documentos.borrable, f.documentos.admin)}`,
    }),
  },

  // Asamblea general (issue 48): la junta la lleva; cualquier sesión ve el orden del día, sus
  // asambleas, sus delegaciones y vota (las reglas del censo deciden con 409).
  "GET /api/asociacion/asambleas": admin,
  "PUT /api/asociacion/asambleas": {
    ...admin,
    peticion: () => ({
      url: "/api/asociacion/asambleas",
      cuerpo: {
        preavisoDias: 15,
        quorumPrimera: 0.5,
        edadMinima: 0,
        antiguedadMinima: 0,
        tiposSocio: [],
        excluirDeudores: false,
        maxDelegaciones: 5,
      },
    }),
  },
  "GET /api/asambleas": admin,
  "POST /api/asambleas": {
    ...admin,
    peticion: (f) => ({
      url: "/api/asambleas",
      cuerpo: {
        idActo: f.asambleas.actoLibre,
        caracter: "extraordinaria",
        primeraConvocatoria: "2099-06-01T18:00:00+02:00",
      },
    }),
  },
  "GET /api/asambleas/mias": sesion,
  "GET /api/asambleas/libro-actas.pdf": admin,
  "GET /api/socios/libro-registro": {
    ...admin,
    peticion: () => ({ url: "/api/socios/libro-registro?formato=xlsx" }),
  },
  "GET /api/asambleas/:id": {
    ...sesion,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}` }),
  },
  "PUT /api/asambleas/:id": {
    ...admin,
    administrador: { permitido: "convocada: ya no cambia (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}`,
      cuerpo: { caracter: "ordinaria", primeraConvocatoria: "2099-06-01T18:00:00+02:00" },
    }),
  },
  "POST /api/asambleas/:id/convocatoria": {
    ...admin,
    administrador: { permitido: "ya convocada (409)" },
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/convocatoria` }),
  },
  "GET /api/asambleas/:id/convocatoria/cartas.pdf": {
    ...admin,
    administrador: { permitido: "sin socios sin correo, 409" },
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/convocatoria/cartas.pdf` }),
  },
  "GET /api/asambleas/:id/censo": {
    ...admin,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/censo` }),
  },
  "GET /api/asambleas/:id/censo.pdf": {
    ...admin,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/censo.pdf` }),
  },
  "POST /api/asambleas/:id/censo": {
    ...admin,
    administrador: { permitido: "ya en el censo (409)" },
    peticion: (f, _d, yo) => ({
      url: `/api/asambleas/${f.asambleas.id}/censo`,
      cuerpo: { idSocio: yo.idSocio ?? f.socios.ajeno },
    }),
  },
  "GET /api/asambleas/:id/delegables": {
    ...sesion,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/delegables` }),
  },
  "GET /api/asambleas/:id/delegaciones": {
    ...sesion,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/delegaciones` }),
  },
  "POST /api/asambleas/:id/delegaciones": {
    ...sesion,
    socio: "403",
    duenos: {
      propio: { permitido: "su voto: las reglas (cadena, máximo) deciden" },
      familia: { permitido: "el de quien paga: las reglas deciden" },
      ajeno: "403",
      socioPropio: { permitido: "su voto: las reglas deciden" },
    },
    administrador: { permitido: "la junta: las reglas deciden" },
    peticion: (f, d) => ({
      url: `/api/asambleas/${f.asambleas.id}/delegaciones`,
      cuerpo: { idDelegante: de(f.socios, d), idDelegado: f.socios.admin },
    }),
  },
  "DELETE /api/asambleas/:id/delegaciones/:idDelegacion": {
    anonimo: "401",
    socio: "404",
    usuario: "404",
    administrador: "ok",
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/delegaciones/${f.asambleas.delegacion}`,
    }),
  },
  "GET /api/asambleas/:id/asistentes": {
    ...admin,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/asistentes` }),
  },
  "POST /api/asambleas/:id/asistentes": {
    ...admin,
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/asistentes`,
      cuerpo: { idSocio: f.socios.ajeno },
    }),
  },
  "GET /api/asambleas/:id/quorum": {
    ...admin,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/quorum` }),
  },
  "POST /api/asambleas/:id/puntos/:idPunto/apertura": {
    ...admin,
    administrador: { permitido: "abierta ya (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/puntos/${f.asambleas.idPunto}/apertura`,
    }),
  },
  "POST /api/asambleas/:id/puntos/:idPunto/cierre": {
    ...admin,
    administrador: { permitido: "sin abrir o cerrada (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/puntos/${f.asambleas.idPunto}/cierre`,
    }),
  },
  "POST /api/asambleas/:id/puntos/:idPunto/votos": {
    anonimo: "401",
    socio: { permitido: "presencia y votación abierta deciden (409)" },
    usuario: { permitido: "presencia y votación abierta deciden (409)" },
    administrador: { permitido: "sin socio: no está en el censo (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/puntos/${f.asambleas.idPunto}/votos`,
      cuerpo: { opcion: "abstencion" },
    }),
  },
  "POST /api/asambleas/:id/puntos/:idPunto/recuento": {
    ...admin,
    administrador: { permitido: "votación no abierta (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/puntos/${f.asambleas.idPunto}/recuento`,
      cuerpo: { votantes: [], si: 0, no: 0, abstencion: 0 },
    }),
  },
  "GET /api/asambleas/:id/acta": {
    ...admin,
    peticion: (f) => ({ url: `/api/asambleas/${f.asambleas.id}/acta` }),
  },
  "PUT /api/asambleas/:id/acta": {
    ...admin,
    administrador: { permitido: "aprobada ya (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/acta`,
      cuerpo: { contenido: "<p>Acta</p>" },
    }),
  },
  "POST /api/asambleas/:id/acta/aprobacion": {
    ...admin,
    administrador: { permitido: "aprobada ya (409)" },
    peticion: (f) => ({
      url: `/api/asambleas/${f.asambleas.id}/acta/aprobacion`,
      cuerpo: { fecha: f.hoy },
    }),
  },
};

/** An account id per owner: the usuario's own, the socio's own, someone else's (admin: a spare). */
function cuenta(f: Fixtures, d: Dueno): number {
  if (d === "propio") return f.cuentas.propio;
  if (d === "socioPropio") return f.cuentas.socioPropio;
  if (d === "admin") return f.cuentas.objetivo;
  return f.cuentas.ajeno;
}

function maestro(
  recurso: "tipossocio" | "tiposacto" | "formaspago",
  cuerpo: Record<string, unknown>,
): Record<string, Entrada> {
  const base = `/api/${recurso}`;
  const uno = (f: Fixtures) => `${base}/${f.maestros[recurso].uno}`;
  return {
    [`GET ${base}`]: { ...sesion },
    [`POST ${base}`]: { ...admin, peticion: () => ({ url: base, cuerpo }) },
    [`GET ${base}/:id`]: { ...sesion, peticion: (f) => ({ url: uno(f) }) },
    [`PUT ${base}/:id`]: {
      ...admin,
      peticion: (f) => ({ url: uno(f), cuerpo: { descripcion: "Canviada" } }),
    },
    [`PATCH ${base}/:id`]: {
      ...admin,
      peticion: (f) => ({ url: uno(f), cuerpo: { activo: true } }),
    },
    [`DELETE ${base}/:id`]: {
      ...admin,
      peticion: (f, d) => ({
        url: `${base}/${paraAdmin(d, f.maestros[recurso].borrable, f.maestros[recurso].uno)}`,
      }),
    },

    // Antigüedad y recompensas (issue 49b): la junta; la antigüedad, también el socio en su ficha
    // y en la de quien paga (como la ficha).
    "GET /api/socios/:id/antiguedad": {
      ...admin,
      socio: "403",
      duenos: { propio: "ok", familia: "ok", ajeno: "403", socioPropio: "ok" },
      peticion: (f, d) => ({ url: `/api/socios/${de(f.socios, d)}/antiguedad` }),
    },
    "GET /api/socios/:id/periodos": {
      ...admin,
      peticion: (f) => ({ url: `/api/socios/${f.socios.ajeno}/periodos` }),
    },
    "POST /api/socios/:id/periodos": {
      ...admin,
      peticion: (f) => ({
        url: `/api/socios/${f.socios.ajeno}/periodos`,
        cuerpo: { desde: "1905-01-01", hasta: "1906-01-01" },
      }),
    },
    "PUT /api/socios/:id/periodos/:idPeriodo": {
      ...admin,
      peticion: (f) => ({
        url: `/api/socios/${f.socios.ajeno}/periodos/${f.antiguedad.periodo}`,
        cuerpo: { desde: "1901-01-01", hasta: "1901-06-01" },
      }),
    },
    "DELETE /api/socios/:id/periodos/:idPeriodo": {
      ...admin,
      peticion: (f) => ({
        url: `/api/socios/${f.socios.ajeno}/periodos/${f.antiguedad.periodoBorrable}`,
      }),
    },
    "GET /api/antiguedad/ajustes": admin,
    "PUT /api/antiguedad/ajustes": {
      ...admin,
      peticion: () => ({ url: "/api/antiguedad/ajustes", cuerpo: { idsTipoInfantil: [] } }),
    },
    "GET /api/recompensas": admin,
    "POST /api/recompensas": {
      ...admin,
      peticion: () => ({
        url: "/api/recompensas",
        cuerpo: { nombre: "Recompensa de la matriz SECRETO-JUNTA", anyos: 60 },
      }),
    },
    "PUT /api/recompensas/:id": {
      ...admin,
      peticion: (f) => ({
        url: `/api/recompensas/${f.antiguedad.recompensa}`,
        cuerpo: { nombre: "Recompensa modificada SECRETO-JUNTA", anyos: 45 },
      }),
    },
    "GET /api/recompensas/candidatos": admin,
    "POST /api/recompensas/:id/concesiones": {
      ...admin,
      peticion: (f) => ({
        url: `/api/recompensas/${f.antiguedad.recompensa}/concesiones`,
        cuerpo: { idSocio: f.socios.familia, anyo: 2026 },
      }),
    },
    "GET /api/recompensas/concesiones": admin,
    "DELETE /api/recompensas/concesiones/:id": {
      ...admin,
      peticion: (f) => ({ url: `/api/recompensas/concesiones/${f.antiguedad.concesionBorrable}` }),
    },
    "GET /api/recompensas/concesiones/:id/diploma": {
      ...admin,
      peticion: (f) => ({ url: `/api/recompensas/concesiones/${f.antiguedad.concesion}/diploma` }),
    },

    // Censo de la federación (issue 49b): solo la junta.
    "GET /api/federacion/ajustes": admin,
    "PUT /api/federacion/ajustes": {
      ...admin,
      peticion: () => ({
        url: "/api/federacion/ajustes",
        cuerpo: { fiestasDesde: null, fiestasHasta: null, idsTipoSocio: [], columnas: {} },
      }),
    },
    "GET /api/federacion/censo": admin,
    "GET /api/federacion/seguro": admin,
    "GET /api/federacion/censo/envios": admin,
    "POST /api/federacion/censo/envios": {
      ...admin,
      peticion: () => ({ url: "/api/federacion/censo/envios", cuerpo: { anyo: 2026 } }),
    },
  };
}
