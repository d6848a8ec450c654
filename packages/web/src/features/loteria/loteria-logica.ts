import {
  aCentimos,
  type ContadoresLoteria,
  donativoNecesitaAutorizacion,
  ErrorHttp,
  type Loteria,
  type LoteriaEntradaInput,
  mensajeDeError,
  PRECIO_DECIMO_NAVIDAD,
  SORTEO_NAVIDAD,
} from "@fila/domain";

/** The pieces of the counters bar, in order, each a share (0–100) of the participations covered. */
export type SegmentoBarra = {
  clave: "vendidas" | "anuladas" | "enManos" | "disponibles";
  valor: number;
  porcentaje: number;
};

/**
 * The counters as one bar over the participations the décimos cover: sold, annulled (they stay in
 * the cap), issued and not settled yet (in the holders' hands) and still available to issue.
 * Returned ones free the cap, so they are part of «available». The shares add up to 100.
 */
export function segmentosBarra(c: ContadoresLoteria): SegmentoBarra[] {
  const enManos = Math.max(0, c.emitidas - c.devueltas - c.vendidas - c.anuladas);
  const piezas: [SegmentoBarra["clave"], number][] = [
    ["vendidas", c.vendidas],
    ["anuladas", c.anuladas],
    ["enManos", enManos],
    ["disponibles", Math.max(0, c.disponibles)],
  ];
  const total = Math.max(
    c.cubiertas,
    piezas.reduce((s, [, v]) => s + v, 0),
  );
  return piezas.map(([clave, valor]) => ({
    clave,
    valor,
    porcentaje: total > 0 ? Math.round((valor / total) * 10_000) / 100 : 0,
  }));
}

export type SeriesLeidas = { series: number[] } | { error: "formato" | "fuera"; texto: string };

/**
 * What a holder types as the serials that come back: «12, 15-18 20» → [12, 15, 16, 17, 18, 20]
 * (commas, spaces or semicolons between them; «a-b» or «a–b» a range), sorted and without
 * repeats. With `rango`, a serial outside the talonario is an error naming it.
 */
export function leerSeries(
  texto: string,
  rango?: { serieDesde: number; serieHasta: number },
): SeriesLeidas {
  const series = new Set<number>();
  for (const trozo of texto.split(/[\s,;]+/).filter(Boolean)) {
    const m = /^(\d{1,7})(?:[-–](\d{1,7}))?$/.exec(trozo);
    if (!m) return { error: "formato", texto: trozo };
    const desde = Number(m[1]);
    const hasta = m[2] === undefined ? desde : Number(m[2]);
    if (desde < 1 || hasta < desde || hasta - desde > 10_000) {
      return { error: "formato", texto: trozo };
    }
    for (let s = desde; s <= hasta; s++) {
      if (rango && (s < rango.serieDesde || s > rango.serieHasta)) {
        return { error: "fuera", texto: String(s) };
      }
      series.add(s);
    }
  }
  return { series: [...series].sort((a, b) => a - b) };
}

/** Consecutive serials written back as ranges: [1, 2, 3, 7] → «1–3, 7». */
export function textoSeries(series: readonly number[]): string {
  const ordenadas = [...series].sort((a, b) => a - b);
  const trozos: string[] = [];
  let i = 0;
  while (i < ordenadas.length) {
    let j = i;
    while (j + 1 < ordenadas.length && ordenadas[j + 1] === (ordenadas[j] ?? 0) + 1) j++;
    trozos.push(i === j ? String(ordenadas[i]) : `${ordenadas[i]}–${ordenadas[j]}`);
    i = j + 1;
  }
  return trozos.join(", ");
}

/** What a holder says at settlement, as the API's body. */
export type EntradaLiquidacion = { vendidas: number } | { devueltas: number[] };

/**
 * The settlement's preview: how many participations are sold and what the charge will be, given
 * the talonario's size and its annulled serials (those never sell). The server has the last word.
 */
export function previaLiquidacion(
  talonario: { participaciones: number; anuladas: number },
  precio: number,
  entrada: EntradaLiquidacion,
): { vendidas: number; devueltas: number; total: number } {
  const vendibles = talonario.participaciones - talonario.anuladas;
  const vendidas =
    "vendidas" in entrada
      ? Math.min(Math.max(0, entrada.vendidas), vendibles)
      : Math.max(0, vendibles - entrada.devueltas.length);
  return {
    vendidas,
    devueltas: vendibles - vendidas,
    total: (vendidas * aCentimos(precio)) / 100,
  };
}

/** The lottery form's values (numbers as typed; amounts as NumberInput gives them). */
export type ValoresLoteria = {
  nombre: string;
  sorteo: string;
  fechaSorteo: string;
  fechaLimiteDevolucion: string;
  precioDecimo: number | string;
  numeros: { numero: string; decimos: number | string }[];
  importeJugado: number | string;
  donativo: number | string;
  autorizacionRecargo: string;
};

const aNumero = (v: number | string) => (typeof v === "number" ? v : Number.NaN);

/** The form for a new lottery (Christmas defaults) or for editing `l`. */
export function valoresLoteria(l: Loteria | null, anyo = new Date().getFullYear()): ValoresLoteria {
  if (!l) {
    return {
      nombre: `Lotería de Navidad ${anyo}`,
      sorteo: SORTEO_NAVIDAD,
      fechaSorteo: `${anyo}-12-22`,
      fechaLimiteDevolucion: `${anyo}-12-15`,
      precioDecimo: PRECIO_DECIMO_NAVIDAD,
      numeros: [{ numero: "", decimos: "" }],
      importeJugado: "",
      donativo: 0,
      autorizacionRecargo: "",
    };
  }
  return {
    nombre: l.nombre,
    sorteo: l.sorteo,
    fechaSorteo: l.fechaSorteo,
    fechaLimiteDevolucion: l.fechaLimiteDevolucion,
    precioDecimo: l.precioDecimo,
    numeros: l.numeros.map(({ numero, decimos }) => ({ numero, decimos })),
    importeJugado: l.importeJugado,
    donativo: l.donativo,
    autorizacionRecargo: l.autorizacionRecargo,
  };
}

/** The API body from the form (the server validates it all again and answers in the account's language). */
export function entradaLoteria(v: ValoresLoteria): LoteriaEntradaInput {
  const donativo = aNumero(v.donativo);
  return {
    nombre: v.nombre.trim(),
    sorteo: v.sorteo.trim(),
    fechaSorteo: v.fechaSorteo,
    fechaLimiteDevolucion: v.fechaLimiteDevolucion,
    precioDecimo: aNumero(v.precioDecimo),
    numeros: v.numeros.map((n) => ({ numero: n.numero.trim(), decimos: aNumero(n.decimos) })),
    importeJugado: aNumero(v.importeJugado),
    donativo: Number.isNaN(donativo) ? 0 : donativo,
    autorizacionRecargo: pideAutorizacion(v) ? v.autorizacionRecargo.trim() : "",
  };
}

/** Whether the donativo goes above 20 % of the amount played (then the form asks for the authorisation). */
export function pideAutorizacion(v: Pick<ValoresLoteria, "importeJugado" | "donativo">): boolean {
  const jugado = aNumero(v.importeJugado);
  const donativo = aNumero(v.donativo);
  if (!Number.isFinite(jugado) || !Number.isFinite(donativo)) return false;
  return donativoNecesitaAutorizacion(aCentimos(jugado), aCentimos(donativo));
}

/** A participation's price as the form adds it (amount played + donativo), or null while incomplete. */
export function precioFormulario(
  v: Pick<ValoresLoteria, "importeJugado" | "donativo">,
): number | null {
  const jugado = aNumero(v.importeJugado);
  const donativo = typeof v.donativo === "number" ? v.donativo : 0;
  if (!Number.isFinite(jugado)) return null;
  return (aCentimos(jugado) + aCentimos(donativo)) / 100;
}

/** The lottery to show first: the one asked for in the URL if it is there, else the latest. */
export function loteriaElegida<T extends { id: number }>(
  loterias: readonly T[],
  pedida: string | null,
): T | undefined {
  const id = pedida !== null && /^\d+$/.test(pedida) ? Number(pedida) : null;
  return loterias.find((l) => l.id === id) ?? loterias[0];
}

/** An API error as the message and, under it, each field's reason (a 400 lists them in `detalles`). */
export function textosDeError(error: unknown): { mensaje: string; detalles: string[] } {
  const mensaje = mensajeDeError(error);
  if (!(error instanceof ErrorHttp)) return { mensaje, detalles: [] };
  const lista = (error.cuerpo as { detalles?: unknown } | null)?.detalles;
  const detalles = Array.isArray(lista)
    ? lista
        .map((d) => (typeof d?.mensaje === "string" ? d.mensaje : ""))
        .filter((m) => m !== "" && m !== mensaje)
    : [];
  return { mensaje, detalles: [...new Set(detalles)] };
}

// The homes' card imports it from its own file, which brings no zod (rendimiento.spec.ts).
export { pendientesDeLiquidar } from "./pendientes-liquidar";
