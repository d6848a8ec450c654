import { Readable, Writable } from "node:stream";
import type { Idioma } from "@fila/domain";
import ExcelJS from "exceljs";
import { XMLParser } from "fast-xml-parser";
import { fileTypeFromBuffer } from "file-type";
import Papa from "papaparse";
import { DomainError } from "../../errors/domain-error.js";
import { type ClaveMensaje, mensajeCon } from "../../errors/mensajes.js";
import {
  type EntradaZip,
  exigirTamanyoDeclarado,
  inflarEntrada,
  leerDirectorioZip,
  leerEntrada,
  type MedidaInflado,
  ZipRechazado,
} from "../../services/zip-acotado.js";
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
 * caller's (issue 38). Written by ExcelJS's streaming writer, each row compressed as it is added:
 * the in-memory workbook took ~40 KB per row of the member export (595 MB of PSS for the 12,000
 * members of the biggest filà, issue 51); now only the rows given and the compressed file are held.
 */
export async function escribirXlsx(
  cabeceras: string[],
  filas: CeldaExportada[][],
  hoja = "Socios",
  idioma: Idioma = "es",
): Promise<Buffer> {
  const trozos: Buffer[] = [];
  const flujo = new Writable({
    write(trozo: Buffer, _codificacion, hecho) {
      trozos.push(trozo);
      hecho();
    },
  });
  const libro = libroXlsxEnFlujo(flujo, "Filà");
  const ws = libro.addWorksheet(textoExportacion(hoja, idioma), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  const titulos = cabeceras.map((c) => textoExportacion(c, idioma));
  // Widths before the first row is committed (a streamed sheet's columns are written first).
  ws.columns = titulos.map((t) => ({ width: Math.min(40, Math.max(10, t.length + 2)) }));
  const cabecera = ws.addRow(titulos);
  cabecera.font = { bold: true };
  cabecera.commit();
  for (const fila of filas) ws.addRow(fila.map((c) => enIdioma(c, idioma))).commit();
  ws.commit();
  await libro.commit();
  return Buffer.concat(trozos);
}

// --- Reading ------------------------------------------------------------------------------

/** At most this many members in one import. */
export const MAX_FILAS_IMPORTACION = 20_000;
/** At most this many columns (the export has 45): checked before any work per column. */
export const MAX_COLUMNAS = 200;
/** No cell of a member sheet is longer (the longest field, comentarios, takes 5,000). */
export const MAX_CARACTERES_CELDA = 10_000;
/**
 * An XLSX is refused past this many bytes inflated (declared by the ZIP, or counted while
 * inflating): 8 times the 5 MB upload. The app's own export of 20,000 members (the row cap), with
 * every column filled, inflates to 32 MB.
 */
export const MAX_INFLADO_XLSX = 40 * 1024 * 1024;
const MB_INFLADO = MAX_INFLADO_XLSX / (1024 * 1024);

/** What a reading measured: the bytes an XLSX inflated before it ended or stopped. */
export type MedidaLectura = MedidaInflado;

const demasiadasColumnas = (columnas: number) =>
  new DomainError(
    "validacion",
    mensajeCon("socios_io.demasiadas_columnas", { columnas, max: MAX_COLUMNAS }),
  );
const demasiadasFilas = () =>
  new DomainError(
    "validacion",
    mensajeCon("socios_io.fichero_tiene_mas_filas", { max: MAX_FILAS_IMPORTACION }),
  );

function exigirCelda(texto: string, fila: number, columna: number): string {
  if (texto.length <= MAX_CARACTERES_CELDA) return texto;
  throw new DomainError(
    "validacion",
    mensajeCon("socios_io.celda_demasiado_larga", {
      fila,
      columna,
      max: MAX_CARACTERES_CELDA,
    }),
  );
}

/**
 * Decides by content, never by name or declared type: XLSX, UTF-8 text (CSV), or refusal. Never
 * more than MAX_COLUMNAS columns, MAX_FILAS_IMPORTACION rows with data nor MAX_CARACTERES_CELDA
 * characters in a cell; `medida` gets the bytes an XLSX inflated.
 */
export async function leerHoja(
  buffer: Buffer,
  medida: MedidaLectura = { inflados: 0 },
): Promise<Hoja> {
  if (buffer.length === 0) throw ficheroNoValido("socios_io.fichero_esta_vacio");
  const tipo = await fileTypeFromBuffer(buffer);
  if (tipo?.ext === "xlsx") return leerXlsx(buffer, medida);
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

const conDatos = (celdas: string[]) => celdas.some((c) => c.trim() !== "");

function leerCsv(buffer: Buffer): Hoja {
  let texto: string;
  try {
    texto = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    throw ficheroNoValido("socios_io.fichero_csv_no_esta_utf_8");
  }
  if (texto.startsWith(BOM)) texto = texto.slice(1);
  // The 5 MB upload bounds this parse; what depends on rows × columns comes after the caps.
  const resultado = Papa.parse<string[]>(texto, { delimiter: separadorDe(texto) });
  const ancho = resultado.data.reduce((n, celdas) => Math.max(n, celdas.length), 0);
  if (ancho > MAX_COLUMNAS) throw demasiadasColumnas(ancho);
  const [cabeceras = [], ...resto] = resultado.data;
  if (resto.filter(conDatos).length > MAX_FILAS_IMPORTACION) throw demasiadasFilas();
  // One CSV record is one spreadsheet row; the header is row 1.
  const filas = resto.map((celdas, i) => ({ fila: i + 2, celdas }));
  for (const { fila, celdas } of [{ fila: 1, celdas: cabeceras }, ...filas]) {
    for (const [i, c] of celdas.entries()) exigirCelda(c, fila, i + 1);
  }
  return { cabeceras: cabeceras.map((c) => c.trim()), filas };
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

/** What the board is told when an XLSX cannot be read: too big inflated, or damaged. */
function errorDeXlsx(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ZipRechazado && error.motivo === "demasiado_grande") {
    return new DomainError(
      "demasiado_grande",
      mensajeCon("socios_io.excel_demasiado_grande", { mb: MB_INFLADO }),
    );
  }
  // A damaged ZIP, or XML that does not parse.
  return ficheroNoValido("socios_io.no_puede_leer_fichero_excel_comprueba");
}

/** The parts of ExcelJS's streaming reader (exceljs 4.4.0, pinned) that parse one file each. */
type PartesLectorExcel = {
  sharedStrings?: unknown[];
  _parseRels(flujo: Readable): Promise<void>;
  _parseWorkbook(flujo: Readable): Promise<void>;
  _parseStyles(flujo: Readable): Promise<void>;
  _parseSharedStrings(flujo: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    texto: AsyncIterable<string>,
    numero: string,
  ): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
};

/** Where the workbook's first sheet is: `xl/worksheets/sheet1.xml` as a rule. */
function rutaPrimeraHoja(libro: Buffer, relaciones: Buffer): string | undefined {
  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    removeNSPrefix: true,
    processEntities: false,
    isArray: (nombre) => nombre === "sheet" || nombre === "Relationship",
  });
  const hojas = xml.parse(libro)?.workbook?.sheets?.sheet as { id?: string }[] | undefined;
  const rels = xml.parse(relaciones)?.Relationships?.Relationship as
    | { Id?: string; Target?: string }[]
    | undefined;
  const destino = rels?.find((r) => r.Id === hojas?.[0]?.id)?.Target;
  if (!destino) return undefined;
  return destino.startsWith("/") ? destino.slice(1) : `xl/${destino}`;
}

/**
 * Counts the cells of each row of a sheet's XML as it goes by, so a row too wide is refused before
 * ExcelJS builds its cells. A tag cut between two pieces waits for the next one.
 */
function contadorDeCeldas() {
  const ETIQUETA = /<(?:\w+:)?(row|c)[\s/>]/g;
  let celdas = 0;
  let resto = "";
  return (trozo: string) => {
    const texto = resto + trozo;
    const corte = texto.lastIndexOf("<");
    const hasta = corte >= 0 && texto.length - corte < 16 ? corte : texto.length;
    for (const m of texto.slice(0, hasta).matchAll(ETIQUETA)) {
      if (m[1] === "row") celdas = 0;
      else if (++celdas > MAX_COLUMNAS) {
        throw new DomainError(
          "validacion",
          mensajeCon("socios_io.fila_demasiado_ancha", { max: MAX_COLUMNAS }),
        );
      }
    }
    resto = texto.slice(hasta);
  };
}

/**
 * Reads the first sheet of an XLSX streaming, without trusting the ZIP: the central directory's
 * sizes are checked before inflating anything, and every byte inflated is counted (`medida`)
 * up to MAX_INFLADO_XLSX. Only the parts the sheet needs are inflated (relationships, workbook,
 * styles for the dates, shared strings, the sheet), each parsed by ExcelJS's streaming reader as
 * it inflates; the reading stops at the row, column and cell caps. (ExcelJS's own ZIP reading is
 * not used: it trusts the local headers, counts nothing, and writes a sheet stored before its
 * shared strings to a temporary file.)
 */
async function leerXlsx(buffer: Buffer, medida: MedidaLectura): Promise<Hoja> {
  try {
    const entradas = leerDirectorioZip(buffer);
    exigirTamanyoDeclarado(entradas, MAX_INFLADO_XLSX);
    const entrada = (nombre: string) => entradas.find((e) => e.nombre === nombre);
    const leer = (e: EntradaZip) => leerEntrada(buffer, e, medida, MAX_INFLADO_XLSX);
    const flujo = (e: EntradaZip) =>
      Readable.from(inflarEntrada(buffer, e, medida, MAX_INFLADO_XLSX));
    const libro = entrada("xl/workbook.xml");
    const relaciones = entrada("xl/_rels/workbook.xml.rels");
    if (!libro || !relaciones) {
      throw ficheroNoValido("socios_io.no_puede_leer_fichero_excel_comprueba");
    }
    const [xmlLibro, xmlRelaciones] = [await leer(libro), await leer(relaciones)];
    const ruta = rutaPrimeraHoja(xmlLibro, xmlRelaciones);
    const hoja = ruta ? entrada(ruta) : undefined;
    if (!hoja) throw ficheroNoValido("socios_io.fichero_excel_no_tiene_ninguna_hoja");

    const lector = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      worksheets: "emit",
      entries: "ignore",
    }) as unknown as PartesLectorExcel;
    await lector._parseRels(Readable.from([xmlRelaciones]));
    await lector._parseWorkbook(Readable.from([xmlLibro]));
    const estilos = entrada("xl/styles.xml");
    if (estilos) await lector._parseStyles(flujo(estilos));
    const compartidos = entrada("xl/sharedStrings.xml");
    lector.sharedStrings = [];
    if (compartidos) for await (const _ of lector._parseSharedStrings(flujo(compartidos)));
    return await filasDeHoja(lector, textoDeHoja(buffer, hoja, medida));
  } catch (error) {
    throw errorDeXlsx(error);
  }
}

/** The sheet's XML as text (a character cut between two pieces waits), its cells counted. */
async function* textoDeHoja(buffer: Buffer, hoja: EntradaZip, medida: MedidaLectura) {
  const decodificador = new TextDecoder("utf-8");
  const contar = contadorDeCeldas();
  for await (const trozo of inflarEntrada(buffer, hoja, medida, MAX_INFLADO_XLSX)) {
    const texto = decodificador.decode(trozo, { stream: true });
    contar(texto);
    yield texto;
  }
}

async function filasDeHoja(lector: PartesLectorExcel, texto: AsyncIterable<string>) {
  const [{ value: hoja }] = [...lector._parseWorksheet(texto, "1")];
  const cabeceras: string[] = [];
  const filas: Hoja["filas"] = [];
  for await (const row of hoja) {
    if (!row.hasValues) continue;
    if (row.cellCount > MAX_COLUMNAS) throw demasiadasColumnas(row.cellCount);
    const celdas: string[] = [];
    row.eachCell({ includeEmpty: true }, (celda, col) => {
      celdas[col - 1] = exigirCelda(textoDeCelda(celda.value), row.number, col);
    });
    for (let i = 0; i < celdas.length; i++) celdas[i] ??= "";
    if (row.number === 1) cabeceras.push(...celdas.map((c) => c.trim()));
    else if (filas.push({ fila: row.number, celdas }) > MAX_FILAS_IMPORTACION) {
      throw demasiadasFilas();
    }
  }
  return { cabeceras, filas };
}
