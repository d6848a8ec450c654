import {
  aEuros,
  type CategoriaTesoreria,
  type CuentaTesoreria,
  type DocumentoMovimiento,
  type Movimiento,
} from "@fila/domain";
import type {
  CategoriaFila,
  CuentaFila,
  DocumentoFila,
  LineaFila,
  MovimientoFila,
} from "./tesoreria.repository.js";

/** The treasury is the board's only: every field goes out, amounts from cents to euros. */
export function presentarCuenta(c: CuentaFila): CuentaTesoreria {
  return {
    id: c.id,
    nombre: c.nombre,
    tipo: c.tipo,
    iban: c.iban,
    saldoInicial: aEuros(Number(c.saldoInicial)),
    fechaSaldoInicial: c.fechaSaldoInicial,
    activo: c.activo,
    saldo: aEuros(Number(c.saldo)),
    numMovimientos: Number(c.numMovimientos),
  };
}

export function presentarCategoria(c: CategoriaFila): CategoriaTesoreria {
  return {
    id: c.id,
    nombre: c.nombre,
    tipo: c.tipo,
    codigoPgc: c.codigoPgc,
    clave: c.clave,
    activo: c.activo,
  };
}

export function presentarMovimiento(m: MovimientoFila, lineas: LineaFila[]): Movimiento {
  return {
    id: m.id,
    idCuenta: m.idCuenta,
    cuenta: m.cuenta,
    fecha: m.fecha,
    anyo: m.anyo,
    concepto: m.concepto,
    importe: aEuros(Number(m.importe)),
    proveedor: m.proveedor,
    origen: { tipo: m.origenTipo, id: m.origenId },
    idCorrige: m.idCorrige,
    idCorregidoPor: m.idCorregidoPor,
    fechaOriginal: m.fechaOriginal,
    nota: m.nota,
    lineas: lineas
      .filter((l) => l.idMovimiento === m.id)
      .map((l) => ({
        idCategoria: l.idCategoria,
        categoria: l.categoria,
        tipoCategoria: l.tipoCategoria,
        codigoPgc: l.codigoPgc,
        importe: aEuros(Number(l.importe)),
      })),
    numDocumentos: Number(m.numDocumentos),
    saldo: aEuros(Number(m.saldo)),
    idLineaExtracto: m.idLineaExtracto === null ? null : Number(m.idLineaExtracto),
    creadoEn: new Date(m.creadoEn).toISOString(),
  };
}

export function presentarDocumento(d: DocumentoFila): DocumentoMovimiento {
  return {
    id: d.id,
    idMovimiento: d.idMovimiento,
    nombreArchivo: d.nombreArchivo,
    tipoMime: d.tipoMime,
    tamanyo: d.tamanyo,
    subidoEn: new Date(d.subidoEn).toISOString(),
  };
}
