import {
  AUDIENCIAS_NOTICIA,
  type ListaNoticiasQuery,
  type Noticia,
  type NoticiaEntrada,
  puedeLeerAudiencia,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { CachePorVersion } from "../../lib/cache-por-version.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { AlmacenArchivos, imagenAWebp } from "../../services/archivos.js";
import { diferencias } from "../../services/auditoria.js";
import { htmlSeguro } from "../../services/html-seguro.js";
import type { AlcanceLista, NoticiaGuardada, NoticiasRepository } from "./noticias.repository.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

const LADO_PORTADA = 1600;
const MENSAJE_IMAGEN = "comun.imagen_no_valida";

export function presentarNoticia(n: NoticiaGuardada): Noticia {
  return {
    id: n.id,
    titulo: n.titulo,
    resumen: n.resumen,
    contenido: n.contenido,
    imagen: n.imagen,
    fecha: n.fecha,
    publicada: n.publicada,
    destacada: n.destacada,
    audiencia: n.audiencia,
    creadaEn: n.creadaEn.toISOString(),
    actualizadaEn: n.actualizadaEn.toISOString(),
    tituloVa: n.tituloVa,
    resumenVa: n.resumenVa,
    contenidoVa: n.contenidoVa,
  };
}

/** The row of an entry: both languages' HTML sanitised, the Valencian fields under their columns. */
function datosDe(entrada: NoticiaEntrada) {
  const { tituloVa, resumenVa, contenidoVa, ...resto } = entrada;
  return {
    ...resto,
    contenido: htmlSeguro(entrada.contenido),
    titulo_va: tituloVa,
    resumen_va: resumenVa,
    contenido_va: contenidoVa ? htmlSeguro(contenidoVa) : "",
  };
}

const esAdministrador = (actor: Actor) => actor.rol === "administrador";

/** Pages of the news list kept by the version of the data (ADR 0010 and 0023), as bytes. */
const PAGINAS_GUARDADAS = 64;

/** What a list asked by `actor` may show: everything for the board, else published news of the audiences they read. */
function alcanceDe(actor: Actor, query: ListaNoticiasQuery): AlcanceLista {
  return esAdministrador(actor) && query.publicadas !== true
    ? { soloPublicadas: false }
    : {
        soloPublicadas: true,
        audiencias: AUDIENCIAS_NOTICIA.filter((a) => puedeLeerAudiencia(a, actor)),
      };
}

export class NoticiasService {
  private readonly portadas: AlmacenArchivos;
  private readonly paginas = new CachePorVersion<Buffer>(PAGINAS_GUARDADAS);

  constructor(
    private readonly repo: NoticiasRepository,
    dataDir: string,
  ) {
    this.portadas = new AlmacenArchivos(dataDir, "noticias");
  }

  /**
   * An administrador reads any news item; anyone else only published ones of an audience they
   * belong to. A draft or a members-only item is, for the others, a 404: it does not exist.
   */
  private async legible(actor: Actor, id: number): Promise<NoticiaGuardada> {
    const noticia = await this.repo.porId(id);
    if (!noticia) throw noEncontrado("no_encontrado.noticia");
    if (esAdministrador(actor)) return noticia;
    if (!noticia.publicada || !puedeLeerAudiencia(noticia.audiencia, actor)) {
      throw noEncontrado("no_encontrado.noticia");
    }
    return noticia;
  }

  /**
   * `listar` written by `escribir`, kept for `version` of the data: every account that may read
   * the same audiences and asks the same page shares it until a news item changes.
   */
  async listarEscrito(
    actor: Actor,
    query: ListaNoticiasQuery,
    version: string,
    escribir: (pagina: Awaited<ReturnType<NoticiasService["listar"]>>) => Buffer,
  ): Promise<Buffer> {
    const clave = JSON.stringify([alcanceDe(actor, query), query]);
    return this.paginas.obtener(version, clave, async () => {
      const guardable = await this.repo.versionDatosQuieta();
      return { valor: escribir(await this.listar(actor, query)), guardable };
    });
  }

  async listar(actor: Actor, query: ListaNoticiasQuery) {
    const { items, total } = await this.repo.listar(query, alcanceDe(actor, query));
    return {
      items: items.map(presentarNoticia),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  vistaPrevia(contenido: string): string {
    return htmlSeguro(contenido);
  }

  async obtener(actor: Actor, id: number): Promise<Noticia> {
    return presentarNoticia(await this.legible(actor, id));
  }

  async crear(actor: Actor, entrada: NoticiaEntrada): Promise<Noticia> {
    const datos = datosDe(entrada);
    const id = await this.repo.transaccion(async (repo) => {
      const nueva = await repo.crear(datos, actor.id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: nueva,
        accion: "crear",
        cambios: diferencias(null, { ...datos, contenido: undefined, contenido_va: undefined }),
      });
      return nueva;
    });
    return this.obtener(actor, id);
  }

  async reemplazar(actor: Actor, id: number, entrada: NoticiaEntrada): Promise<Noticia> {
    const datos = datosDe(entrada);
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.noticia");
      await repo.actualizar(id, datos);
      const comoFila = {
        ...antes,
        titulo_va: antes.tituloVa,
        resumen_va: antes.resumenVa,
        contenido_va: antes.contenidoVa,
      };
      const cambios = diferencias(comoFila, datos).map((c) =>
        c.campo === "contenido" || c.campo === "contenido_va"
          ? { campo: c.campo, antes: "…", despues: "…" }
          : c,
      );
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: id,
        accion: "modificar",
        cambios,
      });
    });
    return this.obtener(actor, id);
  }

  async publicar(actor: Actor, id: number, publicada: boolean): Promise<Noticia> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.noticia");
      if (antes.publicada === publicada) return;
      await repo.actualizar(id, { publicada });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: id,
        accion: publicada ? "publicar" : "despublicar",
        cambios: [{ campo: "publicada", antes: antes.publicada, despues: publicada }],
      });
    });
    return this.obtener(actor, id);
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.noticia");
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: id,
        accion: "borrar",
        cambios: [{ campo: "titulo", antes: antes.titulo, despues: null }],
      });
    });
    await this.portadas.borrar(`${id}.webp`);
  }

  async subirImagen(actor: Actor, id: number, contenido: Buffer): Promise<Noticia> {
    if (!(await this.repo.porId(id))) throw noEncontrado("no_encontrado.noticia");
    const webp = await imagenAWebp(contenido, LADO_PORTADA);
    if (!webp) {
      throw new DomainError("imagen_no_valida", MENSAJE_IMAGEN, [
        { campo: "archivo", clave: MENSAJE_IMAGEN },
      ]);
    }
    await this.portadas.guardar(`${id}.webp`, webp);
    const imagen = `/api/noticias/${id}/imagen?v=${Date.now()}`;
    await this.repo.transaccion(async (repo) => {
      await repo.actualizar(id, { imagen });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: null, despues: imagen }],
      });
    });
    return this.obtener(actor, id);
  }

  async borrarImagen(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.noticia");
      await repo.actualizar(id, { imagen: null });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "noticia",
        idEntidad: id,
        accion: "imagen",
        cambios: [{ campo: "imagen", antes: antes.imagen, despues: null }],
      });
    });
    await this.portadas.borrar(`${id}.webp`);
  }

  /** The cover, for whoever may read the news item. */
  async leerImagen(actor: Actor, id: number): Promise<Buffer> {
    const noticia = await this.legible(actor, id);
    const contenido = noticia.imagen ? await this.portadas.leer(`${id}.webp`) : null;
    if (!contenido) throw noEncontrado("no_encontrado.imagen_noticia");
    return contenido;
  }
}
