import { aEuros, type Pago } from "@fila/domain";
import type { PagoFila } from "./pagos.repository.js";

/** Stored charge (cents) → API shape (euros), field by field. */
export function presentarPago(p: PagoFila): Pago {
  return {
    id: p.id,
    idSocio: p.idSocio,
    idPagador: p.idPagador,
    idProducto: p.idProducto,
    concepto: p.concepto,
    importe: aEuros(Number(p.importe)),
    fechaEmision: p.fechaEmision,
    fechaVencimiento: p.fechaVencimiento,
    estado: p.estado,
    fechaPago: p.fechaPago,
    idFormaPago: p.idFormaPago,
    referencia: p.referencia,
    idRemesa: p.idRemesa,
    plazo: p.plazo,
    plazos: p.plazos,
    anyo: p.anyo,
    idPagoOrigen: p.idPagoOrigen,
    motivoAnulacion: p.motivoAnulacion,
    motivoDevolucion: p.motivoDevolucion,
    fechaDevolucion: p.fechaDevolucion,
    socio: {
      id: p.idSocio,
      nombre: p.socioNombre,
      apellidos: p.socioApellidos,
      matricula: p.socioMatricula ?? 0,
    },
    pagador: { id: p.idPagador, nombre: p.pagadorNombre, apellidos: p.pagadorApellidos },
    producto:
      p.idProducto !== null && p.productoNombre !== null && p.productoTipo !== null
        ? { id: p.idProducto, nombre: p.productoNombre, tipo: p.productoTipo }
        : null,
    formaPago:
      p.idFormaPago !== null && p.formaPagoNombre !== null
        ? { id: p.idFormaPago, nombre: p.formaPagoNombre }
        : null,
  };
}
