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
        PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM nuevas) ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas, en_espera = acto.en_espera + d.esperan
        FROM (
          SELECT id_acto,
            coalesce(sum(1 + invitados) FILTER (WHERE estado = 'confirmada'), 0) AS personas,
            count(*) FILTER (WHERE estado = 'en_espera') AS esperan
          FROM nuevas GROUP BY id_acto
        ) d
        WHERE acto.id = d.id_acto;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM viejas) ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas - d.personas, en_espera = acto.en_espera - d.esperan
        FROM (
          SELECT id_acto,
            coalesce(sum(1 + invitados) FILTER (WHERE estado = 'confirmada'), 0) AS personas,
            count(*) FILTER (WHERE estado = 'en_espera') AS esperan
          FROM viejas GROUP BY id_acto
        ) d
        WHERE acto.id = d.id_acto;
      ELSE
        PERFORM 1 FROM acto
        WHERE id IN (
          SELECT n.id_acto FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE n.invitados <> v.invitados OR n.id_acto <> v.id_acto OR n.estado <> v.estado
          UNION
          SELECT v.id_acto FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE n.invitados <> v.invitados OR n.id_acto <> v.id_acto OR n.estado <> v.estado
        )
        ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas, en_espera = acto.en_espera + d.esperan
        FROM (
          SELECT id_acto, sum(personas) AS personas, sum(esperan) AS esperan FROM (
            SELECT id_acto,
              CASE WHEN estado = 'confirmada' THEN 1 + invitados ELSE 0 END AS personas,
              CASE WHEN estado = 'en_espera' THEN 1 ELSE 0 END AS esperan
            FROM nuevas
            UNION ALL
            SELECT id_acto,
              CASE WHEN estado = 'confirmada' THEN -(1 + invitados) ELSE 0 END,
              CASE WHEN estado = 'en_espera' THEN -1 ELSE 0 END
            FROM viejas
          ) x GROUP BY id_acto HAVING sum(personas) <> 0 OR sum(esperan) <> 0
        ) d
        WHERE acto.id = d.id_acto;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
}
