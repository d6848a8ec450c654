export type DetalleError = { campo: string; mensaje: string };

export const STATUS_POR_CODIGO: Record<string, number> = {
  validacion: 400,
  peticion_invalida: 400,
  password_incorrecta: 400,
  enlace_invalido: 400,
  copia_no_valida: 400,
  no_autenticado: 401,
  credenciales_invalidas: 401,
  codigo_requerido: 401,
  codigo_incorrecto: 401,
  prohibido: 403,
  condiciones_pendientes: 403,
  totp_pendiente: 403,
  no_encontrado: 404,
  conflicto: 409,
  demasiados_intentos: 429,
};

/** The one error services throw; the error handler turns it into the JSON shape of ARCHITECTURE.md. */
export class DomainError extends Error {
  readonly code: string;
  readonly mensaje: string;
  readonly detalles: DetalleError[];
  readonly status: number;

  constructor(code: string, mensaje: string, detalles: DetalleError[] = [], status?: number) {
    super(mensaje);
    this.code = code;
    this.mensaje = mensaje;
    this.detalles = detalles;
    this.status = status ?? STATUS_POR_CODIGO[code] ?? 400;
  }
}

export const noAutenticado = () =>
  new DomainError("no_autenticado", "Tu sesión no es válida o ha caducado. Vuelve a entrar.");
export const prohibido = () =>
  new DomainError("prohibido", "No tienes permiso para hacer esta operación.");
export const condicionesPendientes = () =>
  new DomainError(
    "condiciones_pendientes",
    "Antes de seguir tienes que aceptar las condiciones de uso.",
  );
export const totpPendiente = (motivo: "obligatorio" | "renovar" = "obligatorio") =>
  new DomainError(
    "totp_pendiente",
    motivo === "renovar"
      ? "Antes de seguir tienes que volver a activar la verificación en dos pasos: los datos se han restaurado de una copia de otra instalación y tu configuración anterior ya no vale."
      : "Antes de seguir tienes que activar la verificación en dos pasos: es obligatoria para los administradores.",
  );
export const noEncontrado = (que = "El recurso") =>
  new DomainError("no_encontrado", `${que} no existe.`);
