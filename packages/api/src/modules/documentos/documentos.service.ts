import {
  type Documento,
  type DocumentoEntrada,
  DocumentoEntradaSchema,
  type ListaDocumentosQuery,
  visibilidadesPara,
} from "@fila/domain";
import { type DetalleError, DomainError, noEncontrado } from "../../errors/domain-error.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { ArchivoSubido } from "../../plugins/subidas.js";
import { AlmacenArchivos } from "../../services/archivos.js";
import { diferencias } from "../../services/auditoria.js";
import type { DocumentoGuardado, DocumentosRepository } from "./documentos.repository.js";
import { clasificarDocumento, nombreDescarga } from "./documentos.tipos.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

const MENSAJE_TIPO_NO_PERMITIDO = "documentos.tipo_no_permitido";

export function presentarDocumento(d: DocumentoGuardado): Documento {
  return {
    id: d.id,
    titulo: d.titulo,
    descripcion: d.descripcion,
    categoria: d.categoria,
    anyo: d.anyo,
    visibilidad: d.visibilidad,
    nombreArchivo: d.nombreArchivo,
    tipoMime: d.tipoMime,
    tamanyo: d.tamanyo,
    subidoEn: d.subidoEn.toISOString(),
  };
}

/** Multipart text fields → the entry, with every invalid field in `detalles`. */
function leerCampos(campos: Record<string, string>): DocumentoEntrada {
  const anyo = campos.anyo?.trim();
  const resultado = DocumentoEntradaSchema.safeParse({
    ...campos,
    anyo: anyo ? anyo : null,
  });
  if (resultado.success) return resultado.data;
  const detalles: DetalleError[] = resultado.error.issues.map((i) => ({
    campo: i.path.join(".") || "cuerpo",
    mensaje: i.message,
  }));
  throw new DomainError("validacion", "comun.hay_datos_no_son_validos_revisa", detalles);
}

export class DocumentosService {
  private readonly archivos: AlmacenArchivos;

  constructor(
    private readonly repo: DocumentosRepository,
    dataDir: string,
  ) {
    this.archivos = new AlmacenArchivos(dataDir, "documentos");
  }

  /** A document above the reader's visibility does not exist for them (404, never 403). */
  private async visible(actor: Actor, id: number): Promise<DocumentoGuardado> {
    const doc = await this.repo.porId(id);
    if (!doc || !visibilidadesPara(actor).includes(doc.visibilidad))
      throw noEncontrado("no_encontrado.documento");
    return doc;
  }

  async listar(actor: Actor, query: ListaDocumentosQuery) {
    const { items, total } = await this.repo.listar(query, visibilidadesPara(actor));
    return {
      items: items.map(presentarDocumento),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  categorias(actor: Actor): Promise<string[]> {
    return this.repo.categorias(visibilidadesPara(actor));
  }

  async obtener(actor: Actor, id: number): Promise<Documento> {
    return presentarDocumento(await this.visible(actor, id));
  }

  /**
   * Checks the fields and the content's real type before anything is written; the file goes to
   * disk under a random name, and is removed again if the row cannot be saved.
   */
  async crear(
    actor: Actor,
    campos: Record<string, string>,
    archivo: ArchivoSubido,
  ): Promise<Documento> {
    const datos = leerCampos(campos);
    const tipo = await clasificarDocumento(archivo.contenido, archivo.nombre);
    if (!tipo) {
      throw new DomainError("tipo_no_permitido", MENSAJE_TIPO_NO_PERMITIDO, [
        { campo: "archivo", clave: MENSAJE_TIPO_NO_PERMITIDO },
      ]);
    }
    const claveArchivo = AlmacenArchivos.claveAleatoria();
    await this.archivos.guardar(claveArchivo, archivo.contenido);
    try {
      const id = await this.repo.transaccion(async (repo) => {
        const nuevo = await repo.crear(
          datos,
          {
            nombreArchivo: nombreDescarga(archivo.nombre, tipo.extension),
            tipoMime: tipo.mime,
            tamanyo: archivo.contenido.length,
            claveArchivo,
          },
          actor.id,
        );
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "documento",
          idEntidad: nuevo,
          accion: "crear",
          cambios: diferencias(null, { ...datos, tipoMime: tipo.mime }),
        });
        return nuevo;
      });
      return this.obtener(actor, id);
    } catch (err) {
      await this.archivos.borrar(claveArchivo);
      throw err;
    }
  }

  async actualizar(actor: Actor, id: number, datos: DocumentoEntrada): Promise<Documento> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.documento");
      await repo.actualizar(id, datos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "documento",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias(antes, datos),
      });
    });
    return this.obtener(actor, id);
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    const doc = await this.repo.transaccion(async (repo) => {
      const existente = await repo.porId(id);
      if (!existente) throw noEncontrado("no_encontrado.documento");
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "documento",
        idEntidad: id,
        accion: "borrar",
        cambios: [{ campo: "titulo", antes: existente.titulo, despues: null }],
      });
      return existente;
    });
    await this.archivos.borrar(doc.claveArchivo);
  }

  async descargar(actor: Actor, id: number) {
    const doc = await this.visible(actor, id);
    const contenido = await this.archivos.leer(doc.claveArchivo);
    if (!contenido) throw noEncontrado("no_encontrado.archivo_documento");
    return { contenido, nombre: doc.nombreArchivo, tipoMime: doc.tipoMime };
  }
}
