import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { migraciones } from "../../db/migrations/index.js";
import type { Mensaje } from "../../errors/mensajes.js";
import { fallarTrabajosEnCurso } from "../../plugins/trabajos.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

/** A table as the backup sees it: its columns (without generated ones) and its primary key. */
export type TablaCopia = {
  nombre: string;
  columnas: string[];
  clave: string[];
  /** Columns with a foreign key to the same table (socio.id_pagador…). */
  autorreferencias: string[];
};

/**
 * The server's own bookkeeping stays as the running app has it: a backup never carries it and a
 * restore never empties it (the migrations, and the restore's own lock and record of migration
 * 0020, which the restore itself writes).
 */
const DEL_SERVIDOR = new Set([
  "kysely_migration",
  "kysely_migration_lock",
  "restauracion_bloqueo",
  "restauracion_hecha",
]);
/** A restore's lock whose holder has not beaten for this long is abandoned (a killed process). */
const BLOQUEO_ABANDONADO = "2 minutes";
/**
 * Short-lived state that is emptied on a restore but never copied: sessions (every one is revoked
 * by a restore), sign-in attempt counters, the events fan-out between instances, the OpenID
 * Connect sign-ins under way and their one-time codes (minutes long, bound to a browser), and the
 * analytics' salt of the day with the day's visitor hashes (forgotten every day by design: a file
 * that leaves the server must never hold them).
 */
export const EFIMERAS = new Set([
  "sesion",
  "limite_intento",
  "mensaje_evento",
  "oidc_peticion",
  "oidc_vale",
  "analitica_sal",
  "analitica_visitante",
  // Background jobs (ADR 0020): never in a backup; a restore keeps them and fails the running ones.
  "trabajo",
]);

/** Emptied by no restore: its running rows are marked failed instead (`fallarTrabajos`). */
export const CONSERVADAS_AL_RESTAURAR = new Set(["trabajo"]);

/**
 * Short-lived tables of earlier versions, dropped since (the sign-in attempts before migration
 * 0020): a backup of those versions never carried them, so a restore does not ask for them.
 */
export const EFIMERAS_DE_ANTES = new Set(["intento_login"]);

const FILAS_POR_LECTURA = 1000;
/**
 * The schema a backup is loaded into inside the restore's transaction, built by the backup's own
 * migrations and brought up to date by the missing ones (docs/COPIAS.md). One restore at a time
 * (the lock), and gone at its commit or rollback.
 */
const ESQUEMA_COPIA = "restauracion_copia";
type Fk = { hija: string; madre: string; columnas: string[] };

/**
 * A foreign key or a plain index of the backup's schema, dropped while its rows are loaded and
 * made again, with the same name and definition, once they are all in (`aplazarComprobaciones`).
 */
export type ComprobacionAplazada = {
  tipo: "clave_ajena" | "indice";
  tabla: string;
  nombre: string;
  definicion: string;
};

/**
 * Reads and replaces the whole database through the catalogue, the same SQL on PGlite and on
 * PostgreSQL: rows travel as `to_jsonb` text and come back through `jsonb_populate_recordset`,
 * so every type (dates, instants, jsonb, numbers) round-trips exactly between the two.
 */
export class CopiasRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` on one snapshot (repeatable read), instants written in UTC. */
  instantanea<T>(fn: (repo: CopiasRepository) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute(async (tx) => {
        await sql`SET LOCAL TIME ZONE 'UTC'`.execute(tx);
        return fn(new CopiasRepository(tx));
      });
  }

  /** One transaction for the whole replacement: all of it or nothing. */
  transaccion<T>(fn: (repo: CopiasRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL TIME ZONE 'UTC'`.execute(tx);
      return fn(new CopiasRepository(tx));
    });
  }

  async motor(): Promise<"pglite" | "postgres"> {
    const { rows } = await sql<{ v: string }>`SELECT version() AS v`.execute(this.db);
    return rows[0]?.v.includes("PGlite") ? "pglite" : "postgres";
  }

  async passwordHash(idUsuario: number): Promise<string | null> {
    const fila = await this.db
      .selectFrom("usuario")
      .select("password_hash")
      .where("id", "=", idUsuario)
      .executeTakeFirst();
    return fila?.password_hash ?? null;
  }

  async nombreAsociacion(): Promise<string> {
    const fila = await this.db.selectFrom("asociacion").select("nombre").executeTakeFirst();
    return fila?.nombre ?? "";
  }

  async migraciones(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM kysely_migration ORDER BY name`.execute(this.db);
    return rows.map((r) => r.name);
  }

  /** Every table of the app (ephemeral ones too), parents before children. */
  async tablas(): Promise<TablaCopia[]> {
    const { rows: nombres } = await sql<{ nombre: string }>`
      SELECT table_name AS nombre FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`.execute(this.db);
    const { rows: columnas } = await sql<{ tabla: string; columna: string }>`
      SELECT table_name AS tabla, column_name AS columna FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_generated = 'NEVER'
      ORDER BY table_name, ordinal_position`.execute(this.db);
    const { rows: claves } = await sql<{ tabla: string; columna: string }>`
      SELECT c.relname AS tabla, a.attname AS columna
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const { rows: fks } = await sql<{ hija: string; madre: string; columna: string }>`
      SELECT h.relname AS hija, m.relname AS madre, a.attname AS columna
      FROM pg_constraint k
      JOIN pg_class h ON h.oid = k.conrelid
      JOIN pg_class m ON m.oid = k.confrelid
      JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY(k.conkey)
      WHERE k.contype = 'f' AND h.relnamespace = current_schema()::regnamespace`.execute(this.db);

    const tablas = new Map<string, TablaCopia>();
    for (const { nombre } of nombres) {
      if (DEL_SERVIDOR.has(nombre)) continue;
      tablas.set(nombre, { nombre, columnas: [], clave: [], autorreferencias: [] });
    }
    for (const c of columnas) tablas.get(c.tabla)?.columnas.push(c.columna);
    for (const c of claves) tablas.get(c.tabla)?.clave.push(c.columna);
    const dependencias: Fk[] = [];
    for (const fk of fks) {
      const hija = tablas.get(fk.hija);
      if (!hija) continue;
      if (fk.hija === fk.madre) hija.autorreferencias.push(fk.columna);
      else dependencias.push({ hija: fk.hija, madre: fk.madre, columnas: [fk.columna] });
    }
    return ordenarPorDependencias([...tablas.values()], dependencias);
  }

  async contar(tabla: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(tabla)}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /**
   * The next rows of a table as JSON text, in primary key order, after the row whose key is in
   * `despuesDe` (the JSON of a previous row; null for the first ones). By key, not by OFFSET:
   * each read starts where the last one ended, however far into the table.
   */
  async leerFilas(tabla: TablaCopia, despuesDe: string | null): Promise<string[]> {
    if (tabla.clave.length === 0)
      throw new Error(`la tabla ${tabla.nombre} no tiene clave primaria`);
    const columnas = sql.join(tabla.columnas.map((c) => sql.ref(c)));
    const clave = sql.join(tabla.clave.map((c) => sql.ref(c)));
    const desde =
      despuesDe === null
        ? sql``
        : sql`WHERE (${clave}) > (SELECT ${clave} FROM jsonb_populate_record(NULL::${sql.table(tabla.nombre)}, ${despuesDe}::jsonb))`;
    const { rows } = await sql<{ fila: string }>`
      SELECT to_jsonb(x)::text AS fila
      FROM (SELECT ${columnas} FROM ${sql.table(tabla.nombre)} ${desde} ORDER BY ${clave}
            LIMIT ${FILAS_POR_LECTURA}) x`.execute(this.db);
    return rows.map((r) => r.fila);
  }

  /**
   * Creates the backup's schema (empty) and makes it the only one unqualified names find for the
   * rest of the transaction, so the migrations, the load and the triggers of the backup's version
   * work there as they did in the app that made it. Returns the search path to go back to.
   */
  async abrirEsquemaDeCopia(): Promise<string> {
    const { rows } = await sql<{ ruta: string }>`
      SELECT current_setting('search_path') AS ruta`.execute(this.db);
    await sql`DROP SCHEMA IF EXISTS ${sql.id(ESQUEMA_COPIA)} CASCADE`.execute(this.db);
    await sql`CREATE SCHEMA ${sql.id(ESQUEMA_COPIA)}`.execute(this.db);
    await this.usarEsquemas(ESQUEMA_COPIA);
    return rows[0]?.ruta ?? "public";
  }

  /** Sets the search path until the transaction ends. */
  async usarEsquemas(ruta: string): Promise<void> {
    await sql`SELECT set_config('search_path', ${ruta}, true)`.execute(this.db);
  }

  async cerrarEsquemaDeCopia(): Promise<void> {
    await sql`DROP SCHEMA ${sql.id(ESQUEMA_COPIA)} CASCADE`.execute(this.db);
  }

  /**
   * Runs these migrations' `up`, in order, on the current schema (not Kysely's Migrator, which
   * keeps its own table): the backup's schema is built, then brought forward, like the app's own.
   */
  async migrar(nombres: string[]): Promise<void> {
    for (const nombre of nombres) {
      const migracion = migraciones[nombre];
      if (!migracion) throw new Error(`la migración ${nombre} no existe`);
      await migracion.up(this.db);
    }
  }

  /** Copies every row of `tabla` from the backup's schema into the current one, column by column. */
  async pasarDesdeCopia(tabla: TablaCopia): Promise<void> {
    const lista = sql.join(tabla.columnas.map((c) => sql.ref(c)));
    await sql`
      INSERT INTO ${sql.table(tabla.nombre)} (${lista})
      SELECT ${lista} FROM ${sql.table(`${ESQUEMA_COPIA}.${tabla.nombre}`)}`.execute(this.db);
  }

  /** Triggers of the app (counters kept by triggers) stay quiet while rows are replaced. */
  async disparadores(tablas: string[], activos: boolean): Promise<void> {
    for (const tabla of tablas) {
      await sql`ALTER TABLE ${sql.table(tabla)} ${sql.raw(activos ? "ENABLE" : "DISABLE")} TRIGGER USER`.execute(
        this.db,
      );
    }
  }

  /**
   * Rows replaced with the triggers quiet leave `version_datos` (migration 0017) where it was:
   * raised here, so no server answers from what it kept of the data before.
   */
  async fijarHuellaClave(huella: string): Promise<void> {
    await this.db.updateTable("asociacion").set({ clave_huella: huella }).execute();
  }

  async subirVersionDatos(): Promise<void> {
    await sql`SELECT version_datos_cambio()`.execute(this.db);
  }

  /** The running jobs, failed: they were writing into data a restore replaced. */
  async fallarTrabajos(error: Mensaje): Promise<number> {
    return fallarTrabajosEnCurso(this.db, error);
  }

  /**
   * From here to `conComprobacionesDeClavesAjenas`, the rows the restore loads into the backup's
   * schema (checked afterwards by `comprobarClavesAjenas`), and those it deletes from the app's
   * tables and copies into them from the backup's schema, do not run the per-row checks of their
   * foreign keys (`session_replication_role = replica`, the setting logical replication applies
   * with; only a superuser may set it: PGlite and the embedded PostgreSQL are). Nothing is left
   * unchecked: every foreign key of this schema was checked whole on the backup's schema, which
   * has the same tables, keys and rows (`rehacerComprobaciones`), every table but the kept jobs
   * (`trabajo`, without foreign keys) is emptied, and unique and check constraints are still
   * enforced. Row by row, each deleted parent looked for its children and each copied row for its
   * parents, in indexes still holding the deleted rows of this same transaction: half the database
   * CPU of emptying and filling the app's tables (issue 51, bench/README.md). False, and nothing
   * changed, for a role that may not (a PostgreSQL of its own whose user is not a superuser): the
   * checks run as before.
   */
  async sinComprobacionesDeClavesAjenas(): Promise<boolean> {
    const { rows } = await sql<{ su: string }>`
      SELECT current_setting('is_superuser') AS su`.execute(this.db);
    if (rows[0]?.su !== "on") return false;
    await sql`SET LOCAL session_replication_role = replica`.execute(this.db);
    return true;
  }

  async conComprobacionesDeClavesAjenas(): Promise<void> {
    await sql`SET LOCAL session_replication_role = origin`.execute(this.db);
  }

  /**
   * Checks every foreign key of the current schema (the backup's, loaded without the per-row
   * checks) on all its rows at once, as `ALTER TABLE … ADD FOREIGN KEY` validates one: a row whose
   * columns are all set (MATCH SIMPLE; with MATCH FULL, any set) and whose parent is not there
   * fails with 23503, as its insert failed before. A query per key, no DDL: no lock beyond the
   * tables' own (the embedded PostgreSQL's lock table is small, `max_locks_per_transaction`).
   */
  async comprobarClavesAjenas(): Promise<void> {
    const { rows } = await sql<{
      nombre: string;
      hija: string;
      madre: string;
      completa: boolean;
      columnas: string[];
      referidas: string[];
    }>`
      SELECT k.conname AS nombre, h.relname AS hija, m.relname AS madre,
        k.confmatchtype = 'f' AS completa,
        ARRAY(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
              JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i) AS columnas,
        ARRAY(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, i)
              JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY u.i) AS referidas
      FROM pg_constraint k
      JOIN pg_class h ON h.oid = k.conrelid
      JOIN pg_class m ON m.oid = k.confrelid
      WHERE k.contype = 'f' AND h.relnamespace = current_schema()::regnamespace
      ORDER BY h.relname, k.conname`.execute(this.db);
    for (const k of rows) {
      const hija = (c: string) => sql`h.${sql.ref(c)}`;
      const todas = sql.join(
        k.columnas.map((c) => sql`${hija(c)} IS NOT NULL`),
        sql` AND `,
      );
      const alguna = sql.join(
        k.columnas.map((c) => sql`${hija(c)} IS NOT NULL`),
        sql` OR `,
      );
      const casa = sql.join(
        k.columnas.map((c, i) => sql`m.${sql.ref(k.referidas[i] ?? "")} = ${hija(c)}`),
        sql` AND `,
      );
      const sinMadre = sql`NOT EXISTS (SELECT 1 FROM ${sql.table(k.madre)} m WHERE ${casa})`;
      const mala = k.completa
        ? sql`(${alguna}) AND (NOT (${todas}) OR ${sinMadre})`
        : sql`${todas} AND ${sinMadre}`;
      const { rows: malas } = await sql`
        SELECT 1 FROM ${sql.table(k.hija)} h WHERE ${mala} LIMIT 1`.execute(this.db);
      if (malas.length > 0)
        throw Object.assign(
          new Error(`una fila de ${k.hija} no encuentra la suya en ${k.madre} (${k.nombre})`),
          { code: "23503" },
        );
    }
  }

  async vaciar(tabla: string): Promise<void> {
    await sql`DELETE FROM ${sql.table(tabla)}`.execute(this.db);
  }

  /** Inserts rows given as JSON objects; `columnas` are those the backup carries. */
  async insertar(tabla: string, columnas: string[], filas: string[]): Promise<void> {
    if (filas.length === 0 || columnas.length === 0) return;
    const lista = sql.join(columnas.map((c) => sql.ref(c)));
    await sql`
      INSERT INTO ${sql.table(tabla)} (${lista})
      SELECT ${lista} FROM jsonb_populate_recordset(NULL::${sql.table(tabla)}, ${`[${filas.join(",")}]`}::jsonb)`.execute(
      this.db,
    );
  }

  /**
   * For a role that may not load without the per-row checks (`sinComprobacionesDeClavesAjenas`):
   * drops the foreign keys and the plain (neither unique nor a constraint's) indexes of the tables
   * of the current schema, the backup's, before its rows are loaded, and answers how to make them
   * again (`rehacerComprobaciones`), as pg_restore does: checked row by row, a foreign key is a
   * query per row (seven on `pago`) and an index an insertion per row (ten on `pago`); made at the
   * end, one check of every row per key and one sort per index (issue 51). Not for the embedded
   * PostgreSQL: the locks of that DDL, held to the commit, overflow its small lock table.
   */
  async aplazarComprobaciones(): Promise<ComprobacionAplazada[]> {
    const { rows: claves } = await sql<{ tabla: string; nombre: string; definicion: string }>`
      SELECT h.relname AS tabla, k.conname AS nombre, pg_get_constraintdef(k.oid) AS definicion
      FROM pg_constraint k JOIN pg_class h ON h.oid = k.conrelid
      WHERE k.contype = 'f' AND h.relnamespace = current_schema()::regnamespace
      ORDER BY h.relname, k.conname`.execute(this.db);
    const { rows: indices } = await sql<{ tabla: string; nombre: string; definicion: string }>`
      SELECT t.relname AS tabla, i.relname AS nombre, pg_get_indexdef(x.indexrelid) AS definicion
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace
        AND NOT x.indisunique AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid
                        AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x'))
      ORDER BY t.relname, i.relname`.execute(this.db);
    const aplazadas: ComprobacionAplazada[] = [
      ...claves.map((c) => ({ tipo: "clave_ajena" as const, ...c })),
      ...indices.map((c) => ({ tipo: "indice" as const, ...c })),
    ];
    for (const c of aplazadas) {
      if (c.tipo === "clave_ajena")
        await sql`ALTER TABLE ${sql.table(c.tabla)} DROP CONSTRAINT ${sql.id(c.nombre)}`.execute(
          this.db,
        );
      else await sql`DROP INDEX ${sql.id(c.nombre)}`.execute(this.db);
    }
    return aplazadas;
  }

  /**
   * Makes again what `aplazarComprobaciones` dropped, the indexes first: each foreign key checks
   * every loaded row at once (a row of the file pointing nowhere fails here, 23503, as it failed
   * on its insert before), validated even if it was `NOT VALID` (an insert checks those too).
   * Definitions from the catalogue of this same schema and search path.
   */
  async rehacerComprobaciones(aplazadas: ComprobacionAplazada[]): Promise<void> {
    for (const c of aplazadas)
      if (c.tipo === "indice") await sql.raw(c.definicion).execute(this.db);
    for (const c of aplazadas)
      if (c.tipo === "clave_ajena")
        await sql`ALTER TABLE ${sql.table(c.tabla)} ADD CONSTRAINT ${sql.id(c.nombre)} ${sql.raw(c.definicion.replace(/ NOT VALID$/, ""))}`.execute(
          this.db,
        );
  }

  /**
   * Takes the restore lock for `clave` in one statement: free, or abandoned by a holder that
   * stopped beating. False when another restore holds it, on this instance or any other.
   */
  async tomarBloqueo(clave: string): Promise<boolean> {
    const { rows } = await sql<{ clave: string }>`
      INSERT INTO restauracion_bloqueo (id, clave, latido) VALUES (1, ${clave}, now())
      ON CONFLICT (id) DO UPDATE SET clave = EXCLUDED.clave, latido = now()
      WHERE restauracion_bloqueo.latido < now() - ${BLOQUEO_ABANDONADO}::interval
      RETURNING clave`.execute(this.db);
    return rows.length > 0;
  }

  /** The holder is alive: its lock is not abandoned. */
  async latir(clave: string): Promise<void> {
    await sql`UPDATE restauracion_bloqueo SET latido = now() WHERE clave = ${clave}`.execute(
      this.db,
    );
  }

  /** Whether a live restore (beating) holds the lock with `clave`. */
  async bloqueoVivo(clave: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT 1 FROM restauracion_bloqueo
      WHERE clave = ${clave} AND latido >= now() - ${BLOQUEO_ABANDONADO}::interval`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  /** Written in the restore's own transaction: its rows are committed exactly when this is. */
  async anotarHecha(clave: string): Promise<void> {
    await sql`INSERT INTO restauracion_hecha (clave) VALUES (${clave})`.execute(this.db);
  }

  async estaHecha(clave: string): Promise<boolean> {
    const { rows } = await sql`SELECT 1 FROM restauracion_hecha WHERE clave = ${clave}`.execute(
      this.db,
    );
    return rows.length > 0;
  }

  async olvidarBloqueo(clave: string): Promise<void> {
    await sql`DELETE FROM restauracion_bloqueo WHERE clave = ${clave}`.execute(this.db);
  }

  /** The restore with `clave` is over (finished or undone): its record and its lock go. */
  async olvidarRestauracion(clave: string): Promise<void> {
    await sql`DELETE FROM restauracion_hecha WHERE clave = ${clave}`.execute(this.db);
    await this.olvidarBloqueo(clave);
  }

  async auditar(entrada: EntradaAuditoria): Promise<void> {
    await registrarAuditoria(this.db, entrada);
  }

  /**
   * Every serial sequence continues after the highest id restored, and never goes back: `setval`
   * is not undone by a rollback, so a restore that fails after this (or dies before its commit)
   * must not leave a sequence behind the ids of the rows that stay (the sessions of before).
   */
  async ajustarSecuencias(): Promise<void> {
    const { rows } = await sql<{ tabla: string; columna: string }>`
      SELECT table_name AS tabla, column_name AS columna FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`.execute(this.db);
    for (const { tabla, columna } of rows) {
      await sql`
        SELECT setval(s.seq, GREATEST(m.alto, 1), m.alto > 0)
        FROM (SELECT pg_get_serial_sequence(${`"${tabla}"`}, ${columna})::regclass AS seq) s,
        LATERAL (SELECT GREATEST(
          (SELECT COALESCE(MAX(${sql.ref(columna)}), 0) FROM ${sql.table(tabla)}),
          COALESCE(pg_sequence_last_value(s.seq), 0)) AS alto) m`.execute(this.db);
    }
  }

  /** Row count and an md5 of every row's JSON (sorted): equal data gives equal figures. */
  async huella(tabla: string, sinColumnas: string[] = []): Promise<{ filas: number; md5: string }> {
    const { rows } = await sql<{ filas: number; md5: string }>`
      SELECT count(*)::int AS filas, md5(COALESCE(string_agg(f, E'\n' ORDER BY f), '')) AS md5
      FROM (SELECT (to_jsonb(t) - ${sinColumnas}::text[])::text AS f FROM ${sql.table(tabla)} t) s`.execute(
      this.db,
    );
    return rows[0] ?? { filas: 0, md5: "" };
  }
}

/** Topological order (parents first); a cycle between tables is a schema this code cannot copy. */
function ordenarPorDependencias(tablas: TablaCopia[], fks: Fk[]): TablaCopia[] {
  const pendientes = new Map(tablas.map((t) => [t.nombre, t]));
  const orden: TablaCopia[] = [];
  while (pendientes.size > 0) {
    const listas = [...pendientes.values()].filter(
      (t) => !fks.some((fk) => fk.hija === t.nombre && pendientes.has(fk.madre)),
    );
    if (listas.length === 0) {
      throw new Error(`dependencias circulares entre ${[...pendientes.keys()].join(", ")}`);
    }
    for (const t of listas) {
      orden.push(t);
      pendientes.delete(t.nombre);
    }
  }
  return orden;
}
