import {
  type ColumnaInforme,
  formatearFecha,
  formatearImporte,
  type GraficoInforme,
  type Informe,
} from "@fila/domain";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import pdfmake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { TIPO_PDF } from "../actos/actos.exportar.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import { TIPO_CSV, TIPO_XLSX } from "../socios-io/socios-io.ficheros.js";

type Valor = Informe["filas"][number][string];
type Contexto = { asociacion: string; hoy: string };

const FORMATO_EUROS = '#,##0.00 "€"';
const BOM = "\uFEFF";

/** The lines every file starts with: association, report, filters, generation date. */
function cabecera(informe: Informe, { asociacion, hoy }: Contexto): string[][] {
  const filtros = informe.filtros.map((f) => `${f.etiqueta}: ${f.valor}`).join(" · ");
  return [
    [asociacion || "Filà"],
    [informe.titulo],
    [`Filtros: ${filtros || "ninguno"}`],
    [`Generado el ${formatearFecha(hoy)}`],
  ];
}

/** Row of totals in the columns that have one; the first column says «Total». */
function filaTotales(informe: Informe): Informe["filas"][number] | null {
  if (!informe.totales) return null;
  return { ...informe.totales, [informe.columnas[0].clave]: "Total" };
}

function fechaExcel(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function nombreFichero(informe: Informe, hoy: string, extension: string): string {
  return `informe-${informe.id}-${hoy}.${extension}`;
}

export async function exportarInforme(
  informe: Informe,
  formato: "xlsx" | "csv" | "pdf",
  contexto: Contexto,
): Promise<FicheroDescarga> {
  if (formato === "xlsx") {
    return {
      nombre: nombreFichero(informe, contexto.hoy, "xlsx"),
      tipo: TIPO_XLSX,
      contenido: await informeXlsx(informe, contexto),
    };
  }
  if (formato === "csv") {
    return {
      nombre: nombreFichero(informe, contexto.hoy, "csv"),
      tipo: TIPO_CSV,
      contenido: informeCsv(informe, contexto),
    };
  }
  return {
    nombre: nombreFichero(informe, contexto.hoy, "pdf"),
    tipo: TIPO_PDF,
    contenido: await informePdf(informe, contexto),
  };
}

// --- CSV ----------------------------------------------------------------------------------

function textoCsv(valor: Valor, columna: ColumnaInforme): string {
  if (valor === null) return "";
  if (typeof valor === "number") {
    const texto = columna.tipo === "euros" ? valor.toFixed(2) : String(valor);
    return texto.replace(".", ",");
  }
  if (columna.tipo === "fecha") return formatearFecha(valor);
  return neutralizar(valor);
}

/** CSV for Spanish Excel: UTF-8 with BOM, «;», decimal comma, formulas neutralised. */
export function informeCsv(informe: Informe, contexto: Contexto): Buffer {
  const total = filaTotales(informe);
  const filas = [...informe.filas, ...(total ? [total] : [])].map((f) =>
    informe.columnas.map((c) => textoCsv(f[c.clave] ?? null, c)),
  );
  const texto = Papa.unparse(
    [
      ...cabecera(informe, contexto).map((l) => l.map(neutralizar)),
      [],
      informe.columnas.map((c) => c.titulo),
      ...filas,
    ],
    { delimiter: ";", newline: "\r\n" },
  );
  return Buffer.from(`${BOM}${texto}\r\n`, "utf8");
}

// --- XLSX ---------------------------------------------------------------------------------

function valorXlsx(valor: Valor, columna: ColumnaInforme): ExcelJS.CellValue {
  if (valor === null) return null;
  if (columna.tipo === "fecha" && typeof valor === "string") return fechaExcel(valor);
  if (typeof valor === "string") return neutralizar(valor);
  return valor;
}

/** XLSX with real numbers and dates, money as `#,##0.00 €`, a frozen header and fitted widths. */
export async function informeXlsx(informe: Informe, contexto: Contexto): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = contexto.asociacion || "Filà";
  const lineas = cabecera(informe, contexto);
  const filaCabecera = lineas.length + 2;
  const hoja = libro.addWorksheet(informe.titulo.slice(0, 31), {
    views: [{ state: "frozen", ySplit: filaCabecera }],
  });
  for (const l of lineas) hoja.addRow(l);
  hoja.getRow(1).font = { bold: true, size: 13 };
  hoja.getRow(2).font = { bold: true };
  hoja.addRow([]);
  hoja.addRow(informe.columnas.map((c) => c.titulo)).font = { bold: true };
  for (const f of informe.filas) {
    hoja.addRow(informe.columnas.map((c) => valorXlsx(f[c.clave] ?? null, c)));
  }
  const total = filaTotales(informe);
  if (total) {
    hoja.addRow(informe.columnas.map((c) => valorXlsx(total[c.clave] ?? null, c))).font = {
      bold: true,
    };
  }
  informe.columnas.forEach((c, i) => {
    const columna = hoja.getColumn(i + 1);
    if (c.tipo === "euros") columna.numFmt = FORMATO_EUROS;
    if (c.tipo === "fecha") columna.numFmt = "dd/mm/yyyy";
    if (c.tipo === "porcentaje") columna.numFmt = '0.0" %"';
    const largo = Math.max(
      c.titulo.length,
      ...informe.filas.slice(0, 500).map((f) => {
        const v = f[c.clave];
        return v === null || v === undefined ? 0 : String(v).length + (c.tipo === "euros" ? 4 : 0);
      }),
    );
    columna.width = Math.min(50, Math.max(8, largo + 2));
  });
  // The title lines span the table instead of widening its first column.
  for (let n = 1; n <= lineas.length; n++) {
    hoja.mergeCells(n, 1, n, Math.max(1, informe.columnas.length));
  }
  return Buffer.from(await libro.xlsx.writeBuffer());
}

// --- PDF ----------------------------------------------------------------------------------

function textoPdf(valor: Valor, columna: ColumnaInforme): string {
  if (valor === null) return "";
  if (columna.tipo === "euros") return formatearImporte(Math.round(Number(valor) * 100));
  if (columna.tipo === "fecha") return formatearFecha(String(valor));
  if (columna.tipo === "porcentaje") return `${String(valor).replace(".", ",")} %`;
  if (typeof valor === "number") return valor.toLocaleString("es-ES");
  return valor;
}

const COLORES = ["#1971c2", "#e8590c", "#2f9e44", "#ae3ec9"];

const escaparXml = (texto: string) =>
  texto.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The screen's chart drawn as SVG (vector in the PDF): bars or lines, axis and legend. */
export function graficoSvg(g: GraficoInforme, ancho = 520, alto = 220): string {
  const margen = { izq: 60, der: 10, arr: 10, aba: 50 };
  const w = ancho - margen.izq - margen.der;
  const h = alto - margen.arr - margen.aba;
  const valores = g.datos.flatMap((d) => g.series.map((s) => Number(d[s.clave] ?? 0)));
  const maximo = Math.max(1, ...valores);
  const y = (v: number) => margen.arr + h - (v / maximo) * h;
  const paso = w / Math.max(1, g.datos.length);
  const partes: string[] = [];
  for (let i = 0; i <= 4; i++) {
    const v = (maximo * i) / 4;
    const etiqueta = g.enEuros ? formatearImporte(Math.round(v * 100)) : String(Math.round(v));
    partes.push(
      `<line x1="${margen.izq}" y1="${y(v)}" x2="${ancho - margen.der}" y2="${y(v)}" stroke="#dddddd" stroke-width="0.5"/>`,
      `<text x="${margen.izq - 4}" y="${y(v) + 3}" font-size="7" text-anchor="end" fill="#444444">${escaparXml(etiqueta)}</text>`,
    );
  }
  g.datos.forEach((d, i) => {
    const x = margen.izq + i * paso;
    partes.push(
      `<text x="${x + paso / 2}" y="${alto - margen.aba + 12}" font-size="7" text-anchor="middle" fill="#444444">${escaparXml(String(d[g.eje] ?? "").slice(0, 18))}</text>`,
    );
    if (g.tipo === "barras") {
      const anchoBarra = (paso * 0.7) / g.series.length;
      g.series.forEach((s, j) => {
        const v = Number(d[s.clave] ?? 0);
        const bx = x + paso * 0.15 + j * anchoBarra;
        partes.push(
          `<rect x="${bx}" y="${y(v)}" width="${anchoBarra}" height="${margen.arr + h - y(v)}" fill="${COLORES[j % COLORES.length]}"/>`,
        );
      });
    }
  });
  if (g.tipo === "lineas") {
    g.series.forEach((s, j) => {
      const puntos = g.datos
        .map((d, i) => `${margen.izq + i * paso + paso / 2},${y(Number(d[s.clave] ?? 0))}`)
        .join(" ");
      partes.push(
        `<polyline points="${puntos}" fill="none" stroke="${COLORES[j % COLORES.length]}" stroke-width="1.5"/>`,
      );
    });
  }
  g.series.forEach((s, j) => {
    const lx = margen.izq + j * 110;
    partes.push(
      `<rect x="${lx}" y="${alto - 14}" width="8" height="8" fill="${COLORES[j % COLORES.length]}"/>`,
      `<text x="${lx + 12}" y="${alto - 7}" font-size="8" fill="#222222">${escaparXml(s.titulo)}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ancho}" height="${alto}" viewBox="0 0 ${ancho} ${alto}">${partes.join("")}</svg>`;
}

/** A4 PDF: association, title, filters and date on top; repeated table header; page numbers. */
export async function informePdf(informe: Informe, contexto: Contexto): Promise<Buffer> {
  const [asociacion, titulo, filtros, generado] = cabecera(informe, contexto).map((l) => l[0]);
  const horizontal = informe.columnas.length > 6;
  const total = filaTotales(informe);
  const cuerpo = [
    informe.columnas.map((c) => ({ text: c.titulo, bold: true })),
    ...informe.filas.map((f) =>
      informe.columnas.map((c) => ({
        text: textoPdf(f[c.clave] ?? null, c),
        alignment: c.tipo === "texto" || c.tipo === "fecha" ? "left" : "right",
      })),
    ),
    ...(total
      ? [
          informe.columnas.map((c) => ({
            text: textoPdf(total[c.clave] ?? null, c),
            bold: true,
            alignment: c.tipo === "texto" || c.tipo === "fecha" ? "left" : "right",
          })),
        ]
      : []),
  ];
  const contenido: Content[] = [
    { text: asociacion, fontSize: 10, color: "#555555" },
    { text: titulo, fontSize: 16, bold: true, margin: [0, 2, 0, 2] },
    { text: filtros, fontSize: 9 },
    { text: generado, fontSize: 9, margin: [0, 0, 0, 8] },
  ];
  if (informe.grafico) {
    contenido.push(
      { text: informe.grafico.titulo, bold: true, margin: [0, 0, 0, 4] },
      { svg: graficoSvg(informe.grafico, horizontal ? 760 : 520), margin: [0, 0, 0, 10] },
    );
  }
  contenido.push(
    informe.filas.length === 0
      ? { text: "No hay datos con estos filtros.", italics: true }
      : {
          table: {
            headerRows: 1,
            widths: informe.columnas.map((c) => (c.tipo === "texto" ? "*" : "auto")),
            body: cuerpo as never,
          },
          layout: "lightHorizontalLines",
        },
  );
  const doc: TDocumentDefinitions = {
    pageSize: "A4",
    pageOrientation: horizontal ? "landscape" : "portrait",
    pageMargins: [28, 28, 28, 36],
    info: { title: `${informe.titulo} - ${asociacion}`, creator: asociacion },
    defaultStyle: { font: "Roboto", fontSize: 8 },
    footer: (pagina, paginas) => ({
      text: `${asociacion} · ${informe.titulo} · Página ${pagina} de ${paginas}`,
      alignment: "center",
      fontSize: 7,
    }),
    content: contenido,
  };
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}
