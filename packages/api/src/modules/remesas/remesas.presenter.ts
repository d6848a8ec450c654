import { aEuros, type Remesa, type ResumenRemesa } from "@fila/domain";
import type { FilaAdeudo, FilaPagoRemesa, FilaRemesa } from "./remesas.repository.js";

/** Field whitelist of the remittance answers; money in euros, instants ISO. */
export function presentarResumen(f: FilaRemesa): ResumenRemesa {
  return {
    id: f.id,
    mensajeId: f.mensaje_id,
    fechaCobro: f.fecha_cobro,
    hasta: f.hasta,
    estado: f.estado,
    numAdeudos: f.num_adeudos,
    total: aEuros(Number(f.total)),
    creadaEn: f.creada_en.toISOString(),
  };
}

export function presentarRemesa(
  f: FilaRemesa,
  adeudos: FilaAdeudo[],
  pagos: FilaPagoRemesa[],
): Remesa {
  const pagosPorAdeudo = new Map<number, FilaPagoRemesa[]>();
  for (const p of pagos) {
    if (p.id_adeudo === null) continue;
    const lista = pagosPorAdeudo.get(p.id_adeudo) ?? [];
    lista.push(p);
    pagosPorAdeudo.set(p.id_adeudo, lista);
  }
  return {
    ...presentarResumen(f),
    adeudos: adeudos.map((a) => ({
      id: a.id,
      idPagador: a.id_pagador,
      pagador: { nombre: a.nombre, apellidos: a.apellidos },
      importe: aEuros(Number(a.importe)),
      endToEndId: a.end_to_end_id,
      mandatoId: a.mandato_id,
      secuencia: a.secuencia,
      estado: a.estado,
      motivoDevolucion: a.motivo_devolucion,
      pagos: (pagosPorAdeudo.get(a.id) ?? []).map((p) => ({
        id: p.id,
        idSocio: p.id_socio,
        concepto: p.concepto,
        importe: aEuros(Number(p.importe)),
        estado: p.estado,
      })),
    })),
    excluidos: (f.excluidos ?? []).map((e) => ({ ...e, importe: aEuros(e.importe) })),
  };
}
