import type { AudienciaNoticia, ListaNoticiasQuery } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { versionDatosQuieta } from "../../db/version-datos.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type NoticiaGuardada = {
  id: number;
  titulo: string;
  resumen: string;
  contenido: string;
  imagen: string | null;
  fecha: string;
  publicada: boolean;
  destacada: boolean;
  audiencia: AudienciaNoticia;
  creadaEn: Date;
  actualizadaEn: Date;
  tituloVa: string;
  resumenVa: string;
  contenidoVa: string;
};

export type DatosNoticia = {
  titulo: string;
  resumen: string;
  contenido: string;
  titulo_va: string;
  resumen_va: string;
  contenido_va: string;
  fecha: string;
  publicada: boolean;
  destacada: boolean;
  audiencia: AudienciaNoticia;
};

/** What a list may show: every news item (administrador) or only published ones of some audiences. */
export type AlcanceLista =
  | { soloPublicadas: false }
  | { soloPublicadas: true; audiencias: AudienciaNoticia[] };

const ESCAPE_LIKE = /[\\%_]/g;

const COLUMNAS_ORDEN = {
  fecha: sql`fecha`,
  titulo: sql`lower(titulo)`,
  creadaEn: sql`creada_en`,
  id: sql`id`,
} as const;

export class NoticiasRepository {
  constructor(private readonly db: Database) {}

  /** Whether an answer read now may be kept for the version of the data (db/version-datos). */
  versionDatosQuieta(): Promise<boolean> {
    return versionDatosQuieta(this.db);
  }

  transaccion<T>(fn: (repo: NoticiasRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new NoticiasRepository(tx)));
  }

  private seleccion() {
    return this.db
      .selectFrom("noticia")
      .select([
        "id",
        "titulo",
        "resumen",
        "contenido",
        "imagen",
        "fecha",
        "publicada",
        "destacada",
        "audiencia",
        "creada_en as creadaEn",
        "actualizada_en as actualizadaEn",
        "titulo_va as tituloVa",
        "resumen_va as resumenVa",
        "contenido_va as contenidoVa",
      ]);
  }

  async listar(
    query: ListaNoticiasQuery,
    alcance: AlcanceLista,
  ): Promise<{ items: NoticiaGuardada[]; total: number }> {
    let base = this.db.selectFrom("noticia");
    if (alcance.soloPublicadas) {
      base = base.where("publicada", "=", true).where("audiencia", "in", alcance.audiencias);
    } else if (query.publicada !== undefined) {
      base = base.where("publicada", "=", query.publicada);
    }
    // Readers too: the featured page (#/destacado) asks for the featured news only.
    if (query.destacada !== undefined) base = base.where("destacada", "=", query.destacada);
    if (query.q) {
      const patron = `%${query.q.replace(ESCAPE_LIKE, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([eb("titulo", "ilike", patron), eb("resumen", "ilike", patron)]),
      );
    }
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const desc = query.sort.startsWith("-");
    const campo = (desc ? query.sort.slice(1) : query.sort) as keyof typeof COLUMNAS_ORDEN;
    let orden = base.select("id");
    if (query.destacadas) orden = orden.orderBy("destacada", "desc");
    const ids = await orden
      .orderBy(COLUMNAS_ORDEN[campo], desc ? "desc" : "asc")
      .orderBy("id", desc ? "desc" : "asc")
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { items: await this.porIds(ids.map((f) => f.id)), total: Number(total.n) };
  }

  private async porIds(ids: number[]): Promise<NoticiaGuardada[]> {
    if (ids.length === 0) return [];
    const filas = await this.seleccion().where("id", "in", ids).execute();
    const porId = new Map(filas.map((f) => [f.id, f as NoticiaGuardada]));
    return ids.flatMap((id) => porId.get(id) ?? []);
  }

  async porId(id: number): Promise<NoticiaGuardada | undefined> {
    return (await this.seleccion().where("id", "=", id).executeTakeFirst()) as
      | NoticiaGuardada
      | undefined;
  }

  async crear(datos: DatosNoticia, idUsuario: number): Promise<number> {
    const fila = await this.db
      .insertInto("noticia")
      .values({ ...datos, id_usuario: idUsuario })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, datos: Partial<DatosNoticia> & { imagen?: string | null }) {
    await this.db
      .updateTable("noticia")
      .set({ ...datos, actualizada_en: new Date() })
      .where("id", "=", id)
      .execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("noticia").where("id", "=", id).execute();
  }

  async auditar(entrada: EntradaAuditoria): Promise<void> {
    await registrarAuditoria(this.db, entrada);
  }
}
