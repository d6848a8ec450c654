import { type Generated, type Kysely, sql, type Updateable } from "kysely";
import type { Database } from "../../db/database.js";
import type { SocioTable } from "../../db/schema.js";
import type { ConfigMaestro, UsoMaestro } from "./maestros.config.js";
import type { CambiosMaestro, DatosMaestro, Orden } from "./maestros.schemas.js";

/**
 * The three master tables seen as one: the shared columns plus each one's own field.
 * Queries name only the columns the configured table really has.
 */
type TablaGenerica = {
  id: Generated<number>;
  nombre: string;
  descripcion: Generated<string>;
  activo: Generated<boolean>;
  color: Generated<string>;
  domiciliada: Generated<boolean>;
  id_cuenta_tesoreria: Generated<number | null>;
};
type Vista = { maestro: TablaGenerica; socio: SocioTable };

export type FilaMaestro = {
  id: number;
  nombre: string;
  descripcion: string;
  activo: boolean;
  color?: string;
  domiciliada?: boolean;
  idCuentaTesoreria?: number | null;
  enUso: number;
};

export type FiltroLista = {
  q?: string;
  activo?: boolean;
  page: number;
  pageSize: number;
  sort: Orden;
};

const ESCAPE_LIKE = /[\\%_]/g;

export class MaestrosRepository {
  constructor(
    private readonly db: Database,
    private readonly cfg: ConfigMaestro,
  ) {}

  /** Runs `fn` in one transaction, with a repository and a handle bound to it (for the audit). */
  transaccion<T>(fn: (repo: MaestrosRepository, tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new MaestrosRepository(tx, this.cfg), tx));
  }

  private vista(): Kysely<Vista> {
    return this.db as unknown as Kysely<Vista>;
  }

  /** The real table, typed as the generic view (the SQL names the real one). */
  private get tabla(): "maestro" {
    return this.cfg.tabla as unknown as "maestro";
  }

  private get campoPropio(): "color" | "domiciliada" {
    return this.cfg.clase === "color" ? "color" : "domiciliada";
  }

  /** How many rows of `uso` point at the master row in scope (a correlated subquery). */
  private cuenta(uso: UsoMaestro) {
    return sql<number>`(select count(*)::int from ${sql.table(uso.tabla)} where ${sql.ref(
      `${uso.tabla}.${uso.columna}`,
    )} = ${sql.ref(`${this.cfg.tabla}.id`)})`;
  }

  /** Every use added up: what the lists show. */
  private enUso() {
    const sumandos = this.cfg.usos.map((u) => this.cuenta(u));
    return sql<number>`(${sql.join(sumandos, sql` + `)})`.as("enUso");
  }

  /** Payment methods also carry their treasury account. */
  private extra() {
    return this.cfg.clase === "domiciliada"
      ? [sql<number | null>`id_cuenta_tesoreria`.as("idCuentaTesoreria")]
      : [];
  }

  private seleccion() {
    return this.vista()
      .selectFrom(this.tabla)
      .select(["id", "nombre", "descripcion", "activo", this.campoPropio])
      .select(this.extra())
      .select(this.enUso());
  }

  async existeCuentaTesoreria(id: number): Promise<boolean> {
    return Boolean(
      await this.db
        .selectFrom("tesoreria_cuenta")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst(),
    );
  }

  async listar(filtro: FiltroLista): Promise<{ items: FilaMaestro[]; total: number }> {
    let base = this.vista().selectFrom(this.tabla);
    if (filtro.q) {
      const patron = `%${filtro.q.replace(ESCAPE_LIKE, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([eb("nombre", "ilike", patron), eb("descripcion", "ilike", patron)]),
      );
    }
    if (filtro.activo !== undefined) base = base.where("activo", "=", filtro.activo);

    const total = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    let consulta = base
      .select(["id", "nombre", "descripcion", "activo", this.campoPropio])
      .select(this.extra())
      .select(this.enUso());
    const desc = filtro.sort.startsWith("-");
    if (filtro.sort.endsWith("nombre")) {
      consulta = consulta.orderBy(sql`lower(nombre)`, desc ? "desc" : "asc");
    }
    consulta = consulta.orderBy("id", desc ? "desc" : "asc");
    const items = await consulta
      .limit(filtro.pageSize)
      .offset((filtro.page - 1) * filtro.pageSize)
      .execute();
    return { items: items as FilaMaestro[], total: Number(total.n) };
  }

  async porId(id: number, bloquear = false): Promise<FilaMaestro | undefined> {
    let consulta = this.seleccion().where("id", "=", id);
    if (bloquear) consulta = consulta.forUpdate();
    return (await consulta.executeTakeFirst()) as FilaMaestro | undefined;
  }

  /** Another row with the same name, ignoring case and surrounding spaces. */
  async existeNombre(nombre: string, salvoId?: number): Promise<boolean> {
    let consulta = this.vista()
      .selectFrom(this.tabla)
      .select("id")
      .where(sql`lower(nombre)`, "=", nombre.trim().toLowerCase());
    if (salvoId !== undefined) consulta = consulta.where("id", "!=", salvoId);
    return Boolean(await consulta.executeTakeFirst());
  }

  /** Each use of one row, in the order of the configuration. */
  async usosDe(id: number): Promise<{ uso: UsoMaestro; n: number }[]> {
    const fila = (await this.vista()
      .selectFrom(this.tabla)
      .select(this.cfg.usos.map((u, i) => this.cuenta(u).as(`uso${i}`)))
      .where("id", "=", id)
      .executeTakeFirst()) as Record<string, number> | undefined;
    return this.cfg.usos.map((uso, i) => ({ uso, n: Number(fila?.[`uso${i}`] ?? 0) }));
  }

  async crear(datos: DatosMaestro): Promise<number> {
    const fila = await this.vista()
      .insertInto(this.tabla)
      .values(this.columnas(datos) as { nombre: string })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, cambios: CambiosMaestro): Promise<void> {
    const valores = this.columnas(cambios);
    if (Object.keys(valores).length === 0) return;
    await this.vista().updateTable(this.tabla).set(valores).where("id", "=", id).execute();
  }

  async borrar(id: number): Promise<void> {
    await this.vista().deleteFrom(this.tabla).where("id", "=", id).execute();
  }

  /** Only the columns this table has: a colour never reaches forma_pago, nor the reverse. */
  private columnas(datos: CambiosMaestro): Updateable<TablaGenerica> {
    const valores: Record<string, unknown> = {};
    if (datos.nombre !== undefined) valores.nombre = datos.nombre;
    if (datos.descripcion !== undefined) valores.descripcion = datos.descripcion;
    if (datos.activo !== undefined) valores.activo = datos.activo;
    const propio = datos[this.campoPropio];
    if (propio !== undefined) valores[this.campoPropio] = propio;
    if (this.cfg.clase === "domiciliada" && datos.idCuentaTesoreria !== undefined) {
      valores.id_cuenta_tesoreria = datos.idCuentaTesoreria;
    }
    return valores as Updateable<TablaGenerica>;
  }
}
