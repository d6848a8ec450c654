import {
  aCentimos,
  aEuros,
  type CierreAnyo,
  type CifrasCierre,
  cargosDeEmision,
  formatearFechaHora,
  type ListaCierres,
  type VistaPreviaCierre,
} from "@fila/domain";
import type { CifrasCierreFila } from "../../db/schema.js";
import { DomainError } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { PagosService } from "../pagos/pagos.service.js";
import { ProductosService } from "../pagos/productos.service.js";
import type { CierreFila, CierreRepository } from "./cierre.repository.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

function yaCerrado(cierre: CierreFila | null, anyo: number): DomainError {
  const cuando = cierre
    ? `: lo cerró ${cierre.usuario} el ${formatearFechaHora(cierre.cerradoEn)}`
    : "";
  return new DomainError(
    "conflicto",
    mensajeCon("utilidades.ano_esta_cerrado_ano_solo_cierra", { anyo, cuando }),
  );
}

function presentarCifras(c: CifrasCierreFila): CifrasCierre {
  return {
    sociosEdadFestera: c.sociosEdadFestera ?? 0,
    productosCopiados: c.productosCopiados ?? 0,
    cargosDerrama: c.cargosDerrama ?? 0,
    importeDerrama: aEuros(c.importeDerrama ?? 0),
    cargosPendientes: c.cargosPendientes ?? 0,
    importePendiente: aEuros(c.importePendiente ?? 0),
    sociosDerramaTermina: c.sociosDerramaTermina ?? 0,
  };
}

function presentarCierre(c: CierreFila): CierreAnyo {
  return {
    id: c.id,
    anyo: c.anyo,
    cerradoEn: c.cerradoEn.toISOString(),
    usuario: c.usuario,
    cifras: presentarCifras(c.cifras),
  };
}

/**
 * The year close (issue 11 §1): active members one year older as festeros, the yearly products
 * copied to the new year (the products' own copy), the levy instalments of the new year emitted
 * (the charges' own emission); pending charges are listed and left as they are.
 */
export class CierreService {
  constructor(private readonly repo: CierreRepository) {}

  /** Everything the close would do, read on `repo` (inside the close's transaction when closing). */
  private async plan(repo: CierreRepository, anyo: number): Promise<VistaPreviaCierre> {
    const anyoNuevo = anyo + 1;
    const copia = await new ProductosService(repo.productos()).previaCopia({
      desde: anyo,
      hasta: anyoNuevo,
    });
    const [edad, crecen, existentes, delAnyo, pendientes, derramaTermina] = await Promise.all([
      repo.contarEdadFestera(anyo),
      repo.sociosEdadFestera(anyo),
      repo.productosDerrama(anyoNuevo),
      repo.productosDerrama(anyo),
      repo.pendientes(anyo),
      repo.derramaTermina(anyo),
    ]);
    // The levy products of the new year once the copy is done: those it has and those copied.
    const copiados = delAnyo.flatMap((p) => {
      const enCopia = copia.productos.find((c) => c.id === p.id);
      return enCopia?.seCopia ? [{ id: p.id, nombre: enCopia.nombreDestino, existe: false }] : [];
    });
    const derramas = [...existentes.map((p) => ({ ...p, existe: true })), ...copiados];
    const pagos = repo.pagos();
    const [socios, emitidos] = await Promise.all([
      pagos.sociosParaEmision(),
      pagos.paresEmitidos(existentes.map((p) => p.id)),
    ]);
    const cargos = derramas.flatMap((producto) => {
      const regla = {
        id: producto.id,
        nombre: producto.nombre,
        tipo: "derrama" as const,
        precioCentimos: 0,
        preciosPorTipo: new Map<number, number>(),
      };
      return socios.flatMap((socio) => {
        if (producto.existe && emitidos.has(`${producto.id}:${socio.id}`)) return [];
        return cargosDeEmision(socio, regla, anyoNuevo).map((c) => ({
          ...c,
          producto: producto.nombre,
        }));
      });
    });
    const nombres = await repo.nombres([...new Set(cargos.map((c) => c.idSocio))]);
    const avisos: string[] = [];
    if (derramas.length === 0) {
      avisos.push(
        `No hay ningún producto de derrama activo en ${anyo} ni en ${anyoNuevo}: no se emitirá ningún plazo de derrama.`,
      );
    }
    const importeDerrama = cargos.reduce((s, c) => s + c.importeCentimos, 0);
    const importePendiente = pendientes.reduce((s, p) => s + p.importe, 0);
    return {
      anyo,
      anyoNuevo,
      edadFestera: {
        numSocios: edad.crecen,
        altasPosteriores: edad.altasPosteriores,
        socios: crecen,
      },
      productos: copia,
      derrama: {
        numCargos: cargos.length,
        importe: aEuros(importeDerrama),
        cargos: cargos.map((c) => ({
          idSocio: c.idSocio,
          nombre: nombres.get(c.idSocio)?.nombre ?? "",
          matricula: nombres.get(c.idSocio)?.matricula ?? null,
          producto: c.producto,
          concepto: c.concepto,
          importe: aEuros(c.importeCentimos),
          plazo: c.plazo,
          plazos: c.plazos,
        })),
      },
      pendientes: {
        numCargos: pendientes.reduce((s, p) => s + p.numCargos, 0),
        importe: aEuros(importePendiente),
        socios: pendientes.map((p) => ({ ...p, importe: aEuros(p.importe) })),
      },
      derramaTermina: derramaTermina.map((d) => ({
        ...d,
        importeDerrama: aEuros(d.importeDerrama),
      })),
      avisos,
    };
  }

  async vistaPrevia(anyo: number): Promise<VistaPreviaCierre> {
    const cerrado = await this.repo.cierre(anyo);
    if (cerrado) throw yaCerrado(cerrado, anyo);
    return this.plan(this.repo, anyo);
  }

  /** All of it in one transaction; a year closes once (409 the second time, nothing changed). */
  async cerrar(actor: Actor, anyo: number): Promise<CierreAnyo> {
    const anyoNuevo = anyo + 1;
    const id = await this.repo.transaccion(async (repo) => {
      const idCierre = await repo.reservar(anyo, actor.id);
      if (idCierre === null) throw yaCerrado(await repo.cierre(anyo), anyo);
      const plan = await this.plan(repo, anyo);
      const sociosEdadFestera = await repo.incrementarEdadFestera(anyo);
      const copia = await new ProductosService(repo.productos()).copiar(actor.id, {
        desde: anyo,
        hasta: anyoNuevo,
      });
      const derramas = await repo.productosDerrama(anyoNuevo);
      let cargosDerrama = 0;
      let importeDerrama = 0;
      if (derramas.length > 0) {
        const emision = await new PagosService(repo.pagos()).emitir(actor, {
          anyo: anyoNuevo,
          productos: derramas.map((p) => p.id),
          confirmar: true,
        });
        cargosDerrama = emision.nuevos;
        importeDerrama = aCentimos(emision.importeNuevos);
      }
      const cifras: CifrasCierreFila = {
        sociosEdadFestera,
        productosCopiados: copia.copiados,
        cargosDerrama,
        importeDerrama,
        cargosPendientes: plan.pendientes.numCargos,
        importePendiente: aCentimos(plan.pendientes.importe),
        sociosDerramaTermina: plan.derramaTermina.length,
      };
      await repo.guardarCifras(idCierre, cifras);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: anyo,
        accion: "cerrar año",
        cambios: Object.entries(presentarCifras(cifras)).map(([campo, despues]) => ({
          campo,
          antes: null,
          despues,
        })),
      });
      return idCierre;
    });
    const cierre = await this.repo.cierre(anyo);
    if (!cierre || cierre.id !== id) throw yaCerrado(cierre, anyo);
    return presentarCierre(cierre);
  }

  async listar(page: number, pageSize: number): Promise<ListaCierres> {
    const { items, total } = await this.repo.listar(page, pageSize);
    return { items: items.map(presentarCierre), total, page, pageSize };
  }
}
