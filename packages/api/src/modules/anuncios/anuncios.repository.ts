import type { ListaAnunciosQuery } from "@fila/domain";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type AnuncioGuardado = {
  id: number;
  titulo: string;
  descripcion: string;
  /** Cents. */
  precio: number;
  imagenes: string[];
  etiquetas: string[];
  destacado: boolean;
  fecha: string;
  contactoNombre: string;
  contactoEmail: string;
  contactoTelefono: string;
  activo: boolean;
  idSocio: number;
  nombreSocio: string;
};

export type DatosAnuncio = {
  titulo: string;
  descripcion: string;
  precio: number;
  etiquetas: string[];
  destacado: boolean;
  fecha: string;
  contactoNombre: string;
  contactoEmail: string;
  contactoTelefono: string;
  activo: boolean;
};

/**
 * What a list may show. `hoy` and `dias` decide which ads are still live (`fecha` + dias ≥ hoy);
 * someone who is not administrador sees live ones plus every ad of their own member.
 */
export type AlcanceAnuncios = { hoy: string; dias: number; todos: boolean; idSocio: number };

const ESCAPE_LIKE = /[\\%_]/g;

const COLUMNAS_ORDEN = {
  fecha: sql`a.fecha`,
  precio: sql`a.precio`,
  titulo: sql`lower(a.titulo)`,
} as const;

type Eb = ExpressionBuilder<DB & { a: DB["anuncio"] }, "a">;

/** Active and not expired: the state the API calls `activo`. */
const vigente = (eb: Eb, hoy: string, dias: number) =>
  eb.and([eb("a.activo", "=", true), eb(sql`a.fecha + ${dias}::int`, ">=", sql`${hoy}::date`)]);

/** Live, expiring by `hasta`, and its owner not reminded yet. */
const porAvisar = (eb: Eb, hoy: string, hasta: string, dias: number) =>
  eb.and([
    eb("a.aviso_caducidad_en", "is", null),
    vigente(eb, hoy, dias),
    eb(sql`a.fecha + ${dias}::int`, "<=", sql`${hasta}::date`),
  ]);

const aCamel = (datos: Partial<DatosAnuncio>) => {
  const { contactoNombre, contactoEmail, contactoTelefono, etiquetas, ...resto } = datos;
  return {
    ...resto,
    ...(contactoNombre === undefined ? {} : { contacto_nombre: contactoNombre }),
    ...(contactoEmail === undefined ? {} : { contacto_email: contactoEmail }),
    ...(contactoTelefono === undefined ? {} : { contacto_telefono: contactoTelefono }),
    ...(etiquetas === undefined ? {} : { etiquetas: JSON.stringify(etiquetas) }),
  };
};

export class AnunciosRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: AnunciosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new AnunciosRepository(tx)));
  }

  private seleccion(hoy: string, dias: number) {
    return this.db
      .selectFrom("anuncio as a")
      .innerJoin("socio as s", "s.id", "a.id_socio")
      .select((eb) => [
        "a.id",
        "a.titulo",
        "a.descripcion",
        "a.precio",
        "a.imagenes",
        "a.etiquetas",
        "a.destacado",
        "a.fecha",
        "a.contacto_nombre as contactoNombre",
        "a.contacto_email as contactoEmail",
        "a.contacto_telefono as contactoTelefono",
        vigente(eb as unknown as Eb, hoy, dias).as("activo"),
        "a.id_socio as idSocio",
        sql<string>`trim(s.nombre || ' ' || s.apellidos)`.as("nombreSocio"),
      ]);
  }

  async listar(
    query: ListaAnunciosQuery,
    alcance: AlcanceAnuncios,
  ): Promise<{ items: AnuncioGuardado[]; total: number }> {
    const { hoy, dias } = alcance;
    let base = this.db.selectFrom("anuncio as a");
    if (!alcance.todos) {
      base = base.where((eb) =>
        eb.or([vigente(eb as unknown as Eb, hoy, dias), eb("a.id_socio", "=", alcance.idSocio)]),
      );
    }
    if (query.activo !== undefined) {
      base = base.where((eb) => {
        const v = vigente(eb as unknown as Eb, hoy, dias);
        return query.activo ? v : eb.not(v);
      });
    }
    if (query.destacado !== undefined) base = base.where("a.destacado", "=", query.destacado);
    if (query.idSocio !== undefined) base = base.where("a.id_socio", "=", query.idSocio);
    if (query.etiqueta) {
      base = base.where(sql<boolean>`a.etiquetas @> ${JSON.stringify([query.etiqueta])}::jsonb`);
    }
    if (query.q) {
      const patron = `%${query.q.replace(ESCAPE_LIKE, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb("a.titulo", "ilike", patron),
          eb("a.descripcion", "ilike", patron),
          eb(sql`a.etiquetas::text`, "ilike", patron),
        ]),
      );
    }
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const desc = query.sort.startsWith("-");
    const campo = (desc ? query.sort.slice(1) : query.sort) as keyof typeof COLUMNAS_ORDEN;
    const ids = await base
      .select("a.id")
      .orderBy(COLUMNAS_ORDEN[campo], desc ? "desc" : "asc")
      .orderBy("a.id", desc ? "desc" : "asc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return {
      items: await this.porIds(
        ids.map((f) => f.id),
        hoy,
        dias,
      ),
      total: Number(total.n),
    };
  }

  private async porIds(ids: number[], hoy: string, dias: number): Promise<AnuncioGuardado[]> {
    if (ids.length === 0) return [];
    const filas = await this.seleccion(hoy, dias).where("a.id", "in", ids).execute();
    const porId = new Map(filas.map((f) => [f.id, f as AnuncioGuardado]));
    return ids.flatMap((id) => porId.get(id) ?? []);
  }

  /**
   * `bloquear`, inside a transaction: the ad's row stays locked until it ends, so changes of its
   * image list read one after another instead of overwriting each other.
   */
  async porId(
    id: number,
    hoy: string,
    dias: number,
    bloquear = false,
  ): Promise<AnuncioGuardado | undefined> {
    let consulta = this.seleccion(hoy, dias).where("a.id", "=", id);
    if (bloquear) consulta = consulta.forUpdate("a");
    return (await consulta.executeTakeFirst()) as AnuncioGuardado | undefined;
  }

  /** Tags in use on live ads, the most used first. */
  async etiquetas(hoy: string, dias: number, limite: number) {
    const filas = await this.db
      .selectFrom(
        this.db
          .selectFrom("anuncio as a")
          .where((eb) => vigente(eb as unknown as Eb, hoy, dias))
          .select(sql<string>`jsonb_array_elements_text(a.etiquetas)`.as("etiqueta"))
          .as("t"),
      )
      .select(["t.etiqueta", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("t.etiqueta")
      .orderBy("n", "desc")
      .orderBy("t.etiqueta")
      .limit(limite)
      .execute();
    return filas.map((f) => ({ etiqueta: f.etiqueta, anuncios: Number(f.n) }));
  }

  async datosSocio(idSocio: number) {
    return this.db
      .selectFrom("socio")
      .select(["nombre", "apellidos", "email", "telefono"])
      .where("id", "=", idSocio)
      .executeTakeFirst();
  }

  async crear(datos: DatosAnuncio, idSocio: number): Promise<number> {
    const fila = await this.db
      .insertInto("anuncio")
      .values({ ...aCamel(datos), titulo: datos.titulo, fecha: datos.fecha, id_socio: idSocio })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(
    id: number,
    datos: Partial<DatosAnuncio> & { imagenes?: string[]; avisoCaducidadEn?: Date | null },
  ) {
    const { imagenes, avisoCaducidadEn, ...resto } = datos;
    await this.db
      .updateTable("anuncio")
      .set({
        ...aCamel(resto),
        ...(imagenes === undefined ? {} : { imagenes: JSON.stringify(imagenes) }),
        ...(avisoCaducidadEn === undefined ? {} : { aviso_caducidad_en: avisoCaducidadEn }),
        actualizado_en: new Date(),
      })
      .where("id", "=", id)
      .execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("anuncio").where("id", "=", id).execute();
  }

  /**
   * Marks as reminded, in one statement, the live ads that expire between `hoy` and `hasta` and
   * have not been reminded yet; returns them. Two instances running it at once split the ads.
   */
  /** The same repository on another connection or transaction (another module's). */
  en(db: Database): AnunciosRepository {
    return new AnunciosRepository(db);
  }

  /** Live ads that expire by `hasta` and whose owner has not been reminded yet. */
  async avisosPendientes(hoy: string, hasta: string, dias: number) {
    return this.db
      .selectFrom("anuncio as a")
      .where((eb) => porAvisar(eb as unknown as Eb, hoy, hasta, dias))
      .select([
        "a.id",
        "a.titulo",
        "a.id_socio as idSocio",
        sql<string>`(a.fecha + ${dias}::int)::text`.as("caduca"),
      ])
      .orderBy("a.id")
      .execute();
  }

  /**
   * Marks one ad's reminder as sent if it is still due (one statement: it locks the row, so of
   * two runs at once only one marks it). False if someone else did, or the ad was renewed.
   */
  async marcarAviso(id: number, hoy: string, hasta: string, dias: number): Promise<boolean> {
    const fila = await this.db
      .updateTable("anuncio as a")
      .set({ aviso_caducidad_en: new Date() })
      .where("a.id", "=", id)
      .where((eb) => porAvisar(eb as unknown as Eb, hoy, hasta, dias))
      .returning("a.id")
      .executeTakeFirst();
    return fila !== undefined;
  }

  async auditar(entrada: EntradaAuditoria): Promise<void> {
    await registrarAuditoria(this.db, entrada);
  }
}
