import type { SiNo } from "../comun/esquemas";
import type { TipoPago, TipoPagoRamell } from "../socios/socio.schema";
import { PLAZOS_POR_TIPO_PAGO, repartirEnPlazos } from "./plazos";
import type { TipoProducto } from "./producto.schema";

/** Plazos del ramell fraccionado. */
export const PLAZOS_RAMELL_FRACCIONADO = 5;

/** Lo que la emisión necesita de un socio (importes en céntimos). */
export interface SocioEmision {
  id: number;
  idTipoSocio: number | null;
  idPagador: number | null;
  tipoPago: TipoPago;
  pagarDerrama: SiNo;
  importeDerramaCentimos: number;
  anyoDerrama: number;
  anyosPagoDerrama: number;
  ramell: SiNo;
  tipoPagoRamell: TipoPagoRamell;
}

/** Lo que la emisión necesita de un producto (precios en céntimos). */
export interface ProductoEmision {
  id: number;
  nombre: string;
  tipo: TipoProducto;
  precioCentimos: number;
  /** Precio por tipo de socio: idTipoSocio → céntimos. */
  preciosPorTipo: ReadonlyMap<number, number>;
}

/** Un cargo que la emisión crearía. */
export interface CargoEmitido {
  idSocio: number;
  idPagador: number;
  idProducto: number;
  anyo: number;
  concepto: string;
  importeCentimos: number;
  plazo: number;
  plazos: number;
  fechaVencimiento: string;
  /** Única por producto, socio y plazo: emitir dos veces no crea nada dos veces. */
  claveEmision: string;
}

/** Precio del producto para el tipo del socio; el general si su tipo no tiene uno propio. */
export function precioParaSocio(producto: ProductoEmision, idTipoSocio: number | null): number {
  if (idTipoSocio !== null) {
    const propio = producto.preciosPorTipo.get(idTipoSocio);
    if (propio !== undefined) return propio;
  }
  return producto.precioCentimos;
}

/**
 * Vencimiento del plazo `plazo` (1..plazos) de un año: los plazos se reparten por los meses
 * del año, el día 1 (semestral: enero y julio; trimestral: enero, abril, julio y octubre).
 */
export function vencimientoPlazo(anyo: number, plazo: number, plazos: number): string {
  const mes = Math.floor(((plazo - 1) * 12) / plazos) + 1;
  return `${String(anyo).padStart(4, "0")}-${String(mes).padStart(2, "0")}-01`;
}

/** Clave de emisión de un cargo: `<tipo>:<idProducto>:<idSocio>:<plazo>`. */
export function claveEmision(producto: ProductoEmision, idSocio: number, plazo: number): string {
  return `${producto.tipo}:${producto.id}:${idSocio}:${plazo}`;
}

function enPlazos(
  socio: SocioEmision,
  producto: ProductoEmision,
  anyo: number,
  importes: readonly number[],
  conceptoPlazo: (plazo: number, plazos: number) => string,
): CargoEmitido[] {
  const plazos = importes.length;
  const cargos: CargoEmitido[] = [];
  importes.forEach((importe, i) => {
    if (importe <= 0) return;
    const plazo = i + 1;
    cargos.push({
      idSocio: socio.id,
      idPagador: socio.idPagador ?? socio.id,
      idProducto: producto.id,
      anyo,
      concepto: plazos > 1 ? `${producto.nombre} ${conceptoPlazo(plazo, plazos)}` : producto.nombre,
      importeCentimos: importe,
      plazo,
      plazos,
      fechaVencimiento: vencimientoPlazo(anyo, plazo, plazos),
      claveEmision: claveEmision(producto, socio.id, plazo),
    });
  });
  return cargos;
}

/**
 * Cargos que la emisión del año `anyo` crea para un socio y un producto.
 *
 * - `cuota`: el precio de su tipo (o el general) en los plazos de su `tipoPago`.
 * - `derrama`: solo si paga derrama, con importe y el año dentro de sus años de pago; el
 *   cargo es la parte de ese año del total (los años suman exactamente el total).
 * - `ramell`: solo si lleva ramell; `completo` un cargo, `fraccionado` cinco plazos.
 * - `acto`, `loteria`, `otro`: un cargo con el precio de su tipo (o el general).
 *
 * Un precio de 0 no crea ningún cargo.
 */
export function cargosDeEmision(
  socio: SocioEmision,
  producto: ProductoEmision,
  anyo: number,
): CargoEmitido[] {
  switch (producto.tipo) {
    case "cuota": {
      const precio = precioParaSocio(producto, socio.idTipoSocio);
      if (precio <= 0) return [];
      const plazos = PLAZOS_POR_TIPO_PAGO[socio.tipoPago];
      return enPlazos(socio, producto, anyo, repartirEnPlazos(precio, plazos), (p, n) => {
        return `(plazo ${p}/${n})`;
      });
    }
    case "derrama": {
      const { importeDerramaCentimos: total, anyoDerrama, anyosPagoDerrama } = socio;
      if (socio.pagarDerrama !== "si" || total <= 0 || anyosPagoDerrama < 1) return [];
      const indice = anyo - anyoDerrama;
      if (indice < 0 || indice >= anyosPagoDerrama) return [];
      const importe = repartirEnPlazos(total, anyosPagoDerrama)[indice] ?? 0;
      if (importe <= 0) return [];
      const plazo = indice + 1;
      return [
        {
          idSocio: socio.id,
          idPagador: socio.idPagador ?? socio.id,
          idProducto: producto.id,
          anyo,
          concepto:
            anyosPagoDerrama > 1
              ? `${producto.nombre} (año ${plazo}/${anyosPagoDerrama})`
              : producto.nombre,
          importeCentimos: importe,
          plazo,
          plazos: anyosPagoDerrama,
          fechaVencimiento: vencimientoPlazo(anyo, 1, 1),
          claveEmision: claveEmision(producto, socio.id, plazo),
        },
      ];
    }
    case "ramell": {
      if (socio.ramell !== "si") return [];
      const precio = precioParaSocio(producto, socio.idTipoSocio);
      if (precio <= 0) return [];
      const plazos = socio.tipoPagoRamell === "fraccionado" ? PLAZOS_RAMELL_FRACCIONADO : 1;
      return enPlazos(socio, producto, anyo, repartirEnPlazos(precio, plazos), (p, n) => {
        return `(plazo ${p}/${n})`;
      });
    }
    default: {
      const precio = precioParaSocio(producto, socio.idTipoSocio);
      if (precio <= 0) return [];
      return enPlazos(socio, producto, anyo, [precio], () => "");
    }
  }
}
