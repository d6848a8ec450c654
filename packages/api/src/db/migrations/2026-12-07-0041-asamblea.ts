import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The general assembly (issue 48).
// - `asamblea_ajustes`: the statutes' rules (one row, id 1, written on the first save; without it
//   the defaults of the domain): notice in days, quorum of the first call (fraction of the
//   census), the census criteria and the maximum delegations per person.
// - `asamblea`: one per event (`acto`), its character, first and second call, the rules frozen at
//   the call (`reglas`), when it was called (`convocada_en`) and started (`iniciada_en`).
// - `asamblea_punto`: the order of the day; a voted point has its `modo`, `mayoria`, `base` and
//   state (`pendiente` → `abierta` → `cerrada`).
// - `asamblea_recuento`: the counts of a point, one row: every vote updates the three counters in
//   one statement, so nothing (xmin, order) tells which option a vote added to.
// - `asamblea_votante`: «has voted» (point, member represented): no id, no time, no option.
// - `asamblea_voto_publico`: a public vote's option by name (public means public).
// - `asamblea_censo`: the census frozen at the call, every member considered, included or not
//   and why, and how each was reached (e-mail, letter, alert).
// - `asamblea_delegacion`: delegated votes (one live per delegator), paper ones marked.
// - `asamblea_asistente`: who checked in.
// - `asamblea_acta`: the minutes; approval locks them with their content hash.
//
// The member's cached calls (Mis actos, ADR 0023) read the assembly, its points and the
// delegations: their writes raise the data version (trigger of migration 0017). The counts and
// «has voted» rows are read by the voting card outside the cache and raise nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("asamblea_ajustes")
    .addColumn("id", "integer", (c) => c.primaryKey().defaultTo(1).check(sql`id = 1`))
    .addColumn("preaviso_dias", "integer", (c) =>
      c.notNull().defaultTo(15).check(sql`preaviso_dias >= 0`),
    )
    .addColumn("quorum_primera", "double precision", (c) =>
      c.notNull().defaultTo(0.5).check(sql`quorum_primera >= 0 and quorum_primera <= 1`),
    )
    .addColumn("edad_minima", "integer", (c) =>
      c.notNull().defaultTo(18).check(sql`edad_minima >= 0`),
    )
    .addColumn("antiguedad_minima", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`antiguedad_minima >= 0`),
    )
    .addColumn("tipos_socio", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("excluir_deudores", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("max_delegaciones", "integer", (c) =>
      c.notNull().defaultTo(1).check(sql`max_delegaciones >= 0`),
    )
    .execute();

  await db.schema
    .createTable("asamblea")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_acto", "integer", (c) =>
      c.notNull().unique().references("acto.id").onDelete("restrict"),
    )
    .addColumn("caracter", "text", (c) =>
      c.notNull().check(sql`caracter in ('ordinaria', 'extraordinaria')`),
    )
    .addColumn("primera_convocatoria", "timestamptz", (c) => c.notNull())
    .addColumn("segunda_convocatoria", "timestamptz")
    .addColumn("reglas", "jsonb")
    .addColumn("convocada_en", "timestamptz")
    .addColumn("iniciada_en", "timestamptz")
    .addColumn("id_envio", "integer", (c) => c.references("envio.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "asamblea_convocatorias_ck",
      sql`segunda_convocatoria is null or segunda_convocatoria >= primera_convocatoria`,
    )
    .execute();

  await db.schema
    .createTable("asamblea_punto")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_asamblea", "integer", (c) =>
      c.notNull().references("asamblea.id").onDelete("cascade"),
    )
    .addColumn("orden", "integer", (c) => c.notNull())
    .addColumn("titulo", "text", (c) => c.notNull())
    .addColumn("descripcion", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("modo", "text", (c) => c.check(sql`modo in ('secreta', 'publica')`))
    .addColumn("mayoria", "text", (c) =>
      c.check(sql`mayoria in ('simple', 'absoluta', 'dos_tercios', 'tres_cuartos')`),
    )
    .addColumn("base", "text", (c) => c.check(sql`base in ('emitidos', 'censo')`))
    .addColumn("estado", "text", (c) =>
      c.notNull().defaultTo("pendiente").check(sql`estado in ('pendiente', 'abierta', 'cerrada')`),
    )
    .addUniqueConstraint("asamblea_punto_orden_uq", ["id_asamblea", "orden"])
    .addCheckConstraint(
      "asamblea_punto_votacion_ck",
      sql`(modo is null) = (mayoria is null) and (modo is null) = (base is null)
        and (modo is not null or estado = 'pendiente')`,
    )
    .execute();

  await db.schema
    .createTable("asamblea_recuento")
    .addColumn("id_punto", "integer", (c) =>
      c.primaryKey().references("asamblea_punto.id").onDelete("cascade"),
    )
    .addColumn("si", "integer", (c) => c.notNull().defaultTo(0).check(sql`si >= 0`))
    .addColumn("no", "integer", (c) => c.notNull().defaultTo(0).check(sql`no >= 0`))
    .addColumn("abstencion", "integer", (c) => c.notNull().defaultTo(0).check(sql`abstencion >= 0`))
    .execute();

  await db.schema
    .createTable("asamblea_votante")
    .addColumn("id_punto", "integer", (c) =>
      c.notNull().references("asamblea_punto.id").onDelete("cascade"),
    )
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("en_papel", "boolean", (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint("asamblea_votante_pk", ["id_punto", "id_socio"])
    .execute();

  await db.schema
    .createTable("asamblea_voto_publico")
    .addColumn("id_punto", "integer", (c) =>
      c.notNull().references("asamblea_punto.id").onDelete("cascade"),
    )
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("opcion", "text", (c) =>
      c.notNull().check(sql`opcion in ('si', 'no', 'abstencion')`),
    )
    .addColumn("id_emisor", "integer", (c) => c.references("socio.id").onDelete("restrict"))
    .addPrimaryKeyConstraint("asamblea_voto_publico_pk", ["id_punto", "id_socio"])
    .execute();

  await db.schema
    .createTable("asamblea_censo")
    .addColumn("id_asamblea", "integer", (c) =>
      c.notNull().references("asamblea.id").onDelete("cascade"),
    )
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("incluido", "boolean", (c) => c.notNull())
    .addColumn("motivo", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("manual", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("por_email", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("por_carta", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("por_alerta", "boolean", (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint("asamblea_censo_pk", ["id_asamblea", "id_socio"])
    .execute();

  await db.schema
    .createTable("asamblea_delegacion")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_asamblea", "integer", (c) =>
      c.notNull().references("asamblea.id").onDelete("cascade"),
    )
    .addColumn("id_delegante", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("id_delegado", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("en_papel", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("creado_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revocada_en", "timestamptz")
    .addCheckConstraint("asamblea_delegacion_distintos_ck", sql`id_delegante <> id_delegado`)
    .execute();
  await sql`CREATE UNIQUE INDEX asamblea_delegacion_viva_uq ON asamblea_delegacion
    (id_asamblea, id_delegante) WHERE revocada_en IS NULL`.execute(db);
  await db.schema
    .createIndex("asamblea_delegacion_delegado_idx")
    .on("asamblea_delegacion")
    .columns(["id_asamblea", "id_delegado"])
    .execute();

  await db.schema
    .createTable("asamblea_asistente")
    .addColumn("id_asamblea", "integer", (c) =>
      c.notNull().references("asamblea.id").onDelete("cascade"),
    )
    .addColumn("id_socio", "integer", (c) =>
      c.notNull().references("socio.id").onDelete("restrict"),
    )
    .addColumn("por", "text", (c) => c.notNull().check(sql`por in ('carnet', 'manual')`))
    .addColumn("llegada", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("asamblea_asistente_pk", ["id_asamblea", "id_socio"])
    .execute();

  await db.schema
    .createTable("asamblea_acta")
    .addColumn("id_asamblea", "integer", (c) =>
      c.primaryKey().references("asamblea.id").onDelete("restrict"),
    )
    .addColumn("contenido", "text", (c) => c.notNull())
    .addColumn("aprobada_en", "date")
    .addColumn("hash", "text")
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("asamblea_acta_hash_ck", sql`(aprobada_en is null) = (hash is null)`)
    .execute();

  // The statutory call is a mailing that skips no one and carries no unsubscribe footer.
  await db.schema
    .alterTable("envio")
    .addColumn("modo", "text", (c) =>
      c.notNull().defaultTo("normal").check(sql`modo in ('normal', 'convocatoria')`),
    )
    .execute();

  // Typed events of `GET /api/eventos` (`event: asamblea`): `mensaje` is the push card's.
  await db.schema
    .alterTable("mensaje_evento")
    .addColumn("tipo", "text", (c) =>
      c.notNull().defaultTo("mensaje").check(sql`tipo in ('mensaje', 'asamblea')`),
    )
    .execute();

  for (const tabla of ["asamblea", "asamblea_punto", "asamblea_delegacion"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}
