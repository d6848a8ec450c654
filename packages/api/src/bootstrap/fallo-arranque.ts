import { esConexionPerdida } from "../db/conexion-perdida.js";

/** A start-up failure whose message is already the Spanish sentence to show. */
export class ErrorDeArranque extends Error {}

type Contexto = { port: number; host: string; databaseUrl: string | null };

function servidorDe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}`;
  } catch {
    return "de DATABASE_URL";
  }
}

function baseDe(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || "(sin nombre)";
  } catch {
    return "(sin nombre)";
  }
}

/** One clear Spanish line for a failed start-up, whatever the library said in English. */
export function explicarFalloDeArranque(err: unknown, ctx: Contexto): string {
  const codigo = (err as { code?: unknown } | null)?.code;
  const mensaje = err instanceof Error ? err.message : String(err);
  let motivo: string;
  if (codigo === "EADDRINUSE") {
    motivo = `el puerto ${ctx.port} ya está en uso por otro programa. Detenlo o elige otro con PORT.`;
  } else if (codigo === "EACCES" && /listen/.test(mensaje)) {
    motivo = `no hay permiso para escuchar en el puerto ${ctx.port}. Elige otro con PORT (mayor que 1024).`;
  } else if (codigo === "EADDRNOTAVAIL" || codigo === "ENOTFOUND") {
    motivo =
      ctx.databaseUrl && codigo === "ENOTFOUND"
        ? `no se encuentra el servidor de PostgreSQL ${servidorDe(ctx.databaseUrl)}. Revisa DATABASE_URL.`
        : `la dirección ${ctx.host} no es de esta máquina. Revisa HOST.`;
  } else if (codigo === "3D000" && ctx.databaseUrl) {
    motivo = `la base de datos «${baseDe(ctx.databaseUrl)}» no existe en el servidor PostgreSQL. Créala (createdb) o revisa DATABASE_URL.`;
  } else if ((codigo === "28P01" || codigo === "28000") && ctx.databaseUrl) {
    motivo = "el servidor PostgreSQL ha rechazado el usuario o la contraseña de DATABASE_URL.";
  } else if (ctx.databaseUrl && esConexionPerdida(err)) {
    motivo = `no se puede conectar con PostgreSQL en ${servidorDe(ctx.databaseUrl)}. Comprueba que está en marcha y revisa DATABASE_URL.`;
  } else if (err instanceof ErrorDeArranque) {
    motivo = mensaje;
  } else {
    motivo = `error inesperado (${mensaje}).`;
  }
  return `No se ha podido arrancar Filà: ${motivo}`;
}
