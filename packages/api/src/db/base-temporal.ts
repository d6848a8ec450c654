import { randomBytes } from "node:crypto";
import pg from "pg";

async function ejecutar(url: string, sentencia: string): Promise<void> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    await cliente.query(sentencia);
  } finally {
    await cliente.end();
  }
}

/**
 * A new, empty PostgreSQL database on the server of `url`, for one test file, browser run or
 * benchmark; `borrar` drops it even while connections remain, so nothing is left behind. With
 * `plantilla`, a copy of that database (PostgreSQL copies its files: no migration to run).
 */
export async function crearBaseTemporal(
  url: string,
  prefijo: string,
  plantilla?: string,
): Promise<{ url: string; nombre: string; borrar: () => Promise<void> }> {
  const nombre = `${prefijo}_${randomBytes(6).toString("hex")}`;
  await ejecutar(url, `CREATE DATABASE ${nombre}${plantilla ? ` TEMPLATE ${plantilla}` : ""}`);
  const destino = new URL(url);
  destino.pathname = `/${nombre}`;
  return {
    url: destino.toString(),
    nombre,
    borrar: () => ejecutar(url, `DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`),
  };
}
