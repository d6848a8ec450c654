import type { Rechazo } from "../actos/reglas";
import { formatearImporte } from "../formato/formato";

/**
 * Reglas puras de la lotería (issue 46): una lotería es un sorteo con los décimos que la filà
 * tiene de cada número y la participación que vende. Todo importe en céntimos enteros; las
 * fechas son `YYYY-MM-DD`. La API habla en euros: `loteriaEnCentimos` pasa la entrada validada
 * a este modelo.
 */

/** Un número que la filà tiene y cuántos décimos de él. */
export type NumeroLoteria = { numero: string; decimos: number };

/** Lo que las reglas necesitan de una lotería, en céntimos. */
export type LoteriaEnCentimos = {
  fechaSorteo: string;
  /** Último día en que el titular de un talonario lo liquida (el del sorteo o antes). */
  fechaLimiteDevolucion: string;
  precioDecimoCentimos: number;
  numeros: readonly NumeroLoteria[];
  /** Lo que juega cada participación, repartido a partes iguales entre los números. */
  importeJugadoCentimos: number;
  /** El recargo de cada participación, para la filà. */
  donativoCentimos: number;
};

/** Un donativo de más de este porcentaje del importe jugado necesita `autorizacionRecargo`. */
export const RECARGO_MAXIMO_SIN_AUTORIZACION = 20;

/** Un problema de una lotería: el campo de la entrada y el motivo (como un detalle de zod). */
export type ProblemaLoteria = { campo: string; mensaje: string };

const plural = (n: number, uno: string, varios: string) => `${n} ${n === 1 ? uno : varios}`;

/** Lo que cada participación juega en cada número (céntimos). Supone un reparto exacto. */
export function importePorNumeroCentimos(l: LoteriaEnCentimos): number {
  return l.importeJugadoCentimos / l.numeros.length;
}

/** Precio de una participación: importe jugado + donativo (céntimos). */
export function precioParticipacionCentimos(l: LoteriaEnCentimos): number {
  return l.importeJugadoCentimos + l.donativoCentimos;
}

/** Si el donativo pasa del 20 % del importe jugado (entonces necesita autorización). */
export function donativoNecesitaAutorizacion(
  importeJugadoCentimos: number,
  donativoCentimos: number,
): boolean {
  return donativoCentimos * 100 > importeJugadoCentimos * RECARGO_MAXIMO_SIN_AUTORIZACION;
}

/**
 * Lo que hace inválida una lotería, más allá de la forma de cada campo (la comprueba también el
 * esquema de entrada; la API la vuelve a pasar a una lotería modificada). Vacía si es válida.
 */
export function problemasLoteria(
  l: LoteriaEnCentimos & { autorizacionRecargo: string },
): ProblemaLoteria[] {
  const problemas: ProblemaLoteria[] = [];
  if (l.fechaLimiteDevolucion > l.fechaSorteo) {
    problemas.push({
      campo: "fechaLimiteDevolucion",
      mensaje: "La fecha límite de devolución no puede ser posterior al sorteo",
    });
  }
  const vistos = new Set<string>();
  for (const { numero } of l.numeros) {
    if (vistos.has(numero)) {
      problemas.push({ campo: "numeros", mensaje: `El número ${numero} está repetido` });
    }
    vistos.add(numero);
  }
  const n = l.numeros.length;
  if (n > 0 && l.importeJugadoCentimos % n !== 0) {
    problemas.push({
      campo: "importeJugado",
      mensaje: `El importe jugado (${formatearImporte(l.importeJugadoCentimos)}) no se reparte en céntimos enteros entre ${n} números`,
    });
  } else if (n > 0 && l.importeJugadoCentimos > 0) {
    for (const c of participacionesCubiertasPorNumero(l)) {
      if (c.cubiertas === 0) {
        problemas.push({
          campo: "numeros",
          mensaje: `Los décimos del número ${c.numero} no cubren ni una participación`,
        });
      }
    }
  }
  if (
    donativoNecesitaAutorizacion(l.importeJugadoCentimos, l.donativoCentimos) &&
    l.autorizacionRecargo.trim() === ""
  ) {
    problemas.push({
      campo: "autorizacionRecargo",
      mensaje:
        "Un donativo de más del 20 % del importe jugado necesita la autorización del recargo",
    });
  }
  return problemas;
}

/**
 * Participaciones que cubren los décimos de cada número: ⌊décimos × precio del décimo ÷ lo que
 * juega cada participación en ese número⌋. Nunca se venden más (ni en un solo número).
 */
export function participacionesCubiertasPorNumero(
  l: LoteriaEnCentimos,
): { numero: string; cubiertas: number }[] {
  const porNumero = importePorNumeroCentimos(l);
  return l.numeros.map(({ numero, decimos }) => ({
    numero,
    cubiertas: Math.floor((decimos * l.precioDecimoCentimos) / porNumero),
  }));
}

/** El número que menos participaciones cubre (el que limita) y cuántas cubre. */
export function numeroQueLimita(l: LoteriaEnCentimos): { numero: string; cubiertas: number } {
  const cubiertas = participacionesCubiertasPorNumero(l);
  const primero = cubiertas[0];
  if (!primero) throw new RangeError("Una lotería tiene al menos un número");
  return cubiertas.reduce((min, c) => (c.cubiertas < min.cubiertas ? c : min), primero);
}

/** Participaciones que cubre la lotería entera (las del número que limita). */
export function participacionesCubiertas(l: LoteriaEnCentimos): number {
  return numeroQueLimita(l).cubiertas;
}

/** Lo que dice el cupo de una emisión o de un cambio de la lotería. */
export type ResultadoCupo =
  | { ok: true; cubiertas: number; libres: number }
  | {
      ok: false;
      /** El número que no cubre la emisión o el cambio. */
      numero: string;
      /** Las que cubre ese número (con los valores nuevos, si es un cambio). */
      cubiertas: number;
      /** Las que aún quedan cubiertas (0 si ya hay más emitidas de las que cubre). */
      libres: number;
      /** Para la API: 409 con este texto. */
      rechazo: Rechazo;
    };

/**
 * ¿Se pueden emitir `nuevas` participaciones más? `emitidas` son las que ya hay en talonarios y
 * digitales, menos las devueltas (las anuladas siguen contando: un talonario perdido puede
 * aparecer con el premio). Con `nuevas = 0` comprueba un cambio de la lotería (menos décimos, otro
 * importe o precio): pásale la lotería con los valores nuevos.
 */
export function comprobarCupo(
  l: LoteriaEnCentimos,
  emitidas: number,
  nuevas: number,
): ResultadoCupo {
  for (const [nombre, n] of [
    ["emitidas", emitidas],
    ["nuevas", nuevas],
  ] as const) {
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new RangeError(`Las participaciones ${nombre} son un entero no negativo`);
    }
  }
  const { numero, cubiertas } = numeroQueLimita(l);
  const libres = Math.max(0, cubiertas - emitidas);
  if (emitidas + nuevas <= cubiertas) return { ok: true, cubiertas, libres };
  const mensaje =
    nuevas === 0
      ? `Con ese cambio el número ${numero} cubre ${plural(cubiertas, "participación", "participaciones")} y ya hay ${emitidas} emitidas`
      : libres === 0
        ? `El número ${numero} ya no cubre más participaciones`
        : `El número ${numero} solo cubre ${plural(libres, "participación", "participaciones")} más`;
  return { ok: false, numero, cubiertas, libres, rechazo: { codigo: "conflicto", mensaje } };
}

/** Lo que los talonarios ya impresos llevan escrito y no puede cambiar. */
const CAMPOS_IMPRESOS = [
  "precioDecimoCentimos",
  "importeJugadoCentimos",
  "donativoCentimos",
] as const satisfies readonly (keyof LoteriaEnCentimos)[];

/**
 * Un cambio de la lotería (PUT). Sin participaciones emitidas vale cualquiera. Con ellas, lo que
 * las participaciones llevan impreso (los números, el importe jugado, el donativo y el precio del
 * décimo) ya no cambia, y los décimos solo bajan mientras cubran las emitidas (el cupo).
 */
export function rechazoCambioLoteria(
  anterior: LoteriaEnCentimos,
  nueva: LoteriaEnCentimos,
  emitidas: number,
): Rechazo | null {
  if (emitidas === 0) return null;
  const mismosNumeros =
    anterior.numeros.length === nueva.numeros.length &&
    anterior.numeros.every((n) => nueva.numeros.some((m) => m.numero === n.numero));
  if (!mismosNumeros || CAMPOS_IMPRESOS.some((c) => anterior[c] !== nueva[c])) {
    return {
      codigo: "conflicto",
      mensaje:
        "Ya hay participaciones emitidas: los números, el importe jugado, el donativo y el precio del décimo no cambian",
    };
  }
  const cupo = comprobarCupo(nueva, emitidas, 0);
  return cupo.ok ? null : cupo.rechazo;
}
