import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { conSentenciasPreparadas } from "./pg-preparadas.js";
import { pgliteEnUnViaje } from "./pglite-un-viaje.js";
import type { DB } from "./schema.js";

export type Database = Kysely<DB>;

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

// Integer cents and counts fit in a JS number; dates stay "YYYY-MM-DD" so no timezone shifts them.
/**
 * Extensions PGlite loads (the embedded and system PostgreSQL bring them installed): pg_trgm, for
 * the member search's trigram index (migration 0044).
 */
const extensions = { pg_trgm };

const parsers: Record<number, (valor: string) => unknown> = {
  [INT8]: (v) => Number(v),
  [NUMERIC]: (v) => Number(v),
  [DATE]: (v) => v,
};

/**
 * Connections to PostgreSQL per instance unless DATABASE_POOL_MAX says otherwise. Few do more than
 * many: on two cores, 285 enrolments at once in one event had a p95 of 770–880 ms with 3 or 5
 * connections and 1.0–1.3 s with 10 or 20, because every connection waiting on the event's row
 * lock is one that the next requests' reads cannot use (bench/README.md).
 */
export const CONEXIONES_POR_DEFECTO = 5;

export type OpcionesBaseDeDatos =
  | { tipo: "postgres"; url: string; maxConexiones?: number }
  | { tipo: "pglite"; dataDir: string }
  | { tipo: "pglite-memoria"; loadDataDir?: Blob | File };

export type BaseDeDatos = {
  db: Database;
  pglite: PGlite | null;
  cerrar: () => Promise<void>;
};

const pools = new WeakMap<Database, pg.Pool>();

/** How busy the PostgreSQL pool of `db` is (for the metrics); null on the embedded database. */
export function estadoDelPool(
  db: Database,
): { total: number; enUso: number; esperando: number } | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return {
    total: pool.totalCount,
    enUso: pool.totalCount - pool.idleCount,
    esperando: pool.waitingCount,
  };
}

export async function abrirBaseDeDatos(opciones: OpcionesBaseDeDatos): Promise<BaseDeDatos> {
  if (opciones.tipo === "postgres") {
    const max = opciones.maxConexiones ?? CONEXIONES_POR_DEFECTO;
    const pool = new pg.Pool({
      connectionString: opciones.url,
      max,
      // Once open, a connection stays open however long the server is quiet (issue 51, the
      // opening minute): with pg's default (closed after 10 s idle) the burst that comes after a
      // quiet minute — an event's turn opening — paid for reconnecting the whole pool at once
      // (a new backend each, SCRAM's key derivation with the embedded PostgreSQL, the catalog
      // caches and prepared statements of each backend built again) exactly when it is busiest.
      // Five idle backends cost a few MB.
      min: max,
      // With the server down, a request waits at most this long for a connection, then gets a 503.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          parsers[oid] ??
          pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
      },
    });
    // A connection the server closes (restart, failover, pg_terminate_backend, a pooler's idle
    // timeout) must not crash the process. pg emits 'error' on the pool for idle connections and
    // on the client itself for one that is checked out between two queries (inside a
    // transaction), where nobody listens: every client gets a listener of its own. The query that
    // was running fails (the request answers 503) and the pool opens a new connection next time.
    pool.on("error", () => {});
    pool.on("connect", (cliente) => {
      conSentenciasPreparadas(cliente);
      cliente.once("error", (err) => {
        process.emitWarning(`Conexión de PostgreSQL cerrada: ${err.message}`);
        cliente.on("error", () => {});
      });
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return { db, pglite: null, cerrar: () => db.destroy() };
  }
  let pglite: PGlite;
  if (opciones.tipo === "pglite") {
    mkdirSync(path.dirname(opciones.dataDir), { recursive: true });
    pglite = await PGlite.create(opciones.dataDir, { parsers, extensions });
  } else {
    pglite = await PGlite.create({ loadDataDir: opciones.loadDataDir, parsers, extensions });
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite: pgliteEnUnViaje(pglite) }) });
  return {
    db,
    pglite,
    cerrar: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
