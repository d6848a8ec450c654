import {
  aCentimos,
  type CuentasAnuales,
  formatearFecha,
  formatearImporte,
  hoyIso,
  type Idioma,
  type Movimiento,
  type OrigenMovimiento,
} from "@fila/domain";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { generarPdf, TIPO_PDF } from "../../lib/pdf.js";
import type { FicheroExportado } from "../pagos/pagos.export.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  type CeldaExportada,
  escribirCsv,
  escribirXlsx,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { fijo } from "../socios-io/socios-io.textos-exportacion.js";

export const ORIGEN_TEXTO: Record<OrigenMovimiento, string> = {
  manual: "Manual",
  cobro: "Cobro en ventanilla",
  remesa: "Remesa",
  devolucion: "Devolución",
  pago_online: "Pago en línea",
  premio_loteria: "Premio de la lotería",
  extracto: "Extracto del banco",
  contraasiento: "Contraasiento",
};

const texto = (s: string) => neutralizar(s);
/** 1234.5 → "1.234,50 €". */
const euros = (e: number) => formatearImporte(aCentimos(e));

const COLUMNAS: [string, (m: Movimiento) => CeldaExportada][] = [
  ["Nº movimiento", (m) => m.id],
  ["Fecha", (m) => formatearFecha(m.fecha)],
  ["Cuenta", (m) => texto(m.cuenta)],
  ["Concepto", (m) => texto(m.concepto)],
  [
    "Categorías",
    (m) => texto(m.lineas.map((l) => `${l.categoria} ${euros(l.importe)}`).join(" · ")),
  ],
  ["Importe (€)", (m) => m.importe],
  ["Saldo (€)", (m) => m.saldo],
  ["Proveedor", (m) => texto(m.proveedor)],
  ["Origen", (m) => fijo(ORIGEN_TEXTO[m.origen.tipo])],
  ["Corrige al", (m) => m.idCorrige],
  ["Nota", (m) => texto(m.nota)],
];

export async function exportarMovimientos(
  movimientos: Movimiento[],
  formato: "xlsx" | "csv",
  idioma: Idioma,
): Promise<FicheroExportado> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const filas = movimientos.map((m) => COLUMNAS.map(([, valor]) => valor(m)));
  const hoy = hoyIso();
  if (formato === "xlsx") {
    return {
      nombre: `tesoreria-${hoy}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, filas, "Tesorería", idioma),
    };
  }
  return {
    nombre: `tesoreria-${hoy}.csv`,
    tipo: TIPO_CSV,
    contenido: escribirCsv(cabeceras, filas, idioma),
  };
}

/** The year's accounts as rows: one table of sections, the same in XLSX and CSV. */
function filasCuentasAnuales(c: CuentasAnuales): CeldaExportada[][] {
  const filas: CeldaExportada[][] = [];
  const fila = (
    seccion: string,
    concepto: string,
    cuenta: string,
    importe: number | null,
    extra: number | null = null,
  ) => filas.push([fijo(seccion), texto(concepto), cuenta, importe, extra]);
  for (const p of c.partidas) {
    fila("Cuenta de resultados", p.texto, "", p.importe);
    for (const cat of p.categorias)
      fila("Cuenta de resultados", `  ${cat.categoria}`, cat.codigoPgc, cat.importe);
  }
  fila("Cuenta de resultados", "Total ingresos", "", c.totalIngresos);
  fila("Cuenta de resultados", "Total gastos", "", c.totalGastos);
  fila("Cuenta de resultados", "Excedente del ejercicio", "", c.resultado);
  for (const cu of c.cuentas)
    fila("Tesorería (inicio / fin)", cu.cuenta, "", cu.saldoInicio, cu.saldoFin);
  fila("Tesorería (inicio / fin)", "Total", "", c.saldoInicio, c.saldoFin);
  fila(
    "Por cobrar",
    `Cargos de socios por cobrar (${c.pendienteCobro.numCargos})`,
    "",
    c.pendienteCobro.importe,
  );
  for (const l of c.presupuesto.lineas) {
    fila("Presupuesto (previsto / real)", l.categoria, l.codigoPgc, l.presupuesto, l.real);
  }
  return filas;
}

const CABECERAS = ["Sección", "Concepto", "Cuenta PGC", "Importe (€)", "Importe final o real (€)"];

export async function exportarCuentasAnuales(
  c: CuentasAnuales,
  formato: "pdf" | "xlsx" | "csv",
  asociacion: string,
  idioma: Idioma,
): Promise<FicheroExportado> {
  const nombre = `cuentas-anuales-${c.anyo}`;
  if (formato === "xlsx") {
    return {
      nombre: `${nombre}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(CABECERAS, filasCuentasAnuales(c), `Cuentas ${c.anyo}`, idioma),
    };
  }
  if (formato === "csv") {
    return {
      nombre: `${nombre}.csv`,
      tipo: TIPO_CSV,
      contenido: escribirCsv(CABECERAS, filasCuentasAnuales(c), idioma),
    };
  }
  return {
    nombre: `${nombre}.pdf`,
    tipo: TIPO_PDF,
    contenido: await cuentasAnualesPdf(c, asociacion),
  };
}

const derecha = (t: string, extra: Record<string, unknown> = {}) => ({
  text: t,
  alignment: "right" as const,
  ...extra,
});

function tabla(cabecera: string[], filas: Content[][], anchos: (string | number)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths: anchos,
      body: [
        cabecera.map((t, i) => (i === 0 ? { text: t, bold: true } : derecha(t, { bold: true }))),
        ...filas,
      ],
    },
    layout: "lightHorizontalLines",
    margin: [0, 4, 0, 14],
  };
}

/** The printable accounts for the general assembly (Spanish). */
async function cuentasAnualesPdf(c: CuentasAnuales, asociacion: string): Promise<Buffer> {
  const resultados: Content[][] = [];
  for (const p of c.partidas) {
    resultados.push([{ text: p.texto, bold: true }, derecha(euros(p.importe), { bold: true })]);
    for (const cat of p.categorias) {
      resultados.push([
        { text: `${cat.codigoPgc} ${cat.categoria}`, margin: [12, 0, 0, 0] },
        derecha(euros(cat.importe)),
      ]);
    }
  }
  resultados.push([{ text: "Total ingresos", bold: true }, derecha(euros(c.totalIngresos))]);
  resultados.push([{ text: "Total gastos", bold: true }, derecha(euros(c.totalGastos))]);
  resultados.push([
    { text: "A) Excedente del ejercicio", bold: true },
    derecha(euros(c.resultado), { bold: true }),
  ]);
  const saldos: Content[][] = c.cuentas.map((cu) => [
    cu.cuenta,
    derecha(euros(cu.saldoInicio)),
    derecha(euros(cu.saldoFin)),
  ]);
  saldos.push([
    { text: "Total", bold: true },
    derecha(euros(c.saldoInicio), { bold: true }),
    derecha(euros(c.saldoFin), { bold: true }),
  ]);
  const presupuesto: Content[][] = c.presupuesto.lineas
    .filter((l) => l.presupuesto !== 0 || l.real !== 0)
    .map((l) => [
      `${l.categoria} (${l.tipo === "ingreso" ? "ingreso" : "gasto"})`,
      derecha(euros(l.presupuesto)),
      derecha(euros(l.real)),
      derecha(euros(l.desviacion)),
    ]);
  const documento: TDocumentDefinitions = {
    info: { title: `Cuentas anuales ${c.anyo}`, author: asociacion },
    pageSize: "A4",
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { font: "Roboto", fontSize: 10 },
    content: [
      { text: asociacion || "Filà", bold: true, fontSize: 14 },
      { text: `Cuentas anuales ${c.anyo}`, bold: true, fontSize: 18, margin: [0, 8, 0, 2] },
      {
        text: c.cerrado
          ? "Año de la tesorería cerrado."
          : "Año de la tesorería abierto: las cifras aún pueden cambiar.",
        fontSize: 9,
        color: "#555555",
        margin: [0, 0, 0, 10],
      },
      {
        text: "Cuenta de resultados (modelo abreviado del PGC de entidades sin fines lucrativos)",
        bold: true,
        fontSize: 12,
      },
      tabla(["Partida", "Importe"], resultados, ["*", 100]),
      { text: "Tesorería: saldos al inicio y al final del año", bold: true, fontSize: 12 },
      tabla(["Cuenta", `01/01/${c.anyo}`, `31/12/${c.anyo}`], saldos, ["*", 90, 90]),
      { text: "Cuotas y cargos de socios por cobrar", bold: true, fontSize: 12 },
      {
        text: `${c.pendienteCobro.numCargos} cargos del año ${c.anyo} o anteriores por cobrar hoy: ${euros(c.pendienteCobro.importe)}`,
        margin: [0, 4, 0, 14],
      },
      { text: "Presupuesto aprobado frente a lo ocurrido", bold: true, fontSize: 12 },
      tabla(["Categoría", "Presupuesto", "Real", "Desviación"], presupuesto, ["*", 80, 80, 80]),
      { text: `Generado el ${formatearFecha(hoyIso())}`, fontSize: 8, color: "#555555" },
    ],
  };
  return generarPdf(documento);
}
