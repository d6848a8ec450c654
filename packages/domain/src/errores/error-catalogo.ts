export const MENSAJE_ERROR_DESCONOCIDO = "Ha ocurrido un error desconocido";

/**
 * Códigos de error estables de la API (campo `error` del cuerpo) y su estado HTTP: el único sitio
 * donde un código se encuentra con su estado, para el servidor (que lo responde) y el cliente.
 */
export const CODIGOS_ERROR = {
  validacion: 400,
  peticion_invalida: 400,
  password_incorrecta: 400,
  enlace_invalido: 400,
  imagen_no_valida: 400,
  copia_no_valida: 400,
  fichero_no_valido: 400,
  tipo_no_permitido: 400,
  no_autenticado: 401,
  credenciales_invalidas: 401,
  codigo_requerido: 401,
  codigo_incorrecto: 401,
  vale_invalido: 401,
  prohibido: 403,
  condiciones_pendientes: 403,
  totp_pendiente: 403,
  no_encontrado: 404,
  conflicto: 409,
  duplicado: 409,
  en_uso: 409,
  demasiado_grande: 413,
  tipo_no_admitido: 415,
  version_antigua: 426,
  demasiados_intentos: 429,
  error_interno: 500,
  bd_no_disponible: 503,
} as const;
export type CodigoError = keyof typeof CODIGOS_ERROR;

/**
 * Errores que salen con el código de otro y otro estado. Solo uno: un código de verificación
 * incorrecto es 401 al entrar, pero 400 dentro de una sesión, donde un 401 la cerraría.
 */
export const VARIANTES_ERROR = {
  codigo_incorrecto_en_sesion: { codigo: "codigo_incorrecto", status: 400 },
} as const satisfies Record<string, { codigo: CodigoError; status: number }>;

/** Lo que un servicio lanza: un código del catálogo o una de sus variantes. */
export type IdError = CodigoError | keyof typeof VARIANTES_ERROR;

/** El código (`error`) y el estado HTTP con que sale un error. */
export function codigoYStatus(id: IdError): { codigo: CodigoError; status: number } {
  if (id in VARIANTES_ERROR) return VARIANTES_ERROR[id as keyof typeof VARIANTES_ERROR];
  return { codigo: id as CodigoError, status: CODIGOS_ERROR[id as CodigoError] };
}

/** Cuerpo de toda respuesta de error de la API. */
export type CuerpoError = {
  error: string;
  mensaje: string;
  detalles?: { campo: string; mensaje: string }[];
};

/** Respuesta HTTP no satisfactoria; `cuerpo` es el JSON recibido, si lo hubo. */
export class ErrorHttp extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly cuerpo: unknown;

  constructor(status: number, statusText: string, cuerpo?: unknown) {
    super(`Fallo en la petición con ${status} ${statusText}`);
    this.name = "ErrorHttp";
    this.status = status;
    this.statusText = statusText;
    this.cuerpo = cuerpo;
  }
}

/** Error en el propio cliente, sin respuesta del servidor (p. ej. sin conexión). */
export class ErrorCliente extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ErrorCliente";
  }
}

type ConstructorErrorEvent = abstract new (...args: never[]) => { message: string };

function esErrorEvent(error: unknown): error is { message: string } {
  const ctor = (globalThis as { ErrorEvent?: ConstructorErrorEvent }).ErrorEvent;
  return typeof ctor === "function" && error instanceof ctor;
}

function mensajeDelCuerpo(cuerpo: unknown): string | null {
  if (typeof cuerpo !== "object" || cuerpo === null) return null;
  const mensaje = (cuerpo as { mensaje?: unknown }).mensaje;
  return typeof mensaje === "string" && mensaje !== "" ? mensaje : null;
}

/** Los textos propios de `mensajeDeError` (SPEC §8), en castellano salvo que la web elija otros. */
export type TextosDeError = {
  desconocido: string;
  fallo: (status: number, statusText: string) => string;
};

const TEXTOS_DE_ERROR_ES: TextosDeError = {
  desconocido: MENSAJE_ERROR_DESCONOCIDO,
  fallo: (status, statusText) => `Fallo en la petición con ${status} ${statusText}`,
};

let textosDeError = TEXTOS_DE_ERROR_ES;

/**
 * La web pone aquí los textos del idioma de la pantalla (issue 38); sin argumento vuelven los de
 * la SPEC, en castellano.
 */
export function fijarTextosDeError(textos?: TextosDeError): void {
  textosDeError = textos ?? TEXTOS_DE_ERROR_ES;
}

/**
 * El mensaje que se muestra a la persona para cualquier error (SPEC §8): el del servidor (ya en
 * el idioma de la cuenta) o uno propio, en el idioma de la pantalla (castellano por defecto).
 */
export function mensajeDeError(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof ErrorCliente || esErrorEvent(error)) {
    return `Error! ${error.message}`;
  }
  if (error instanceof ErrorHttp) {
    return mensajeDelCuerpo(error.cuerpo) ?? textosDeError.fallo(error.status, error.statusText);
  }
  return textosDeError.desconocido;
}
