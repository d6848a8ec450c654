import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Wait-list (issue 34). An event with `lista_espera` takes enrolments beyond its aforo as
// `estado = 'en_espera'`: they take no place and are promoted in arrival order as places free
// up. Arrival order is `inscripcion.id`: a waiting enrolment is inserted while its event's row
// is locked, so the ids of one event's wait-list grow in the order the lock was taken.
// `acto.ocupadas` now counts confirmed enrolments only and `acto.en_espera` the waiting ones,
// both kept by the same statement-level triggers (migration 0010), which also follow a change
// of state (a promotion). Existing events get `lista_espera = false`: nothing changes for them.
/** Places (confirmed: 1 + guests) and waiting enrolments of one row of `nuevas` or `viejas`. */
const POR_FILA = `id_acto,
  CASE WHEN estado = 'confirmada' THEN 1 + invitados ELSE 0 END AS personas,
  CASE WHEN estado = 'en_espera' THEN 1 ELSE 0 END AS esperan`;

/**
 * Insert (`nuevas`, +) or delete (`viejas`, -): lock the events touched in id order (no
 * deadlock between statements touching several), then move their counters.
 */
function alta(tabla: "nuevas" | "viejas", signo: "+" | "-") {
  return sql.raw(`PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM ${tabla}) ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas ${signo} d.personas,
          en_espera = acto.en_espera ${signo} d.esperan
        FROM (
          SELECT id_acto, sum(personas) AS personas, sum(esperan) AS esperan
          FROM (SELECT ${POR_FILA} FROM ${tabla}) f GROUP BY id_acto
        ) d
        WHERE acto.id = d.id_acto;`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("acto")
    .addColumn("lista_espera", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("en_espera", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("inscripcion")
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("confirmada").check(sql`estado in ('confirmada', 'en_espera')`),
    )
    .execute();
  // The wait-list of an event, in order: read at every promotion and for each position.
  await sql`
    CREATE INDEX inscripcion_espera_idx ON inscripcion (id_acto, id) WHERE estado = 'en_espera'
  `.execute(db);
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
        ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas, en_espera = acto.en_espera + d.esperan
        FROM (
          SELECT id_acto, sum(signo * personas) AS personas, sum(signo * esperan) AS esperan
          FROM (
            SELECT 1 AS signo, ${sql.raw(POR_FILA)} FROM nuevas
            UNION ALL
            SELECT -1, ${sql.raw(POR_FILA)} FROM viejas
          ) x GROUP BY id_acto HAVING sum(signo * personas) <> 0 OR sum(signo * esperan) <> 0
        ) d
        WHERE acto.id = d.id_acto;
      END IF;
      RETURN NULL; -- an AFTER … FOR EACH STATEMENT trigger: the result is ignored
    END
    $$
  `.execute(db);
}
