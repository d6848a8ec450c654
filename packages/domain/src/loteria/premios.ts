import type { Rechazo } from "../actos/reglas";
import { importePorNumeroCentimos, type LoteriaEnCentimos } from "./reglas";

/**
 * Premios de una participación (issue 46). Céntimos enteros; las cuentas intermedias, en BigInt
 * (importe × premio pasa de los enteros exactos de JavaScript).
 *
 * Cómo se lee la ley (gravamen especial sobre los premios de loterías, Ley 35/2006, DA 33.ª) y
 * el issue:
 * - El gravamen se aplica a cada décimo premiado por separado, y cada número es otro décimo:
 *   la exención y la retención se calculan **por número**, no sobre la suma de los premios.
 * - Exento: 40.000 € por décimo (el de Navidad cuesta 20 €), prorrateado a la parte del décimo
 *   que juega la participación en ese número: 40.000 € × jugado en el número ÷ precio del décimo
 *   (con el décimo de 20 €, 2.000 veces lo jugado). La retención es el 20 % de lo que pasa del
 *   exento, redondeada al céntimo más cercano.
 * - El premio bruto de cada número se redondea **hacia abajo** al céntimo, y el de la
 *   participación es su suma: así las participaciones cubiertas nunca cobran más que los décimos.
 */

/** Premio exento por décimo (céntimos): 40.000 €. */
export const EXENCION_DECIMO_CENTIMOS = 4_000_000;
/** Porcentaje del gravamen especial sobre lo que pasa del exento. */
export const PORCENTAJE_RETENCION = 20;

/** El premio por décimo (céntimos) de un número premiado. */
export type PremioNumero = { numero: string; premioDecimoCentimos: number };

/** El premio de una participación en un número. */
export type PremioEnNumero = {
  numero: string;
  brutoCentimos: number;
  exentoCentimos: number;
  retencionCentimos: number;
};

/** El premio de una participación: bruto, retención y neto, y su detalle por número premiado. */
export type PremioDeParticipacion = {
  brutoCentimos: number;
  retencionCentimos: number;
  netoCentimos: number;
  porNumero: PremioEnNumero[];
};

/** División entera de BigInt no negativos redondeando al más cercano (mitades hacia arriba). */
const dividirRedondeando = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

/** El premio de lo que una participación juega en un número (céntimos) con ese premio por décimo. */
export function premioEnNumero(
  jugadoCentimos: number,
  precioDecimoCentimos: number,
  premioDecimoCentimos: number,
): Omit<PremioEnNumero, "numero"> {
  for (const n of [jugadoCentimos, precioDecimoCentimos, premioDecimoCentimos]) {
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new RangeError("Los importes de un premio son céntimos enteros no negativos");
    }
  }
  if (precioDecimoCentimos === 0) throw new RangeError("El precio del décimo es mayor que cero");
  const jugado = BigInt(jugadoCentimos);
  const precio = BigInt(precioDecimoCentimos);
  const bruto = (jugado * BigInt(premioDecimoCentimos)) / precio;
  // Exento y exceso multiplicados por el precio, para no redondear el exento por el camino.
  const exentoPorPrecio = BigInt(EXENCION_DECIMO_CENTIMOS) * jugado;
  const excesoPorPrecio = bruto * precio - exentoPorPrecio;
  const retencion =
    excesoPorPrecio > 0n
      ? dividirRedondeando(excesoPorPrecio * BigInt(PORCENTAJE_RETENCION), precio * 100n)
      : 0n;
  return {
    brutoCentimos: Number(bruto),
    exentoCentimos: Number(exentoPorPrecio / precio),
    retencionCentimos: Number(retencion),
  };
}

/**
 * El premio de cada participación de la lotería: en cada número premiado juega
 * `importePorNumeroCentimos`; los números sin premio (o con premio 0) no suman.
 */
export function premioParticipacion(
  l: LoteriaEnCentimos,
  premios: readonly PremioNumero[],
): PremioDeParticipacion {
  const jugado = importePorNumeroCentimos(l);
  const porNumero = premios
    .filter((p) => p.premioDecimoCentimos > 0 && l.numeros.some((n) => n.numero === p.numero))
    .map((p) => ({
      numero: p.numero,
      ...premioEnNumero(jugado, l.precioDecimoCentimos, p.premioDecimoCentimos),
    }));
  const brutoCentimos = porNumero.reduce((s, p) => s + p.brutoCentimos, 0);
  const retencionCentimos = porNumero.reduce((s, p) => s + p.retencionCentimos, 0);
  return {
    brutoCentimos,
    retencionCentimos,
    netoCentimos: brutoCentimos - retencionCentimos,
    porNumero,
  };
}

/** Lo que ganan los décimos de la lotería (céntimos): Σ décimos × premio por décimo. */
export function premioDecimos(l: LoteriaEnCentimos, premios: readonly PremioNumero[]): number {
  return premios.reduce((total, p) => {
    const decimos = l.numeros.find((n) => n.numero === p.numero)?.decimos ?? 0;
    return total + decimos * p.premioDecimoCentimos;
  }, 0);
}

/**
 * Por qué no se pueden anotar estos premios (null = se puede): antes del día del sorteo, o con
 * un número que la lotería no tiene.
 */
export function rechazoPremios(
  l: LoteriaEnCentimos,
  premios: readonly { numero: string }[],
  hoy: string,
): Rechazo | null {
  if (hoy < l.fechaSorteo) {
    return { codigo: "conflicto", mensaje: "Los premios se anotan a partir del día del sorteo" };
  }
  const ajeno = premios.find((p) => !l.numeros.some((n) => n.numero === p.numero));
  if (ajeno) {
    return {
      codigo: "validacion",
      campo: "premios",
      mensaje: `La lotería no tiene el número ${ajeno.numero}`,
    };
  }
  return null;
}
