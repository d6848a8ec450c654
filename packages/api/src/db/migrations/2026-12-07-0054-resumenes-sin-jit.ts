import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The statement triggers that keep the summaries (migrations 0010, 0045, 0048, 0050, 0051, 0052,
// 0053) and the functions that fold and rebuild them run one query over a statement's transition
// rows. PostgreSQL cannot estimate those rows and plans the query as if it were large: past
// `jit_above_cost` a PostgreSQL built with LLVM compiles it first. Measured on the system's
// PostgreSQL 15 (bench/README.md, «Tarea m»): 33,423 charges marked paid in one statement spent
// 1,541 of `pago_anyo_resumen_ajustar`'s 1,712 ms compiling, the statement 6.7 s against 3.4 s
// without JIT. Each function now runs with `jit = off` (the embedded PostgreSQL and PGlite have
// no JIT; a server's setting stays as it is for everything else). A later `CREATE OR REPLACE` of
// one of these functions drops the setting unless it says it again (`db/resumenes-jit.test.ts`).

export const FUNCIONES_SIN_JIT = [
  "acto_ocupadas_ajustar",
  "pago_resumen_ajustar",
  "pago_resumen_compactar",
  "pago_resumen_rehacer",
  "pago_anyo_resumen_ajustar",
  "pago_anyo_resumen_compactar",
  "pago_anyo_resumen_rehacer",
  "socio_resumen_ajustar",
  "alerta_cuenta_ajustar",
  "resumen_inicio_compactar",
  "resumen_inicio_rehacer",
  "inscripcion_socio_propagar",
  "deuda_socio_ajustar",
  "deuda_socio_compactar",
  "deuda_socio_rehacer",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const f of FUNCIONES_SIN_JIT) {
    await sql`ALTER FUNCTION ${sql.raw(f)}() SET jit = off`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const f of FUNCIONES_SIN_JIT) {
    await sql`ALTER FUNCTION ${sql.raw(f)}() RESET jit`.execute(db);
  }
}
