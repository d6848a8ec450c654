import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The version of the data that cached answers come from (the member list: members, their types,
// their charges and the products those charges are for). Every statement that writes one of
// those tables calls `version_datos_cambio()`, whatever path it comes from (the API, the demo, an
// import, a script, another instance):
// - it raises the sequence `version_datos`. A sequence, not a row: raising it waits for no one,
//   and a rollback does not undo it, which only costs a cache miss;
// - before that, it takes the advisory lock `hashtext('version_datos')` shared until its
//   transaction ends. Writers never wait on each other for it; a server that is about to read an
//   answer to keep tries it exclusively, and while any writer that raised the version is still
//   under way it fails, so what that server reads is not kept (lib/cache-por-version.ts).
const TABLAS = ["socio", "tipo_socio", "pago", "producto"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE version_datos`.execute(db);
  await sql`
    CREATE FUNCTION version_datos_cambio() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock_shared(hashtext('version_datos'));
      PERFORM nextval('version_datos');
    END
    $$
  `.execute(db);
  await sql`
    CREATE FUNCTION version_datos_disparador() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM version_datos_cambio();
      RETURN NULL;
    END
    $$
  `.execute(db);
  for (const tabla of TABLAS) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}
