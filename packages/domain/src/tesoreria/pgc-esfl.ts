import type { TipoProducto } from "../pagos/producto.schema";
import type { TipoCategoriaTesoreria } from "./tesoreria.schema";

/**
 * Las partidas de la cuenta de resultados del modelo abreviado del Plan General de Contabilidad
 * de las entidades sin fines lucrativos (Resolución del ICAC de 26 de marzo de 2013), y en cuál
 * cae cada cuenta por sus primeras cifras. Una categoría sin cuenta, o con una que no está aquí,
 * va a «Otros ingresos de la actividad» o a «Otros gastos de la actividad» según sea.
 */
export type PartidaEsfl = { clave: string; texto: string; orden: number };

const P = {
  "1a": "1. a) Cuotas de asociados y afiliados",
  "1b": "1. b) Aportaciones de usuarios",
  "1c": "1. c) Ingresos de promociones, patrocinadores y colaboraciones",
  "1d": "1. d) Subvenciones, donaciones y legados imputados al excedente del ejercicio",
  "1e": "1. e) Reintegro de ayudas y asignaciones",
  "2": "2. Ventas y otros ingresos ordinarios de la actividad mercantil",
  "3": "3. Gastos por ayudas y otros",
  "6": "6. Aprovisionamientos",
  "7": "7. Otros ingresos de la actividad",
  "8": "8. Gastos de personal",
  "9": "9. Otros gastos de la actividad",
  "10": "10. Amortización del inmovilizado",
  "13": "13. Otros resultados",
  "14": "14. Ingresos financieros",
  "15": "15. Gastos financieros",
} as const;
type ClavePartida = keyof typeof P;

export const PARTIDAS_ESFL: readonly PartidaEsfl[] = (Object.keys(P) as ClavePartida[]).map(
  (clave, orden) => ({ clave, texto: P[clave], orden }),
);

/** Prefijo de la cuenta → partida; gana el prefijo más largo. */
const POR_PREFIJO: [string, ClavePartida][] = [
  ["720", "1a"],
  ["721", "1b"],
  ["722", "1c"],
  ["723", "1c"],
  ["740", "1d"],
  ["747", "1d"],
  ["748", "1d"],
  ["728", "1e"],
  ["70", "2"],
  ["65", "3"],
  ["60", "6"],
  ["61", "6"],
  ["75", "7"],
  ["64", "8"],
  ["62", "9"],
  ["63", "9"],
  ["68", "10"],
  ["67", "13"],
  ["77", "13"],
  ["76", "14"],
  ["66", "15"],
];

export function partidaEsfl(codigoPgc: string, tipo: TipoCategoriaTesoreria): PartidaEsfl {
  let elegida: [string, ClavePartida] | undefined;
  for (const par of POR_PREFIJO) {
    if (codigoPgc.startsWith(par[0]) && (!elegida || par[0].length > elegida[0].length)) {
      elegida = par;
    }
  }
  const clave: ClavePartida = elegida ? elegida[1] : tipo === "ingreso" ? "7" : "9";
  return PARTIDAS_ESFL.find((p) => p.clave === clave) as PartidaEsfl;
}

/**
 * Las categorías que la tesorería trae de serie (migración 0037), por su clave fija. Las de los
 * movimientos automáticos se buscan por esta clave: el tesorero puede cambiarles el nombre o la
 * cuenta sin que dejen de recibir lo suyo.
 */
export const CLAVES_CATEGORIA = [
  "cuotas",
  "derramas",
  "ramell",
  "actos",
  "loteria",
  "donativos",
  "subvenciones",
  "patrocinio",
  "bar",
  "otros_ingresos",
  "musica",
  "polvora",
  "trajes",
  "local",
  "seguros",
  "federacion",
  "comidas",
  "comisiones_bancarias",
  "otros_gastos",
] as const;
export type ClaveCategoria = (typeof CLAVES_CATEGORIA)[number];

/** La categoría de ingreso de un cargo por el tipo de su producto (un cargo sin producto: otros). */
export function claveCategoriaDeProducto(tipo: TipoProducto | null): ClaveCategoria {
  switch (tipo) {
    case "cuota":
      return "cuotas";
    case "derrama":
      return "derramas";
    case "ramell":
      return "ramell";
    case "acto":
      return "actos";
    case "loteria":
      return "loteria";
    default:
      return "otros_ingresos";
  }
}

/**
 * Las líneas de un movimiento automático: lo de cada cargo sumado por su categoría, en céntimos,
 * con el signo pedido (una devolución resta de la misma categoría del ingreso, no es un gasto).
 * `donativo`: la parte de un cargo (de lotería) que es donativo, a `donativos`; el resto, a la
 * categoría de su tipo.
 */
export function lineasPorCategoria(
  cargos: readonly { tipo: TipoProducto | null; importe: number; donativo?: number }[],
  signo: 1 | -1 = 1,
): { clave: ClaveCategoria; importe: number }[] {
  const suma = new Map<ClaveCategoria, number>();
  const sumar = (clave: ClaveCategoria, importe: number) =>
    suma.set(clave, (suma.get(clave) ?? 0) + importe);
  for (const c of cargos) {
    const donativo = c.donativo ?? 0;
    sumar(claveCategoriaDeProducto(c.tipo), c.importe - donativo);
    if (donativo !== 0) sumar("donativos", donativo);
  }
  return [...suma]
    .filter(([, importe]) => importe !== 0)
    .sort(([a], [b]) => CLAVES_CATEGORIA.indexOf(a) - CLAVES_CATEGORIA.indexOf(b))
    .map(([clave, importe]) => ({ clave, importe: signo * importe }));
}

/**
 * La parte de donativo de lo cobrado de un cargo de lotería: en proporción a lo que la
 * liquidación de su talonario separó (lo jugado y el donativo), redondeada al céntimo, nunca más
 * que lo cobrado ni que el donativo. Un cargo cobrado entero lleva su donativo exacto.
 */
export function donativoDeCobro(
  cobrado: number,
  liquidacion: { importeJugado: number; donativo: number },
): number {
  const total = liquidacion.importeJugado + liquidacion.donativo;
  if (total <= 0 || liquidacion.donativo <= 0) return 0;
  const signo = cobrado < 0 ? -1 : 1;
  const abs = Math.abs(cobrado);
  if (abs >= total) return signo * liquidacion.donativo;
  return signo * Math.min(liquidacion.donativo, Math.round((abs * liquidacion.donativo) / total));
}

/**
 * El primer año abierto desde `anyo` (él mismo si no está cerrado): donde entra un movimiento
 * automático que ocurrió en un año ya cerrado.
 */
export function primerAnyoAbierto(anyo: number, cerrados: ReadonlySet<number>): number {
  let a = anyo;
  while (cerrados.has(a)) a += 1;
  return a;
}
