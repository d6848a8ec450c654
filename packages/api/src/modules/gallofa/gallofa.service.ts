import type {
  Gallofa,
  GallofaEntrada,
  Idioma,
  ListaGallofaQuery,
  ResumenGallofa,
  TotalesGallofa,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import { agradecimientosPdf, exportarGallofa } from "./gallofa.ficheros.js";
import { presentarGallofa } from "./gallofa.presenter.js";
import type { DatosGallofa, GallofaRepository } from "./gallofa.repository.js";

type Actor = Pick<UsuarioAutenticado, "id">;

/** The gallofa's book, kept by the board; every write is audited. */
export class GallofaService {
  constructor(private readonly repo: GallofaRepository) {}

  async listar(query: ListaGallofaQuery) {
    const { items, total } = await this.repo.listar(query);
    return {
      items: items.map(presentarGallofa),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async obtener(id: number): Promise<Gallofa> {
    const g = await this.repo.porId(id);
    if (!g) throw noEncontrado("no_encontrado.aportacion");
    return presentarGallofa(g);
  }

  private async totales(anyo: number): Promise<TotalesGallofa> {
    const t = await this.repo.totales(anyo);
    return { anyo, ...t, dinero: t.dinero / 100, especie: t.especie / 100 };
  }

  async resumen(anyo: number): Promise<ResumenGallofa> {
    return { actual: await this.totales(anyo), anterior: await this.totales(anyo - 1) };
  }

  /** A member's contribution takes the member's name; someone outside the filà, the one written. */
  private async datos(entrada: GallofaEntrada): Promise<DatosGallofa> {
    if (entrada.idSocio !== null && !(await this.repo.existeSocio(entrada.idSocio))) {
      throw new DomainError("validacion", "gallofa.revisa_aportacion", [
        { campo: "idSocio", clave: "gallofa.socio_no_existe" },
      ]);
    }
    return {
      fecha: entrada.fecha,
      idSocio: entrada.idSocio,
      nombre: entrada.idSocio === null ? entrada.nombre : "",
      tipo: entrada.tipo,
      importe: Math.round(entrada.importe * 100),
      descripcion: entrada.descripcion,
      recogidoPor: entrada.recogidoPor,
      nota: entrada.nota,
      anonimo: entrada.anonimo,
    };
  }

  async crear(actor: Actor, entrada: GallofaEntrada): Promise<Gallofa> {
    const datos = await this.datos(entrada);
    const id = await this.repo.transaccion(async (repo) => {
      const nuevo = await repo.crear(datos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "gallofa",
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, { ...datos }),
      });
      return nuevo;
    });
    return this.obtener(id);
  }

  async reemplazar(actor: Actor, id: number, entrada: GallofaEntrada): Promise<Gallofa> {
    const datos = await this.datos(entrada);
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.aportacion");
      await repo.actualizar(id, datos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "gallofa",
        idEntidad: id,
        accion: "modificar",
        cambios: diferencias({ ...antes }, { ...datos }),
      });
    });
    return this.obtener(id);
  }

  async borrar(actor: Actor, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.aportacion");
      await repo.borrar(id);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "gallofa",
        idEntidad: id,
        accion: "borrar",
        cambios: [
          { campo: "nombre", antes: antes.nombre, despues: null },
          { campo: "importe", antes: antes.importe, despues: null },
        ],
      });
    });
  }

  async exportar(anyo: number, formato: "xlsx" | "csv", idioma: Idioma = "es") {
    return exportarGallofa(await this.repo.delAnyo(anyo), anyo, formato, idioma);
  }

  async agradecimientos(anyo: number, idioma: Idioma = "es") {
    const asociacion = await this.repo.asociacion();
    return agradecimientosPdf(
      await this.repo.delAnyo(anyo),
      anyo,
      asociacion?.nombre ?? "",
      await this.totales(anyo),
      idioma,
    );
  }
}
