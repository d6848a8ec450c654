import {
  aEuros,
  type Loteria,
  type LoteriaEnCentimos,
  type Participacion,
  type PremioDeParticipacion,
  participacionesCubiertas,
  participacionesCubiertasPorNumero,
  plazoDevolucionAbierto,
  precioParticipacionCentimos,
  premioParticipacion,
  type Talonario,
} from "@fila/domain";
import type {
  LoteriaFila,
  ParticipacionFila,
  RecuentoLoteria,
  TalonarioFila,
} from "./loterias.repository.js";

/** The stored lottery in the model of the rules of @fila/domain (cents). */
export function enCentimos(f: LoteriaFila): LoteriaEnCentimos {
  return {
    fechaSorteo: f.fecha_sorteo,
    fechaLimiteDevolucion: f.fecha_limite_devolucion,
    precioDecimoCentimos: f.precio_decimo,
    numeros: f.numeros.map((n) => ({ numero: n.numero, decimos: n.decimos })),
    importeJugadoCentimos: f.importe_jugado,
    donativoCentimos: f.donativo,
  };
}

/** The prize each valid participation gets (null before the prizes are entered). */
export function premioDe(f: LoteriaFila): PremioDeParticipacion | null {
  if (!f.premios_anotados) return null;
  return premioParticipacion(
    enCentimos(f),
    f.numeros.map((n) => ({ numero: n.numero, premioDecimoCentimos: n.premio_decimo ?? 0 })),
  );
}

const isoDe = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function presentarLoteria(f: LoteriaFila, r: RecuentoLoteria, hoy: string): Loteria {
  const l = enCentimos(f);
  const precio = precioParticipacionCentimos(l);
  const cubiertas = participacionesCubiertas(l);
  const porNumero = new Map(participacionesCubiertasPorNumero(l).map((c) => [c.numero, c]));
  const premio = premioDe(f);
  return {
    id: f.id,
    nombre: f.nombre,
    sorteo: f.sorteo,
    fechaSorteo: f.fecha_sorteo,
    fechaLimiteDevolucion: f.fecha_limite_devolucion,
    precioDecimo: aEuros(f.precio_decimo),
    importeJugado: aEuros(f.importe_jugado),
    donativo: aEuros(f.donativo),
    precio: aEuros(precio),
    autorizacionRecargo: f.autorizacion_recargo,
    idProducto: f.id_producto,
    numeros: f.numeros.map((n) => ({
      numero: n.numero,
      decimos: n.decimos,
      cubiertas: porNumero.get(n.numero)?.cubiertas ?? 0,
      premioDecimo: n.premio_decimo === null ? null : aEuros(Number(n.premio_decimo)),
    })),
    premiosAnotados: f.premios_anotados,
    plazoAbierto: plazoDevolucionAbierto(l, hoy),
    liquidacionAutomatica: isoDe(f.liquidacion_automatica_en),
    contadores: {
      decimos: f.numeros.reduce((s, n) => s + n.decimos, 0),
      cubiertas,
      emitidas: r.emitidas,
      asignadas: r.asignadas,
      vendidas: r.vendidas,
      devueltas: r.devueltas,
      anuladas: r.anuladas,
      digitales: r.digitales,
      disponibles: Math.max(0, cubiertas - (r.emitidas - r.devueltas)),
      importeLiquidado: aEuros(r.importeJugadoLiquidado + r.donativos),
      importeJugadoLiquidado: aEuros(r.importeJugadoLiquidado),
      donativos: aEuros(r.donativos),
      importePendiente: aEuros(r.pendientes * precio),
      importeCobrado: aEuros(r.importeCobrado),
      premiosTotal: aEuros((premio?.brutoCentimos ?? 0) * r.validas),
      premiosPagados: aEuros(r.premiosPagados),
    },
  };
}

export function presentarTalonario(f: TalonarioFila): Talonario {
  const liquidado = f.liquidado_en !== null;
  const jugado = Number(f.importe_jugado);
  const donativo = Number(f.donativo);
  return {
    id: f.id,
    idLoteria: f.id_loteria,
    serieDesde: f.serie_desde,
    serieHasta: f.serie_hasta,
    participaciones: f.serie_hasta - f.serie_desde + 1,
    socio:
      f.id_socio === null
        ? null
        : { id: f.id_socio, nombre: f.socio_nombre ?? "", apellidos: f.socio_apellidos ?? "" },
    estado: liquidado ? "liquidado" : "pendiente",
    liquidadoPor: f.liquidado_por,
    liquidadoEn: isoDe(f.liquidado_en),
    vendidas: liquidado ? f.vendidas : Number(f.digitales),
    devueltas: Number(f.devueltas),
    anuladas: Number(f.anuladas),
    digitales: Number(f.digitales),
    importeJugado: aEuros(jugado),
    donativo: aEuros(donativo),
    total: aEuros(jugado + donativo),
    cargo:
      f.id_pago !== null && f.estado_pago !== null
        ? { id: f.id_pago, estado: f.estado_pago, importe: aEuros(Number(f.importe_pago ?? 0)) }
        : null,
  };
}

/** A participation for the board; `premio`: the lottery's (null before the prizes). */
export function presentarParticipacion(
  f: ParticipacionFila,
  codigo: string,
  premio: PremioDeParticipacion | null,
): Participacion {
  const pagado = f.premio_pagado_en !== null;
  const conPremio = premio !== null && f.estado === "valida";
  return {
    id: f.id,
    serie: f.serie,
    idTalonario: f.id_talonario,
    estado: f.estado,
    digital: f.digital,
    comprador: f.digital
      ? { nombre: f.comprador_nombre, email: f.comprador_email, telefono: f.comprador_telefono }
      : null,
    motivoAnulacion: f.motivo_anulacion,
    codigo,
    premio: conPremio
      ? {
          bruto: aEuros(premio.brutoCentimos),
          retencion: aEuros(premio.retencionCentimos),
          neto: aEuros(premio.netoCentimos),
          pagado,
        }
      : null,
    premioPagadoEn: isoDe(f.premio_pagado_en),
  };
}
