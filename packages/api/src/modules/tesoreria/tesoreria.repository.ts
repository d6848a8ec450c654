import {
  CLAVES_CATEGORIA,
  type ClaveCategoria,
  donativoDeCobro,
  ESTADOS_POR_COBRAR,
  type FiltrosMovimientos,
  LETRAS_CON_TILDE,
  LETRAS_SIN_TILDE,
  normalizarBusqueda,
  type OrigenMovimiento,
  type TipoCategoriaTesoreria,
  type TipoCuentaTesoreria,
  type TipoProducto,
} from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

/** The categories and accounts a treasury starts with (bootstrap and the first automatic one). */
const CATEGORIAS_INICIALES: Record<
  ClaveCategoria,
  [nombre: string, tipo: TipoCategoriaTesoreria, codigo: string]
> = {
  cuotas: ["Cuotas", "ingreso", "720"],
  derramas: ["Derramas", "ingreso", "720"],
  ramell: ["Ramell", "ingreso", "721"],
  actos: ["Actos", "ingreso", "721"],
  loteria: ["Lotería", "ingreso", "722"],
  donativos: ["Donativos", "ingreso", "740"],
  subvenciones: ["Subvenciones", "ingreso", "740"],
  patrocinio: ["Patrocinio", "ingreso", "723"],
  bar: ["Bar", "ingreso", "700"],
  otros_ingresos: ["Otros ingresos", "ingreso", "759"],
  musica: ["Música y bandas", "gasto", "629"],
  polvora: ["Pólvora", "gasto", "602"],
  trajes: ["Trajes", "gasto", "621"],
  local: ["Local y suministros", "gasto", "621"],
  seguros: ["Seguros", "gasto", "625"],
  federacion: ["Cuota a la federación", "gasto", "629"],
  comidas: ["Comidas y actos", "gasto", "629"],
  comisiones_bancarias: ["Comisiones bancarias", "gasto", "626"],
  otros_gastos: ["Otros gastos", "gasto", "629"],
};

export type CuentaFila = {
  id: number;
  nombre: string;
  tipo: TipoCuentaTesoreria;
  iban: string;
  saldoInicial: number;
  fechaSaldoInicial: string;
  activo: boolean;
  saldo: number;
  numMovimientos: number;
};

export type CategoriaFila = {
  id: number;
  nombre: string;
  tipo: TipoCategoriaTesoreria;
  codigoPgc: string;
  clave: string | null;
  activo: boolean;
};

export type LineaFila = {
  idMovimiento: number;
  idCategoria: number;
  categoria: string;
  tipoCategoria: TipoCategoriaTesoreria;
  codigoPgc: string;
  importe: number;
};

export type MovimientoFila = {
  id: number;
  idCuenta: number;
  cuenta: string;
  fecha: string;
  anyo: number;
  concepto: string;
  importe: number;
  proveedor: string;
  nota: string;
  origenTipo: OrigenMovimiento;
  origenId: number | null;
  idCorrige: number | null;
  idCorregidoPor: number | null;
  fechaOriginal: string | null;
  numDocumentos: number;
  saldo: number;
  idLineaExtracto: number | null;
  creadoEn: Date;
};

/** Rows per INSERT when many go in at once (well below PostgreSQL's 65 535 parameters). */
const LOTE_INSERCION = 1000;

export type NuevoMovimiento = {
  idCuenta: number;
  fecha: string;
  concepto: string;
  importe: number;
  proveedor: string;
  nota: string;
  origenTipo: OrigenMovimiento;
  origenId: number | null;
  claveOrigen: string | null;
  idCorrige: number | null;
  fechaOriginal: string | null;
  idUsuario: number | null;
  lineas: { idCategoria: number; importe: number }[];
};

export type DocumentoFila = {
  id: number;
  idMovimiento: number;
  nombreArchivo: string;
  tipoMime: string;
  tamanyo: number;
  claveArchivo: string;
  subidoEn: Date;
};

type Donde = ExpressionBuilder<DB, "tesoreria_movimiento">;

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function condiciones(eb: Donde, f: FiltrosMovimientos): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [];
  for (const palabra of normalizarBusqueda(f.q ?? "")
    .split(" ")
    .filter(Boolean)) {
    const patron = `%${escaparLike(palabra)}%`;
    const plegado = (columna: string) =>
      sql`translate(lower(${sql.ref(columna)}), ${LETRAS_CON_TILDE}, ${LETRAS_SIN_TILDE})`;
    y.push(
      eb.or([
        eb(plegado("tesoreria_movimiento.concepto"), "like", patron),
        eb(plegado("tesoreria_movimiento.proveedor"), "like", patron),
        eb(plegado("tesoreria_movimiento.nota"), "like", patron),
      ]),
    );
  }
  if (f.idCuenta !== undefined) y.push(eb("tesoreria_movimiento.id_cuenta", "=", f.idCuenta));
  if (f.anyo !== undefined) y.push(eb("tesoreria_movimiento.anyo", "=", f.anyo));
  if (f.desde !== undefined) y.push(eb("tesoreria_movimiento.fecha", ">=", f.desde));
  if (f.hasta !== undefined) y.push(eb("tesoreria_movimiento.fecha", "<=", f.hasta));
  if (f.origen !== undefined) y.push(eb("tesoreria_movimiento.origen_tipo", "=", f.origen));
  if (f.tipo === "ingreso") y.push(eb("tesoreria_movimiento.importe", ">", 0));
  if (f.tipo === "gasto") y.push(eb("tesoreria_movimiento.importe", "<", 0));
  if (f.idCategoria !== undefined) {
    const idCategoria = f.idCategoria;
    y.push(
      eb.exists(
        eb
          .selectFrom("tesoreria_linea")
          .select("tesoreria_linea.id")
          .whereRef("tesoreria_linea.id_movimiento", "=", "tesoreria_movimiento.id")
          .where("tesoreria_linea.id_categoria", "=", idCategoria),
      ),
    );
  }
  return eb.and(y);
}

const ORDEN: Record<string, string> = {
  fecha: "tesoreria_movimiento.fecha",
  importe: "tesoreria_movimiento.importe",
  concepto: "tesoreria_movimiento.concepto",
  id: "tesoreria_movimiento.id",
};

/** The `tesoreria_movimiento` row of a new movement (its lines go apart). */
function filaMovimiento(m: NuevoMovimiento) {
  return {
    id_cuenta: m.idCuenta,
    fecha: m.fecha,
    anyo: Number(m.fecha.slice(0, 4)),
    concepto: m.concepto,
    importe: m.importe,
    proveedor: m.proveedor,
    nota: m.nota,
    origen_tipo: m.origenTipo,
    origen_id: m.origenId,
    clave_origen: m.claveOrigen,
    id_corrige: m.idCorrige,
    fecha_original: m.fechaOriginal,
    id_usuario: m.idUsuario,
  };
}

export class TesoreriaRepository {
  constructor(private readonly db: Database) {}

  /** Runs `fn` in one transaction (the caller's own, when it already runs in one). */
  transaccion<T>(fn: (repo: TesoreriaRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new TesoreriaRepository(trx)));
  }

  /**
   * The accounts «Caja» and «Banco» (the association's IBAN), the default categories and the
   * settings, when the treasury has no settings yet (a new installation, or a restored copy from
   * before it). Writes nothing twice: two at once insert each row once.
   */
  async asegurarInicio(): Promise<void> {
    if (await this.db.selectFrom("tesoreria_ajuste").select("id").executeTakeFirst()) return;
    const hoy = sql<string>`current_date`;
    await sql`
      INSERT INTO tesoreria_cuenta (nombre, tipo, iban, fecha_saldo_inicial)
      VALUES ('Caja', 'caja', '', ${hoy}),
        ('Banco', 'banco', coalesce((SELECT iban FROM asociacion WHERE id = 1), ''), ${hoy})
      ON CONFLICT DO NOTHING
    `.execute(this.db);
    await sql`
      INSERT INTO tesoreria_ajuste (id, id_cuenta_banco, id_cuenta_tpv)
      SELECT 1, id, id FROM tesoreria_cuenta WHERE lower(nombre) = 'banco'
      ON CONFLICT (id) DO NOTHING
    `.execute(this.db);
    await sql`
      UPDATE forma_pago
      SET id_cuenta_tesoreria = (SELECT id FROM tesoreria_cuenta WHERE lower(nombre) = 'caja')
      WHERE id_cuenta_tesoreria IS NULL
        AND (lower(nombre) LIKE '%efectivo%' OR lower(nombre) LIKE '%metálico%')
    `.execute(this.db);
    await this.db
      .insertInto("tesoreria_categoria")
      .values(
        CLAVES_CATEGORIA.map((clave) => {
          const [nombre, tipo, codigo] = CATEGORIAS_INICIALES[clave];
          return { clave, nombre, tipo, codigo_pgc: codigo };
        }),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  // ——— Settings and closed years ———

  async ajustes(): Promise<{ idCuentaBanco: number; idCuentaTpv: number } | undefined> {
    return this.db
      .selectFrom("tesoreria_ajuste")
      .select(["id_cuenta_banco as idCuentaBanco", "id_cuenta_tpv as idCuentaTpv"])
      .where("id", "=", 1)
      .executeTakeFirst();
  }

  async guardarAjustes(a: { idCuentaBanco: number; idCuentaTpv: number }): Promise<void> {
    await this.db
      .insertInto("tesoreria_ajuste")
      .values({ id: 1, id_cuenta_banco: a.idCuentaBanco, id_cuenta_tpv: a.idCuentaTpv })
      .onConflict((oc) =>
        oc
          .column("id")
          .doUpdateSet({ id_cuenta_banco: a.idCuentaBanco, id_cuenta_tpv: a.idCuentaTpv }),
      )
      .execute();
  }

  /**
   * Writers of movements share this lock; closing or reopening a year takes it alone, so a year
   * is never closed while a payment is writing into it.
   */
  async bloquearCierres(exclusivo: boolean): Promise<void> {
    if (exclusivo) {
      await sql`select pg_advisory_xact_lock(hashtext('tesoreria:cierre'))`.execute(this.db);
    } else {
      await sql`select pg_advisory_xact_lock_shared(hashtext('tesoreria:cierre'))`.execute(this.db);
    }
  }

  async cerrados(): Promise<Set<number>> {
    const filas = await this.db.selectFrom("tesoreria_cierre").select("anyo").execute();
    return new Set(filas.map((f) => f.anyo));
  }

  async cierres() {
    return this.db
      .selectFrom("tesoreria_cierre")
      .select(["anyo", "cerrado_en as cerradoEn", "id_usuario as idUsuario"])
      .orderBy("anyo", "desc")
      .execute();
  }

  async cerrar(anyo: number, idUsuario: number): Promise<boolean> {
    const r = await this.db
      .insertInto("tesoreria_cierre")
      .values({ anyo, id_usuario: idUsuario })
      .onConflict((oc) => oc.column("anyo").doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async reabrir(anyo: number): Promise<boolean> {
    const r = await this.db
      .deleteFrom("tesoreria_cierre")
      .where("anyo", "=", anyo)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  // ——— Accounts ———

  private cuentas() {
    return this.db
      .selectFrom("tesoreria_cuenta as c")
      .leftJoin(
        (eb) =>
          eb
            .selectFrom("tesoreria_movimiento")
            .select([
              "id_cuenta",
              (e) => e.fn.sum<number>("importe").as("suma"),
              (e) => e.fn.countAll<number>().as("n"),
            ])
            .groupBy("id_cuenta")
            .as("m"),
        (j) => j.onRef("m.id_cuenta", "=", "c.id"),
      )
      .select([
        "c.id as id",
        "c.nombre as nombre",
        "c.tipo as tipo",
        "c.iban as iban",
        "c.saldo_inicial as saldoInicial",
        "c.fecha_saldo_inicial as fechaSaldoInicial",
        "c.activo as activo",
        sql<number>`c.saldo_inicial + coalesce(m.suma, 0)`.as("saldo"),
        sql<number>`coalesce(m.n, 0)::int`.as("numMovimientos"),
      ]);
  }

  async listarCuentas(f: { activo?: boolean; page: number; pageSize: number }) {
    let base = this.db.selectFrom("tesoreria_cuenta");
    if (f.activo !== undefined) base = base.where("activo", "=", f.activo);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    let consulta = this.cuentas();
    if (f.activo !== undefined) consulta = consulta.where("c.activo", "=", f.activo);
    const items = await consulta
      .orderBy("c.tipo", "desc")
      .orderBy("c.id")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { items: items as CuentaFila[], total: Number(n) };
  }

  async cuenta(id: number): Promise<CuentaFila | undefined> {
    return (await this.cuentas().where("c.id", "=", id).executeTakeFirst()) as
      | CuentaFila
      | undefined;
  }

  async existeNombreCuenta(nombre: string, salvoId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom("tesoreria_cuenta")
      .select("id")
      .where(sql`lower(nombre)`, "=", nombre.toLowerCase());
    if (salvoId !== undefined) q = q.where("id", "!=", salvoId);
    return Boolean(await q.executeTakeFirst());
  }

  async crearCuenta(c: {
    nombre: string;
    tipo: TipoCuentaTesoreria;
    iban: string;
    saldoInicial: number;
    fechaSaldoInicial: string;
    activo: boolean;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("tesoreria_cuenta")
      .values({
        nombre: c.nombre,
        tipo: c.tipo,
        iban: c.iban,
        saldo_inicial: c.saldoInicial,
        fecha_saldo_inicial: c.fechaSaldoInicial,
        activo: c.activo,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizarCuenta(
    id: number,
    c: {
      nombre: string;
      tipo: TipoCuentaTesoreria;
      iban: string;
      saldoInicial: number;
      fechaSaldoInicial: string;
      activo: boolean;
    },
  ): Promise<void> {
    await this.db
      .updateTable("tesoreria_cuenta")
      .set({
        nombre: c.nombre,
        tipo: c.tipo,
        iban: c.iban,
        saldo_inicial: c.saldoInicial,
        fecha_saldo_inicial: c.fechaSaldoInicial,
        activo: c.activo,
      })
      .where("id", "=", id)
      .execute();
  }

  /** The account of a payment method's desk payments (null: it has none of its own). */
  async cuentaDeFormaPago(idFormaPago: number | null): Promise<number | null> {
    if (idFormaPago === null) return null;
    const fila = await this.db
      .selectFrom("forma_pago")
      .select("id_cuenta_tesoreria")
      .where("id", "=", idFormaPago)
      .executeTakeFirst();
    return fila?.id_cuenta_tesoreria ?? null;
  }

  /** Balance of each account at the start of `desde` and at the end of `hasta`. */
  async saldos(desde: string, hasta: string) {
    const filas = await sql<{
      id: number;
      nombre: string;
      tipo: TipoCuentaTesoreria;
      inicio: number;
      fin: number;
    }>`
      SELECT c.id, c.nombre, c.tipo,
        c.saldo_inicial + coalesce(sum(m.importe) FILTER (WHERE m.fecha < ${desde}), 0) AS inicio,
        c.saldo_inicial + coalesce(sum(m.importe) FILTER (WHERE m.fecha <= ${hasta}), 0) AS fin
      FROM tesoreria_cuenta c LEFT JOIN tesoreria_movimiento m ON m.id_cuenta = c.id
      GROUP BY c.id ORDER BY c.tipo DESC, c.id
    `.execute(this.db);
    return filas.rows.map((r) => ({ ...r, inicio: Number(r.inicio), fin: Number(r.fin) }));
  }

  // ——— Categories ———

  private categorias() {
    return this.db
      .selectFrom("tesoreria_categoria")
      .select(["id", "nombre", "tipo", "codigo_pgc as codigoPgc", "clave", "activo"]);
  }

  async listarCategorias(f: { tipo?: TipoCategoriaTesoreria; page: number; pageSize: number }) {
    let base = this.db.selectFrom("tesoreria_categoria");
    if (f.tipo) base = base.where("tipo", "=", f.tipo);
    const { n } = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    let q = this.categorias();
    if (f.tipo) q = q.where("tipo", "=", f.tipo);
    const items = await q
      .orderBy("tipo", "desc")
      .orderBy("codigo_pgc")
      .orderBy("id")
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return { items: items as CategoriaFila[], total: Number(n) };
  }

  async todasLasCategorias(): Promise<CategoriaFila[]> {
    return (await this.categorias()
      .orderBy("tipo", "desc")
      .orderBy("codigo_pgc")
      .orderBy("id")
      .execute()) as CategoriaFila[];
  }

  async categoria(id: number): Promise<CategoriaFila | undefined> {
    return (await this.categorias().where("id", "=", id).executeTakeFirst()) as
      | CategoriaFila
      | undefined;
  }

  async categoriasPorId(ids: number[]): Promise<CategoriaFila[]> {
    if (ids.length === 0) return [];
    return (await this.categorias().where("id", "in", ids).execute()) as CategoriaFila[];
  }

  async categoriasPorClave(claves: string[]): Promise<Map<string, number>> {
    if (claves.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("tesoreria_categoria")
      .select(["id", "clave"])
      .where("clave", "in", claves)
      .execute();
    return new Map(filas.map((f) => [f.clave as string, f.id]));
  }

  async existeNombreCategoria(nombre: string, salvoId?: number): Promise<boolean> {
    let q = this.db
      .selectFrom("tesoreria_categoria")
      .select("id")
      .where(sql`lower(nombre)`, "=", nombre.toLowerCase());
    if (salvoId !== undefined) q = q.where("id", "!=", salvoId);
    return Boolean(await q.executeTakeFirst());
  }

  async categoriaEnUso(id: number): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom("tesoreria_linea")
        .select("id")
        .where("id_categoria", "=", id)
        .limit(1)
        .executeTakeFirst(),
    );
  }

  async crearCategoria(c: {
    nombre: string;
    tipo: TipoCategoriaTesoreria;
    codigoPgc: string;
    activo: boolean;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("tesoreria_categoria")
      .values({ nombre: c.nombre, tipo: c.tipo, codigo_pgc: c.codigoPgc, activo: c.activo })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizarCategoria(
    id: number,
    c: { nombre: string; tipo: TipoCategoriaTesoreria; codigoPgc: string; activo: boolean },
  ): Promise<void> {
    await this.db
      .updateTable("tesoreria_categoria")
      .set({ nombre: c.nombre, tipo: c.tipo, codigo_pgc: c.codigoPgc, activo: c.activo })
      .where("id", "=", id)
      .execute();
  }

  // ——— Charges behind automatic movements ———

  /**
   * Each charge's product type and the part of `importe` that is a donativo: a lottery
   * settlement's charge (or a part paid of it, `id_pago_origen`) splits what was played from the
   * donativo in the proportion its talonario's settlement recorded. `importes`: what moved of each
   * charge (by default, its whole amount). In one statement.
   */
  async cargosConDonativo(
    ids: number[],
    importes?: ReadonlyMap<number, number>,
  ): Promise<{ tipo: TipoProducto | null; importe: number; donativo: number }[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{
      id: number;
      tipo: TipoProducto | null;
      importe: number;
      jugado: number | null;
      donativo: number | null;
    }>`
      SELECT pago.id, producto.tipo, pago.importe, t.jugado, t.donativo FROM pago
      LEFT JOIN producto ON producto.id = pago.id_producto
      LEFT JOIN (
        SELECT id_pago, sum(importe_jugado) AS jugado, sum(donativo) AS donativo
        FROM loteria_talonario WHERE id_pago IS NOT NULL GROUP BY id_pago
      ) t ON producto.tipo = 'loteria' AND t.id_pago = coalesce(pago.id_pago_origen, pago.id)
      WHERE pago.id = any(${ids}::integer[])
    `.execute(this.db);
    return rows.map((r) => {
      const importe = importes?.get(Number(r.id)) ?? Number(r.importe);
      const donativo =
        r.jugado === null
          ? 0
          : donativoDeCobro(importe, {
              importeJugado: Number(r.jugado),
              donativo: Number(r.donativo),
            });
      return { tipo: r.tipo, importe, donativo };
    });
  }

  async nombreLoteria(id: number): Promise<string | undefined> {
    const fila = await this.db
      .selectFrom("loteria")
      .select("nombre")
      .where("id", "=", id)
      .executeTakeFirst();
    return fila?.nombre;
  }

  /** The first active cash box (where a lottery prize is paid out), or null. */
  async cajaActiva(): Promise<number | null> {
    const fila = await this.db
      .selectFrom("tesoreria_cuenta")
      .select("id")
      .where("tipo", "=", "caja")
      .where("activo", "=", true)
      .orderBy("id")
      .executeTakeFirst();
    return fila?.id ?? null;
  }

  async cargo(id: number) {
    return this.db
      .selectFrom("pago")
      .select(["id", "concepto", "importe"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  // ——— Movements ———

  async movimientoPorClave(clave: string): Promise<number | null> {
    const fila = await this.db
      .selectFrom("tesoreria_movimiento")
      .select("id")
      .where("clave_origen", "=", clave)
      .executeTakeFirst();
    return fila?.id ?? null;
  }

  /** Inserts a movement and its lines; a payment's key already there inserts nothing (null). */
  async insertarMovimiento(m: NuevoMovimiento): Promise<number | null> {
    const fila = await this.db
      .insertInto("tesoreria_movimiento")
      .values(filaMovimiento(m))
      .onConflict((oc) => oc.column("clave_origen").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!fila) return null;
    await this.db
      .insertInto("tesoreria_linea")
      .values(
        m.lineas.map((l) => ({
          id_movimiento: fila.id,
          id_categoria: l.idCategoria,
          importe: l.importe,
        })),
      )
      .execute();
    return fila.id;
  }

  /**
   * Several movements with a unique `claveOrigen` each, in a few statements (a statement's
   * decisions): clave → id of those inserted; a clave already in the book is left out.
   */
  async insertarMovimientos(ms: (NuevoMovimiento & { claveOrigen: string })[]) {
    const ids = new Map<string, number>();
    for (let i = 0; i < ms.length; i += LOTE_INSERCION) {
      const filas = await this.db
        .insertInto("tesoreria_movimiento")
        .values(ms.slice(i, i + LOTE_INSERCION).map(filaMovimiento))
        .onConflict((oc) => oc.column("clave_origen").doNothing())
        .returning(["id", "clave_origen"])
        .execute();
      for (const f of filas) if (f.clave_origen !== null) ids.set(f.clave_origen, f.id);
    }
    const lineas = ms.flatMap((m) => {
      const id = ids.get(m.claveOrigen);
      return id === undefined
        ? []
        : m.lineas.map((l) => ({
            id_movimiento: id,
            id_categoria: l.idCategoria,
            importe: l.importe,
          }));
    });
    for (let i = 0; i < lineas.length; i += LOTE_INSERCION) {
      await this.db
        .insertInto("tesoreria_linea")
        .values(lineas.slice(i, i + LOTE_INSERCION))
        .execute();
    }
    return ids;
  }

  private seleccionMovimientos() {
    return this.db
      .selectFrom("tesoreria_movimiento")
      .innerJoin("tesoreria_cuenta as c", "c.id", "tesoreria_movimiento.id_cuenta")
      .select([
        "tesoreria_movimiento.id as id",
        "tesoreria_movimiento.id_cuenta as idCuenta",
        "c.nombre as cuenta",
        "tesoreria_movimiento.fecha as fecha",
        "tesoreria_movimiento.anyo as anyo",
        "tesoreria_movimiento.concepto as concepto",
        "tesoreria_movimiento.importe as importe",
        "tesoreria_movimiento.proveedor as proveedor",
        "tesoreria_movimiento.nota as nota",
        "tesoreria_movimiento.origen_tipo as origenTipo",
        "tesoreria_movimiento.origen_id as origenId",
        "tesoreria_movimiento.id_corrige as idCorrige",
        "tesoreria_movimiento.fecha_original as fechaOriginal",
        "tesoreria_movimiento.creado_en as creadoEn",
        sql<
          number | null
        >`(SELECT x.id FROM tesoreria_movimiento x WHERE x.id_corrige = tesoreria_movimiento.id)`.as(
          "idCorregidoPor",
        ),
        sql<number>`(SELECT count(*)::int FROM tesoreria_documento d WHERE d.id_movimiento = tesoreria_movimiento.id)`.as(
          "numDocumentos",
        ),
        sql<
          number | null
        >`(SELECT k.id_linea FROM tesoreria_conciliacion k WHERE k.id_movimiento = tesoreria_movimiento.id)`.as(
          "idLineaExtracto",
        ),
        // The account's balance after this movement, in the book's order (date, then id).
        sql<number>`c.saldo_inicial + (
          SELECT sum(x.importe) FROM tesoreria_movimiento x
          WHERE x.id_cuenta = tesoreria_movimiento.id_cuenta
            AND (x.fecha, x.id) <= (tesoreria_movimiento.fecha, tesoreria_movimiento.id))`.as(
          "saldo",
        ),
      ]);
  }

  async listarMovimientos(
    f: FiltrosMovimientos & { sort: string; page?: number; pageSize?: number },
  ): Promise<MovimientoFila[]> {
    const desc = f.sort.startsWith("-");
    const columna = ORDEN[f.sort.replace(/^-/, "")] ?? ORDEN.fecha;
    let q = this.seleccionMovimientos()
      .where((eb) => condiciones(eb, f))
      .orderBy(sql.ref(columna), desc ? "desc" : "asc")
      .orderBy("tesoreria_movimiento.id", desc ? "desc" : "asc");
    if (f.page !== undefined && f.pageSize !== undefined) {
      q = q.limit(f.pageSize).offset((f.page - 1) * f.pageSize);
    }
    return (await q.execute()) as MovimientoFila[];
  }

  async totalesMovimientos(f: FiltrosMovimientos) {
    const fila = await this.db
      .selectFrom("tesoreria_movimiento")
      .where((eb) => condiciones(eb, f))
      .select([
        (eb) => eb.fn.countAll<number>().as("total"),
        sql<number>`coalesce(sum(importe) FILTER (WHERE importe > 0), 0)`.as("ingresos"),
        sql<number>`coalesce(sum(importe) FILTER (WHERE importe < 0), 0)`.as("gastos"),
      ])
      .executeTakeFirstOrThrow();
    return {
      total: Number(fila.total),
      ingresos: Number(fila.ingresos),
      gastos: Number(fila.gastos),
    };
  }

  async movimiento(id: number, bloquear = false): Promise<MovimientoFila | undefined> {
    if (bloquear) {
      await this.db
        .selectFrom("tesoreria_movimiento")
        .select("id")
        .where("id", "=", id)
        .forUpdate()
        .execute();
    }
    return (await this.seleccionMovimientos()
      .where("tesoreria_movimiento.id", "=", id)
      .executeTakeFirst()) as MovimientoFila | undefined;
  }

  async lineas(ids: number[]): Promise<LineaFila[]> {
    if (ids.length === 0) return [];
    return (await this.db
      .selectFrom("tesoreria_linea as l")
      .innerJoin("tesoreria_categoria as cat", "cat.id", "l.id_categoria")
      .select([
        "l.id_movimiento as idMovimiento",
        "l.id_categoria as idCategoria",
        "cat.nombre as categoria",
        "cat.tipo as tipoCategoria",
        "cat.codigo_pgc as codigoPgc",
        "l.importe as importe",
      ])
      .where("l.id_movimiento", "in", ids)
      .orderBy("l.id")
      .execute()) as LineaFila[];
  }

  // ——— Documents of a movement ———

  async documentos(idMovimiento: number): Promise<DocumentoFila[]> {
    return this.seleccionDocumentos()
      .where("id_movimiento", "=", idMovimiento)
      .orderBy("id")
      .execute();
  }

  async documento(idMovimiento: number, id: number): Promise<DocumentoFila | undefined> {
    return this.seleccionDocumentos()
      .where("id_movimiento", "=", idMovimiento)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  private seleccionDocumentos() {
    return this.db
      .selectFrom("tesoreria_documento")
      .select([
        "id",
        "id_movimiento as idMovimiento",
        "nombre_archivo as nombreArchivo",
        "tipo_mime as tipoMime",
        "tamanyo",
        "clave_archivo as claveArchivo",
        "subido_en as subidoEn",
      ]);
  }

  async insertarDocumento(d: {
    idMovimiento: number;
    nombreArchivo: string;
    tipoMime: string;
    tamanyo: number;
    claveArchivo: string;
    idUsuario: number;
  }): Promise<number> {
    const fila = await this.db
      .insertInto("tesoreria_documento")
      .values({
        id_movimiento: d.idMovimiento,
        nombre_archivo: d.nombreArchivo,
        tipo_mime: d.tipoMime,
        tamanyo: d.tamanyo,
        clave_archivo: d.claveArchivo,
        id_usuario: d.idUsuario,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  // ——— Budget and the year's figures ———

  async presupuesto(anyo: number): Promise<Map<number, number>> {
    const filas = await this.db
      .selectFrom("tesoreria_presupuesto")
      .select(["id_categoria", "importe"])
      .where("anyo", "=", anyo)
      .execute();
    return new Map(filas.map((f) => [f.id_categoria, Number(f.importe)]));
  }

  async reemplazarPresupuesto(
    anyo: number,
    lineas: { idCategoria: number; importe: number }[],
  ): Promise<void> {
    await this.db.deleteFrom("tesoreria_presupuesto").where("anyo", "=", anyo).execute();
    const conImporte = lineas.filter((l) => l.importe > 0);
    if (conImporte.length === 0) return;
    await this.db
      .insertInto("tesoreria_presupuesto")
      .values(conImporte.map((l) => ({ anyo, id_categoria: l.idCategoria, importe: l.importe })))
      .execute();
  }

  /** What each category moved in each month of the year (cents, with their sign). */
  async realPorCategoriaYMes(anyo: number) {
    const { rows } = await sql<{ id_categoria: number; mes: number; importe: number }>`
      SELECT l.id_categoria, extract(month FROM m.fecha)::int AS mes, sum(l.importe) AS importe
      FROM tesoreria_linea l JOIN tesoreria_movimiento m ON m.id = l.id_movimiento
      WHERE m.anyo = ${anyo}
      GROUP BY l.id_categoria, mes
    `.execute(this.db);
    return rows.map((r) => ({
      idCategoria: Number(r.id_categoria),
      mes: Number(r.mes),
      importe: Number(r.importe),
    }));
  }

  /** Members' charges of the year or before that are still owed today. */
  async pendienteCobro(anyo: number): Promise<{ importe: number; numCargos: number }> {
    const fila = await this.db
      .selectFrom("pago")
      .select([
        sql<number>`coalesce(sum(importe), 0)`.as("importe"),
        (eb) => eb.fn.countAll<number>().as("n"),
      ])
      .where("estado", "in", [...ESTADOS_POR_COBRAR])
      .where("anyo", "<=", anyo)
      .executeTakeFirstOrThrow();
    return { importe: Number(fila.importe), numCargos: Number(fila.n) };
  }

  async asociacion() {
    return this.db
      .selectFrom("asociacion")
      .select(["nombre", "cif"])
      .where("id", "=", 1)
      .executeTakeFirst();
  }

  auditar(entrada: EntradaAuditoria): Promise<void> {
    return registrarAuditoria(this.db, entrada);
  }
}
