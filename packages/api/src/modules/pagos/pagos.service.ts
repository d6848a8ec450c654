import type { Idioma } from "@fila/domain";
import {
  type Anulacion,
  aCentimos,
  aEuros,
  type Cobro,
  type CobroMultiple,
  type CobroMultipleResultado,
  type Emision,
  type EmisionResultado,
  ESTADOS_COBRABLES,
  type EstadoPago,
  type ExportPagosQuery,
  hoyIso,
  type ListaPagos,
  type ListaPagosQuery,
  type MisPagos,
  type MisPagosQuery,
  type Pago,
  type PagoEntrada,
  type Reactivacion,
  type ReactivacionMultiple,
  type ReactivacionMultipleResultado,
  type TotalesEmision,
} from "@fila/domain";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import { CachePorVersion } from "../../lib/cache-por-version.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import { diferencias } from "../../services/auditoria.js";
import { anotarMovimientoAutomatico } from "../tesoreria/tesoreria.automaticos.js";
import { exportarPagos, type FicheroExportado } from "./pagos.export.js";
import { presentarPago } from "./pagos.presenter.js";
import { generarRecibo } from "./pagos.recibo.js";
import type { NuevoPago, PagoFila, PagosRepository } from "./pagos.repository.js";

export type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId">;

const ESTADO_TEXTO: Record<EstadoPago, string> = {
  pendiente: "pendiente",
  pagado: "ya está pagado",
  devuelto: "devuelto",
  anulado: "está anulado",
};

const invalido = (campo: string, m: Mensaje) =>
  new DomainError("validacion", m, [{ campo, clave: m }]);

function noCobrable(id: number, estado: EstadoPago): DomainError {
  return new DomainError(
    "conflicto",
    mensajeCon("pagos.cargo_solo_cobran_cargos_pendientes_devueltos", {
      id,
      estado: ESTADO_TEXTO[estado],
    }),
  );
}

const enRemesa = (id: number) =>
  new DomainError("conflicto", mensajeCon("pagos.cargo_esta_remesa_cargo_cobra_devuelve", { id }));

const ESTADO_NO_REACTIVABLE: Record<EstadoPago, string> = {
  pendiente: "ya está pendiente",
  pagado: "ya está pagado",
  devuelto: "está devuelto",
  anulado: "está anulado",
};

function noReactivable(id: number, estado: EstadoPago): DomainError {
  return new DomainError(
    "conflicto",
    mensajeCon("pagos.cargo_solo_vuelven_poner_cobro_cargos", {
      id,
      estado: ESTADO_NO_REACTIVABLE[estado],
    }),
  );
}

/**
 * Pays `importe` of a locked charge that owes `pendiente` (more): the charge keeps the rest,
 * still owed, and a new charge born from it (`idPagoOrigen`) holds the part paid. The desk's
 * partial payment, and an online payment whose charge grew after the order. Returns the new id.
 */
export async function cobrarParte(
  repo: PagosRepository,
  p: {
    idUsuario: number | null;
    id: number;
    pendiente: number;
    importe: number;
    cobro: { fecha: string; idFormaPago: number; referencia: string };
    /** The audit of the part paid: "cobro" at the desk, "cobro en línea" from the bank. */
    accion: string;
  },
): Promise<number> {
  const original = await repo.porId(p.id);
  if (!original) throw noEncontrado("no_encontrado.cargo");
  await repo.reducirImporte(p.id, p.pendiente - p.importe);
  const parte = await repo.insertar({
    idSocio: original.idSocio,
    idPagador: original.idPagador,
    idProducto: original.idProducto,
    anyo: original.anyo,
    concepto: original.concepto,
    importe: p.importe,
    fechaEmision: original.fechaEmision,
    fechaVencimiento: original.fechaVencimiento,
    plazo: original.plazo,
    plazos: original.plazos,
    claveEmision: null,
    estado: "pagado",
    idPagoOrigen: p.id,
    fechaPago: p.cobro.fecha,
    idFormaPago: p.cobro.idFormaPago,
    referencia: p.cobro.referencia,
  });
  await repo.auditar({
    idUsuario: p.idUsuario,
    idEntidad: p.id,
    accion: "cobro parcial",
    cambios: [
      { campo: "importe", antes: aEuros(p.pendiente), despues: aEuros(p.pendiente - p.importe) },
      { campo: "idPagoCobrado", antes: null, despues: parte },
    ],
  });
  await repo.auditar({
    idUsuario: p.idUsuario,
    idEntidad: parte,
    accion: p.accion,
    cambios: diferencias(null, { idPagoOrigen: p.id, importe: aEuros(p.importe), ...p.cobro }),
  });
  return parte;
}

type FilaBloqueada = Awaited<ReturnType<PagosRepository["bloquear"]>>[number];

/** A charge still inside a remittance that has not been collected yet. */
const estaEnRemesa = (p: { id_remesa: number | null; estado: EstadoPago }) =>
  p.id_remesa !== null && p.estado === "pendiente";

function totalesVacios(): TotalesEmision {
  return { numCargos: 0, numSocios: 0, importe: 0, yaExistian: 0, nuevos: 0, importeNuevos: 0 };
}

/**
 * Answers of the member's home kept by the version of the data (ADR 0010 and 0023): one per
 * account and page at most this many, already written as bytes.
 */
const RESPUESTAS_GUARDADAS = 256;

export class PagosService {
  private readonly misPagos = new CachePorVersion<Buffer>(RESPUESTAS_GUARDADAS);

  constructor(private readonly repo: PagosRepository) {}

  async listar(query: ListaPagosQuery): Promise<ListaPagos> {
    const [filas, totales] = await Promise.all([
      this.repo.listar(query, query),
      this.repo.totales(query),
    ]);
    return {
      items: filas.map(presentarPago),
      total: totales.total,
      page: query.page,
      pageSize: query.pageSize,
      totalImporte: aEuros(totales.importe),
      totalPendiente: aEuros(totales.pendiente),
      totalPagado: aEuros(totales.pagado),
    };
  }

  /** `mios` written by `escribir`, kept for `version` of the data (as ActosService.miosEscrito). */
  async miosEscrito(
    actor: Actor,
    query: MisPagosQuery,
    version: string,
    escribir: (mios: MisPagos) => Buffer,
  ): Promise<Buffer> {
    const clave = [
      actor.socioId,
      query.page,
      query.pageSize,
      !!query.pendientes,
      !!query.historial,
    ].join("|");
    return this.misPagos.obtener(version, clave, async () => {
      const guardable = await this.repo.versionDatosQuieta();
      return { valor: escribir(await this.mios(actor, query)), guardable };
    });
  }

  async mios(actor: Actor, query: MisPagosQuery): Promise<MisPagos> {
    if (!actor.socioId) {
      return { items: [], total: 0, page: query.page, pageSize: query.pageSize, totalPendiente: 0 };
    }
    const { items, total, pendiente } = await this.repo.mios(actor.socioId, query);
    return {
      items: items.map(presentarPago),
      total,
      page: query.page,
      pageSize: query.pageSize,
      totalPendiente: aEuros(pendiente),
    };
  }

  /** The administrador reads any charge; a member only theirs or those they pay (else 404). */
  private async visible(actor: Actor, id: number): Promise<PagoFila> {
    const p = await this.repo.porId(id);
    const suyo =
      actor.rol === "administrador" ||
      (!!actor.socioId && (p?.idSocio === actor.socioId || p?.idPagador === actor.socioId));
    if (!p || !suyo) throw noEncontrado("no_encontrado.cargo");
    return p;
  }

  async obtener(actor: Actor, id: number): Promise<Pago> {
    return presentarPago(await this.visible(actor, id));
  }

  private async leer(id: number): Promise<Pago> {
    const p = await this.repo.porId(id);
    if (!p) throw noEncontrado("no_encontrado.cargo");
    return presentarPago(p);
  }

  async crear(actor: Actor, entrada: PagoEntrada): Promise<Pago> {
    const id = await this.repo.transaccion(async (repo) => {
      const socio = await repo.socio(entrada.idSocio);
      if (!socio) throw invalido("idSocio", "comun.socio_elegido_no_existe");
      const producto = entrada.idProducto ? await repo.producto(entrada.idProducto) : undefined;
      if (entrada.idProducto && !producto) {
        throw invalido("idProducto", "pagos.producto_elegido_no_existe");
      }
      const nuevo: NuevoPago = {
        idSocio: socio.id,
        idPagador: socio.id_pagador ?? socio.id,
        idProducto: producto?.id ?? null,
        anyo: producto?.anyo ?? Number(entrada.fechaVencimiento.slice(0, 4)),
        concepto: entrada.concepto,
        importe: aCentimos(entrada.importe),
        fechaEmision: hoyIso(),
        fechaVencimiento: entrada.fechaVencimiento,
        plazo: 1,
        plazos: 1,
        claveEmision: null,
      };
      const idPago = await repo.insertar(nuevo);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: idPago,
        accion: "crear",
        cambios: diferencias(null, { ...entrada, idPagador: nuevo.idPagador }),
      });
      return idPago;
    });
    return this.leer(id);
  }

  /** The checks of an emission that write nothing (400 at once, before its job is launched). */
  async comprobarEmision(emision: Emision): Promise<void> {
    await this.productosDeEmision(this.repo, emision);
  }

  private async productosDeEmision(repo: PagosRepository, emision: Emision) {
    const productos = await repo.productos(emision.productos);
    const faltan = emision.productos.filter((id) => !productos.some((p) => p.id === id));
    if (faltan.length > 0) {
      throw invalido(
        "productos",
        mensajeCon("pagos.no_existe_producto", { ids: faltan.join(", ") }),
      );
    }
    const inactivo = productos.find((p) => !p.activo);
    if (inactivo) {
      throw invalido(
        "productos",
        mensajeCon("pagos.producto_esta_desactivado", { nombre: inactivo.nombre }),
      );
    }
    // A lottery's product is charged by its settlements, never by the emission (issue 46): left
    // out when the board ticks every product of the year, refused when it is all that was chosen.
    const deLoteria = productos.find((p) => p.deLoteria);
    if (deLoteria && productos.every((p) => p.deLoteria)) {
      throw invalido(
        "productos",
        mensajeCon("pagos.producto_de_una_loteria_emision", { nombre: deLoteria.nombre }),
      );
    }
    const deOtroAnyo = productos.find((p) => p.anyo !== emision.anyo);
    if (deOtroAnyo) {
      throw invalido(
        "productos",
        mensajeCon("pagos.producto_de_otro_anyo", {
          nombre: deOtroAnyo.nombre,
          anyo: deOtroAnyo.anyo,
          anyoEmision: emision.anyo,
        }),
      );
    }
    return productos.filter((p) => !p.deLoteria);
  }

  /**
   * Emits the year's charges of the chosen products for every active member. Without
   * `confirmar` nothing is written. The charges are computed and inserted by the database, one
   * statement per product (`PagosRepository.emitirProducto`, the rules of `cargosDeEmision`
   * in SQL); `avance` hears each product done. The (product, member) pairs that already have
   * emitted charges are skipped whole, and `ON CONFLICT (clave_emision) DO NOTHING` covers two
   * emissions racing, so running it twice creates nothing twice.
   */
  async emitir(
    actor: Actor,
    emision: Emision,
    avance?: (fraccion: number) => void,
  ): Promise<EmisionResultado> {
    return this.repo.transaccion(async (repo) => {
      const productos = await this.productosDeEmision(repo, emision);
      const hoy = hoyIso();
      const resultado: EmisionResultado = {
        ...totalesVacios(),
        anyo: emision.anyo,
        confirmado: emision.confirmar,
        productos: [],
      };
      const sociosTotales = new Set<number>();
      for (const [i, producto] of productos.entries()) {
        const r = await repo.emitirProducto(producto, emision.anyo, hoy, emision.confirmar);
        for (const id of r.socios) sociosTotales.add(id);
        resultado.productos.push({
          idProducto: producto.id,
          nombre: producto.nombre,
          tipo: producto.tipo,
          numCargos: r.numCargos,
          numSocios: r.socios.length,
          importe: r.importe,
          // Whatever a concurrent emission inserted first also "already existed".
          yaExistian: r.numCargos - r.nuevos,
          nuevos: r.nuevos,
          importeNuevos: r.importeNuevos,
        });
        avance?.((i + 1) / productos.length);
      }
      for (const t of resultado.productos) {
        resultado.numCargos += t.numCargos;
        resultado.importe += t.importe;
        resultado.yaExistian += t.yaExistian;
        resultado.nuevos += t.nuevos;
        resultado.importeNuevos += t.importeNuevos;
        t.importe = aEuros(t.importe);
        t.importeNuevos = aEuros(t.importeNuevos);
      }
      resultado.numSocios = sociosTotales.size;
      resultado.importe = aEuros(resultado.importe);
      resultado.importeNuevos = aEuros(resultado.importeNuevos);
      if (emision.confirmar) {
        await repo.auditar(
          {
            idUsuario: actor.id,
            idEntidad: emision.anyo,
            accion: "emitir",
            cambios: [
              { campo: "productos", antes: null, despues: emision.productos },
              { campo: "creados", antes: null, despues: resultado.nuevos },
              { campo: "yaExistian", antes: null, despues: resultado.yaExistian },
              { campo: "importe", antes: null, despues: resultado.importeNuevos },
            ],
          },
          "emision",
        );
      }
      return resultado;
    });
  }

  private async comprobarFormaPago(repo: PagosRepository, idFormaPago: number) {
    if (!(await repo.existeFormaPago(idFormaPago))) {
      throw invalido("idFormaPago", "comun.forma_pago_elegida_no_existe");
    }
  }

  /** The treasury account the desk chose for a payment: one that exists and is active (400). */
  private async comprobarCuentaTesoreria(repo: PagosRepository, idCuenta: number | undefined) {
    if (idCuenta === undefined) return;
    const cuenta = await repo.tesoreria().cuenta(idCuenta);
    if (!cuenta) {
      throw invalido(
        "idCuentaTesoreria",
        mensajeCon("tesoreria.cuenta_no_existe", { id: idCuenta }),
      );
    }
    if (!cuenta.activo) {
      throw invalido(
        "idCuentaTesoreria",
        mensajeCon("tesoreria.cuenta_desactivada", { nombre: cuenta.nombre }),
      );
    }
  }

  /** Pays one charge; an `importe` below it pays that part and leaves the rest pending. */
  async cobrar(actor: Actor, id: number, cobro: Cobro): Promise<Pago> {
    const idPagado = await this.repo.transaccion(async (repo) => {
      const [bloqueado] = await repo.bloquear([id]);
      if (!bloqueado) throw noEncontrado("no_encontrado.cargo");
      if (!ESTADOS_COBRABLES.includes(bloqueado.estado)) throw noCobrable(id, bloqueado.estado);
      if (estaEnRemesa(bloqueado)) throw enRemesa(id);
      await this.comprobarFormaPago(repo, cobro.idFormaPago);
      await this.comprobarCuentaTesoreria(repo, cobro.idCuentaTesoreria);
      const pendiente = Number(bloqueado.importe);
      const importe = cobro.importe === undefined ? pendiente : aCentimos(cobro.importe);
      if (importe > pendiente) {
        throw invalido(
          "importe",
          mensajeCon("pagos.importe_cobrado_mayor_pendiente", {
            importe: aEuros(importe),
            pendiente: aEuros(pendiente),
          }),
        );
      }
      const datosCobro = {
        fecha: cobro.fecha,
        idFormaPago: cobro.idFormaPago,
        referencia: cobro.referencia,
      };
      let pagado = id;
      if (importe === pendiente) {
        await repo.marcarPagados([id], datosCobro);
        await repo.auditar({
          idUsuario: actor.id,
          idEntidad: id,
          accion: "cobro",
          cambios: diferencias({ estado: bloqueado.estado }, { estado: "pagado", ...datosCobro }),
        });
      } else {
        pagado = await cobrarParte(repo, {
          idUsuario: actor.id,
          id,
          pendiente,
          importe,
          cobro: datosCobro,
          accion: "cobro",
        });
      }
      await anotarMovimientoAutomatico(repo.tesoreria(), {
        tipo: "cobro",
        idsPago: [pagado],
        fecha: cobro.fecha,
        idFormaPago: cobro.idFormaPago,
        idCuenta: cobro.idCuentaTesoreria,
        idUsuario: actor.id,
      });
      return pagado;
    });
    return this.leer(idPagado);
  }

  /** Pays many charges at once: all of them, or none if any cannot be paid. */
  async cobrarVarios(actor: Actor, cobro: CobroMultiple): Promise<CobroMultipleResultado> {
    return this.repo.transaccion(async (repo) => {
      const filas = await repo.bloquear(cobro.ids);
      const faltan = cobro.ids.filter((id) => !filas.some((f) => f.id === id));
      if (faltan.length > 0) {
        throw new DomainError(
          "no_encontrado",
          mensajeCon("pagos.no_existe_cargo", { ids: faltan.join(", ") }),
        );
      }
      for (const f of filas) {
        if (!ESTADOS_COBRABLES.includes(f.estado)) throw noCobrable(f.id, f.estado);
        if (estaEnRemesa(f)) throw enRemesa(f.id);
      }
      await this.comprobarFormaPago(repo, cobro.idFormaPago);
      await this.comprobarCuentaTesoreria(repo, cobro.idCuentaTesoreria);
      const datosCobro = {
        fecha: cobro.fecha,
        idFormaPago: cobro.idFormaPago,
        referencia: cobro.referencia,
      };
      await repo.marcarPagados(cobro.ids, datosCobro);
      for (const f of filas) {
        await repo.auditar({
          idUsuario: actor.id,
          idEntidad: f.id,
          accion: "cobro",
          cambios: diferencias({ estado: f.estado }, { estado: "pagado", ...datosCobro }),
        });
      }
      await anotarMovimientoAutomatico(repo.tesoreria(), {
        tipo: "cobro",
        idsPago: cobro.ids,
        fecha: cobro.fecha,
        idFormaPago: cobro.idFormaPago,
        idCuenta: cobro.idCuentaTesoreria,
        idUsuario: actor.id,
      });
      const total = filas.reduce((s, f) => s + Number(f.importe), 0);
      return { cobrados: filas.length, importe: aEuros(total) };
    });
  }

  async anular(actor: Actor, id: number, anulacion: Anulacion): Promise<Pago> {
    await this.repo.transaccion(async (repo) => {
      const [f] = await repo.bloquear([id]);
      if (!f) throw noEncontrado("no_encontrado.cargo");
      if (f.estado === "pagado") {
        throw new DomainError("conflicto", "pagos.cargo_esta_pagado_no_puede_anular");
      }
      if (f.estado === "anulado") {
        throw new DomainError("conflicto", "pagos.cargo_esta_anulado");
      }
      if (estaEnRemesa(f)) throw enRemesa(id);
      await repo.anular(id, anulacion.motivo);
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: id,
        accion: "anular",
        cambios: diferencias(
          { estado: f.estado, motivoAnulacion: "" },
          { estado: "anulado", motivoAnulacion: anulacion.motivo },
        ),
      });
    });
    return this.leer(id);
  }

  /** A returned charge goes back to pending, out of its remittance: the next one includes it. */
  async reactivar(actor: Actor, id: number, r: Reactivacion): Promise<Pago> {
    await this.repo.transaccion(async (repo) => {
      const filas = await repo.bloquear([id]);
      if (filas.length === 0) throw noEncontrado("no_encontrado.cargo");
      await this.reactivarFilas(repo, actor, filas, r.motivo);
    });
    return this.leer(id);
  }

  /** Many returned charges back to pending: all of them, or none if any is not returned. */
  async reactivarVarios(
    actor: Actor,
    r: ReactivacionMultiple,
  ): Promise<ReactivacionMultipleResultado> {
    return this.repo.transaccion(async (repo) => {
      const filas = await repo.bloquear(r.ids);
      const faltan = r.ids.filter((id) => !filas.some((f) => f.id === id));
      if (faltan.length > 0) {
        throw new DomainError(
          "no_encontrado",
          mensajeCon("pagos.no_existe_cargo", { ids: faltan.join(", ") }),
        );
      }
      await this.reactivarFilas(repo, actor, filas, r.motivo);
      const total = filas.reduce((s, f) => s + Number(f.importe), 0);
      return { reactivados: filas.length, importe: aEuros(total) };
    });
  }

  private async reactivarFilas(
    repo: PagosRepository,
    actor: Actor,
    filas: FilaBloqueada[],
    motivo: string,
  ): Promise<void> {
    const otra = filas.find((f) => f.estado !== "devuelto");
    if (otra) throw noReactivable(otra.id, otra.estado);
    await repo.reactivar(filas.map((f) => f.id));
    for (const f of filas) {
      await repo.auditar({
        idUsuario: actor.id,
        idEntidad: f.id,
        accion: "reactivar",
        cambios: diferencias(
          {
            estado: f.estado,
            idRemesa: f.id_remesa,
            idAdeudo: f.id_adeudo,
            motivoDevolucion: f.motivo_devolucion,
            fechaDevolucion: f.fecha_devolucion,
            motivo: "",
          },
          {
            estado: "pendiente",
            idRemesa: null,
            idAdeudo: null,
            motivoDevolucion: "",
            fechaDevolucion: null,
            motivo,
          },
        ),
      });
    }
  }

  /** The receipt in the caller's language (Spanish by default). */
  async recibo(actor: Actor & { idioma?: Idioma }, id: number): Promise<Buffer> {
    const pago = await this.visible(actor, id);
    if (pago.estado !== "pagado") {
      throw new DomainError("conflicto", "pagos.solo_hay_recibo_cargos_pagados");
    }
    const asociacion = await this.repo.asociacion();
    return generarRecibo(presentarPago(pago), asociacion, actor.idioma ?? "es");
  }

  async exportar(query: ExportPagosQuery, idioma: Idioma = "es"): Promise<FicheroExportado> {
    const filas = await this.repo.listar({ ...query, sort: "fechaVencimiento" });
    return exportarPagos(filas.map(presentarPago), query.formato, idioma);
  }
}
