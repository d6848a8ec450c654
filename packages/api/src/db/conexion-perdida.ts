const SQLSTATE_SIN_SERVICIO = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, a restart
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);
const CODIGOS_DE_RED = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
]);
const MENSAJES_DE_PG = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "PGlite is closed",
];

/**
 * Whether an error means the database cannot be reached right now (as opposed to a query that is
 * wrong): the request answers 503 and the next one, on a new connection, may well succeed.
 */
export function esConexionPerdida(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const codigo = (err as { code?: unknown }).code;
  if (typeof codigo === "string") {
    if (codigo.startsWith("08") && codigo.length === 5) return true;
    if (SQLSTATE_SIN_SERVICIO.has(codigo) || CODIGOS_DE_RED.has(codigo)) return true;
  }
  if (err instanceof AggregateError && err.errors.some(esConexionPerdida)) return true;
  if (MENSAJES_DE_PG.some((m) => err.message.includes(m))) return true;
  return err.cause !== undefined && err.cause !== err && esConexionPerdida(err.cause);
}
