import { type Kysely, sql } from "kysely";

// Frozen once landed: add a new file for any later change.
//
// Seniority, awards and the federation's census (issue 49, second half; ADR 0031).
//
// - `tipo_socio.cuenta_como_infantil`: the years in a member type so marked count apart (as
//   infantil), not as festero.
// - `socio_periodo`: each member's periods in the filà, `desde` to `hasta` (the leaving day; null
//   = still in), with the member type in each. At most one open period per member (partial unique
//   index); overlaps are refused by the service, which locks the member's row first. The trigger
//   `socio_periodo_al_cambiar` keeps them in step with the member whatever the path (the record's
//   baja/alta, the import, a script): an insert of an active member opens one (from `fecha_alta`,
//   else 1 January of `anyo_alta`, else today); a baja closes the open one on `fecha_baja`; an
//   alta opens a new one today (earlier years are kept); a change of type while active closes the
//   open one today and opens one with the new type (or retypes it if it began today).
// - Seeded here from today's `fecha_alta`, `anyo_alta`, `edad_festera` and the `baja`/`alta`
//   audit entries (imported members have none): see `semillas` below.
// - `recompensa` (the association's rules: «insignia de plata» at 25 counted years, «de oro» at
//   50, written at start-up while there are none, as the cargos are) and `recompensa_socio` (one grant per rule and member).
// - `federacion_ajuste` (one row, written on first save: festival dates, the member types counted as festeros, the
//   federation's column names) and `federacion_censo_envio` (each census sent, with its rows as
//   a snapshot: the next «changes since» counts from the last one).
//
// The member's own record reads periods and grants (`GET /api/socios/:id/antiguedad`): their
// writes raise the data version (trigger of migration 0017).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tipo_socio")
    .addColumn("cuenta_como_infantil", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable("socio_periodo")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_socio", "integer", (c) => c.notNull().references("socio.id").onDelete("cascade"))
    .addColumn("desde", "date", (c) => c.notNull())
    .addColumn("hasta", "date")
    .addColumn("id_tipo_socio", "integer", (c) =>
      c.references("tipo_socio.id").onDelete("set null"),
    )
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("socio_periodo_fechas_ck", sql`hasta is null or hasta >= desde`)
    .execute();
  await db.schema
    .createIndex("socio_periodo_socio_idx")
    .on("socio_periodo")
    .columns(["id_socio", "desde"])
    .execute();
  await db.schema
    .createIndex("socio_periodo_abierto_uq")
    .on("socio_periodo")
    .column("id_socio")
    .unique()
    .where(sql.ref("hasta"), "is", null)
    .execute();
  await db.schema
    .createIndex("socio_periodo_tipo_idx")
    .on("socio_periodo")
    .column("id_tipo_socio")
    .execute();

  await semillas(db);

  await sql`
    CREATE FUNCTION socio_periodo_al_cambiar() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      hoy date := (now() AT TIME ZONE 'Europe/Madrid')::date;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.activo THEN
          INSERT INTO socio_periodo (id_socio, desde, id_tipo_socio)
          VALUES (NEW.id, coalesce(NEW.fecha_alta, make_date(NEW.anyo_alta, 1, 1), hoy),
                  NEW.id_tipo_socio);
        END IF;
      ELSIF OLD.activo AND NOT NEW.activo THEN
        UPDATE socio_periodo SET hasta = greatest(desde, coalesce(NEW.fecha_baja, hoy))
        WHERE id_socio = NEW.id AND hasta IS NULL;
      ELSIF NEW.activo AND NOT OLD.activo THEN
        IF NOT EXISTS (SELECT 1 FROM socio_periodo WHERE id_socio = NEW.id AND hasta IS NULL) THEN
          INSERT INTO socio_periodo (id_socio, desde, id_tipo_socio)
          SELECT NEW.id, greatest(hoy, coalesce(max(hasta), hoy)), NEW.id_tipo_socio
          FROM socio_periodo WHERE id_socio = NEW.id;
        END IF;
      ELSIF NEW.activo AND OLD.id_tipo_socio IS DISTINCT FROM NEW.id_tipo_socio THEN
        UPDATE socio_periodo SET id_tipo_socio = NEW.id_tipo_socio
        WHERE id_socio = NEW.id AND hasta IS NULL AND desde >= hoy;
        IF NOT FOUND THEN
          UPDATE socio_periodo SET hasta = hoy WHERE id_socio = NEW.id AND hasta IS NULL;
          IF FOUND THEN
            INSERT INTO socio_periodo (id_socio, desde, id_tipo_socio)
            VALUES (NEW.id, hoy, NEW.id_tipo_socio);
          END IF;
        END IF;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER socio_periodo_al_cambiar
    AFTER INSERT OR UPDATE OF activo, id_tipo_socio ON socio
    FOR EACH ROW EXECUTE FUNCTION socio_periodo_al_cambiar()
  `.execute(db);

  await db.schema
    .createTable("recompensa")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("nombre", "text", (c) => c.notNull().unique())
    .addColumn("anyos", "integer", (c) => c.notNull().check(sql`anyos > 0`))
    .addColumn("activa", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("creado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("recompensa_socio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("id_recompensa", "integer", (c) =>
      c.notNull().references("recompensa.id").onDelete("restrict"),
    )
    .addColumn("id_socio", "integer", (c) => c.notNull().references("socio.id").onDelete("cascade"))
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("concedida_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("concedida_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("recompensa_socio_uq", ["id_recompensa", "id_socio"])
    .execute();
  await db.schema
    .createIndex("recompensa_socio_socio_idx")
    .on("recompensa_socio")
    .column("id_socio")
    .execute();

  await db.schema
    .createTable("federacion_ajuste")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("fiestas_desde", "date")
    .addColumn("fiestas_hasta", "date")
    .addColumn("ids_tipo_socio", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("columnas", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("actualizado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("federacion_censo_envio")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("anyo", "integer", (c) => c.notNull())
    .addColumn("filas", "jsonb", (c) => c.notNull())
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("altas", "integer", (c) => c.notNull())
    .addColumn("bajas", "integer", (c) => c.notNull())
    .addColumn("modificados", "integer", (c) => c.notNull())
    .addColumn("enviado_por", "integer", (c) => c.references("usuario.id").onDelete("set null"))
    .addColumn("enviado_en", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  for (const tabla of ["socio_periodo", "recompensa", "recompensa_socio"]) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${tabla}_version_datos`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(tabla)}
      FOR EACH STATEMENT EXECUTE FUNCTION version_datos_disparador()
    `.execute(db);
  }
}

type SocioSemilla = {
  id: number;
  activo: boolean;
  fecha_alta: string | null;
  anyo_alta: number | null;
  edad_festera: number;
  fecha_baja: string | null;
  id_tipo_socio: number | null;
  creado: string;
  actualizado: string;
};

type Evento = { id_entidad: number; accion: string; fecha: string; fecha_baja: string | null };

/**
 * Each member's periods from what there is today. The first begins on `fecha_alta`; without it,
 * on 1 January of `anyo_alta`; without either, on 1 January of as many years ago as `edad_festera`
 * says (the board's figure); without any, the day the record was created. Each `baja` audit entry
 * closes the open period (on the `fechaBaja` it wrote, else the day of the entry) and each `alta`
 * opens one (the day of the entry). A member who is inactive today and still has an open period
 * (imported, no history) leaves on `fecha_baja` (else the record's last change); one active today
 * without an open period comes back on the record's last change. The type is today's.
 */
export async function semillas(db: Kysely<unknown>): Promise<void> {
  const { rows: socios } = await sql<SocioSemilla>`
    SELECT id, activo, to_char(fecha_alta, 'YYYY-MM-DD') AS fecha_alta, anyo_alta, edad_festera,
           to_char(fecha_baja, 'YYYY-MM-DD') AS fecha_baja, id_tipo_socio,
           to_char(creado_en AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS creado,
           to_char(actualizado_en AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS actualizado
    FROM socio ORDER BY id
  `.execute(db);
  const { rows: eventos } = await sql<Evento>`
    SELECT id_entidad, accion,
           to_char(creado_en AT TIME ZONE 'Europe/Madrid', 'YYYY-MM-DD') AS fecha,
           (SELECT c->>'despues' FROM jsonb_array_elements(cambios) c
            WHERE c->>'campo' = 'fechaBaja' LIMIT 1) AS fecha_baja
    FROM auditoria
    WHERE entidad = 'socio' AND accion IN ('baja', 'alta')
    ORDER BY id_entidad, creado_en, id
  `.execute(db);
  const porSocio = new Map<number, Evento[]>();
  for (const e of eventos) {
    const lista = porSocio.get(e.id_entidad) ?? [];
    lista.push(e);
    porSocio.set(e.id_entidad, lista);
  }
  const { rows: hoyFila } = await sql<{ hoy: string }>`
    SELECT to_char((now() AT TIME ZONE 'Europe/Madrid')::date, 'YYYY-MM-DD') AS hoy
  `.execute(db);
  const anyoHoy = Number(hoyFila[0]?.hoy.slice(0, 4));
  const fechaValida = (f: string | null | undefined) =>
    typeof f === "string" && /^\d{4}-\d{2}-\d{2}$/.test(f) ? f : null;
  const filas: {
    id_socio: number;
    desde: string;
    hasta: string | null;
    id_tipo_socio: number | null;
  }[] = [];
  for (const s of socios) {
    const inicio =
      s.fecha_alta ??
      (s.anyo_alta ? `${String(s.anyo_alta).padStart(4, "0")}-01-01` : null) ??
      (s.edad_festera > 0 ? `${anyoHoy - s.edad_festera}-01-01` : s.creado);
    const propias: { desde: string; hasta: string | null }[] = [{ desde: inicio, hasta: null }];
    const abierto = () => {
      const ultimo = propias[propias.length - 1];
      return ultimo && ultimo.hasta === null ? ultimo : null;
    };
    const cerrar = (fecha: string) => {
      const p = abierto();
      if (p) p.hasta = fecha < p.desde ? p.desde : fecha;
    };
    const abrir = (fecha: string) => {
      if (abierto()) return;
      const ultimo = propias[propias.length - 1];
      const desde = ultimo?.hasta && ultimo.hasta > fecha ? ultimo.hasta : fecha;
      propias.push({ desde, hasta: null });
    };
    for (const e of porSocio.get(s.id) ?? []) {
      if (e.accion === "baja") cerrar(fechaValida(e.fecha_baja) ?? e.fecha);
      else abrir(e.fecha);
    }
    if (!s.activo) cerrar(s.fecha_baja ?? s.actualizado);
    else abrir(s.actualizado);
    for (const p of propias) filas.push({ id_socio: s.id, ...p, id_tipo_socio: s.id_tipo_socio });
  }
  for (let i = 0; i < filas.length; i += 1000) {
    await db
      .insertInto("socio_periodo" as never)
      .values(filas.slice(i, i + 1000) as never)
      .execute();
  }
}
