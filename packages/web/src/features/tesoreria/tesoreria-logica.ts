import {
  aCentimos,
  aEuros,
  type CategoriaTesoreria,
  type CuentaTesoreria,
  type MovimientoEntrada,
  type Presupuesto,
  type TipoCategoriaTesoreria,
} from "@fila/domain";

/**
 * The treasury screen's rules that are not drawing (issue 47): the sections of the tab, a manual
 * movement's category lines that must add up to its amount, the balances, the budget's figures.
 * Money is added in integer cents; the API speaks euros.
 */

export const SECCIONES = [
  "libro",
  "extractos",
  "presupuesto",
  "cuentas-anuales",
  "ajustes",
] as const;
export type Seccion = (typeof SECCIONES)[number];

/** The section in `?seccion=` (none or unknown: the book). */
export function seccionDeUrl(params: URLSearchParams): Seccion {
  const s = params.get("seccion");
  return (SECCIONES as readonly string[]).includes(s ?? "") ? (s as Seccion) : "libro";
}

/** A year in `?anyo=` (2000–2100), or this year. */
export function anyoDeUrl(params: URLSearchParams, hoy = new Date()): number {
  const v = params.get("anyo") ?? "";
  const n = /^\d{4}$/.test(v) ? Number(v) : Number.NaN;
  return n >= 2000 && n <= 2100 ? n : hoy.getFullYear();
}

// ——— A manual movement ———

/**
 * An amount as the number field gives it: a number, or a string while it cannot be one for the
 * field ("" empty, "150.50" with its trailing zero kept).
 */
export type ImporteForm = number | string;

/** A category line as typed: the amount in positive euros ("" while empty). */
export type LineaForm = { idCategoria: string; importe: ImporteForm };

export type ValoresMovimiento = {
  tipo: TipoCategoriaTesoreria;
  idCuenta: string;
  fecha: string;
  concepto: string;
  /** In positive euros: `tipo` gives the sign. */
  importe: ImporteForm;
  proveedor: string;
  nota: string;
  lineas: LineaForm[];
};

/** What is wrong with the lines, to be said in words by the form. */
export type ProblemaLineas =
  | { tipo: "sinImporte" }
  | { tipo: "faltan"; centimos: number; sumaCentimos: number }
  | { tipo: "sobran"; centimos: number; sumaCentimos: number };

export type ProblemaLinea = "sinCategoria" | "repetida" | "sinImporte";

/** The cents of an amount field; 0 when empty or not a number. */
export function centimosDe(v: ImporteForm): number {
  const n = typeof v === "number" ? v : Number(v.trim().replace(/\s|€/g, "").replace(",", "."));
  return Number.isFinite(n) ? aCentimos(n) : 0;
}

/**
 * The amount of each line as it will be sent: with one line, the movement's whole amount (the
 * form does not ask for it); with several, what was typed.
 */
export function centimosDeLineas(v: Pick<ValoresMovimiento, "importe" | "lineas">): number[] {
  if (v.lineas.length === 1) return [centimosDe(v.importe)];
  return v.lineas.map((l) => centimosDe(l.importe));
}

/**
 * Checks the lines against the amount: each line with its category (once) and its amount, and
 * all of them adding up to the movement's amount to the cent. `porLinea[i]` is null when line i
 * is right.
 */
export function comprobarLineas(v: Pick<ValoresMovimiento, "importe" | "lineas">): {
  total: ProblemaLineas | null;
  porLinea: (ProblemaLinea | null)[];
  pendienteCentimos: number;
} {
  const importe = centimosDe(v.importe);
  const importes = centimosDeLineas(v);
  const vistas = new Set<string>();
  const porLinea = v.lineas.map((l, i): ProblemaLinea | null => {
    if (l.idCategoria === "") return "sinCategoria";
    if (vistas.has(l.idCategoria)) return "repetida";
    vistas.add(l.idCategoria);
    return v.lineas.length > 1 && (importes[i] ?? 0) <= 0 ? "sinImporte" : null;
  });
  const suma = importes.reduce((s, c) => s + c, 0);
  const pendiente = importe - suma;
  let total: ProblemaLineas | null = null;
  if (importe <= 0) total = { tipo: "sinImporte" };
  else if (pendiente > 0) total = { tipo: "faltan", centimos: pendiente, sumaCentimos: suma };
  else if (pendiente < 0) total = { tipo: "sobran", centimos: -pendiente, sumaCentimos: suma };
  return { total, porLinea, pendienteCentimos: pendiente };
}

/** The body of `POST /api/tesoreria/movimientos`: an expense and its lines in negative. */
export function cuerpoMovimiento(v: ValoresMovimiento): MovimientoEntrada {
  const signo = v.tipo === "gasto" ? -1 : 1;
  const importes = centimosDeLineas(v);
  return {
    idCuenta: Number(v.idCuenta),
    fecha: v.fecha,
    concepto: v.concepto.trim(),
    importe: aEuros(signo * centimosDe(v.importe)),
    proveedor: v.proveedor.trim(),
    nota: v.nota.trim(),
    lineas: v.lineas.map((l, i) => ({
      idCategoria: Number(l.idCategoria),
      importe: aEuros(signo * (importes[i] ?? 0)),
    })),
  };
}

/**
 * Adding a line: with one line the amount was the whole movement's, so it stays there and the new
 * line takes what is left (nothing yet); the person then splits it.
 */
export function anyadirLinea(v: Pick<ValoresMovimiento, "importe" | "lineas">): LineaForm[] {
  const lineas =
    v.lineas.length === 1 ? v.lineas.map((l) => ({ ...l, importe: v.importe })) : v.lineas;
  const pendiente = comprobarLineas({ importe: v.importe, lineas }).pendienteCentimos;
  return [...lineas, { idCategoria: "", importe: pendiente > 0 ? aEuros(pendiente) : "" }];
}

/** The categories a line of a movement of `tipo` offers: active ones of that type, by name. */
export function categoriasDe(
  categorias: readonly CategoriaTesoreria[],
  tipo: TipoCategoriaTesoreria,
): CategoriaTesoreria[] {
  return categorias
    .filter((c) => c.activo && c.tipo === tipo)
    .sort((a, b) => a.nombre.localeCompare(b.nombre, "es"));
}

/** The category's name with its PGC account: «Pólvora (602)». */
export function nombreCategoria(c: Pick<CategoriaTesoreria, "nombre" | "codigoPgc">): string {
  return c.codigoPgc ? `${c.nombre} (${c.codigoPgc})` : c.nombre;
}

// ——— Balances ———

/** The cash box and the bank: what each active account holds and their sum, to the cent. */
export function saldos(cuentas: readonly CuentaTesoreria[]): {
  caja: number;
  banco: number;
  total: number;
} {
  const suma = (tipo: "caja" | "banco") =>
    cuentas.filter((c) => c.tipo === tipo).reduce((s, c) => s + aCentimos(c.saldo), 0);
  const caja = suma("caja");
  const banco = suma("banco");
  return { caja: aEuros(caja), banco: aEuros(banco), total: aEuros(caja + banco) };
}

/** The bank's balance against the book's: what the book lacks (bank − book), to the cent. */
export function diferenciaSaldos(banco: number, libro: number): number {
  return aEuros(aCentimos(banco) - aCentimos(libro));
}

// ——— Budget ———

export type FilaPresupuesto = Presupuesto["lineas"][number];

/**
 * The budget's lines of one type as the chart draws them: per category, what was budgeted and
 * what happened (both in positive euros), the largest first.
 */
export function datosGraficoPresupuesto(
  lineas: readonly FilaPresupuesto[],
  tipo: TipoCategoriaTesoreria,
): { categoria: string; presupuesto: number; real: number }[] {
  return lineas
    .filter((l) => l.tipo === tipo && (l.presupuesto !== 0 || l.real !== 0))
    .map((l) => ({ categoria: l.categoria, presupuesto: l.presupuesto, real: l.real }))
    .sort((a, b) => Math.max(b.presupuesto, b.real) - Math.max(a.presupuesto, a.real));
}

/** Income and expense per month of the year, for the monthly chart. */
export function datosMensuales(
  lineas: readonly FilaPresupuesto[],
  meses: readonly string[],
): { mes: string; ingresos: number; gastos: number }[] {
  return meses.map((mes, i) => {
    const suma = (tipo: TipoCategoriaTesoreria) =>
      aEuros(
        lineas.filter((l) => l.tipo === tipo).reduce((s, l) => s + aCentimos(l.meses[i] ?? 0), 0),
      );
    return { mes, ingresos: suma("ingreso"), gastos: suma("gasto") };
  });
}

/**
 * Whether a deviation is good news: more income or less expense than budgeted. Null when there
 * is none.
 */
export function desviacionFavorable(
  tipo: TipoCategoriaTesoreria,
  desviacion: number,
): boolean | null {
  if (aCentimos(desviacion) === 0) return null;
  return tipo === "ingreso" ? desviacion > 0 : desviacion < 0;
}

/** The edited budget as the API wants it (`PUT /presupuestos/:anyo`): every non-zero line. */
export function cuerpoPresupuesto(importes: Record<number, ImporteForm>): {
  lineas: { idCategoria: number; importe: number }[];
} {
  return {
    lineas: Object.entries(importes)
      .filter(([, v]) => centimosDe(v) > 0)
      .map(([id, v]) => ({ idCategoria: Number(id), importe: aEuros(centimosDe(v)) })),
  };
}
