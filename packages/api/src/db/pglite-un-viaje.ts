import { createRequire } from "node:module";
import {
  type PGlite,
  parse as pgliteParse,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";
import { serialize } from "pg-protocol";

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

/**
 * One parameterized query as one message to PGlite's backend: Parse, Bind, Describe, Execute and
 * Sync together, as node-postgres sends them over a socket. PGlite's own `query` sends them one
 * by one (six calls into WebAssembly, one more to learn the parameter types), which was half the
 * cost of a small query. Parameters are converted as pg converts them (by their JS type), so the
 * same SQL gets the same values as on PostgreSQL; results are parsed by PGlite with its parsers.
 */
async function consultar(pglite: PGliteInterno, sql: string, parametros: readonly unknown[]) {
  const partes = [
    serialize.parse({ text: sql, types: [] }),
    serialize.bind({ values: parametros.map((v) => prepareValue(v)) }),
    serialize.describe({ type: "P", name: "" }),
    serialize.execute({ portal: "", rows: 0 }),
    serialize.sync(),
  ];
  const mensajes = await pglite.execProtocolStream(Buffer.concat(partes), { syncToFs: false });
  return pgliteParse.parseResults(mensajes, pglite.parsers, {
    rowMode: "object",
  })[0] as Results<Fila>;
}

/**
 * PGlite as Kysely's dialect uses it (`query`, `transaction`), with every query in one call.
 * Kept under PGlite's own locks: a query outside a transaction waits for any open one, as
 * `PGlite.query` does, and flushes to disk afterwards; inside one it runs in it.
 */
export function pgliteEnUnViaje(pglite: PGlite): PGlite {
  const interno = pglite as PGliteInterno;
  const query = (sql: string, parametros: unknown[] = []) =>
    interno._runExclusiveTransaction(async () => {
      const resultado = await interno._runExclusiveQuery(() => consultar(interno, sql, parametros));
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
                  interno._runExclusiveQuery(() => consultar(interno, sql, parametros))
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
