import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The report *Deudas* (issue 51, `GET /api/informes/deudas`) sorts the members or payers by what
// they owe, so it read every outstanding charge; with no index on `pago.estado` (one, even
// partial, would end the HOT updates of collecting, migrations 0019 and 0045) that was every row of
// `pago` (443,740 at 12,000 × 10 for 13,567 outstanding). `deuda_socio` keeps the outstanding
// charges (`estado = 'pendiente'`, what the report counts) per (member, payer, year, due date) —
// what the report groups and filters by — as `pago_anyo_resumen` (migration 0048) keeps the year's
// charges: statement triggers on `pago` with transition tables that only insert their net change
// per key (no writer updates a shared row, so none waits on another or deadlocks), summed when
// read and folded by `deuda_socio_compactar()` (the hourly task that folds `pago_resumen`). No
// index on `pago`: the HOT updates of migration 0019 stay.
//
// Derived from the data and written here from it (an upgrade), as 0045 and 0048 do: on the empty
// schema where a restore first builds a backup's version nothing is written, the restore loads the
// backup's rows with the triggers quiet (summary and charges from the same snapshot), and a backup
// made before this migration gets them from these statements, which the restore runs after loading
// its rows.

const COLUMNAS = "id_socio, id_pagador, anyo, fecha_vencimiento";

/** The changed rows of an update: those where something the summary keeps differs. */
const CAMBIADAS = `FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.estado = 'pendiente' OR v.estado = 'pendiente')
            AND (n.id_socio, n.id_pagador, n.anyo, n.fecha_vencimiento, n.estado, n.importe)
                IS DISTINCT FROM (v.id_socio, v.id_pagador, v.anyo, v.fecha_vencimiento, v.estado, v.importe)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE deuda_socio (
      id bigserial PRIMARY KEY,
      id_socio integer NOT NULL,
      id_pagador integer NOT NULL,
      anyo integer NOT NULL,
      fecha_vencimiento date NOT NULL,
      num integer NOT NULL,
      importe bigint NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE FUNCTION deuda_socio_rehacer() RETURNS void LANGUAGE sql AS $$
      DELETE FROM deuda_socio;
      INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe)
      SELECT ${sql.raw(COLUMNAS)}, count(*), sum(importe) FROM pago
      WHERE estado = 'pendiente' GROUP BY 1, 2, 3, 4;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION deuda_socio_compactar() RETURNS void LANGUAGE sql AS $$
      WITH borradas AS (
        DELETE FROM deuda_socio RETURNING ${sql.raw(COLUMNAS)}, num, importe
      )
      INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe)
      SELECT ${sql.raw(COLUMNAS)}, sum(num), sum(importe) FROM borradas
      GROUP BY 1, 2, 3, 4 HAVING sum(num) <> 0 OR sum(importe) <> 0;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION deuda_socio_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe)
        SELECT ${sql.raw(COLUMNAS)}, count(*), sum(importe) FROM nuevas
        WHERE estado = 'pendiente' GROUP BY 1, 2, 3, 4;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe)
        SELECT ${sql.raw(COLUMNAS)}, -count(*), -sum(importe) FROM viejas
        WHERE estado = 'pendiente' GROUP BY 1, 2, 3, 4;
      ELSE
        INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe)
        SELECT ${sql.raw(COLUMNAS)}, sum(num), sum(importe) FROM (
          SELECT n.id_socio, n.id_pagador, n.anyo, n.fecha_vencimiento, 1 AS num,
                 n.importe::bigint AS importe
          ${sql.raw(CAMBIADAS)} AND n.estado = 'pendiente'
          UNION ALL
          SELECT v.id_socio, v.id_pagador, v.anyo, v.fecha_vencimiento, -1, -v.importe::bigint
          ${sql.raw(CAMBIADAS)} AND v.estado = 'pendiente'
        ) d GROUP BY 1, 2, 3, 4 HAVING sum(num) <> 0 OR sum(importe) <> 0;
      END IF;
      RETURN NULL; -- an AFTER … FOR EACH STATEMENT trigger: the result is ignored
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER deuda_socio_insert AFTER INSERT ON pago
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION deuda_socio_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER deuda_socio_delete AFTER DELETE ON pago
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION deuda_socio_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER deuda_socio_update AFTER UPDATE ON pago
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION deuda_socio_ajustar()
  `.execute(db);
  await sql`SELECT deuda_socio_rehacer()`.execute(db);
}
