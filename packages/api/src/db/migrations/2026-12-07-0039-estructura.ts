import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The filà's own structure (issue 49, first half): groups, escuadras and cargos.
// - `grupo`: every group with one id space, so one `idsGrupo` filter covers escuadras and the
//   rest. `clase` is `escuadra` (one festival year, `anyo` required, `tipo` ordinaria/especial,
//   costume and band), `junta`, `comision` or `otro` (the bar rota…; `anyo` optional: a group
//   without a year is current while `activo`). `id_responsable`: the person in charge.
// - `grupo_miembro`: who is in each group, with a role. It copies the group's `clase` and `anyo`
//   (composite foreign key to `grupo (id, clase, anyo)`, kept by ON UPDATE CASCADE) so that a
//   partial unique index keeps a festero in at most one escuadra per year: moving is one upsert
//   on that index, safe under simultaneous requests.
// - `grupo_desfile`: the order of each escuadra in each parade (`desfile` is a short key:
//   `entrada`, `diana`, `procesion`…), one position per parade.
// - `cargo`: the positions (capitán, alférez, cabo, presidente…) with `peso`, the extra years of
//   seniority for awards each year held adds. Seeded at start (bootstrap/asegurarCargos), not here:
//   a restore runs the migrations on an empty schema before it loads the copy's rows. Cargos are
//   never deleted (`activo` false hides them from new assignments; history keeps them).
// - `socio_cargo`: a member's cargo from `desde` to `hasta` (null = open). The cabo of an
//   escuadra IS that member's cargo «cabo» for the year: one row with `id_grupo` set, at most one
//   per escuadra, and its (id_grupo, id_socio) must be a membership (composite foreign key: the
//   membership cannot be moved or removed while it holds the cabo; the service clears it first).
//
// The member's cached calls (ADR 0023) read these tables (the festero's home shows their escuadra
// and cabo): their writes raise the data version with the trigger of migration 0017.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("grupo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("clase", "text", (c) =>
      c.notNull().check(sql`clase in ('escuadra', 'junta', 'comision', 'otro')`),
    )
    .addColumn("anyo", "integer", (c) => c.check(sql`anyo between 1900 and 2999`))
    .addColumn("nombre", "text", (c) => c.notNull().check(sql`length(trim(nombre)) > 0`))
    .addColumn("tipo", "text", (c) => c.check(sql`tipo in ('ordinaria', 'especial')`))
    .addColumn("traje", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("banda", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("id_responsable", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("orden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "grupo_escuadra_ck",
      sql`clase <> 'escuadra' OR (anyo IS NOT NULL AND tipo IS NOT NULL)`,
    )
    .addCheckConstraint("grupo_tipo_ck", sql`clase = 'escuadra' OR tipo IS NULL`)
    .addUniqueConstraint("grupo_clase_anyo_uq", ["id", "clase", "anyo"])
    .execute();
  await sql`
    CREATE UNIQUE INDEX grupo_nombre_uq
    ON grupo (clase, coalesce(anyo, 0), lower(nombre))
  `.execute(db);
  await db.schema.createIndex("grupo_anyo_idx").on("grupo").columns(["anyo", "clase"]).execute();

  await db.schema
    .createTable("grupo_miembro")
    .addColumn("id_grupo", "integer", (c) => c.notNull())
    .addColumn("clase", "text", (c) => c.notNull())
    .addColumn("anyo", "integer")
    .addColumn("id_socio", "integer", (c) => c.notNull().references("socio.id").onDelete("cascade"))
    .addColumn("rol", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("grupo_miembro_pk", ["id_grupo", "id_socio"])
    .addForeignKeyConstraint(
      "grupo_miembro_grupo_fk",
      ["id_grupo", "clase", "anyo"],
      "grupo",
      ["id", "clase", "anyo"],
      (c) => c.onDelete("cascade").onUpdate("cascade"),
    )
    .execute();
  // MATCH SIMPLE skips the composite key when `anyo` is null: the plain key still holds.
  await sql`
    ALTER TABLE grupo_miembro ADD CONSTRAINT grupo_miembro_grupo_id_fk
    FOREIGN KEY (id_grupo) REFERENCES grupo (id) ON DELETE CASCADE
  `.execute(db);
  await sql`
    CREATE UNIQUE INDEX grupo_miembro_escuadra_anyo_uq
    ON grupo_miembro (id_socio, anyo) WHERE clase = 'escuadra'
  `.execute(db);
  await db.schema
    .createIndex("grupo_miembro_socio_idx")
    .on("grupo_miembro")
    .column("id_socio")
    .execute();

  await db.schema
    .createTable("grupo_desfile")
    .addColumn("id_grupo", "integer", (c) => c.notNull().references("grupo.id").onDelete("cascade"))
    .addColumn("desfile", "text", (c) => c.notNull().check(sql`desfile ~ '^[a-z0-9_-]{1,40}$'`))
    .addColumn("orden", "integer", (c) => c.notNull().check(sql`orden >= 1`))
    .addPrimaryKeyConstraint("grupo_desfile_pk", ["id_grupo", "desfile"])
    .execute();

  await db.schema
    .createTable("cargo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("codigo", "text", (c) =>
      c.notNull().unique().check(sql`codigo ~ '^[a-z0-9_-]{1,40}$'`),
    )
    .addColumn("nombre", "text", (c) => c.notNull().check(sql`length(trim(nombre)) > 0`))
    .addColumn("nombre_va", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("peso", "integer", (c) => c.notNull().defaultTo(0).check(sql`peso between 0 and 10`))
    .addColumn("orden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable("socio_cargo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_socio", "integer", (c) => c.notNull().references("socio.id").onDelete("cascade"))
    .addColumn("id_cargo", "integer", (c) =>
      c.notNull().references("cargo.id").onDelete("restrict"),
    )
    .addColumn("desde", "date", (c) => c.notNull())
    .addColumn("hasta", "date")
    .addColumn("id_grupo", "integer")
    .addColumn("notas", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("socio_cargo_fechas_ck", sql`hasta IS NULL OR hasta >= desde`)
    .addForeignKeyConstraint(
      "socio_cargo_miembro_fk",
      ["id_grupo", "id_socio"],
      "grupo_miembro",
      ["id_grupo", "id_socio"],
      (c) => c.onDelete("cascade"),
    )
    .execute();
  await sql`
    CREATE UNIQUE INDEX socio_cargo_grupo_uq ON socio_cargo (id_grupo) WHERE id_grupo IS NOT NULL
  `.execute(db);
  await db.schema
    .createIndex("socio_cargo_socio_idx")
    .on("socio_cargo")
    .columns(["id_socio", "desde"])
    .execute();
  await db.schema
    .createIndex("socio_cargo_cargo_idx")
    .on("socio_cargo")
    .columns(["id_cargo", "desde"])
    .execute();

  for (const tabla of ["grupo", "grupo_miembro", "grupo_desfile", "cargo", "socio_cargo"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}
