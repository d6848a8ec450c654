import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The counters of an event (`ocupadas`, `en_espera`, `inscritos`, `invitados_inscritos`: migrations
// 0010, 0023, 0048) are kept by `acto_ocupadas_ajustar()`, a statement trigger on `inscripcion` that
// locked the events it touches in id order with `FOR UPDATE` and then updated them. `FOR UPDATE`
// conflicts with `FOR KEY SHARE`, the lock of a foreign key's check, and that check runs first: a
// statement's row triggers (the checks of `inscripcion_id_acto_fkey`, one per row, in the order of
// the rows) fire before its statement triggers. An enrolment's key is checked when it is inserted,
// when its event changes, and also — whatever changes — when the row was already written by the
// same transaction (PostgreSQL cannot tell otherwise that the referenced row it saw is still
// there). Since migration 0050 renaming a member writes their enrolments (the copy of surname, name
// and type), so a transaction that renames a member and then changes their enrolments (guests)
// checks the key of every one of them:
//
//   T1, T2: FOR KEY SHARE on the events (the checks: both granted, they do not conflict);
//   T1: FOR UPDATE on the first event — waits for T2's KEY SHARE;
//   T2: FOR UPDATE on the first event — waits for T1's KEY SHARE: deadlock (40P01).
//
// An upgrade of a shared lock, not an order: the same event, in id order, deadlocks (pg_locks and
// the server's log, bench/README.md «Tarea rv»). The trigger does not need `FOR UPDATE`: it changes
// no key of `acto`, and the `UPDATE` it runs takes `FOR NO KEY UPDATE`, which does not conflict with
// a key check. It now takes that lock, in the same id order: two writers of one event still queue
// one behind the other (NO KEY UPDATE conflicts with itself and with the services' `FOR UPDATE` of
// the event, which check its capacity), and a writer no longer waits on another's key check.
// Only the lock mode differs from migration 0048's function.

/** Places, waiting enrolments, confirmed enrolments and their guests of one transition row. */
const POR_FILA = `id_acto,
  CASE WHEN estado = 'confirmada' THEN 1 + invitados ELSE 0 END AS personas,
  CASE WHEN estado = 'en_espera' THEN 1 ELSE 0 END AS esperan,
  CASE WHEN estado = 'confirmada' THEN 1 ELSE 0 END AS inscritos,
  CASE WHEN estado = 'confirmada' THEN invitados ELSE 0 END AS invitados`;

/** Insert (`nuevas`, +) or delete (`viejas`, -): the events touched locked in id order. */
function alta(tabla: "nuevas" | "viejas", signo: "+" | "-") {
  return sql.raw(`PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM ${tabla}) ORDER BY id
          FOR NO KEY UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas ${signo} d.personas,
          en_espera = acto.en_espera ${signo} d.esperan,
          inscritos = acto.inscritos ${signo} d.inscritos,
          invitados_inscritos = acto.invitados_inscritos ${signo} d.invitados
        FROM (
          SELECT id_acto, sum(personas) AS personas, sum(esperan) AS esperan,
                 sum(inscritos) AS inscritos, sum(invitados) AS invitados
          FROM (SELECT ${POR_FILA} FROM ${tabla}) f GROUP BY id_acto
        ) d
        WHERE acto.id = d.id_acto;`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION acto_ocupadas_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${alta("nuevas", "+")}
      ELSIF TG_OP = 'DELETE' THEN
        ${alta("viejas", "-")}
      ELSE
        -- Only the events whose counters change: guests, event or state changed.
        PERFORM 1 FROM acto
        WHERE id IN (
          SELECT x.id_acto FROM nuevas n JOIN viejas v ON v.id = n.id,
            LATERAL (VALUES (n.id_acto), (v.id_acto)) AS x(id_acto)
          WHERE (n.invitados, n.id_acto, n.estado) IS DISTINCT FROM (v.invitados, v.id_acto, v.estado)
        )
        ORDER BY id FOR NO KEY UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas, en_espera = acto.en_espera + d.esperan,
          inscritos = acto.inscritos + d.inscritos,
          invitados_inscritos = acto.invitados_inscritos + d.invitados
        FROM (
          SELECT id_acto, sum(signo * personas) AS personas, sum(signo * esperan) AS esperan,
                 sum(signo * inscritos) AS inscritos, sum(signo * invitados) AS invitados
          FROM (
            SELECT 1 AS signo, ${sql.raw(POR_FILA)} FROM nuevas
            UNION ALL
            SELECT -1, ${sql.raw(POR_FILA)} FROM viejas
          ) x GROUP BY id_acto
          HAVING sum(signo * personas) <> 0 OR sum(signo * esperan) <> 0
            OR sum(signo * inscritos) <> 0 OR sum(signo * invitados) <> 0
        ) d
        WHERE acto.id = d.id_acto;
      END IF;
      RETURN NULL; -- an AFTER … FOR EACH STATEMENT trigger: the result is ignored
    END
    $$
  `.execute(db);
}
