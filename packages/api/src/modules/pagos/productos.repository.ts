import type { ListaProductosQuery, TipoProducto } from "@fila/domain";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

/** A stored product in cents. */
export type ProductoFila = {
  id: number;
  nombre: string;
  descripcion: string;
  anyo: number;
  tipo: TipoProducto;
  precio: number;
  activo: boolean;
  precios: { idTipoSocio: number; precio: number }[];
  numPagos: number;
};

/** Writable fields in cents. */
export type DatosProducto = Omit<ProductoFila, "id" | "numPagos">;

const ORDEN: Record<string, string> = {
  nombre: "producto.nombre",
  anyo: "producto.anyo",
  tipo: "producto.tipo",
  precio: "producto.precio",
  id: "producto.id",
};

const escaparLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function condiciones(
  eb: ExpressionBuilder<DB, "producto">,
  f: Omit<ListaProductosQuery, "page" | "pageSize" | "sort">,
): Expression<SqlBool> {
  const y: Expression<SqlBool>[] = [];
  if (f.q) y.push(eb("producto.nombre", "ilike", `%${escaparLike(f.q)}%`));
  if (f.anyo !== undefined) y.push(eb("producto.anyo", "=", f.anyo));
  if (f.tipo !== undefined) y.push(eb("producto.tipo", "=", f.tipo));
  if (f.activo !== undefined) y.push(eb("producto.activo", "=", f.activo));
  return eb.and(y);
}

export class ProductosRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: ProductosRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new ProductosRepository(trx)));
  }

  private async completar(
    filas: Omit<ProductoFila, "precios" | "numPagos">[],
  ): Promise<ProductoFila[]> {
    const ids = filas.map((f) => f.id);
    if (ids.length === 0) return [];
    const [precios, cuentas] = await Promise.all([
      this.db
        .selectFrom("producto_precio")
        .select(["id_producto", "id_tipo_socio", "precio"])
        .where("id_producto", "in", ids)
        .orderBy("id_tipo_socio")
        .execute(),
      this.db
        .selectFrom("pago")
        .select((eb) => ["id_producto", eb.fn.countAll<number>().as("n")])
        .where("id_producto", "in", ids)
        .groupBy("id_producto")
        .execute(),
    ]);
    const numPagos = new Map(cuentas.map((c) => [c.id_producto, Number(c.n)]));
    return filas.map((f) => ({
      ...f,
      precios: precios
        .filter((p) => p.id_producto === f.id)
        .map((p) => ({ idTipoSocio: p.id_tipo_socio, precio: Number(p.precio) })),
      numPagos: numPagos.get(f.id) ?? 0,
    }));
  }

  private base() {
    return this.db
      .selectFrom("producto")
      .select(["id", "nombre", "descripcion", "anyo", "tipo", "precio", "activo"]);
  }

  async listar(query: ListaProductosQuery): Promise<{ items: ProductoFila[]; total: number }> {
    const descendente = query.sort.startsWith("-");
    const columna = ORDEN[query.sort.replace(/^-/, "")] ?? "producto.nombre";
    const dir = sql.raw(descendente ? "desc" : "asc");
    const [filas, cuenta] = await Promise.all([
      this.base()
        .where((eb) => condiciones(eb, query))
        .orderBy(sql`${sql.ref(columna)} ${dir}`)
        .orderBy(sql`producto.id ${dir}`)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      this.db
        .selectFrom("producto")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where((eb) => condiciones(eb, query))
        .executeTakeFirst(),
    ]);
    return { items: await this.completar(filas), total: Number(cuenta?.n ?? 0) };
  }

  async porId(id: number): Promise<ProductoFila | undefined> {
    const fila = await this.base().where("id", "=", id).executeTakeFirst();
    return fila ? (await this.completar([fila]))[0] : undefined;
  }

  async delAnyo(anyo: number): Promise<ProductoFila[]> {
    const filas = await this.base().where("anyo", "=", anyo).orderBy("id").execute();
    return this.completar(filas);
  }

  /** Of these products, those an event's price points at (event tickets, charged once). */
  async enActos(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("acto_precio")
      .select("id_producto")
      .distinct()
      .where("id_producto", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id_producto).filter((id): id is number => id !== null));
  }

  /** Of these products, those a lottery points at (charged by its settlements, once). */
  async enLoterias(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("loteria")
      .select("id_producto")
      .where("id_producto", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id_producto));
  }

  async idConNombre(anyo: number, nombre: string): Promise<number | null> {
    const f = await this.db
      .selectFrom("producto")
      .select("id")
      .where("anyo", "=", anyo)
      .where(sql<boolean>`lower(nombre) = lower(${nombre})`)
      .executeTakeFirst();
    return f?.id ?? null;
  }

  async tiposExistentes(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const filas = await this.db
      .selectFrom("tipo_socio")
      .select("id")
      .where("id", "in", ids)
      .execute();
    return new Set(filas.map((f) => f.id));
  }

  async crear(datos: DatosProducto): Promise<number> {
    const { precios, ...producto } = datos;
    const fila = await this.db
      .insertInto("producto")
      .values(producto)
      .returning("id")
      .executeTakeFirstOrThrow();
    await this.ponerPrecios(fila.id, precios);
    return fila.id;
  }

  async actualizar(id: number, datos: DatosProducto): Promise<void> {
    const { precios, ...producto } = datos;
    await this.db.updateTable("producto").set(producto).where("id", "=", id).execute();
    await this.db.deleteFrom("producto_precio").where("id_producto", "=", id).execute();
    await this.ponerPrecios(id, precios);
  }

  private async ponerPrecios(id: number, precios: DatosProducto["precios"]): Promise<void> {
    if (precios.length === 0) return;
    await this.db
      .insertInto("producto_precio")
      .values(
        precios.map((p) => ({ id_producto: id, id_tipo_socio: p.idTipoSocio, precio: p.precio })),
      )
      .execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("producto").where("id", "=", id).execute();
  }

  auditar(entrada: Omit<EntradaAuditoria, "entidad">): Promise<void> {
    return registrarAuditoria(this.db, { ...entrada, entidad: "producto" });
  }
}
