import type pg from "pg";
import { PLAN_CAMBIADO, SentenciasRecientes } from "./sentencias-recientes.js";

/** Prepared statements kept per connection; past this, the least recently used is deallocated. */
export const MAX_SENTENCIAS_POR_CONEXION = 200;

/**
 * Texts with more parameters are bulk statements (a multi-row insert, an import) that run once:
 * preparing them would keep a large plan in the server's memory until 200 others push it out.
 */
export const MAX_PARAMETROS_PREPARADA = 100;

/** What pg's client keeps of the statements it has prepared on its connection (internal). */
type ClienteInterno = pg.ClientBase & {
  connection: { parsedStatements: Record<string, string> };
};

type Consulta = (texto: unknown, valores?: unknown, ...resto: unknown[]) => Promise<unknown>;

const INICIO_DE_TRANSACCION = /^\s*(begin|start\s+transaction)\b/i;
const FIN_DE_TRANSACCION = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

/**
 * Makes a pg connection run each query that has parameters as a named prepared statement, one per
 * SQL text: the text is parsed and planned the first time it runs on the connection, and later
 * runs only bind their parameters. On a small query (a session lookup) parsing and planning were
 * a third of PostgreSQL's time, and PostgreSQL shares the two cores with the server.
 *
 * - Queries without parameters (`begin`, `commit`, migrations with several statements) go as
 *   before, by the simple protocol; those with more than 100 (bulk inserts) unnamed, as before.
 * - At most `max` statements per connection; past that the least recently used is deallocated.
 *   Kysely writes a new text for each length of an `in (…)` list, and pg on its own never frees
 *   a statement. `DEALLOCATE` is sent outside transactions only (after the `commit` or
 *   `rollback`), so that it can never abort one.
 * - After a migration (by this instance or another) changes the columns under a `select *`,
 *   PostgreSQL refuses the old statement once (0A000): it is forgotten and, outside a
 *   transaction, the query is prepared again and run; inside one, the error stands, as it would
 *   for any statement.
 * - Names are never reused on a connection, so a name pg and this map have forgotten can never
 *   clash with a statement the server still has.
 * - PgBouncer in transaction mode keeps protocol-level prepared statements from version 1.21 on
 *   (`max_prepared_statements`).
 */
export function conSentenciasPreparadas(
  cliente: pg.ClientBase,
  max = MAX_SENTENCIAS_POR_CONEXION,
): void {
  const interno = cliente as ClienteInterno;
  const original = cliente.query.bind(cliente) as Consulta;
  const nombres = new SentenciasRecientes(max);
  /** Names to deallocate once no transaction is open. */
  const pendientes: string[] = [];
  let enTransaccion = false;

  /** Frees a statement that is no longer in `nombres`: pg forgets it now, the server later. */
  function liberar(nombre: string) {
    delete interno.connection.parsedStatements[nombre];
    pendientes.push(nombre);
  }

  /** Runs before the next query on the connection (pg wants one query at a time). */
  async function liberarPendientes(): Promise<void> {
    if (enTransaccion || pendientes.length === 0) return;
    const sql = pendientes.map((n) => `deallocate "${n}";`).join(" ");
    pendientes.length = 0;
    // It fails only with the connection lost, and then there is nothing left to free.
    await original(sql).catch(() => {});
  }

  async function nombreDe(texto: string): Promise<string> {
    const nombre = nombres.usar(texto);
    if (nombre !== undefined) return nombre;
    const viejo = nombres.desalojar();
    if (viejo !== undefined) {
      liberar(viejo);
      await liberarPendientes();
      // Another query of the same text on this connection may have named it meanwhile.
      const ya = nombres.usar(texto);
      if (ya !== undefined) return ya;
    }
    const nuevo = nombres.nuevoNombre();
    nombres.recordar(texto, nuevo);
    return nuevo;
  }

  async function preparada(
    texto: string,
    valores: unknown[],
    reintento: boolean,
  ): Promise<unknown> {
    const nombre = await nombreDe(texto);
    try {
      return await original({ name: nombre, text: texto, values: valores });
    } catch (err) {
      if (interno.connection.parsedStatements[nombre] === undefined) {
        // Refused before it was prepared (a wrong text): nothing to free on the server.
        nombres.olvidar(texto, nombre);
      } else if ((err as { code?: unknown }).code === PLAN_CAMBIADO) {
        if (nombres.olvidar(texto, nombre) !== undefined) liberar(nombre);
        if (!enTransaccion && !reintento) {
          await liberarPendientes();
          return preparada(texto, valores, true);
        }
      }
      throw err;
    }
  }

  (cliente as { query: Consulta }).query = (texto, valores, ...resto) => {
    if (typeof texto === "string" && Array.isArray(valores) && resto.length === 0) {
      if (valores.length > 0 && valores.length <= MAX_PARAMETROS_PREPARADA) {
        return preparada(texto, valores, false);
      }
      if (INICIO_DE_TRANSACCION.test(texto)) {
        enTransaccion = true;
      } else if (FIN_DE_TRANSACCION.test(texto)) {
        return original(texto, valores).finally(() => {
          enTransaccion = false;
          return liberarPendientes();
        });
      }
    }
    return original(texto, valores, ...resto);
  };
}
