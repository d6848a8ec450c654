import type { ListaGallofaQuery, TipoGallofa } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type GallofaGuardada = {
  id: number;
  fecha: string;
  idSocio: number | null;
  nombre: string;
  tipo: TipoGallofa;
  /** Cents. */
  importe: number;
  descripcion: string;
  recogidoPor: string;
  nota: string;
  anonimo: boolean;
};

export type DatosGallofa = Omit<GallofaGuardada, "id">;

const ESCAPE_LIKE = /[\\%_]/g;

/** The giver's name: the member's current name, or the one written down. */
const NOMBRE = sql<string>`coalesce(nullif(trim(s.nombre || ' ' || s.apellidos), ''), g.nombre)`;

const COLUMNAS_ORDEN = {
  fecha: sql`g.fecha`,
  nombre: sql`lower(${NOMBRE})`,
  importe: sql`g.importe`,
} as const;

const rangoAnyo = (anyo: number) => [`${anyo}-01-01`, `${anyo}-12-31`] as const;

export class GallofaRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: GallofaRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new GallofaRepository(tx)));
  }

  private base() {
    return this.db.selectFrom("gallofa as g").leftJoin("socio as s", "s.id", "g.id_socio");
  }

  private seleccion() {
    return this.base().select([
      "g.id",
      "g.fecha",
      "g.id_socio as idSocio",
      NOMBRE.as("nombre"),
      "g.tipo",
      "g.importe",
      "g.descripcion",
      "g.recogido_por as recogidoPor",
      "g.nota",
      "g.anonimo",
    ]);
  }

  async listar(query: ListaGallofaQuery): Promise<{ items: GallofaGuardada[]; total: number }> {
    let base = this.base();
    if (query.anyo !== undefined) {
      const [desde, hasta] = rangoAnyo(query.anyo);
      base = base.where("g.fecha", ">=", desde).where("g.fecha", "<=", hasta);
    }
    if (query.tipo) base = base.where("g.tipo", "=", query.tipo);
    if (query.q) {
      const patron = `%${query.q.replace(ESCAPE_LIKE, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb(NOMBRE, "ilike", patron),
          eb("g.descripcion", "ilike", patron),
          eb("g.recogido_por", "ilike", patron),
          eb("g.nota", "ilike", patron),
        ]),
      );
    }
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const desc = query.sort.startsWith("-");
    const campo = (desc ? query.sort.slice(1) : query.sort) as keyof typeof COLUMNAS_ORDEN;
    const ids = await base
      .select("g.id")
      .orderBy(COLUMNAS_ORDEN[campo], desc ? "desc" : "asc")
      .orderBy("g.id", desc ? "desc" : "asc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { items: await this.porIds(ids.map((f) => f.id)), total: Number(total.n) };
  }

  private async porIds(ids: number[]): Promise<GallofaGuardada[]> {
    if (ids.length === 0) return [];
    const filas = await this.seleccion().where("g.id", "in", ids).execute();
    const porId = new Map(filas.map((f) => [f.id, f as GallofaGuardada]));
    return ids.flatMap((id) => porId.get(id) ?? []);
  }

  /** Every contribution of a year, oldest first (exports and the thank-you list). */
  async delAnyo(anyo: number): Promise<GallofaGuardada[]> {
    const [desde, hasta] = rangoAnyo(anyo);
    return (await this.seleccion()
      .where("g.fecha", ">=", desde)
      .where("g.fecha", "<=", hasta)
      .orderBy("g.fecha")
      .orderBy("g.id")
      .execute()) as GallofaGuardada[];
  }

  async porId(id: number): Promise<GallofaGuardada | undefined> {
    return (await this.seleccion().where("g.id", "=", id).executeTakeFirst()) as
      | GallofaGuardada
      | undefined;
  }

  async totales(anyo: number) {
    const [desde, hasta] = rangoAnyo(anyo);
    const fila = await this.db
      .selectFrom("gallofa as g")
      .where("g.fecha", ">=", desde)
      .where("g.fecha", "<=", hasta)
      .select([
        sql<number>`coalesce(sum(g.importe) filter (where g.tipo = 'dinero'), 0)`.as("dinero"),
        sql<number>`coalesce(sum(g.importe) filter (where g.tipo = 'especie'), 0)`.as("especie"),
        sql<number>`count(*)`.as("aportaciones"),
        sql<number>`count(distinct coalesce('s' || g.id_socio::text, 'n' || lower(g.nombre)))`.as(
          "donantes",
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      dinero: Number(fila.dinero),
      especie: Number(fila.especie),
      aportaciones: Number(fila.aportaciones),
      donantes: Number(fila.donantes),
    };
  }

  async existeSocio(id: number): Promise<boolean> {
    return Boolean(
      await this.db.selectFrom("socio").select("id").where("id", "=", id).executeTakeFirst(),
    );
  }

  private valores(datos: DatosGallofa) {
    return {
      fecha: datos.fecha,
      id_socio: datos.idSocio,
      nombre: datos.nombre,
      tipo: datos.tipo,
      importe: datos.importe,
      descripcion: datos.descripcion,
      recogido_por: datos.recogidoPor,
      nota: datos.nota,
      anonimo: datos.anonimo,
    };
  }

  async crear(datos: DatosGallofa): Promise<number> {
    const fila = await this.db
      .insertInto("gallofa")
      .values(this.valores(datos))
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, datos: DatosGallofa): Promise<void> {
    await this.db
      .updateTable("gallofa")
      .set({ ...this.valores(datos), actualizado_en: new Date() })
      .where("id", "=", id)
      .execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("gallofa").where("id", "=", id).execute();
  }

  async asociacion() {
    return this.db.selectFrom("asociacion").select(["nombre"]).executeTakeFirst();
  }

  async auditar(entrada: EntradaAuditoria): Promise<void> {
    await registrarAuditoria(this.db, entrada);
  }
}
