import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Two reports grew with the members (issue 51, point 2: each report at 12,000 × 10 ≤ 3× its cost
// at 300 × 1):
//
// - *Inscripciones* counted every confirmed enrolment of the period's events (11,201 this year at
//   12,000 × 10). `acto.inscritos` and `acto.invitados_inscritos` (confirmed enrolments and their
//   guests) are now kept by the same statement triggers and the same `UPDATE` of the same event
//   row that keep `ocupadas` (migrations 0010, 0023): no lock the enrolment did not already take.
//   The money of an event (its enrolments' charges) is read from its paid enrolments only, by the
//   partial index `inscripcion_pagada_idx`: a free event reads nothing.
// - *Recaudación* summed every charge of the year. `pago_anyo_resumen` keeps them per (year,
//   product, month of the due date, state) — what both breakdowns of the report group by — as
//   `pago_resumen` (migration 0045) does: statement triggers on `pago` with transition tables that
//   only insert their net change per key (no writer updates a shared row, so none waits on another
//   or deadlocks), summed when read and folded by `pago_anyo_resumen_compactar()` (the hourly task
//   that folds `pago_resumen`). No index on `pago`: the HOT updates of migration 0019 stay.
// - *Ramell* read every member (`Seq Scan on socio`, 12,000 rows) to list the active ones who
//   take the ramell (235 at 12,000 × 10): `socio_ramell_idx` lists just them. Only a change of
//   `ramell` or `activo` touches it (the HOT updates of a member's other fields stay).
//
// The first two are derived from the data and written here from it (an upgrade), as 0010 and 0045 do: on
// the empty schema where a restore first builds a backup's version nothing is written, the
// restore loads the backup's rows with the triggers quiet (summary and counters from the same
// snapshot), and a backup made before this migration gets them from these statements, which the
// restore runs after loading its rows.

/** Places, waiting enrolments, confirmed enrolments and their guests of one transition row. */
const POR_FILA = `id_acto,
  CASE WHEN estado = 'confirmada' THEN 1 + invitados ELSE 0 END AS personas,
  CASE WHEN estado = 'en_espera' THEN 1 ELSE 0 END AS esperan,
  CASE WHEN estado = 'confirmada' THEN 1 ELSE 0 END AS inscritos,
  CASE WHEN estado = 'confirmada' THEN invitados ELSE 0 END AS invitados`;

/** Insert (`nuevas`, +) or delete (`viejas`, -): the events touched locked in id order, as 0023. */
function alta(tabla: "nuevas" | "viejas", signo: "+" | "-") {
  return sql.raw(`PERFORM 1 FROM acto WHERE id IN (SELECT id_acto FROM ${tabla}) ORDER BY id FOR UPDATE;
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

/** The key and sums of `pago_anyo_resumen` for the rows of a transition table. */
const CLAVE = `anyo, id_producto, extract(month from fecha_vencimiento)::smallint AS mes, estado`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // --- Inscripciones ---
  await db.schema
    .alterTable("acto")
    .addColumn("inscritos", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("invitados_inscritos", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE acto SET inscritos = i.inscritos, invitados_inscritos = i.invitados
    FROM (
      SELECT id_acto, count(*) AS inscritos, sum(invitados) AS invitados
      FROM inscripcion WHERE estado = 'confirmada' GROUP BY id_acto
    ) i
    WHERE acto.id = i.id_acto
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
  // An event's charges, from its paid enrolments only (most events are free).
  await sql`
    CREATE INDEX inscripcion_pagada_idx ON inscripcion (id_acto, id_pago)
    WHERE id_pago IS NOT NULL AND estado = 'confirmada'
  `.execute(db);

  // --- Ramell ---
  await sql`CREATE INDEX socio_ramell_idx ON socio (id) WHERE ramell = 'si' AND activo`.execute(db);

  // --- Recaudación ---
  await sql`
    CREATE TABLE pago_anyo_resumen (
      id bigserial PRIMARY KEY,
      anyo integer NOT NULL,
      id_producto integer,
      mes smallint NOT NULL,
      estado text NOT NULL,
      num integer NOT NULL,
      importe bigint NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX pago_anyo_resumen_anyo_idx ON pago_anyo_resumen (anyo)`.execute(db);
  await sql`
    CREATE FUNCTION pago_anyo_resumen_rehacer() RETURNS void LANGUAGE sql AS $$
      DELETE FROM pago_anyo_resumen;
      INSERT INTO pago_anyo_resumen (anyo, id_producto, mes, estado, num, importe)
      SELECT ${sql.raw(CLAVE)}, count(*), sum(importe) FROM pago GROUP BY 1, 2, 3, 4;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION pago_anyo_resumen_compactar() RETURNS void LANGUAGE sql AS $$
      WITH borradas AS (
        DELETE FROM pago_anyo_resumen RETURNING anyo, id_producto, mes, estado, num, importe
      )
      INSERT INTO pago_anyo_resumen (anyo, id_producto, mes, estado, num, importe)
      SELECT anyo, id_producto, mes, estado, sum(num), sum(importe) FROM borradas
      GROUP BY anyo, id_producto, mes, estado HAVING sum(num) <> 0 OR sum(importe) <> 0;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION pago_anyo_resumen_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO pago_anyo_resumen (anyo, id_producto, mes, estado, num, importe)
        SELECT ${sql.raw(CLAVE)}, count(*), sum(importe) FROM nuevas GROUP BY 1, 2, 3, 4;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO pago_anyo_resumen (anyo, id_producto, mes, estado, num, importe)
        SELECT ${sql.raw(CLAVE)}, -count(*), -sum(importe) FROM viejas GROUP BY 1, 2, 3, 4;
      ELSE
        INSERT INTO pago_anyo_resumen (anyo, id_producto, mes, estado, num, importe)
        SELECT anyo, id_producto, mes, estado, sum(num), sum(importe) FROM (
          SELECT n.anyo, n.id_producto, extract(month from n.fecha_vencimiento)::smallint AS mes,
                 n.estado, 1 AS num, n.importe::bigint AS importe
          FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.anyo, n.id_producto, n.fecha_vencimiento, n.estado, n.importe)
                IS DISTINCT FROM (v.anyo, v.id_producto, v.fecha_vencimiento, v.estado, v.importe)
          UNION ALL
          SELECT v.anyo, v.id_producto, extract(month from v.fecha_vencimiento)::smallint,
                 v.estado, -1, -v.importe::bigint
          FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.anyo, n.id_producto, n.fecha_vencimiento, n.estado, n.importe)
                IS DISTINCT FROM (v.anyo, v.id_producto, v.fecha_vencimiento, v.estado, v.importe)
        ) d GROUP BY anyo, id_producto, mes, estado HAVING sum(num) <> 0 OR sum(importe) <> 0;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_anyo_resumen_insert AFTER INSERT ON pago
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_anyo_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_anyo_resumen_delete AFTER DELETE ON pago
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_anyo_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_anyo_resumen_update AFTER UPDATE ON pago
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_anyo_resumen_ajustar()
  `.execute(db);
  await sql`SELECT pago_anyo_resumen_rehacer()`.execute(db);
}
