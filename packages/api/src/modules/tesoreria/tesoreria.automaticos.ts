import {
  aEuros,
  formatearFecha,
  formatearImporte,
  hoyIso,
  lineasPorCategoria,
  primerAnyoAbierto,
  type TipoProducto,
} from "@fila/domain";
import type { OyentesLoteria } from "../loterias/loterias.service.js";
import { TesoreriaRepository } from "./tesoreria.repository.js";

/**
 * What the app already knows and enters the book by itself (issue 47): each one written by the
 * payment's own transaction through `anotarMovimientoAutomatico`, so a payment that fails leaves
 * no movement and a movement that fails undoes the payment. Each carries a key (`clave_origen`,
 * unique): the same payment never enters twice.
 */
export type MovimientoAutomatico =
  /** A desk payment of one or several charges (the part paid, for a partial one). */
  | {
      tipo: "cobro";
      idsPago: number[];
      fecha: string;
      idFormaPago: number;
      /** The account the desk chose; without it, the payment method's (or the bank's). */
      idCuenta?: number;
      idUsuario: number | null;
    }
  /** A remittance marked collected: the charges it paid (those returned before are not). */
  | { tipo: "remesa"; idRemesa: number; idsPago: number[]; fecha: string; idUsuario: number | null }
  /** A debit's charge returned after the remittance was collected. */
  | {
      tipo: "devolucion";
      idPago: number;
      idAdeudo: number;
      idRemesa: number;
      importe: number;
      fecha: string;
      idUsuario: number | null;
    }
  /** An online payment the bank confirmed: what the order carried, charge by charge. */
  | {
      tipo: "pago_online";
      idPedido: number;
      numero: string;
      fecha: string;
      lineas: { idPago: number; importe: number }[];
    }
  /**
   * A lottery prize paid out (issue 46): what the holder took (the net), out of the cash box.
   * Negative in «Lotería», not an expense: the prize is the player's; the association cashes the
   * décimo's prize as lottery income and hands it over, so both sides meet in the same category
   * (as a debit's return does) and the year's result keeps only what the lottery left.
   */
  | {
      tipo: "premio_loteria";
      idLoteria: number;
      idParticipacion: number;
      serie: number;
      brutoCentimos: number;
      retencionCentimos: number;
      netoCentimos: number;
      fecha: string;
      idUsuario: number | null;
    };

type Preparado = {
  idCuenta: number;
  concepto: string;
  clave: string;
  origenId: number;
  cargos: { tipo: TipoProducto | null; importe: number; donativo?: number }[];
  signo: 1 | -1;
  idUsuario: number | null;
};

async function preparar(
  repo: TesoreriaRepository,
  a: MovimientoAutomatico,
  ajustes: { idCuentaBanco: number; idCuentaTpv: number },
): Promise<Preparado | null> {
  switch (a.tipo) {
    case "cobro": {
      if (a.idsPago.length === 0) return null;
      const primero = Math.min(...a.idsPago);
      const uno = a.idsPago.length === 1 ? await repo.cargo(primero) : undefined;
      return {
        idCuenta:
          a.idCuenta ?? (await repo.cuentaDeFormaPago(a.idFormaPago)) ?? ajustes.idCuentaBanco,
        concepto: uno
          ? `Cobro en ventanilla: ${uno.concepto} (cargo ${primero})`
          : `Cobro en ventanilla de ${a.idsPago.length} cargos`,
        clave: `cobro:${primero}`,
        origenId: primero,
        cargos: await repo.cargosConDonativo(a.idsPago),
        signo: 1,
        idUsuario: a.idUsuario,
      };
    }
    case "remesa":
      if (a.idsPago.length === 0) return null;
      return {
        idCuenta: ajustes.idCuentaBanco,
        concepto: `Remesa ${a.idRemesa} cobrada (${a.idsPago.length} cargos)`,
        clave: `remesa:${a.idRemesa}`,
        origenId: a.idRemesa,
        cargos: await repo.cargosConDonativo(a.idsPago),
        signo: 1,
        idUsuario: a.idUsuario,
      };
    case "devolucion": {
      const cargo = await repo.cargo(a.idPago);
      return {
        idCuenta: ajustes.idCuentaBanco,
        concepto: `Devolución del adeudo: ${cargo?.concepto ?? ""} (cargo ${a.idPago}, remesa ${a.idRemesa})`,
        clave: `devolucion:${a.idPago}:${a.idAdeudo}`,
        origenId: a.idPago,
        cargos: await repo.cargosConDonativo([a.idPago], new Map([[a.idPago, a.importe]])),
        signo: -1,
        idUsuario: a.idUsuario,
      };
    }
    case "pago_online": {
      const importes = new Map<number, number>();
      for (const l of a.lineas) importes.set(l.idPago, (importes.get(l.idPago) ?? 0) + l.importe);
      return {
        idCuenta: ajustes.idCuentaTpv,
        concepto: `Pago en línea, pedido ${a.numero}`,
        clave: `pago_online:${a.idPedido}`,
        origenId: a.idPedido,
        cargos: await repo.cargosConDonativo([...importes.keys()], importes),
        signo: 1,
        idUsuario: null,
      };
    }
    case "premio_loteria": {
      if (a.netoCentimos <= 0) return null;
      const nombre = (await repo.nombreLoteria(a.idLoteria)) ?? `lotería ${a.idLoteria}`;
      const retencion =
        a.retencionCentimos > 0
          ? ` (bruto ${formatearImporte(a.brutoCentimos)}, retención ${formatearImporte(a.retencionCentimos)})`
          : "";
      return {
        idCuenta: (await repo.cajaActiva()) ?? ajustes.idCuentaBanco,
        concepto: `Premio pagado: ${nombre}, participación ${a.serie}${retencion}`,
        clave: `premio_loteria:${a.idParticipacion}`,
        origenId: a.idParticipacion,
        cargos: [{ tipo: "loteria", importe: a.netoCentimos }],
        signo: -1,
        idUsuario: a.idUsuario,
      };
    }
  }
}

/**
 * Writes the movement of a payment into the book, inside the caller's transaction (`repo` is
 * bound to it). Its lines come from the charges' product types; a return takes from the same
 * income category. Dated in a closed treasury year, it goes to the first day of the first open
 * year and says so. Returns the movement's id, or null when there is nothing to write (no money
 * moved, or that payment already entered).
 */
export async function anotarMovimientoAutomatico(
  repo: TesoreriaRepository,
  a: MovimientoAutomatico,
): Promise<number | null> {
  await repo.bloquearCierres(false);
  let ajustes = await repo.ajustes();
  if (!ajustes) {
    await repo.asegurarInicio();
    ajustes = await repo.ajustes();
  }
  if (!ajustes) throw new Error("tesorería sin ajustes");
  const p = await preparar(repo, a, ajustes);
  if (!p) return null;
  const lineas = lineasPorCategoria(p.cargos, p.signo);
  if (lineas.length === 0) return null;
  const claves = lineas.map((l) => l.clave);
  let categorias = await repo.categoriasPorClave(claves);
  if (categorias.size < new Set(claves).size) {
    await repo.asegurarInicio();
    categorias = await repo.categoriasPorClave(claves);
  }
  const anyo = Number(a.fecha.slice(0, 4));
  const abierto = primerAnyoAbierto(anyo, await repo.cerrados());
  const movido = abierto !== anyo;
  const importe = lineas.reduce((s, l) => s + l.importe, 0);
  const id = await repo.insertarMovimiento({
    idCuenta: p.idCuenta,
    fecha: movido ? `${abierto}-01-01` : a.fecha,
    concepto: p.concepto,
    importe,
    proveedor: "",
    nota: movido
      ? `Ocurrió el ${formatearFecha(a.fecha)}, con el año ${anyo} de la tesorería cerrado: entra el primer día del año abierto.`
      : "",
    origenTipo: a.tipo,
    origenId: p.origenId,
    claveOrigen: p.clave,
    idCorrige: null,
    fechaOriginal: movido ? a.fecha : null,
    idUsuario: p.idUsuario,
    lineas: lineas.map((l) => {
      const idCategoria = categorias.get(l.clave);
      if (idCategoria === undefined) throw new Error(`tesorería sin la categoría ${l.clave}`);
      return { idCategoria, importe: l.importe };
    }),
  });
  if (id !== null) {
    await repo.auditar({
      idUsuario: p.idUsuario,
      entidad: "movimiento",
      idEntidad: id,
      accion: "crear",
      cambios: [
        { campo: "origen", antes: null, despues: p.clave },
        { campo: "importe", antes: null, despues: aEuros(importe) },
        { campo: "idCuenta", antes: null, despues: p.idCuenta },
        ...(movido ? [{ campo: "fechaOriginal", antes: null, despues: a.fecha }] : []),
      ],
    });
  }
  return id;
}

/**
 * The treasury's listener on the lottery (wired by default in `componerServicios`): each prize
 * paid out enters the book inside the payout's own transaction.
 */
export function oyenteTesoreriaDeLoteria(): Required<OyentesLoteria> {
  return {
    alPagarPremio: async (premio, trx) => {
      await anotarMovimientoAutomatico(new TesoreriaRepository(trx), {
        tipo: "premio_loteria",
        idLoteria: premio.idLoteria,
        idParticipacion: premio.idParticipacion,
        serie: premio.serie,
        brutoCentimos: premio.brutoCentimos,
        retencionCentimos: premio.retencionCentimos,
        netoCentimos: premio.netoCentimos,
        fecha: hoyIso(premio.fecha),
        idUsuario: premio.idUsuario,
      });
    },
  };
}
