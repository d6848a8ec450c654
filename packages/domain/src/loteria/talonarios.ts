import type { Rechazo } from "../actos/reglas";
import { formatearFecha, formatearImporte } from "../formato/formato";
import type { EstadoParticipacion } from "./loteria.schema";
import { type LoteriaEnCentimos, precioParticipacionCentimos } from "./reglas";

/**
 * Talonarios, liquidación y anulación (issue 46). Las series son los números de las
 * participaciones dentro de una lotería: enteros desde 1, consecutivos en cada talonario y sin
 * repetirse entre talonarios.
 */

/** Las series de un talonario, de `serieDesde` a `serieHasta`, ambas incluidas. */
export type RangoSeries = { serieDesde: number; serieHasta: number };

/** Lo que la liquidación y la anulación necesitan de un talonario. */
export type TalonarioLoteria = RangoSeries & {
  /** Series anuladas (perdidas, robadas…): nunca se venden, pero siguen en el cupo. */
  anuladas: readonly number[];
  /** Series de participaciones digitales emitidas desde él: siempre vendidas. */
  digitales: readonly number[];
  /** Si ya está liquidado (por su titular o por el trabajo de la fecha límite). */
  liquidado: boolean;
};

/** Participaciones de un talonario. */
export function participacionesDe(r: RangoSeries): number {
  return r.serieHasta - r.serieDesde + 1;
}

/** Las series de un talonario, en orden. */
export function seriesDe(r: RangoSeries): number[] {
  return Array.from({ length: participacionesDe(r) }, (_, i) => r.serieDesde + i);
}

/** Si una serie es de un talonario. */
export function serieEnTalonario(r: RangoSeries, serie: number): boolean {
  return serie >= r.serieDesde && serie <= r.serieHasta;
}

/**
 * Las participaciones que cuentan contra el cupo (`emitidas` de `comprobarCupo`): las de todos
 * los talonarios de la lotería menos las devueltas en su liquidación. Las anuladas siguen
 * contando (un talonario perdido puede aparecer con el premio); las digitales ya están dentro de
 * su talonario.
 */
export function participacionesEnCupo(
  talonarios: readonly (RangoSeries & { devueltas: number })[],
): number {
  return talonarios.reduce((total, t) => total + participacionesDe(t) - t.devueltas, 0);
}

/**
 * Los rangos de `cantidad` talonarios nuevos de `participaciones` cada uno, seguidos tras la
 * serie más alta ya usada en la lotería (0 si aún no hay talonarios).
 */
export function siguientesTalonarios(
  ultimaSerie: number,
  cantidad: number,
  participaciones: number,
): RangoSeries[] {
  for (const n of [cantidad, participaciones]) {
    if (!Number.isSafeInteger(n) || n < 1) {
      throw new RangeError("La cantidad y las participaciones son enteros mayores que cero");
    }
  }
  if (!Number.isSafeInteger(ultimaSerie) || ultimaSerie < 0) {
    throw new RangeError("La última serie es un entero no negativo");
  }
  return Array.from({ length: cantidad }, (_, i) => {
    const serieDesde = ultimaSerie + i * participaciones + 1;
    return { serieDesde, serieHasta: serieDesde + participaciones - 1 };
  });
}

/** Si dos talonarios comparten alguna serie. */
export function rangosSeSolapan(a: RangoSeries, b: RangoSeries): boolean {
  return a.serieDesde <= b.serieHasta && b.serieDesde <= a.serieHasta;
}

/** El primer par de talonarios que comparten series, o null si ninguno. */
export function solapeDeTalonarios<T extends RangoSeries>(rangos: readonly T[]): [T, T] | null {
  const ordenados = [...rangos].sort((a, b) => a.serieDesde - b.serieDesde);
  for (let i = 1; i < ordenados.length; i++) {
    const anterior = ordenados[i - 1] as T;
    const actual = ordenados[i] as T;
    if (rangosSeSolapan(anterior, actual)) return [anterior, actual];
  }
  return null;
}

/** El resultado de liquidar un talonario: las series de cada clase y el cargo (céntimos). */
export type Liquidacion = {
  vendidas: number[];
  devueltas: number[];
  /** Las anuladas del talonario: ni vendidas ni devueltas. */
  anuladas: number[];
  importeJugadoCentimos: number;
  donativoCentimos: number;
  /** Lo que se carga al titular (o a su pagador): vendidas × precio de la participación. */
  totalCentimos: number;
};

export type ResultadoLiquidacion =
  | { ok: true; liquidacion: Liquidacion }
  | { ok: false; rechazo: Rechazo };

/**
 * Si aún se puede liquidar a mano: hasta el final de `fechaLimiteDevolucion` (incluida). Desde
 * el día siguiente, el trabajo liquida como vendidos los talonarios pendientes
 * (`liquidacionCompleta`) y una liquidación a mano es 409.
 */
export function plazoDevolucionAbierto(
  l: Pick<LoteriaEnCentimos, "fechaLimiteDevolucion">,
  hoy: string,
): boolean {
  return hoy <= l.fechaLimiteDevolucion;
}

const conflicto = (mensaje: string): ResultadoLiquidacion => ({
  ok: false,
  rechazo: { codigo: "conflicto", mensaje },
});
const invalida = (mensaje: string): ResultadoLiquidacion => ({
  ok: false,
  rechazo: { codigo: "validacion", campo: "devueltas", mensaje },
});

function conImportes(
  l: LoteriaEnCentimos,
  vendidas: number[],
  devueltas: number[],
  anuladas: number[],
): ResultadoLiquidacion {
  const n = vendidas.length;
  return {
    ok: true,
    liquidacion: {
      vendidas,
      devueltas,
      anuladas,
      importeJugadoCentimos: n * l.importeJugadoCentimos,
      donativoCentimos: n * l.donativoCentimos,
      totalCentimos: n * precioParticipacionCentimos(l),
    },
  };
}

/**
 * Liquida un talonario con lo que dice su titular:
 * - `{vendidas: n}`: se vendieron n participaciones, las digitales y las primeras series en
 *   papel (las anuladas nunca cuentan); el resto vuelve;
 * - `{devueltas: [series]}`: esas vuelven (del talonario, sin anular, ni digitales, sin repetir);
 *   las demás sin anular se vendieron.
 * Rechaza un talonario ya liquidado o fuera de plazo (409) y unas cifras imposibles (400).
 */
export function liquidarTalonario(
  l: LoteriaEnCentimos,
  t: TalonarioLoteria,
  entrada: { vendidas: number } | { devueltas: readonly number[] },
  hoy: string,
): ResultadoLiquidacion {
  if (t.liquidado) return conflicto("El talonario ya está liquidado");
  if (!plazoDevolucionAbierto(l, hoy)) {
    return conflicto(
      `El plazo de devolución terminó el ${formatearFecha(l.fechaLimiteDevolucion)}`,
    );
  }
  const anuladas = new Set(t.anuladas);
  const digitales = new Set(t.digitales);
  const vigentes = seriesDe(t).filter((s) => !anuladas.has(s));
  const anuladasOrdenadas = seriesDe(t).filter((s) => anuladas.has(s));
  if ("vendidas" in entrada) {
    const n = entrada.vendidas;
    if (!Number.isSafeInteger(n) || n < 0 || n > vigentes.length) {
      return {
        ok: false,
        rechazo: {
          codigo: "validacion",
          campo: "vendidas",
          mensaje: `Las vendidas van de 0 a ${vigentes.length} (las participaciones sin anular del talonario)`,
        },
      };
    }
    if (n < digitales.size) {
      return {
        ok: false,
        rechazo: {
          codigo: "validacion",
          campo: "vendidas",
          mensaje:
            digitales.size === 1
              ? "Este talonario ya tiene 1 participación digital vendida"
              : `Este talonario ya tiene ${digitales.size} participaciones digitales vendidas`,
        },
      };
    }
    const enPapel = vigentes.filter((s) => !digitales.has(s)).slice(0, n - digitales.size);
    const vendidas = new Set([...digitales, ...enPapel]);
    return conImportes(
      l,
      vigentes.filter((s) => vendidas.has(s)),
      vigentes.filter((s) => !vendidas.has(s)),
      anuladasOrdenadas,
    );
  }
  const devueltas = new Set<number>();
  for (const s of entrada.devueltas) {
    if (!serieEnTalonario(t, s)) {
      return invalida(`La serie ${s} no es de este talonario (${t.serieDesde}–${t.serieHasta})`);
    }
    if (anuladas.has(s)) return invalida(`La serie ${s} está anulada`);
    if (digitales.has(s)) return invalida(`La serie ${s} es una participación digital vendida`);
    if (devueltas.has(s)) return invalida(`La serie ${s} está repetida`);
    devueltas.add(s);
  }
  return conImportes(
    l,
    vigentes.filter((s) => !devueltas.has(s)),
    vigentes.filter((s) => devueltas.has(s)),
    anuladasOrdenadas,
  );
}

/**
 * Concepto del cargo de una liquidación, con el importe jugado y el donativo:
 * «Lotería de Navidad 2026: 30 participaciones, series 1–50 (120,00 € jugados + 24,00 € de
 * donativo)».
 */
export function conceptoLiquidacion(
  nombreLoteria: string,
  talonario: RangoSeries,
  liquidacion: Liquidacion,
): string {
  const n = liquidacion.vendidas.length;
  const participaciones = `${n} ${n === 1 ? "participación" : "participaciones"}`;
  const series = `series ${talonario.serieDesde}–${talonario.serieHasta}`;
  const importes = `${formatearImporte(liquidacion.importeJugadoCentimos)} jugados + ${formatearImporte(liquidacion.donativoCentimos)} de donativo`;
  return `${nombreLoteria}: ${participaciones}, ${series} (${importes})`;
}

/**
 * La liquidación del trabajo de la fecha límite: el talonario pendiente, todo vendido (menos
 * las anuladas). Sin comprobar el plazo: el trabajo corre cuando ha terminado.
 */
export function liquidacionCompleta(l: LoteriaEnCentimos, t: TalonarioLoteria): Liquidacion {
  const anuladas = new Set(t.anuladas);
  const series = seriesDe(t);
  const resultado = conImportes(
    l,
    series.filter((s) => !anuladas.has(s)),
    [],
    series.filter((s) => anuladas.has(s)),
  );
  if (!resultado.ok) throw new Error("Una liquidación completa no se rechaza");
  return resultado.liquidacion;
}

/** Lo que queda anulado tras una anulación: las series nuevas, en orden. */
export type ResultadoAnulacion = { ok: true; series: number[] } | { ok: false; rechazo: Rechazo };

/**
 * Anula las series `desde`–`hasta` de un talonario (perdido, robado…). Tienen que ser suyas y
 * no estar ya anuladas ni ser digitales (una participación digital no se pierde: su comprador
 * tiene el PDF). Un talonario liquidado ya no se anula: sus ventas están cobradas.
 */
export function anularSeries(
  t: TalonarioLoteria,
  anulacion: { desde: number; hasta: number },
): ResultadoAnulacion {
  const rechazo = (codigo: Rechazo["codigo"], mensaje: string): ResultadoAnulacion => ({
    ok: false,
    rechazo: { codigo, mensaje },
  });
  if (t.liquidado) return rechazo("conflicto", "El talonario ya está liquidado");
  const { desde, hasta } = anulacion;
  if (desde > hasta || !serieEnTalonario(t, desde) || !serieEnTalonario(t, hasta)) {
    return rechazo(
      "validacion",
      `Las series a anular tienen que ser del talonario (${t.serieDesde}–${t.serieHasta})`,
    );
  }
  const series = seriesDe({ serieDesde: desde, serieHasta: hasta });
  const anuladas = new Set(t.anuladas);
  const yaAnulada = series.find((s) => anuladas.has(s));
  if (yaAnulada !== undefined) return rechazo("conflicto", `La serie ${yaAnulada} ya está anulada`);
  const digital = series.find((s) => t.digitales.includes(s));
  if (digital !== undefined) {
    return rechazo("conflicto", `La serie ${digital} es una participación digital vendida`);
  }
  return { ok: true, series };
}

/**
 * El estado de una serie para la verificación: anulada, devuelta (en la liquidación de su
 * talonario) o válida (vendida, o aún sin liquidar).
 */
export function estadoParticipacion(
  serie: number,
  t: { anuladas: readonly number[]; devueltas: readonly number[] },
): EstadoParticipacion {
  if (t.anuladas.includes(serie)) return "anulada";
  if (t.devueltas.includes(serie)) return "devuelta";
  return "valida";
}

/**
 * La serie de la próxima participación digital de un talonario: la primera que no está
 * anulada ni es ya digital (null si no queda ninguna).
 */
export function siguienteSerieDigital(t: TalonarioLoteria): number | null {
  if (t.liquidado) return null;
  return seriesDe(t).find((s) => !t.anuladas.includes(s) && !t.digitales.includes(s)) ?? null;
}
