import type { Writable } from "node:stream";
import type { Idioma } from "@fila/domain";
import ExcelJS from "exceljs";
import { fileTypeFromBuffer } from "file-type";
import Papa from "papaparse";
import { DomainError } from "../../errors/domain-error.js";
import type { ClaveMensaje } from "../../errors/mensajes.js";
import type { ValorCelda } from "./socios-io.columnas.js";
import { TextoFijo, textoExportacion } from "./socios-io.textos-exportacion.js";

/** A sheet read from a file: the header row and every data row with its spreadsheet row number. */
export type Hoja = { cabeceras: string[]; filas: { fila: number; celdas: string[] }[] };

/** First characters of every CSV: the byte order mark that makes Excel read it as UTF-8. */
export const BOM = "\uFEFF";

export const TIPO_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const TIPO_CSV = "text/csv; charset=utf-8";

const ficheroNoValido = (m: ClaveMensaje) => new DomainError("fichero_no_valido", m);

// --- Writing ------------------------------------------------------------------------------

function textoCsv(valor: ValorCelda): string {
  if (valor === null) return "";
  // Spanish Excel reads "12,50" as a number with a decimal comma.
  if (typeof valor === "number") return String(valor).replace(".", ",");
  return valor;
}

/**
 * CSV lines for Spanish Excel: ";" between cells, CRLF after every row (the last one too, so
 * the lines of a file written in batches can be joined as they come).
 */
export function lineasCsv(filas: string[][]): string {
  return `${Papa.unparse(filas, { delimiter: ";", newline: "\r\n" })}\r\n`;
}

/** A cell of an exported row: a value, or a fixed text of the app (`fijo`) to translate. */
export type CeldaExportada = ValorCelda | TextoFijo;

const enIdioma = (celda: CeldaExportada, idioma: Idioma): ValorCelda =>
  celda instanceof TextoFijo ? textoExportacion(celda.texto, idioma) : celda;

/**
 * CSV for Spanish Excel: UTF-8 with BOM, ";" between cells, CRLF between rows. Headers and `fijo`
 * cells in `idioma`, the caller's (issue 38).
 */
export function escribirCsv(
  cabeceras: string[],
  filas: CeldaExportada[][],
  idioma: Idioma = "es",
): Buffer {
  const titulos = cabeceras.map((c) => textoExportacion(c, idioma));
  return Buffer.from(
    `${BOM}${lineasCsv([titulos, ...filas.map((f) => f.map((c) => textoCsv(enIdioma(c, idioma))))])}`,
    "utf8",
  );
}

/**
 * An XLSX written as it goes into `flujo` (ExcelJS's streaming writer): each row is compressed and
 * sent once committed, so a long sheet is never whole in memory. Columns (widths and formats)
 * must be set before the first row is committed.
 */
export function libroXlsxEnFlujo(flujo: Writable, creador: string) {
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: flujo,
    useStyles: true,
    useSharedStrings: false,
  });
  libro.creator = creador;
  return libro;
}

/**
 * XLSX with a bold, frozen header row. Headers, the sheet's name and `fijo` cells in `idioma`, the
 * caller's (issue 38).
 */
export async function escribirXlsx(
  cabeceras: string[],
  filas: CeldaExportada[][],
  hoja = "Socios",
  idioma: Idioma = "es",
): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = "Filà";
  const ws = libro.addWorksheet(textoExportacion(hoja, idioma), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  const titulos = cabeceras.map((c) => textoExportacion(c, idioma));
  ws.addRow(titulos);
  ws.getRow(1).font = { bold: true };
  for (const fila of filas) ws.addRow(fila.map((c) => enIdioma(c, idioma)));
  ws.columns.forEach((col, i) => {
    col.width = Math.min(40, Math.max(10, titulos[i].length + 2));
  });
  return Buffer.from(await libro.xlsx.writeBuffer());
}

// --- Reading ------------------------------------------------------------------------------

/** Decides by content, never by name or declared type: XLSX, UTF-8 text (CSV), or refusal. */
export async function leerHoja(buffer: Buffer): Promise<Hoja> {
  if (buffer.length === 0) throw ficheroNoValido("socios_io.fichero_esta_vacio");
  const tipo = await fileTypeFromBuffer(buffer);
  if (tipo?.ext === "xlsx") return leerXlsx(buffer);
  if (tipo || buffer.includes(0)) {
    throw ficheroNoValido("socios_io.fichero_no_csv_ni_excel_xlsx");
  }
  return leerCsv(buffer);
}

function separadorDe(texto: string): ";" | "," {
  const primeraLinea = texto.split(/\r?\n/, 1)[0] ?? "";
  const contar = (c: string) => primeraLinea.split(c).length - 1;
  return contar(",") > contar(";") ? "," : ";";
}

function leerCsv(buffer: Buffer): Hoja {
  let texto: string;
  try {
    texto = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw ficheroNoValido("socios_io.fichero_csv_no_esta_utf_8");
  }
  if (texto.startsWith(BOM)) texto = texto.slice(1);
  const resultado = Papa.parse<string[]>(texto, { delimiter: separadorDe(texto) });
  const [cabeceras = [], ...resto] = resultado.data;
  return {
    cabeceras: cabeceras.map((c) => c.trim()),
    // One CSV record is one spreadsheet row; the header is row 1.
    filas: resto.map((celdas, i) => ({ fila: i + 2, celdas })),
  };
}

function textoDeCelda(valor: ExcelJS.CellValue): string {
  if (valor === null || valor === undefined) return "";
  if (valor instanceof Date) {
    // Excel dates carry no zone: exceljs hands them over as UTC midnight.
    return valor.toISOString().slice(0, 10);
  }
  if (typeof valor === "object") {
    if ("richText" in valor) return valor.richText.map((t) => t.text).join("");
    if ("text" in valor) return String(valor.text);
    if ("result" in valor) return textoDeCelda(valor.result as ExcelJS.CellValue);
    if ("error" in valor) return "";
    return "";
  }
  // A number cell is a number: written with the decimal comma, as the sheet shows it, so an
  // amount's dot is never taken for a thousands separator (1.234 is not 1234 €).
  if (typeof valor === "number") return String(valor).replace(".", ",");
  return String(valor);
}

async function leerXlsx(buffer: Buffer): Promise<Hoja> {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw ficheroNoValido("socios_io.no_puede_leer_fichero_excel_comprueba");
  }
  const ws = libro.worksheets[0];
  if (!ws) throw ficheroNoValido("socios_io.fichero_excel_no_tiene_ninguna_hoja");
  const cabeceras: string[] = [];
  const filas: Hoja["filas"] = [];
  ws.eachRow({ includeEmpty: false }, (row, numero) => {
    const celdas: string[] = [];
    row.eachCell({ includeEmpty: true }, (celda, col) => {
      celdas[col - 1] = textoDeCelda(celda.value);
    });
    for (let i = 0; i < celdas.length; i++) celdas[i] ??= "";
    if (numero === 1) cabeceras.push(...celdas.map((c) => c.trim()));
    else filas.push({ fila: numero, celdas });
  });
  return { cabeceras, filas };
}
