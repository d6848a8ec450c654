import { createRequire } from "node:module";
import { type PGlite, type Results, type Transaction, types } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import type {
  BackendMessage,
  CommandCompleteMessage,
  DataRowMessage,
  RowDescriptionMessage,
} from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import { PLAN_CAMBIADO, SentenciasRecientes } from "./sentencias-recientes.js";

// pg's own conversion of JS values to query parameters: the same as the PostgreSQL path, so a
// query behaves the same on both databases (pg exports it only from its CommonJS entry).
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as {
  prepareValue: (valor: unknown) => string | Buffer | null;
};

type Fila = Record<string, unknown>;
type Conversores = Record<number, (valor: string, tipo: number) => unknown>;

/**
 * The PGlite version this file was written and checked against. It uses members of PGlite that
 * are not its public API (`PGliteInterno`, ADR 0014): `pglite-un-viaje.test.ts` fails on any other
 * installed version until they are checked again and this constant moves with the pin in
 * `packages/api/package.json`.
 */
export const PGLITE_PROBADA = "0.5.16";

/** What PGlite keeps for itself and uses to run a query; internal but stable in 0.5. */
export type PGliteInterno = PGlite & {
  parsers: Conversores;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(
    mensaje: Uint8Array,
    opciones: { syncToFs: boolean; onRawData: (datos: Uint8Array) => void },
  ): Promise<void>;
};

/**
 * Runs protocol messages and reads the answer with node-postgres's parser, which decodes each
 * value straight from the answer's bytes. PGlite's own parser copies every value into a new
 * ArrayBuffer before decoding it: on 15,000 rows of 11 columns that was 200–300 ms of the 250–440
 * a query took (its plan ran in 56). An error answer throws.
 */
async function ejecutar(pglite: PGliteInterno, mensaje: Uint8Array): Promise<BackendMessage[]> {
  const trozos: Buffer[] = [];
  await pglite.execProtocolRawStream(mensaje, {
    syncToFs: false,
    // A view of PGlite's memory, reused for the next answer: copied.
    onRawData: (datos) => trozos.push(Buffer.from(datos)),
  });
  const mensajes: BackendMessage[] = [];
  new Parser().parse(trozos.length === 1 ? (trozos[0] as Buffer) : Buffer.concat(trozos), (m) =>
    mensajes.push(m),
  );
  const error = mensajes.find((m) => m.name === "error");
  if (error) throw error;
  return mensajes;
}

const CUENTAN_FILAS = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/**
 * The answer to one statement as PGlite's `parseResults` gives it (each value converted by the
 * parser of its type, PGlite's own or ours), built in one pass over the rows.
 */
function resultado(mensajes: BackendMessage[], conversores: Conversores): Results<Fila> {
  let campos: RowDescriptionMessage["fields"] = [];
  const rows: Fila[] = [];
  let affectedRows = 0;
  for (const m of mensajes) {
    if (m.name === "rowDescription") {
      campos = (m as RowDescriptionMessage).fields;
    } else if (m.name === "dataRow") {
      const valores = (m as DataRowMessage).fields;
      const fila: Fila = {};
      for (let i = 0; i < campos.length; i++) {
        const { name, dataTypeID } = campos[i] as (typeof campos)[number];
        const valor = valores[i] ?? null;
        const convertir = conversores[dataTypeID] ?? types.parsers[dataTypeID];
        fila[name] = valor === null || !convertir ? valor : convertir(valor, dataTypeID);
      }
      rows.push(fila);
    } else if (m.name === "commandComplete") {
      const palabras = (m as CommandCompleteMessage).text.split(" ");
      if (CUENTAN_FILAS.has(palabras[0] ?? "")) affectedRows += Number(palabras.at(-1));
    }
  }
  return {
    rows,
    affectedRows,
    fields: campos.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
  };
}

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
    await ejecutar(this.pglite, Buffer.concat(mensajes));
    this.recientes.recordar(sql, nuevo);
    return nuevo;
  }

  async olvidar(sql: string): Promise<void> {
    const nombre = this.recientes.olvidar(sql);
    if (nombre === undefined) return;
    await ejecutar(
      this.pglite,
      Buffer.concat([serialize.close({ type: "S", name: nombre }), serialize.sync()]),
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
    return resultado(await ejecutar(pglite, Buffer.concat(partes)), pglite.parsers);
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
