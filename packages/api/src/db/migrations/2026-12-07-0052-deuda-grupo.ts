import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Issue 51, the report *Deudas* again (`GET /api/informes/deudas`), two changes:
//
// 1. What is owed is what is still to collect, `pendiente` **or** `devuelto` (`ESTADOS_POR_COBRAR`
//    in the domain: a charge the bank returned is the debt most worth chasing). `deuda_socio`
//    (migration 0051) kept only `pendiente`: it now keeps both, with the returned part of each key
//    in `devuelto` (cents, within `importe`), and is rebuilt here from `pago`.
// 2. The report sorted every debtor by what it owes (5,130 groups at 12,000 × 10, 6,568 with the
//    returned charges) to show 50. `deuda_grupo` keeps each group's total — per member and per
//    payer (`por_pagador`), per year and for every year (`anyo = 0`) — so a page reads the
//    groups in order from an index, and `deuda_vencimiento` the totals per due date, so the
//    footer (and the chart) read a few hundred rows, not every debtor.
//
// Both the same way as `deuda_socio`: the statement triggers on `pago` only insert their net
// change per key, rows with `fija = false` (no writer updates a shared row, so
// none waits on another or deadlocks, whatever order its statements touch the groups in), and
// `deuda_socio_compactar()` (the hourly task) folds them into one row per key, `fija = true`.
// The page reads the fixed rows in order (`deuda_grupo_orden_idx`), leaving out the groups with
// rows not yet folded, and merges those, summed, in: the same order as summing everything, but
// reading only the groups changed since the last fold besides the page. No index on `pago`: its
// HOT updates (migrations 0019 and 0045) stay.
//
// Derived from the data and written here from it, as 0051 does: the restore of a backup made
// before this migration runs it after loading its rows (and so gets them rebuilt); a later backup
// carries the rows of the three tables, loaded with the triggers quiet from the same snapshot as
// the charges.

const COLUMNAS = "id_socio, id_pagador, anyo, fecha_vencimiento";
const POR_COBRAR = "('pendiente', 'devuelto')";

/** The changed rows of an update: those where something the summaries keep differs. */
const CAMBIADAS = `FROM nuevas n JOIN viejas v ON v.id = n.id
          WHERE (n.estado IN ${POR_COBRAR} OR v.estado IN ${POR_COBRAR})
            AND (n.id_socio, n.id_pagador, n.anyo, n.fecha_vencimiento, n.estado, n.importe)
                IS DISTINCT FROM (v.id_socio, v.id_pagador, v.anyo, v.fecha_vencimiento, v.estado, v.importe)`;

/** A charge's returned amount, of a row `r` of `pago` (or a transition table). */
const devuelto = (r: string) => `CASE WHEN ${r}.estado = 'devuelto' THEN ${r}.importe ELSE 0 END`;

/**
 * The statements that add the rows of `d` (id_socio, id_pagador, anyo, fecha_vencimiento, num,
 * importe, devuelto: net changes per key) to the three summaries, `fija` as given.
 */
const anyadir = (fija: boolean) => `
  , en_socio AS (
    INSERT INTO deuda_socio (${COLUMNAS}, num, importe, devuelto, fija)
    SELECT ${COLUMNAS}, num, importe, devuelto, ${fija} FROM d
  ), en_vencimiento AS (
    INSERT INTO deuda_vencimiento (anyo, fecha_vencimiento, num, importe, devuelto)
    SELECT anyo, fecha_vencimiento, sum(num), sum(importe), sum(devuelto) FROM d
    GROUP BY 1, 2 HAVING sum(num) <> 0 OR sum(importe) <> 0 OR sum(devuelto) <> 0
  )
  INSERT INTO deuda_grupo (por_pagador, anyo, id_grupo, num, total, devuelto, fija)
  SELECT g.por_pagador, g.anyo, g.id_grupo, sum(d.num), sum(d.importe), sum(d.devuelto), ${fija}
  FROM d CROSS JOIN LATERAL (VALUES
    (false, d.anyo, d.id_socio), (false, 0, d.id_socio),
    (true, d.anyo, d.id_pagador), (true, 0, d.id_pagador)
  ) g (por_pagador, anyo, id_grupo)
  GROUP BY 1, 2, 3
  HAVING sum(d.num) <> 0 OR sum(d.importe) <> 0 OR sum(d.devuelto) <> 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE deuda_socio ADD COLUMN devuelto bigint NOT NULL DEFAULT 0`.execute(db);
  // As in `deuda_grupo`: the folded rows, so the fold rewrites only the keys that changed.
  await sql`ALTER TABLE deuda_socio ADD COLUMN fija boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE INDEX deuda_socio_cambio_idx ON deuda_socio (id_socio, id_pagador) WHERE NOT fija
  `.execute(db);
  // The page's groups' figures by days past due: their folded keys, by member or by payer (only
  // the folded rows: a write's rows, not yet folded, maintain only `deuda_socio_cambio_idx`).
  await sql`CREATE INDEX deuda_socio_socio_idx ON deuda_socio (id_socio) WHERE fija`.execute(db);
  await sql`CREATE INDEX deuda_socio_pagador_idx ON deuda_socio (id_pagador) WHERE fija`.execute(
    db,
  );
  await sql`
    CREATE TABLE deuda_grupo (
      id bigserial PRIMARY KEY,
      por_pagador boolean NOT NULL,
      anyo integer NOT NULL,
      id_grupo integer NOT NULL,
      num integer NOT NULL,
      total bigint NOT NULL,
      devuelto bigint NOT NULL,
      fija boolean NOT NULL DEFAULT false
    )
  `.execute(db);
  // The folded rows in the report's order (its ties by name are sorted when read); one per key.
  await sql`
    CREATE INDEX deuda_grupo_orden_idx ON deuda_grupo (por_pagador, anyo, total DESC, id_grupo)
    INCLUDE (num, devuelto) WHERE fija
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX deuda_grupo_fija_idx ON deuda_grupo (por_pagador, anyo, id_grupo)
    INCLUDE (num) WHERE fija
  `.execute(db);
  // The rows not yet folded: the groups a page must sum apart.
  await sql`
    CREATE INDEX deuda_grupo_cambio_idx ON deuda_grupo (por_pagador, anyo, id_grupo)
    WHERE NOT fija
  `.execute(db);
  await sql`
    CREATE TABLE deuda_vencimiento (
      id bigserial PRIMARY KEY,
      anyo integer NOT NULL,
      fecha_vencimiento date NOT NULL,
      num integer NOT NULL,
      importe bigint NOT NULL,
      devuelto bigint NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION deuda_socio_rehacer() RETURNS void LANGUAGE sql AS $$
      DELETE FROM deuda_socio;
      DELETE FROM deuda_grupo;
      DELETE FROM deuda_vencimiento;
      WITH d AS (
        SELECT ${sql.raw(COLUMNAS)}, count(*)::int AS num, sum(importe)::bigint AS importe,
          sum(${sql.raw(devuelto("p"))})::bigint AS devuelto
        FROM pago p WHERE estado IN ${sql.raw(POR_COBRAR)} GROUP BY 1, 2, 3, 4
      ) ${sql.raw(anyadir(true))};
    $$
  `.execute(db);
  // One statement per table: each deletes the rows it sees and inserts their sums, so a row
  // inserted meanwhile by a transaction it does not see stays, unfolded, for the next time. In
  // `deuda_grupo` and `deuda_socio` only the keys with rows not yet folded (the folded rest stays
  // as it is: no dead rows in the indexes a page reads, hour after hour).
  await sql`
    CREATE OR REPLACE FUNCTION deuda_socio_compactar() RETURNS void LANGUAGE sql AS $$
      -- One fold at a time (each instance runs the hourly task): a second one waits here and
      -- then, each statement with a new snapshot, sees the first one's rows. Without it, a key
      -- folded by both could get a second fixed row (deuda_grupo_fija_idx refuses it).
      SELECT pg_advisory_xact_lock(hashtext('deuda_socio_compactar'));
      WITH claves AS (
        SELECT DISTINCT ${sql.raw(COLUMNAS)} FROM deuda_socio WHERE NOT fija
      ), borradas AS (
        DELETE FROM deuda_socio s USING claves c
        WHERE s.id_socio = c.id_socio AND s.id_pagador = c.id_pagador AND s.anyo = c.anyo
          AND s.fecha_vencimiento = c.fecha_vencimiento
        RETURNING s.id_socio, s.id_pagador, s.anyo, s.fecha_vencimiento, s.num, s.importe, s.devuelto
      )
      INSERT INTO deuda_socio (${sql.raw(COLUMNAS)}, num, importe, devuelto, fija)
      SELECT ${sql.raw(COLUMNAS)}, sum(num), sum(importe), sum(devuelto), true FROM borradas
      GROUP BY 1, 2, 3, 4 HAVING sum(num) <> 0 OR sum(importe) <> 0 OR sum(devuelto) <> 0;
      WITH borradas AS (
        DELETE FROM deuda_vencimiento RETURNING anyo, fecha_vencimiento, num, importe, devuelto
      )
      INSERT INTO deuda_vencimiento (anyo, fecha_vencimiento, num, importe, devuelto)
      SELECT anyo, fecha_vencimiento, sum(num), sum(importe), sum(devuelto) FROM borradas
      GROUP BY 1, 2 HAVING sum(num) <> 0 OR sum(importe) <> 0 OR sum(devuelto) <> 0;
      WITH claves AS (
        SELECT DISTINCT por_pagador, anyo, id_grupo FROM deuda_grupo WHERE NOT fija
      ), borradas AS (
        DELETE FROM deuda_grupo g USING claves c
        WHERE g.por_pagador = c.por_pagador AND g.anyo = c.anyo AND g.id_grupo = c.id_grupo
        RETURNING g.por_pagador, g.anyo, g.id_grupo, g.num, g.total, g.devuelto
      )
      INSERT INTO deuda_grupo (por_pagador, anyo, id_grupo, num, total, devuelto, fija)
      SELECT por_pagador, anyo, id_grupo, sum(num), sum(total), sum(devuelto), true FROM borradas
      GROUP BY 1, 2, 3 HAVING sum(num) <> 0 OR sum(total) <> 0 OR sum(devuelto) <> 0;
    $$
  `.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION deuda_socio_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        WITH d AS (
          SELECT ${sql.raw(COLUMNAS)}, count(*)::int AS num, sum(importe)::bigint AS importe,
            sum(${sql.raw(devuelto("n"))})::bigint AS devuelto
          FROM nuevas n WHERE estado IN ${sql.raw(POR_COBRAR)} GROUP BY 1, 2, 3, 4
        ) ${sql.raw(anyadir(false))};
      ELSIF TG_OP = 'DELETE' THEN
        WITH d AS (
          SELECT ${sql.raw(COLUMNAS)}, -count(*)::int AS num, -sum(importe)::bigint AS importe,
            -sum(${sql.raw(devuelto("v"))})::bigint AS devuelto
          FROM viejas v WHERE estado IN ${sql.raw(POR_COBRAR)} GROUP BY 1, 2, 3, 4
        ) ${sql.raw(anyadir(false))};
      ELSE
        WITH d AS (
          SELECT ${sql.raw(COLUMNAS)}, sum(num)::int AS num, sum(importe)::bigint AS importe,
            sum(devuelto)::bigint AS devuelto
          FROM (
            SELECT n.id_socio, n.id_pagador, n.anyo, n.fecha_vencimiento, 1 AS num,
                   n.importe::bigint AS importe, (${sql.raw(devuelto("n"))})::bigint AS devuelto
            ${sql.raw(CAMBIADAS)} AND n.estado IN ${sql.raw(POR_COBRAR)}
            UNION ALL
            SELECT v.id_socio, v.id_pagador, v.anyo, v.fecha_vencimiento, -1, -v.importe::bigint,
                   -(${sql.raw(devuelto("v"))})::bigint
            ${sql.raw(CAMBIADAS)} AND v.estado IN ${sql.raw(POR_COBRAR)}
          ) c GROUP BY 1, 2, 3, 4
          HAVING sum(num) <> 0 OR sum(importe) <> 0 OR sum(devuelto) <> 0
        ) ${sql.raw(anyadir(false))};
      END IF;
      RETURN NULL; -- an AFTER … FOR EACH STATEMENT trigger: the result is ignored
    END
    $$
  `.execute(db);
  await sql`SELECT deuda_socio_rehacer()`.execute(db);
}
