import { createRequire } from "node:module";
import {
  type PGlite,
  parse as pgliteParse,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { PLAN_CAMBIADO, SentenciasRecientes } from "./sentencias-recientes.js";

// pg's own conversion of JS values to query parameters: the same as the PostgreSQL path, so a
// query behaves the same on both databases (pg exports it only from its CommonJS entry).
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as {
  prepareValue: (valor: unknown) => string | Buffer | null;
};

/** What PGlite keeps for itself and uses to run a query; internal but stable in 0.5. */
type PGliteInterno = PGlite & {
  parsers: Parameters<typeof pgliteParse.parseResults>[1];
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(
    mensaje: Uint8Array,
    opciones: { syncToFs: boolean },
  ): Promise<Parameters<typeof pgliteParse.parseResults>[0]>;
};

type Fila = Record<string, unknown>;

/** Prepared statements kept per PGlite instance; past this, the least recently used is closed. */
const MAX_SENTENCIAS = 500;

/**
 * The statements PGlite has prepared, by SQL text, least recently used first. A query's text is
 * parsed and planned once, the first time it runs; after that each run only binds its
 * parameters. Parsing and planning were more than half of what a small query cost (a session
 * lookup: 149–192 µs unnamed, 69–72 µs prepared). PostgreSQL re-plans a prepared statement by
 * itself when a table it uses changes (it keeps the parse tree, not just the plan).
 */
class Sentencias {
  private readonly recientes: SentenciasRecientes;

  constructor(
    private readonly pglite: PGliteInterno,
    max: number,
  ) {
    this.recientes = new SentenciasRecientes(max);
  }

  async nombreDe(sql: string): Promise<string> {
    const nombre = this.recientes.usar(sql);
    if (nombre !== undefined) return nombre;
    const nuevo = this.recientes.nuevoNombre();
    const mensajes: Buffer[] = [];
    const viejo = this.recientes.desalojar();
    if (viejo !== undefined) mensajes.push(serialize.close({ type: "S", name: viejo }));
    mensajes.push(serialize.parse({ name: nuevo, text: sql, types: [] }), serialize.sync());
    // A text PostgreSQL refuses throws here and is not remembered.
    await this.pglite.execProtocolStream(Buffer.concat(mensajes), { syncToFs: false });
    this.recientes.recordar(sql, nuevo);
    return nuevo;
  }

  async olvidar(sql: string): Promise<void> {
    const nombre = this.recientes.olvidar(sql);
    if (nombre === undefined) return;
    await this.pglite.execProtocolStream(
      Buffer.concat([serialize.close({ type: "S", name: nombre }), serialize.sync()]),
      { syncToFs: false },
    );
  }
}

/**
 * One parameterized query as one message to PGlite's backend: Bind, Describe, Execute and Sync
 * together on the statement prepared for its text, as node-postgres sends them over a socket.
 * PGlite's own `query` sends every message on its own (six calls into WebAssembly, one of them only
 * to learn the parameter types) and parses and plans the text each time. Parameters are converted as pg
 * converts them (by their JS type), so the same SQL gets the same values as on PostgreSQL;
 * results are parsed by PGlite with its parsers.
 */
async function consultar(
  pglite: PGliteInterno,
  sentencias: Sentencias,
  sql: string,
  parametros: readonly unknown[],
  reintento = false,
): Promise<Results<Fila>> {
  const sentencia = await sentencias.nombreDe(sql);
  const partes = [
    serialize.bind({ statement: sentencia, values: parametros.map((v) => prepareValue(v)) }),
    serialize.describe({ type: "P", name: "" }),
    serialize.execute({ portal: "", rows: 0 }),
    serialize.sync(),
  ];
  try {
    const mensajes = await pglite.execProtocolStream(Buffer.concat(partes), { syncToFs: false });
    return pgliteParse.parseResults(mensajes, pglite.parsers, {
      rowMode: "object",
    })[0] as Results<Fila>;
  } catch (error) {
    // A table changed under a prepared `select *` (a migration): prepare the text again, once.
    // Inside a transaction the error has already aborted it, and the retry says so (25P02).
    if (reintento || (error as { code?: string }).code !== PLAN_CAMBIADO) throw error;
    await sentencias.olvidar(sql);
    return consultar(pglite, sentencias, sql, parametros, true);
  }
}

/**
 * PGlite as Kysely's dialect uses it (`query`, `transaction`), with every query in one call.
 * Kept under PGlite's own locks: a query outside a transaction waits for any open one, as
 * `PGlite.query` does, and flushes to disk afterwards; inside one it runs in it.
 */
export function pgliteEnUnViaje(
  pglite: PGlite,
  { maxSentencias = MAX_SENTENCIAS }: { maxSentencias?: number } = {},
): PGlite {
  const interno = pglite as PGliteInterno;
  const sentencias = new Sentencias(interno, maxSentencias);
  const query = (sql: string, parametros: unknown[] = []) =>
    interno._runExclusiveTransaction(async () => {
      const resultado = await interno._runExclusiveQuery(() =>
        consultar(interno, sentencias, sql, parametros),
      );
      await interno.syncToFs();
      return resultado;
    });
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    pglite.transaction((tx) =>
      fn(
        new Proxy(tx, {
          get: (objetivo, clave, receptor) =>
            clave === "query"
              ? (sql: string, parametros: unknown[] = []) =>
                  interno._runExclusiveQuery(() => consultar(interno, sentencias, sql, parametros))
              : Reflect.get(objetivo, clave, receptor),
        }),
      ),
    );
  return new Proxy(pglite, {
    get: (objetivo, clave) => {
      if (clave === "query") return query;
      if (clave === "transaction") return transaction;
      const valor = Reflect.get(objetivo, clave, objetivo);
      return typeof valor === "function" ? valor.bind(objetivo) : valor;
    },
  });
}
