export const MENSAJE_ERROR_DESCONOCIDO = "Ha ocurrido un error desconocido";

/**
 * Códigos de error estables de la API (campo `error` del cuerpo) y su estado HTTP.
 */
export const CODIGOS_ERROR = {
  validacion: 400,
  no_autenticado: 401,
  sin_permiso: 403,
  no_encontrado: 404,
  conflicto: 409,
  demasiados_intentos: 429,
  error_interno: 500,
} as const;
export type CodigoError = keyof typeof CODIGOS_ERROR;

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

/** El mensaje en español que se muestra a la persona para cualquier error (SPEC §8). */
export function mensajeDeError(error: unknown): string {
  if (typeof error === "string") return error;
  if (error instanceof ErrorCliente || esErrorEvent(error)) {
    return `Error! ${error.message}`;
  }
  if (error instanceof ErrorHttp) {
    return (
      mensajeDelCuerpo(error.cuerpo) ??
      `Fallo en la petición con ${error.status} ${error.statusText}`
    );
  }
  return MENSAJE_ERROR_DESCONOCIDO;
}
