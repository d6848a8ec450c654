import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// The treasury (issue 47): one book of every euro in and out.
// - `tesoreria_cuenta`: the cash box and each bank account, with its opening balance (the balance
//   before its first movement) and the date it was taken. «Caja», «Banco» (the association's
//   IBAN) and the default categories are written at start (bootstrap/asegurarTesoreria), not
//   here: a restore runs the migrations on an empty schema before it loads the copy's rows.
// - `tesoreria_categoria`: income and expense categories with their PGC ESFL account; `clave`
//   names the ones the automatic movements look for (cuotas, derramas…), so renaming one keeps it.
// - `tesoreria_movimiento` + `tesoreria_linea`: the book. Amounts in cents, income positive and
//   expense negative; the lines add up to the movement, checked at commit by a deferred
//   constraint trigger (the service checks it first, with a Spanish message). What made an
//   automatic movement is `origen_tipo` + `origen_id`, and `clave_origen` is unique: a payment
//   enters once. A correction is a counter-entry (`id_corrige`, at most one per movement); no
//   movement or line is ever deleted (a trigger refuses it; a restore replaces rows with the
//   app's triggers off). A movement of a closed year is refused by a trigger too.
//   A statement line (the later import piece) will point at movements from its own table.
// - `tesoreria_documento`: invoices and photos of a movement (files under DATA_DIR/files).
// - `tesoreria_presupuesto`: the budget approved by the assembly, per year and category.
// - `tesoreria_cierre`: a closed treasury year (reopening deletes the row, audited).
// - `tesoreria_ajuste`: the bank account of remittances and of payment methods without their own
//   account, and the POS's bank account (online payments).
// - `forma_pago.id_cuenta_tesoreria`: the account a desk payment of that method goes to
//   (Efectivo → Caja).
const ORIGENES = ["manual", "cobro", "remesa", "devolucion", "pago_online", "contraasiento"];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tesoreria_cuenta")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("tipo", "text", (c) => c.notNull().check(sql`tipo in ('caja', 'banco')`))
    .addColumn("iban", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("saldo_inicial", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("fecha_saldo_inicial", "date", (c) => c.notNull())
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX tesoreria_cuenta_nombre_uq ON tesoreria_cuenta (lower(nombre))`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_categoria")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull())
    .addColumn("tipo", "text", (c) => c.notNull().check(sql`tipo in ('ingreso', 'gasto')`))
    .addColumn("codigo_pgc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("clave", "text")
    .addColumn("activo", "boolean", (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint("tesoreria_categoria_clave_uq", ["clave"])
    .execute();
  await sql`CREATE UNIQUE INDEX tesoreria_categoria_nombre_uq ON tesoreria_categoria (lower(nombre))`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_movimiento")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_cuenta", "integer", (c) => c.notNull().references("tesoreria_cuenta.id"))
    .addColumn("fecha", "date", (c) => c.notNull())
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("concepto", "text", (c) => c.notNull())
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe <> 0`))
    .addColumn("proveedor", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("nota", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("origen_tipo", "text", (c) =>
      c.notNull().check(sql`origen_tipo in (${sql.join(ORIGENES.map((o) => sql.lit(o)))})`),
    )
    .addColumn("origen_id", "integer")
    .addColumn("clave_origen", "text")
    .addColumn("id_corrige", "integer", (c) => c.references("tesoreria_movimiento.id"))
    .addColumn("fecha_original", "date")
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("tesoreria_movimiento_origen_uq", ["clave_origen"])
    .addUniqueConstraint("tesoreria_movimiento_corrige_uq", ["id_corrige"])
    .addCheckConstraint(
      "tesoreria_movimiento_anyo_ck",
      sql`anyo = extract(year from fecha)::integer`,
    )
    .execute();
  // The book of an account in order (running balance), a year's book, and what made each one.
  await sql`CREATE INDEX tesoreria_movimiento_cuenta_idx ON tesoreria_movimiento (id_cuenta, fecha, id)`.execute(
    db,
  );
  await sql`CREATE INDEX tesoreria_movimiento_fecha_idx ON tesoreria_movimiento (fecha, id)`.execute(
    db,
  );
  await sql`CREATE INDEX tesoreria_movimiento_anyo_idx ON tesoreria_movimiento (anyo)`.execute(db);
  await sql`CREATE INDEX tesoreria_movimiento_origen_idx ON tesoreria_movimiento (origen_tipo, origen_id)`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_linea")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_movimiento", "integer", (c) => c.notNull().references("tesoreria_movimiento.id"))
    .addColumn("id_categoria", "integer", (c) => c.notNull().references("tesoreria_categoria.id"))
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe <> 0`))
    .execute();
  await sql`CREATE INDEX tesoreria_linea_movimiento_idx ON tesoreria_linea (id_movimiento)`.execute(
    db,
  );
  await sql`CREATE INDEX tesoreria_linea_categoria_idx ON tesoreria_linea (id_categoria)`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_documento")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_movimiento", "integer", (c) => c.notNull().references("tesoreria_movimiento.id"))
    .addColumn("nombre_archivo", "text", (c) => c.notNull())
    .addColumn("tipo_mime", "text", (c) => c.notNull())
    .addColumn("tamanyo", "integer", (c) => c.notNull())
    .addColumn("clave_archivo", "text", (c) => c.notNull())
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("subido_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX tesoreria_documento_movimiento_idx ON tesoreria_documento (id_movimiento)`.execute(
    db,
  );

  await db.schema
    .createTable("tesoreria_presupuesto")
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("id_categoria", "integer", (c) => c.notNull().references("tesoreria_categoria.id"))
    .addColumn("importe", "bigint", (c) => c.notNull().check(sql`importe >= 0`))
    .addPrimaryKeyConstraint("tesoreria_presupuesto_pk", ["anyo", "id_categoria"])
    .execute();

  await db.schema
    .createTable("tesoreria_cierre")
    .addColumn("anyo", "integer", (c) => c.primaryKey())
    .addColumn("cerrado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("id_usuario", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("tesoreria_ajuste")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("id_cuenta_banco", "integer", (c) => c.notNull().references("tesoreria_cuenta.id"))
    .addColumn("id_cuenta_tpv", "integer", (c) => c.notNull().references("tesoreria_cuenta.id"))
    .execute();

  await db.schema
    .alterTable("forma_pago")
    .addColumn("id_cuenta_tesoreria", "integer", (c) =>
      c.references("tesoreria_cuenta.id").onDelete("set null"),
    )
    .execute();

  // The lines of every movement touched add up to it, at commit (several lines are inserted
  // after their movement, within one transaction).
  await sql`
    CREATE FUNCTION tesoreria_movimiento_cuadra() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_id integer;
      v_importe bigint;
      v_suma bigint;
      v_lineas integer;
    BEGIN
      IF TG_TABLE_NAME = 'tesoreria_movimiento' THEN
        v_id := NEW.id;
      ELSE
        v_id := NEW.id_movimiento;
      END IF;
      SELECT importe INTO v_importe FROM tesoreria_movimiento WHERE id = v_id;
      SELECT coalesce(sum(importe), 0), count(*) INTO v_suma, v_lineas
        FROM tesoreria_linea WHERE id_movimiento = v_id;
      IF v_lineas = 0 OR v_suma <> v_importe THEN
        RAISE EXCEPTION 'tesoreria: las líneas del movimiento % suman % y no %', v_id, v_suma, v_importe
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  for (const tabla of ["tesoreria_movimiento", "tesoreria_linea"]) {
    await sql`
      CREATE CONSTRAINT TRIGGER ${sql.raw(`${tabla}_cuadra`)}
      AFTER INSERT OR UPDATE ON ${sql.table(tabla)}
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION tesoreria_movimiento_cuadra()
    `.execute(db);
  }

  // The book is never rewritten: no delete, and a movement keeps its amount, account and date.
  await sql`
    CREATE FUNCTION tesoreria_sin_borrar() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'tesoreria: un movimiento no se borra; se corrige con un contraasiento'
          USING ERRCODE = 'restrict_violation';
      END IF;
      IF TG_TABLE_NAME = 'tesoreria_movimiento' AND
         (NEW.importe, NEW.id_cuenta, NEW.fecha) IS DISTINCT FROM (OLD.importe, OLD.id_cuenta, OLD.fecha) THEN
        RAISE EXCEPTION 'tesoreria: el importe, la cuenta y la fecha de un movimiento no cambian'
          USING ERRCODE = 'restrict_violation';
      END IF;
      IF TG_TABLE_NAME = 'tesoreria_linea' AND
         (NEW.importe, NEW.id_movimiento) IS DISTINCT FROM (OLD.importe, OLD.id_movimiento) THEN
        RAISE EXCEPTION 'tesoreria: las líneas de un movimiento no cambian de importe'
          USING ERRCODE = 'restrict_violation';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  for (const tabla of ["tesoreria_movimiento", "tesoreria_linea"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_sin_borrar`)}
      BEFORE UPDATE OR DELETE ON ${sql.table(tabla)}
      FOR EACH ROW EXECUTE FUNCTION tesoreria_sin_borrar()
    `.execute(db);
  }

  // Nothing enters a closed year (the service says it first: 409, or the next open year).
  await sql`
    CREATE FUNCTION tesoreria_anyo_abierto() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM tesoreria_cierre WHERE anyo = NEW.anyo) THEN
        RAISE EXCEPTION 'tesoreria: el año % está cerrado', NEW.anyo
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NEW;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER tesoreria_movimiento_anyo_abierto
    BEFORE INSERT ON tesoreria_movimiento
    FOR EACH ROW EXECUTE FUNCTION tesoreria_anyo_abierto()
  `.execute(db);
}
