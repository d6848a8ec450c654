import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The night everyone wants a seat (issue 50). `acto`: enrolment turns (`turnos`, a JSON list of
// `{desde, tipos?, grupos?, cargos?, antiguedadMinima?}`, the last one the general opening), the
// hours to pay (`plazo_pago_horas`, null = no deadline) and the seats per table
// (`plazas_por_mesa`, null = not seated). `inscripcion`: the member's diets, the named
// companions (`[{nombre, dietas, alergias}]`), the members asked to sit with (`sentar_con`, ids),
// the payment deadline (`plazo_pago`, null = none or already paid/lapsed), how many of its two
// notices went out (`plazo_avisos`), and its table. `mesa`: a table of a seated dinner, numbered
// in its event, with the code others join it by.
//
// The member's cached calls (ADR 0023) read tables (Mis actos): `mesa` raises the data version
// with the trigger of migration 0017 (`acto` and `inscripcion` already do, 0029).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("acto")
    .addColumn("turnos", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("plazo_pago_horas", "integer", (c) =>
      c.check(sql`plazo_pago_horas > 0 and plazo_pago_horas <= 8760`),
    )
    .addColumn("plazas_por_mesa", "integer", (c) =>
      c.check(sql`plazas_por_mesa > 0 and plazas_por_mesa <= 1000`),
    )
    .execute();

  await db.schema
    .createTable("mesa")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_acto", "integer", (c) => c.notNull().references("acto.id").onDelete("cascade"))
    .addColumn("numero", "integer", (c) => c.notNull().check(sql`numero > 0`))
    .addColumn("codigo", "text", (c) => c.notNull().unique())
    .addColumn("id_socio_creador", "integer", (c) => c.references("socio.id").onDelete("set null"))
    .addColumn("creada_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("mesa_acto_numero_uq", ["id_acto", "numero"])
    .execute();

  await db.schema
    .alterTable("inscripcion")
    .addColumn("dietas", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("acompanantes", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("sentar_con", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("plazo_pago", "timestamptz")
    .addColumn("plazo_avisos", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("id_mesa", "integer", (c) => c.references("mesa.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("inscripcion_plazo_pago_idx")
    .on("inscripcion")
    .column("plazo_pago")
    .where(sql.ref("plazo_pago"), "is not", null)
    .execute();
  await db.schema.createIndex("inscripcion_mesa_idx").on("inscripcion").column("id_mesa").execute();

  await sql`
    CREATE TRIGGER mesa_version_datos
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mesa
    FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
  `.execute(db);
}
