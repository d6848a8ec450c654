import { ESTADOS_POR_COBRAR } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { CifrasCierreFila } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";
import { PagosRepository } from "../pagos/pagos.repository.js";
import { ProductosRepository } from "../pagos/productos.repository.js";

export type CierreFila = {
  id: number;
  anyo: number;
  cerradoEn: Date;
  usuario: string;
  cifras: CifrasCierreFila;
};

export type SocioNombre = { idSocio: number; nombre: string; matricula: number | null };

/** Last day of a year, as the `date` columns compare. */
const finDe = (anyo: number) => `${anyo}-12-31`;

/**
 * Members a close of `anyo` makes one year older as festeros: active, and already members in
 * that year (those who joined after it, e.g. in January before the close, wait for the next).
 */
function enElAnyo(anyo: number) {
  return sql<boolean>`activo and (fecha_alta is null or fecha_alta <= ${finDe(anyo)}::date)
    and (anyo_alta is null or anyo_alta <= ${anyo})`;
}

const nombreCompleto = sql<string>`trim(s.nombre || ' ' || s.apellidos)`;

export class CierreRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: CierreRepository) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return fn(this);
    return this.db.transaction().execute((trx) => fn(new CierreRepository(trx)));
  }

  /** The repositories of fees and charges on the same connection (and transaction). */
  productos(): ProductosRepository {
    return new ProductosRepository(this.db);
  }

  pagos(): PagosRepository {
    return new PagosRepository(this.db);
  }

  private base() {
    return this.db
      .selectFrom("cierre_anyo as c")
      .leftJoin("usuario as u", "u.id", "c.id_usuario")
      .select(["c.id", "c.anyo", "c.cerrado_en", "c.cifras", "u.nombre", "u.email"]);
  }

  private aFila(f: {
    id: number;
    anyo: number;
    cerrado_en: Date;
    cifras: CifrasCierreFila;
    nombre: string | null;
    email: string | null;
  }): CierreFila {
    return {
      id: f.id,
      anyo: f.anyo,
      cerradoEn: f.cerrado_en,
      usuario: f.nombre || f.email || "Sistema",
      cifras: f.cifras,
    };
  }

  async cierre(anyo: number): Promise<CierreFila | null> {
    const f = await this.base().where("c.anyo", "=", anyo).executeTakeFirst();
    return f ? this.aFila(f) : null;
  }

  async listar(page: number, pageSize: number): Promise<{ items: CierreFila[]; total: number }> {
    const [filas, cuenta] = await Promise.all([
      this.base()
        .orderBy("c.anyo", "desc")
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom("cierre_anyo")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: filas.map((f) => this.aFila(f)), total: Number(cuenta.n) };
  }

  /**
   * Takes the year for this close: null when it is already closed. A second close running at
   * the same time waits on the unique key and then gets null too.
   */
  async reservar(anyo: number, idUsuario: number): Promise<number | null> {
    const fila = await this.db
      .insertInto("cierre_anyo")
      .values({ anyo, id_usuario: idUsuario })
      .onConflict((oc) => oc.constraint("cierre_anyo_anyo_uq").doNothing())
      .returning("id")
      .executeTakeFirst();
    return fila?.id ?? null;
  }

  async guardarCifras(id: number, cifras: CifrasCierreFila): Promise<void> {
    await this.db
      .updateTable("cierre_anyo")
      .set({ cifras: JSON.stringify(cifras) })
      .where("id", "=", id)
      .execute();
  }

  async contarEdadFestera(anyo: number): Promise<{ crecen: number; altasPosteriores: number }> {
    const f = await this.db
      .selectFrom("socio")
      .select([
        sql<number>`count(*) filter (where ${enElAnyo(anyo)})`.as("crecen"),
        sql<number>`count(*) filter (where activo and not (${enElAnyo(anyo)}))`.as("posteriores"),
      ])
      .executeTakeFirstOrThrow();
    return { crecen: Number(f.crecen), altasPosteriores: Number(f.posteriores) };
  }

  /** The members the close makes one year older, with their current edad festera. */
  async sociosEdadFestera(anyo: number) {
    const filas = await this.db
      .selectFrom("socio as s")
      .select(["s.id", "s.matricula", "s.edad_festera", nombreCompleto.as("nombre")])
      .where(enElAnyo(anyo))
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .orderBy("s.id")
      .execute();
    return filas.map((f) => ({
      idSocio: f.id,
      nombre: f.nombre,
      matricula: f.matricula,
      edadFestera: f.edad_festera,
    }));
  }

  async incrementarEdadFestera(anyo: number): Promise<number> {
    const r = await this.db
      .updateTable("socio")
      .set((eb) => ({ edad_festera: eb("edad_festera", "+", 1), actualizado_en: new Date() }))
      .where(enElAnyo(anyo))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Active levy products of a year. */
  async productosDerrama(anyo: number): Promise<{ id: number; nombre: string }[]> {
    return this.db
      .selectFrom("producto")
      .select(["id", "nombre"])
      .where("anyo", "=", anyo)
      .where("tipo", "=", "derrama")
      .where("activo", "=", true)
      .orderBy("id")
      .execute();
  }

  async nombres(ids: number[]): Promise<Map<number, SocioNombre>> {
    if (ids.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("socio as s")
      .select(["s.id", "s.matricula", nombreCompleto.as("nombre")])
      .where("s.id", "in", ids)
      .execute();
    return new Map(
      filas.map((f) => [f.id, { idSocio: f.id, nombre: f.nombre, matricula: f.matricula }]),
    );
  }

  /** What each member still owes of the year (pending or returned charges), by member. */
  async pendientes(anyo: number) {
    const filas = await this.db
      .selectFrom("pago as p")
      .innerJoin("socio as s", "s.id", "p.id_socio")
      .select([
        "s.id",
        "s.matricula",
        nombreCompleto.as("nombre"),
        (eb) => eb.fn.countAll<number>().as("n"),
        (eb) => eb.fn.sum<number>("p.importe").as("importe"),
      ])
      .where("p.anyo", "=", anyo)
      .where("p.estado", "in", ESTADOS_POR_COBRAR)
      .groupBy(["s.id", "s.matricula", "s.nombre", "s.apellidos"])
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .execute();
    return filas.map((f) => ({
      idSocio: f.id,
      nombre: f.nombre,
      matricula: f.matricula,
      numCargos: Number(f.n),
      importe: Number(f.importe),
    }));
  }

  /** Active members paying a levy whose last yearly instalment falls in `anyo`. */
  async derramaTermina(anyo: number) {
    const filas = await this.db
      .selectFrom("socio as s")
      .select([
        "s.id",
        "s.matricula",
        nombreCompleto.as("nombre"),
        "s.importe_derrama",
        "s.anyo_derrama",
        "s.anyos_pago_derrama",
      ])
      .where("s.activo", "=", true)
      .where("s.pagar_derrama", "=", "si")
      .where("s.importe_derrama", ">", 0)
      .where("s.anyos_pago_derrama", ">", 0)
      .where(sql<boolean>`s.anyo_derrama + s.anyos_pago_derrama - 1 = ${anyo}`)
      .orderBy("s.apellidos")
      .orderBy("s.nombre")
      .execute();
    return filas.map((f) => ({
      idSocio: f.id,
      nombre: f.nombre,
      matricula: f.matricula,
      importeDerrama: Number(f.importe_derrama),
      anyoDerrama: f.anyo_derrama ?? 0,
      anyosPagoDerrama: f.anyos_pago_derrama,
    }));
  }

  auditar(entrada: Omit<EntradaAuditoria, "entidad">): Promise<void> {
    return registrarAuditoria(this.db, { ...entrada, entidad: "cierre_anyo" });
  }
}
