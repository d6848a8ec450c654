import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The board's home (issue 51) showed the debt of every year and what was collected this year by
// reading the whole of `pago`: 1.3 s with 12,000 members × 10 years. An index on `estado` or on
// `fecha_pago` would end the HOT updates of migration 0019 (collecting a remittance rewrites no
// index), so the figures are kept instead in `pago_resumen`, one row per state and day:
//   - `pendiente` and `devuelto` by due date (`fecha_vencimiento`): the debt, and what is overdue
//     on any day (`dia < hoy`);
//   - `pagado` by payment date (`fecha_pago`; a paid charge without one is not counted): what
//     was collected between two dates;
//   - `anulado` is not kept.
// Tens of rows per year: the home reads the debt rows and this year's payment days, by key.
//
// Statement-level triggers with transition tables keep it (as `acto.ocupadas`, migration 0010),
// so every path that writes charges (the API, emission, remittances, the demo, a script) keeps it
// exact. Each statement only inserts its net change per (estado, dia) as new rows: no writer
// updates a shared row, so concurrent transactions never wait on each other for it nor deadlock
// (an upsert per key did, on PostgreSQL, between transactions touching the same days in different
// orders: a partial payment and a remittance). The rows of a key are summed when read and folded
// into one by `pago_resumen_compactar()` (a periodic task): one statement that deletes the rows it
// sees and inserts their sums, safe alongside writers (they only insert) and alongside another
// compaction (a row deleted by the other is skipped).
//
// Rows of existing charges are written here from `pago` (an upgrade), as 0010 does for `ocupadas`:
// derived from the data, never rows of its own, so on the empty schema where a restore first
// builds a backup's version nothing is written. A restore loads `pago` and `pago_resumen` from the
// same snapshot with the triggers quiet (docs/COPIAS.md), so they agree; a backup made before this
// migration gets its rows from this same statement, which the restore runs after loading the
// backup's rows (copias.routes.test.ts checks both). `pago_resumen_rehacer()` stays for whoever
// needs to rebuild it by hand.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pago_resumen (
      id bigserial PRIMARY KEY,
      estado text NOT NULL,
      dia date NOT NULL,
      num integer NOT NULL,
      importe bigint NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX pago_resumen_estado_dia_idx ON pago_resumen (estado, dia)`.execute(db);
  await sql`
    CREATE FUNCTION pago_resumen_rehacer() RETURNS void LANGUAGE sql AS $$
      DELETE FROM pago_resumen;
      INSERT INTO pago_resumen (estado, dia, num, importe)
      SELECT estado, CASE WHEN estado = 'pagado' THEN fecha_pago ELSE fecha_vencimiento END,
             count(*), sum(importe)
      FROM pago
      WHERE estado IN ('pendiente', 'devuelto') OR (estado = 'pagado' AND fecha_pago IS NOT NULL)
      GROUP BY 1, 2;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION pago_resumen_compactar() RETURNS void LANGUAGE sql AS $$
      WITH borradas AS (DELETE FROM pago_resumen RETURNING estado, dia, num, importe)
      INSERT INTO pago_resumen (estado, dia, num, importe)
      SELECT estado, dia, sum(num), sum(importe) FROM borradas
      GROUP BY estado, dia HAVING sum(num) <> 0 OR sum(importe) <> 0;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION pago_resumen_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO pago_resumen (estado, dia, num, importe)
        SELECT estado, dia, sum(num), sum(importe) FROM (
          SELECT estado, CASE WHEN estado = 'pagado' THEN fecha_pago ELSE fecha_vencimiento END AS dia,
                 1 AS num, importe::bigint AS importe
          FROM nuevas
          WHERE estado IN ('pendiente', 'devuelto') OR (estado = 'pagado' AND fecha_pago IS NOT NULL)
        ) d GROUP BY estado, dia;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO pago_resumen (estado, dia, num, importe)
        SELECT estado, dia, -sum(num), -sum(importe) FROM (
          SELECT estado, CASE WHEN estado = 'pagado' THEN fecha_pago ELSE fecha_vencimiento END AS dia,
                 1 AS num, importe::bigint AS importe
          FROM viejas
          WHERE estado IN ('pendiente', 'devuelto') OR (estado = 'pagado' AND fecha_pago IS NOT NULL)
        ) d GROUP BY estado, dia;
      ELSE
        INSERT INTO pago_resumen (estado, dia, num, importe)
        SELECT estado, dia, sum(num), sum(importe) FROM (
          SELECT n.estado, CASE WHEN n.estado = 'pagado' THEN n.fecha_pago ELSE n.fecha_vencimiento END AS dia,
                 1 AS num, n.importe::bigint AS importe
          FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.estado, n.importe, n.fecha_vencimiento, n.fecha_pago)
                IS DISTINCT FROM (v.estado, v.importe, v.fecha_vencimiento, v.fecha_pago)
            AND (n.estado IN ('pendiente', 'devuelto') OR (n.estado = 'pagado' AND n.fecha_pago IS NOT NULL))
          UNION ALL
          SELECT v.estado, CASE WHEN v.estado = 'pagado' THEN v.fecha_pago ELSE v.fecha_vencimiento END,
                 -1, -v.importe::bigint
          FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.estado, n.importe, n.fecha_vencimiento, n.fecha_pago)
                IS DISTINCT FROM (v.estado, v.importe, v.fecha_vencimiento, v.fecha_pago)
            AND (v.estado IN ('pendiente', 'devuelto') OR (v.estado = 'pagado' AND v.fecha_pago IS NOT NULL))
        ) d GROUP BY estado, dia HAVING sum(num) <> 0 OR sum(importe) <> 0;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_resumen_insert AFTER INSERT ON pago
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_resumen_delete AFTER DELETE ON pago
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER pago_resumen_update AFTER UPDATE ON pago
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION pago_resumen_ajustar()
  `.execute(db);
  await sql`SELECT pago_resumen_rehacer()`.execute(db);
  // The board's home counts remittances not yet collected: a handful a year, but by key.
  await sql`CREATE INDEX remesa_generada_idx ON remesa (id) WHERE estado = 'generada'`.execute(db);
  // …and its active members per type (also the report of statistics by type): the index alone,
  // not every member's row. Only a change of type or of `activo` touches it.
  await sql`CREATE INDEX socio_tipo_activos_idx ON socio (id_tipo_socio) WHERE activo`.execute(db);
}
