import { type RawBuilder, sql, type Transaction } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import type { BaseDeDatos } from "../db/database.js";
import type { DB } from "../db/schema.js";
import { InformesConsultasRepository } from "../modules/informes/informes-consultas.repository.js";
import { crearBaseDePruebas } from "./base-de-pruebas.js";

/**
 * What the tests of the summaries the triggers keep for the reports share (issue 51: migrations
 * 0048, 0051 and 0052): a database of their own with the reports' repository, and the plain
 * query's rows to compare with.
 */
export type Resumenes = {
  bd: BaseDeDatos & { motor: "pglite" | "postgres" };
  repo: InformesConsultasRepository;
  /** The rows of a query, as objects. */
  filasDe: (consulta: RawBuilder<unknown>) => Promise<Record<string, unknown>[]>;
};

/**
 * A fresh database for the file (closed after it) and its repository, filled by `preparar`;
 * the object's fields are there from `beforeAll` on.
 */
export function prepararResumenes(preparar: (r: Resumenes) => Promise<void>): Resumenes {
  const r = {} as Resumenes;
  beforeAll(async () => {
    r.bd = await crearBaseDePruebas();
    r.repo = new InformesConsultasRepository(r.bd.db);
    r.filasDe = async (consulta) =>
      (await consulta.execute(r.bd.db)).rows as Record<string, unknown>[];
    await preparar(r);
  });
  afterAll(() => r.bd.cerrar());
  return r;
}

/** The ids of `filas` inserted with `returning id`. */
export async function ids(
  bd: BaseDeDatos,
  insercion: RawBuilder<{ id: number }>,
): Promise<number[]> {
  return (await insercion.execute(bd.db)).rows.map((f) => f.id);
}

/**
 * `n` transactions at once (the pool has five connections; on PostgreSQL, DATABASE_URL, each on
 * its own connection), transaction `k` running `cuerpo(tx, k)`, and among them the folding of the
 * summaries, `compactar` (a function of migrations 0048–0052, called in its own statement;
 * `compactaciones` of them, as several instances' hourly tasks). None may fail: no writer waits
 * forever on another or deadlocks.
 */
export async function concurrentesConCompactacion(
  bd: BaseDeDatos,
  n: number,
  cuerpo: (tx: Transaction<DB>, k: number) => Promise<void>,
  compactar: string,
  compactaciones = 1,
): Promise<void> {
  const fallos: unknown[] = [];
  await Promise.all([
    ...Array.from({ length: n }, (_, k) =>
      bd.db
        .transaction()
        .execute((tx) => cuerpo(tx, k))
        .catch((error) => fallos.push(error)),
    ),
    ...Array.from({ length: compactaciones }, () =>
      sql`select ${sql.raw(`${compactar}()`)}`.execute(bd.db).catch((error) => fallos.push(error)),
    ),
  ]);
  expect(fallos).toEqual([]);
}
