import {
  type CopiaProductos,
  type CopiaProductosResultado,
  type ListaProductosQuery,
  type Producto,
  type ProductoEntrada,
  TIPOS_PRODUCTO_ANUALES,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import { diferencias } from "../../services/auditoria.js";
import { aDatosProducto, presentarProducto } from "./productos.presenter.js";
import type { DatosProducto, ProductosRepository } from "./productos.repository.js";

const duplicado = (nombre: string, anyo: number) => {
  const mensaje = mensajeCon("pagos.producto_duplicado", { nombre, anyo });
  return new DomainError("duplicado", mensaje, [{ campo: "nombre", clave: mensaje }]);
};

/** A unique violation that slipped past the check (two writers at once) is still a 409. */
function traducir(err: unknown, datos: DatosProducto): never {
  const e = err as { code?: string; message?: string };
  if (e?.code === "23505" && e.message?.includes("producto_anyo_nombre_uq")) {
    throw duplicado(datos.nombre, datos.anyo);
  }
  throw err;
}

export class ProductosService {
  constructor(private readonly repo: ProductosRepository) {}

  async listar(query: ListaProductosQuery) {
    const { items, total } = await this.repo.listar(query);
    return {
      items: items.map(presentarProducto),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async obtener(id: number): Promise<Producto> {
    const p = await this.repo.porId(id);
    if (!p) throw noEncontrado("no_encontrado.producto");
    return presentarProducto(p);
  }

  private async comprobar(repo: ProductosRepository, datos: DatosProducto, id?: number) {
    const tipos = await repo.tiposExistentes(datos.precios.map((p) => p.idTipoSocio));
    const detalles = datos.precios.flatMap((p, i) =>
      tipos.has(p.idTipoSocio)
        ? []
        : [
            {
              campo: `precios.${i}.idTipoSocio`,
              clave: "comun.tipo_socio_elegido_no_existe" as const,
            },
          ],
    );
    if (detalles.length > 0) {
      throw new DomainError("validacion", "comun.hay_datos_no_son_validos_revisa", detalles);
    }
    const otro = await repo.idConNombre(datos.anyo, datos.nombre);
    if (otro !== null && otro !== id) throw duplicado(datos.nombre, datos.anyo);
  }

  async crear(idUsuario: number, entrada: ProductoEntrada): Promise<Producto> {
    const datos = aDatosProducto(entrada);
    const id = await this.repo.transaccion(async (repo) => {
      await this.comprobar(repo, datos);
      const nuevo = await repo.crear(datos).catch((err) => traducir(err, datos));
      await repo.auditar({
        idUsuario,
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, entrada),
      });
      return nuevo;
    });
    return this.obtener(id);
  }

  async reemplazar(idUsuario: number, id: number, entrada: ProductoEntrada): Promise<Producto> {
    const datos = aDatosProducto(entrada);
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.producto");
      await this.comprobar(repo, datos, id);
      // A lottery's product stays what the lottery needs (issue 46): price 0, no per-type prices,
      // of type lottery and of its draw's year, so that the yearly emission never charges it.
      const deLoteria = (await repo.enLoterias([id])).has(id);
      if (
        deLoteria &&
        (datos.tipo !== "loteria" ||
          datos.precio !== 0 ||
          datos.precios.length > 0 ||
          datos.anyo !== antes.anyo)
      ) {
        throw new DomainError("conflicto", "pagos.producto_de_una_loteria_sin_precio");
      }
      const { id: _id, numPagos: _n, ...previo } = presentarProducto(antes);
      const cambios = diferencias(previo, entrada);
      if (cambios.length === 0) return;
      await repo.actualizar(id, datos).catch((err) => traducir(err, datos));
      await repo.auditar({ idUsuario, idEntidad: id, accion: "modificar", cambios });
    });
    return this.obtener(id);
  }

  async borrar(idUsuario: number, id: number): Promise<void> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.porId(id);
      if (!antes) throw noEncontrado("no_encontrado.producto");
      if (antes.numPagos > 0) {
        const n = antes.numPagos;
        throw new DomainError(
          "conflicto",
          mensajeCon(n === 1 ? "pagos.producto_con_un_cargo" : "pagos.producto_con_cargos", { n }),
        );
      }
      // An event's price or a lottery points at it (restrict): it goes with them, not here.
      if ((await repo.enActos([id])).has(id)) {
        throw new DomainError("conflicto", "pagos.producto_de_un_acto");
      }
      if ((await repo.enLoterias([id])).has(id)) {
        throw new DomainError("conflicto", "pagos.producto_de_una_loteria");
      }
      await repo.borrar(id);
      const { id: _id, numPagos: _n, ...previo } = presentarProducto(antes);
      await repo.auditar({
        idUsuario,
        idEntidad: id,
        accion: "borrar",
        cambios: diferencias(previo, Object.fromEntries(Object.keys(previo).map((k) => [k, null]))),
      });
    });
  }

  /**
   * What copying a year's products to another would do: the yearly ones (fee, levy, ramell,
   * lottery, other) are copied with their prices; event tickets are charged once and stay, as do a
   * lottery's own product (charged by its settlements, issue 46) and names the target year
   * already has. The year in a name becomes the new one.
   */
  private async planCopia(repo: ProductosRepository, copia: CopiaProductos) {
    const origen = await repo.delAnyo(copia.desde);
    const destino = new Set((await repo.delAnyo(copia.hasta)).map((p) => p.nombre.toLowerCase()));
    const enActos = await repo.enActos(origen.map((p) => p.id));
    const enLoterias = await repo.enLoterias(origen.map((p) => p.id));
    const anuales: readonly string[] = TIPOS_PRODUCTO_ANUALES;
    return origen.map((p) => {
      const nombreDestino = p.nombre.replaceAll(String(copia.desde), String(copia.hasta));
      let motivo: string | null = null;
      if (!anuales.includes(p.tipo) || enActos.has(p.id)) {
        motivo = "Es de un acto: se cobra una sola vez.";
      } else if (enLoterias.has(p.id)) {
        motivo = "Es de una lotería: se cobra con sus talonarios.";
      } else if (destino.has(nombreDestino.toLowerCase())) {
        motivo = `Ya existe en ${copia.hasta}.`;
      } else {
        destino.add(nombreDestino.toLowerCase());
      }
      return { producto: p, nombreDestino, motivo };
    });
  }

  private resultado(plan: Awaited<ReturnType<ProductosService["planCopia"]>>) {
    const productos = plan.map(({ producto, nombreDestino, motivo }) => ({
      id: producto.id,
      nombre: producto.nombre,
      tipo: producto.tipo,
      nombreDestino,
      seCopia: motivo === null,
      motivo,
    }));
    const copiados = productos.filter((p) => p.seCopia).length;
    return { copiados, omitidos: productos.length - copiados, productos };
  }

  /** The preview of `copiar`: nothing is written. */
  async previaCopia(copia: CopiaProductos): Promise<CopiaProductosResultado> {
    return this.resultado(await this.planCopia(this.repo, copia));
  }

  /** Copies the yearly products of a year (with their prices) to another; see `planCopia`. */
  async copiar(idUsuario: number, copia: CopiaProductos): Promise<CopiaProductosResultado> {
    return this.repo.transaccion(async (repo) => {
      const plan = await this.planCopia(repo, copia);
      for (const { producto, nombreDestino, motivo } of plan) {
        if (motivo !== null) continue;
        const { id: _id, numPagos: _n, ...resto } = producto;
        const nuevo = await repo.crear({ ...resto, nombre: nombreDestino, anyo: copia.hasta });
        await repo.auditar({
          idUsuario,
          idEntidad: nuevo,
          accion: "crear",
          cambios: [{ campo: "copiaDe", antes: null, despues: producto.id }],
        });
      }
      return this.resultado(plan);
    });
  }
}
