import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// First-party analytics with no personal data: only counts per day. The visitor hashes of the
// current day (sha-256 of the day's salt, IP and User-Agent) live in `analitica_visitante` only
// until the day ends; then they become a count per device class in `analitica_visitantes_dia`
// and the day's salt is deleted, so no hash can ever be linked to anyone again.
// Pushes delivered are counted by a trigger on `push_envio` (its rows go away with their
// subscription, the count stays).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analitica_sal")
    .addColumn("dia", "date", (c) => c.primaryKey())
    .addColumn("sal", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("analitica_visitante")
    .addColumn("dia", "date", (c) => c.notNull())
    .addColumn("hash", "text", (c) => c.notNull())
    .addColumn("dispositivo", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("analitica_visitante_pk", ["dia", "hash"])
    .execute();

  await db.schema
    .createTable("analitica_visitantes_dia")
    .addColumn("dia", "date", (c) => c.notNull())
    .addColumn("dispositivo", "text", (c) => c.notNull())
    .addColumn("visitantes", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analitica_visitantes_dia_pk", ["dia", "dispositivo"])
    .execute();

  await db.schema
    .createTable("analitica_vista")
    .addColumn("dia", "date", (c) => c.notNull())
    .addColumn("ruta", "text", (c) => c.notNull())
    .addColumn("vistas", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analitica_vista_pk", ["dia", "ruta"])
    .execute();

  await db.schema
    .createTable("analitica_evento")
    .addColumn("dia", "date", (c) => c.notNull())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("analitica_evento_pk", ["dia", "nombre"])
    .execute();

  await sql`
    CREATE FUNCTION analitica_push_entregada() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO analitica_evento (dia, nombre, total)
      VALUES ((now() AT TIME ZONE 'Europe/Madrid')::date, 'push_entregada', 1)
      ON CONFLICT (dia, nombre) DO UPDATE SET total = analitica_evento.total + 1;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER push_envio_entregado
    AFTER UPDATE OF estado ON push_envio
    FOR EACH ROW
    WHEN (NEW.estado = 'enviado' AND OLD.estado IS DISTINCT FROM 'enviado')
    EXECUTE FUNCTION analitica_push_entregada()
  `.execute(db);
}
