import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Places taken per event (members plus their guests) kept in `acto.ocupadas`, so an enrolment
// can check and take its places in one statement (`… WHERE ocupadas + n <= aforo FOR UPDATE`)
// instead of locking the event and counting its enrolments over several round trips.
// The counter is kept by statement-level triggers on `inscripcion`, so every path that adds,
// removes or changes enrolments (the API, automatic enrolment, deleting a member, the demo, a
// script) keeps it right; the triggers lock the events they touch in id order, so two
// statements touching several events cannot deadlock each other. Existing events are backfilled.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("acto")
    .addColumn("ocupadas", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE acto SET ocupadas = i.personas
    FROM (SELECT id_acto, count(*) + sum(invitados) AS personas FROM inscripcion GROUP BY id_acto) i
    WHERE acto.id = i.id_acto
  `.execute(db);
  await sql`
    CREATE FUNCTION acto_ocupadas_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM nuevas) ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas
        FROM (SELECT id_acto, sum(1 + invitados) AS personas FROM nuevas GROUP BY id_acto) d
        WHERE acto.id = d.id_acto;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM viejas) ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas - d.personas
        FROM (SELECT id_acto, sum(1 + invitados) AS personas FROM viejas GROUP BY id_acto) d
        WHERE acto.id = d.id_acto;
      ELSE
        PERFORM 1 FROM acto
        WHERE id IN (
          SELECT n.id_acto FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE n.invitados <> v.invitados OR n.id_acto <> v.id_acto
          UNION
          SELECT v.id_acto FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE n.invitados <> v.invitados OR n.id_acto <> v.id_acto
        )
        ORDER BY id FOR UPDATE;
        UPDATE acto SET ocupadas = acto.ocupadas + d.personas
        FROM (
          SELECT id_acto, sum(personas) AS personas FROM (
            SELECT id_acto, 1 + invitados AS personas FROM nuevas
            UNION ALL
            SELECT id_acto, -(1 + invitados) FROM viejas
          ) x GROUP BY id_acto HAVING sum(personas) <> 0
        ) d
        WHERE acto.id = d.id_acto;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER inscripcion_ocupadas_insert AFTER INSERT ON inscripcion
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION acto_ocupadas_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER inscripcion_ocupadas_delete AFTER DELETE ON inscripcion
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION acto_ocupadas_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER inscripcion_ocupadas_update AFTER UPDATE ON inscripcion
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION acto_ocupadas_ajustar()
  `.execute(db);
}
