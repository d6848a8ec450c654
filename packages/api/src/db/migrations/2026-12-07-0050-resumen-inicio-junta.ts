import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The board's home (issue 51, `GET /api/informes/resumen`) still read, after migration 0045, what
// grows with the members: every row of `socio` (how many are active or not, and the active ones
// per type: a sequential scan of 12,000 wide rows at 12,000 × 10) and, for its last three alerts,
// every recipient of each (an alert to everyone has as many as there are accounts, twice: sent and
// read). Both are kept here as `pago_resumen` keeps the charges (migration 0045, read its header):
//   - `socio_resumen`: members per (type, active), net changes as new rows;
//   - `alerta_cuenta`: recipients and readings per alert, net changes as new rows;
// by statement-level triggers with transition tables, so every path that writes members or
// recipients (the API, the import, the demo, a script, a cascade) keeps them exact; no writer
// updates a shared row (a reading of an alert by many at once never waits on another), and
// `resumen_inicio_compactar()` folds the rows of a key into one (the same periodic task as
// `pago_resumen_compactar()`). No foreign key from `alerta_cuenta` to `alerta`: deleting an alert
// deletes its recipients by cascade, whose trigger then writes the rows that take its figures
// to zero, which the compaction drops.
//
// Rows for existing data are written here from `socio` and `alerta_destinatario` (an upgrade):
// derived from the data, never rows of their own, so on the empty schema where a restore builds an
// older backup's version nothing is written, and the restore runs this after loading its rows; a
// backup made with this migration carries both tables from the same snapshot (docs/COPIAS.md).
//
// The enrolled list of an event (`GET /api/actos/:id/inscripciones`, a page of 50) sorted every
// enrolment of the event by its member's surname and name, joined from `socio`, and added up its
// totals by the member's type (a sequential scan of `socio` at 12,000 × 10): its cost grew with the
// event. The enrolment now carries its member's surname, name and type (`socio_apellidos`,
// `socio_nombre`, `socio_id_tipo`), copied when it is inserted (a row trigger: every path, the peak's
// batches too, one read by key and no lock) and again on every enrolment of a member whose name or
// type changes (a statement trigger on `socio`, also when anonymised), so an index gives the
// listing's order (confirmed by surname, then the wait-list in order) and a page reads 50 entries.
// Filled here from `socio` for existing enrolments (also those an older backup restores).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE socio_resumen (
      id bigserial PRIMARY KEY,
      id_tipo_socio integer,
      activo boolean NOT NULL,
      num integer NOT NULL
    )
  `.execute(db);
  await sql`
    CREATE TABLE alerta_cuenta (
      id bigserial PRIMARY KEY,
      id_alerta integer NOT NULL,
      destinatarios integer NOT NULL,
      leidas integer NOT NULL
    )
  `.execute(db);
  await sql`CREATE INDEX alerta_cuenta_alerta_idx ON alerta_cuenta (id_alerta)`.execute(db);

  await sql`
    CREATE FUNCTION resumen_inicio_rehacer() RETURNS void LANGUAGE sql AS $$
      DELETE FROM socio_resumen;
      INSERT INTO socio_resumen (id_tipo_socio, activo, num)
      SELECT id_tipo_socio, activo, count(*) FROM socio GROUP BY 1, 2;
      DELETE FROM alerta_cuenta;
      INSERT INTO alerta_cuenta (id_alerta, destinatarios, leidas)
      SELECT id_alerta, count(*), count(leida_en) FROM alerta_destinatario GROUP BY 1;
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION resumen_inicio_compactar() RETURNS void LANGUAGE sql AS $$
      WITH borradas AS (DELETE FROM socio_resumen RETURNING id_tipo_socio, activo, num)
      INSERT INTO socio_resumen (id_tipo_socio, activo, num)
      SELECT id_tipo_socio, activo, sum(num) FROM borradas
      GROUP BY id_tipo_socio, activo HAVING sum(num) <> 0;
      WITH borradas AS (DELETE FROM alerta_cuenta RETURNING id_alerta, destinatarios, leidas)
      INSERT INTO alerta_cuenta (id_alerta, destinatarios, leidas)
      SELECT id_alerta, sum(destinatarios), sum(leidas) FROM borradas
      GROUP BY id_alerta HAVING sum(destinatarios) <> 0 OR sum(leidas) <> 0;
    $$
  `.execute(db);

  await sql`
    CREATE FUNCTION socio_resumen_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO socio_resumen (id_tipo_socio, activo, num)
        SELECT id_tipo_socio, activo, count(*) FROM nuevas GROUP BY 1, 2;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO socio_resumen (id_tipo_socio, activo, num)
        SELECT id_tipo_socio, activo, -count(*) FROM viejas GROUP BY 1, 2;
      ELSE
        INSERT INTO socio_resumen (id_tipo_socio, activo, num)
        SELECT id_tipo_socio, activo, sum(num) FROM (
          SELECT id_tipo_socio, activo, 1 AS num FROM nuevas
          UNION ALL
          SELECT id_tipo_socio, activo, -1 FROM viejas
        ) d GROUP BY 1, 2 HAVING sum(num) <> 0;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER socio_resumen_insert AFTER INSERT ON socio
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION socio_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER socio_resumen_delete AFTER DELETE ON socio
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION socio_resumen_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER socio_resumen_update AFTER UPDATE ON socio
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION socio_resumen_ajustar()
  `.execute(db);

  await sql`
    CREATE FUNCTION alerta_cuenta_ajustar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO alerta_cuenta (id_alerta, destinatarios, leidas)
        SELECT id_alerta, count(*), count(leida_en) FROM nuevas GROUP BY 1;
      ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO alerta_cuenta (id_alerta, destinatarios, leidas)
        SELECT id_alerta, -count(*), -count(leida_en) FROM viejas GROUP BY 1;
      ELSE
        INSERT INTO alerta_cuenta (id_alerta, destinatarios, leidas)
        SELECT id_alerta, sum(destinatarios), sum(leidas) FROM (
          SELECT id_alerta, 1 AS destinatarios, (leida_en IS NOT NULL)::int AS leidas FROM nuevas
          UNION ALL
          SELECT id_alerta, -1, -(leida_en IS NOT NULL)::int FROM viejas
        ) d GROUP BY 1 HAVING sum(destinatarios) <> 0 OR sum(leidas) <> 0;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER alerta_cuenta_insert AFTER INSERT ON alerta_destinatario
    REFERENCING NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION alerta_cuenta_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER alerta_cuenta_delete AFTER DELETE ON alerta_destinatario
    REFERENCING OLD TABLE AS viejas
    FOR EACH STATEMENT EXECUTE FUNCTION alerta_cuenta_ajustar()
  `.execute(db);
  await sql`
    CREATE TRIGGER alerta_cuenta_update AFTER UPDATE ON alerta_destinatario
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION alerta_cuenta_ajustar()
  `.execute(db);
  await sql`SELECT resumen_inicio_rehacer()`.execute(db);

  await sql`
    ALTER TABLE inscripcion
      ADD COLUMN socio_apellidos text NOT NULL DEFAULT '',
      ADD COLUMN socio_nombre text NOT NULL DEFAULT '',
      ADD COLUMN socio_id_tipo integer
  `.execute(db);
  await sql`
    UPDATE inscripcion i
    SET socio_apellidos = s.apellidos, socio_nombre = s.nombre, socio_id_tipo = s.id_tipo_socio
    FROM socio s WHERE s.id = i.id_socio
  `.execute(db);
  await sql`
    CREATE INDEX inscripcion_listado_idx ON inscripcion (id_acto, (estado = 'en_espera'),
      (CASE WHEN estado = 'en_espera' THEN id END), socio_apellidos, socio_nombre, id)
  `.execute(db);
  await sql`
    CREATE FUNCTION inscripcion_socio_copiar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT apellidos, nombre, id_tipo_socio
      INTO NEW.socio_apellidos, NEW.socio_nombre, NEW.socio_id_tipo
      FROM socio WHERE id = NEW.id_socio;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER inscripcion_socio_copiar BEFORE INSERT OR UPDATE OF id_socio ON inscripcion
    FOR EACH ROW EXECUTE FUNCTION inscripcion_socio_copiar()
  `.execute(db);
  await sql`
    CREATE FUNCTION inscripcion_socio_propagar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- Only when some enrolment changes: an UPDATE of no rows still fires the statement
      -- triggers of \`inscripcion\` (its data version among them) on every write to a member.
      IF EXISTS (
        SELECT 1 FROM nuevas n JOIN viejas v ON v.id = n.id
        JOIN inscripcion i ON i.id_socio = n.id
        WHERE (n.apellidos, n.nombre, n.id_tipo_socio)
              IS DISTINCT FROM (v.apellidos, v.nombre, v.id_tipo_socio)
      ) THEN
        UPDATE inscripcion i
        SET socio_apellidos = n.apellidos, socio_nombre = n.nombre, socio_id_tipo = n.id_tipo_socio
        FROM nuevas n JOIN viejas v ON v.id = n.id
        WHERE i.id_socio = n.id
          AND (n.apellidos, n.nombre, n.id_tipo_socio)
              IS DISTINCT FROM (v.apellidos, v.nombre, v.id_tipo_socio);
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER socio_inscripciones_update AFTER UPDATE ON socio
    REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
    FOR EACH STATEMENT EXECUTE FUNCTION inscripcion_socio_propagar()
  `.execute(db);
}
