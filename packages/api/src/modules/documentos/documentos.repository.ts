import type { ListaDocumentosQuery, VisibilidadDocumento } from "@fila/domain";
import { sql } from "kysely";
import type { Database } from "../../db/database.js";
import { type EntradaAuditoria, registrarAuditoria } from "../../services/auditoria.js";

export type DocumentoGuardado = {
  id: number;
  titulo: string;
  descripcion: string;
  categoria: string;
  anyo: number | null;
  visibilidad: VisibilidadDocumento;
  nombreArchivo: string;
  tipoMime: string;
  tamanyo: number;
  claveArchivo: string;
  subidoEn: Date;
};

export type DatosDocumento = {
  titulo: string;
  descripcion: string;
  categoria: string;
  anyo: number | null;
  visibilidad: VisibilidadDocumento;
};

export type ArchivoDocumento = {
  nombreArchivo: string;
  tipoMime: string;
  tamanyo: number;
  claveArchivo: string;
};

const ESCAPE_LIKE = /[\\%_]/g;

const COLUMNAS_ORDEN = {
  titulo: sql`lower(titulo)`,
  categoria: sql`lower(categoria)`,
  anyo: sql`anyo`,
  subidoEn: sql`subido_en`,
  id: sql`id`,
} as const;

export class DocumentosRepository {
  constructor(private readonly db: Database) {}

  transaccion<T>(fn: (repo: DocumentosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((tx) => fn(new DocumentosRepository(tx)));
  }

  private seleccion() {
    return this.db
      .selectFrom("documento")
      .select([
        "id",
        "titulo",
        "descripcion",
        "categoria",
        "anyo",
        "visibilidad",
        "nombre_archivo as nombreArchivo",
        "tipo_mime as tipoMime",
        "tamanyo",
        "clave_archivo as claveArchivo",
        "subido_en as subidoEn",
      ]);
  }

  async listar(
    query: ListaDocumentosQuery,
    visibles: VisibilidadDocumento[],
  ): Promise<{ items: DocumentoGuardado[]; total: number }> {
    let base = this.db.selectFrom("documento").where("visibilidad", "in", visibles);
    if (query.categoria !== undefined) base = base.where("categoria", "=", query.categoria);
    if (query.anyo !== undefined) base = base.where("anyo", "=", query.anyo);
    if (query.q) {
      const patron = `%${query.q.replace(ESCAPE_LIKE, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.or([
          eb("titulo", "ilike", patron),
          eb("descripcion", "ilike", patron),
          eb("categoria", "ilike", patron),
          eb("nombre_archivo", "ilike", patron),
        ]),
      );
    }
    const total = await base
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const desc = query.sort.startsWith("-");
    const campo = (desc ? query.sort.slice(1) : query.sort) as keyof typeof COLUMNAS_ORDEN;
    const direccion = desc ? "desc" : "asc";
    const ids = await base
      .select("id")
      .orderBy(COLUMNAS_ORDEN[campo], (ob) => (desc ? ob.desc() : ob.asc()).nullsLast())
      .orderBy(sql`lower(titulo)`, "asc")
      .orderBy("id", direccion)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    const items = await this.porIds(ids.map((f) => f.id));
    return { items, total: Number(total.n) };
  }

  private async porIds(ids: number[]): Promise<DocumentoGuardado[]> {
    if (ids.length === 0) return [];
    const filas = await this.seleccion().where("id", "in", ids).execute();
    const porId = new Map(filas.map((f) => [f.id, f]));
    return ids.flatMap((id) => {
      const f = porId.get(id);
      return f ? [f as DocumentoGuardado] : [];
    });
  }

  async categorias(visibles: VisibilidadDocumento[]): Promise<string[]> {
    const filas = await this.db
      .selectFrom("documento")
      .select("categoria")
      .distinct()
      .where("visibilidad", "in", visibles)
      .where("categoria", "!=", "")
      .orderBy("categoria")
      .execute();
    return filas.map((f) => f.categoria);
  }

  async porId(id: number): Promise<DocumentoGuardado | undefined> {
    return (await this.seleccion().where("id", "=", id).executeTakeFirst()) as
      | DocumentoGuardado
      | undefined;
  }

  async crear(datos: DatosDocumento, archivo: ArchivoDocumento, idUsuario: number) {
    const fila = await this.db
      .insertInto("documento")
      .values({
        ...datos,
        nombre_archivo: archivo.nombreArchivo,
        tipo_mime: archivo.tipoMime,
        tamanyo: archivo.tamanyo,
        clave_archivo: archivo.claveArchivo,
        id_usuario: idUsuario,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return fila.id;
  }

  async actualizar(id: number, datos: DatosDocumento): Promise<void> {
    await this.db.updateTable("documento").set(datos).where("id", "=", id).execute();
  }

  async borrar(id: number): Promise<void> {
    await this.db.deleteFrom("documento").where("id", "=", id).execute();
  }

  async auditar(entrada: EntradaAuditoria): Promise<void> {
    await registrarAuditoria(this.db, entrada);
  }
}
