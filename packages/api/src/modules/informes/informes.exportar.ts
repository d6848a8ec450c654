import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import {
  type ColumnaInforme,
  type FilaInforme,
  formatearFecha,
  formatearImporte,
  type GraficoInforme,
  type Idioma,
  type Informe,
} from "@fila/domain";
import type ExcelJS from "exceljs";
import PDFDocument from "pdfkit";
import { FUENTE, FUENTE_NEGRITA, TIPO_PDF } from "../../lib/pdf.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  BOM,
  libroXlsxEnFlujo,
  lineasCsv,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { cabeceraEnIdioma } from "./informes.textos-va.js";

type Valor = FilaInforme[string];
/**
 * `logo`: the association's PNG (Utilidades → Textos y logotipo), printed on the PDF. `idioma`:
 * the language of whoever downloads it, for the file's own texts (issue 38).
 */
type Contexto = { asociacion: string; hoy: string; logo?: Buffer | null; idioma?: Idioma };

/** The texts every report file writes around its table, in each language (issue 38). */
const TEXTOS_INFORME = {
  es: {
    filtros: "Filtros",
    ninguno: "ninguno",
    generado: "Generado el {{fecha}}",
    total: "Total",
    totalDe: "Total de las {{n}} filas",
    pagina: "Página {{i}} de {{n}}",
    sinDatos: "No hay datos con estos filtros.",
    recorte:
      "Se muestran las primeras {{mostradas}} filas de {{total}}; descarga el XLSX para verlas todas.",
  },
  va: {
    filtros: "Filtres",
    ninguno: "cap",
    generado: "Generat el {{fecha}}",
    total: "Total",
    totalDe: "Total de les {{n}} files",
    pagina: "Pàgina {{i}} de {{n}}",
    sinDatos: "No hi ha dades amb aquests filtres.",
    recorte:
      "Es mostren les primeres {{mostradas}} files de {{total}}; baixa l'XLSX per a vore-les totes.",
  },
} as const satisfies Record<Idioma, Record<string, string>>;

/** A text of the report files in `idioma`, with its `{{x}}` holes filled. */
export function textoInforme(
  clave: keyof (typeof TEXTOS_INFORME)["es"],
  idioma: Idioma = "es",
  valores: Record<string, string | number> = {},
): string {
  return TEXTOS_INFORME[idioma][clave].replace(/\{\{(\w+)\}\}/g, (_, n: string) =>
    String(valores[n] ?? ""),
  );
}

/** A report to write but its rows: they come from FilasInforme. */
export type CabeceraInforme = Omit<Informe, "filas" | "page" | "pageSize">;

/** Where a file takes its rows from, already presented (euros, words). */
export type FilasInforme = {
  /** Every row, a batch at a time (XLSX and CSV: the whole report, never whole in memory). */
  tandas: () => AsyncIterable<FilaInforme[]>;
  /** The first `n` rows (PDF). */
  primeras: (n: number) => Promise<FilaInforme[]>;
};

/**
 * Rows a PDF shows at most (about 25 pages): a PDF is laid out whole in memory to number its
 * pages, and nobody reads more on paper. It says so on its first page; XLSX and CSV have them all.
 */
export const MAX_FILAS_PDF = 1000;

const LADO_LOGO = 48;

const FILAS_POR_TANDA = 250;
const cederTurno = () => new Promise<void>((resolver) => setImmediate(resolver));

const FORMATO_EUROS = '#,##0.00 "€"';

/** The lines every file starts with: association, report, filters, generation date. */
function cabecera(informe: CabeceraInforme, { asociacion, hoy, idioma }: Contexto): string[][] {
  const filtros = informe.filtros.map((f) => `${f.etiqueta}: ${f.valor}`).join(" · ");
  return [
    [asociacion || "Filà"],
    [informe.titulo],
    [`${textoInforme("filtros", idioma)}: ${filtros || textoInforme("ninguno", idioma)}`],
    [textoInforme("generado", idioma, { fecha: formatearFecha(hoy) })],
  ];
}

/** Row of totals in the columns that have one; the first column says «Total» (or `etiqueta`). */
function filaTotales(informe: CabeceraInforme, etiqueta = "Total"): FilaInforme | null {
  if (!informe.totales) return null;
  return { ...informe.totales, [informe.columnas[0].clave]: etiqueta };
}

function fechaExcel(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function nombreFichero(informe: CabeceraInforme, hoy: string, extension: string): string {
  return `informe-${informe.id}-${hoy}.${extension}`;
}

export async function exportarInforme(
  cabeceraEs: CabeceraInforme,
  filas: FilasInforme,
  formato: "xlsx" | "csv" | "pdf",
  contexto: Contexto,
): Promise<FicheroDescarga> {
  const informe = cabeceraEnIdioma(cabeceraEs, contexto.idioma);
  const nombre = nombreFichero(informe, contexto.hoy, formato);
  if (formato === "xlsx") {
    return { nombre, tipo: TIPO_XLSX, contenido: informeXlsx(informe, filas.tandas(), contexto) };
  }
  if (formato === "csv") {
    return { nombre, tipo: TIPO_CSV, contenido: informeCsv(informe, filas.tandas(), contexto) };
  }
  const primeras = await filas.primeras(MAX_FILAS_PDF);
  return {
    nombre,
    tipo: TIPO_PDF,
    contenido: await informePdf(
      { ...informe, filas: primeras, page: 1, pageSize: primeras.length },
      contexto,
    ),
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

/**
 * CSV for Spanish Excel: UTF-8 with BOM, «;», decimal comma, formulas neutralised. A stream
 * that asks for the next batch of rows only when the previous one has been sent.
 */
export function informeCsv(
  informe: CabeceraInforme,
  tandas: AsyncIterable<FilaInforme[]>,
  contexto: Contexto,
): Readable {
  const celdas = (f: FilaInforme) => informe.columnas.map((c) => textoCsv(f[c.clave] ?? null, c));
  async function* lineas() {
    yield BOM;
    yield lineasCsv([
      ...cabecera(informe, contexto).map((l) => l.map(neutralizar)),
      [],
      informe.columnas.map((c) => c.titulo),
    ]);
    for await (const tanda of tandas) {
      if (tanda.length > 0) yield lineasCsv(tanda.map(celdas));
    }
    const total = filaTotales(informe, textoInforme("total", contexto.idioma));
    if (total) yield lineasCsv([celdas(total)]);
  }
  return Readable.from(lineas());
}

// --- XLSX ---------------------------------------------------------------------------------

function valorXlsx(valor: Valor, columna: ColumnaInforme): ExcelJS.CellValue {
  if (valor === null) return null;
  if (columna.tipo === "fecha" && typeof valor === "string") return fechaExcel(valor);
  if (typeof valor === "string") return neutralizar(valor);
  return valor;
}

const FORMATO_COLUMNA: Partial<Record<ColumnaInforme["tipo"], string>> = {
  euros: FORMATO_EUROS,
  fecha: "dd/mm/yyyy",
  porcentaje: '0.0" %"',
};

/** Widths from the titles and the values of the first rows. */
function anchosXlsx(informe: CabeceraInforme, muestra: FilaInforme[]): number[] {
  return informe.columnas.map((c) => {
    const largo = Math.max(
      c.titulo.length,
      ...muestra.slice(0, 500).map((f) => {
        const v = f[c.clave];
        return v === null || v === undefined ? 0 : String(v).length + (c.tipo === "euros" ? 4 : 0);
      }),
    );
    return Math.min(50, Math.max(8, largo + 2));
  });
}

/**
 * XLSX with real numbers and dates, money as `#,##0.00 €`, a frozen header and fitted widths,
 * written with ExcelJS's streaming writer as the batches of rows arrive: the stream returned is
 * the file, sent while it is being written.
 */
export function informeXlsx(
  informe: CabeceraInforme,
  tandas: AsyncIterable<FilaInforme[]>,
  contexto: Contexto,
): Readable {
  const flujo = new PassThrough();
  escribirXlsx(flujo, informe, tandas, contexto).catch((error: unknown) =>
    flujo.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return flujo;
}

async function escribirXlsx(
  flujo: PassThrough,
  informe: CabeceraInforme,
  tandas: AsyncIterable<FilaInforme[]>,
  contexto: Contexto,
) {
  const libro = libroXlsxEnFlujo(flujo, contexto.asociacion || "Filà");
  const lineas = cabecera(informe, contexto);
  const filaCabecera = lineas.length + 2;
  const hoja = libro.addWorksheet(informe.titulo.slice(0, 31), {
    views: [{ state: "frozen", ySplit: filaCabecera }],
  });
  const iterador = tandas[Symbol.asyncIterator]();
  // The first batch sets the widths: columns must be fixed before the first row is written.
  const primera = await iterador.next();
  const anchos = anchosXlsx(informe, primera.done ? [] : primera.value);
  hoja.columns = informe.columnas.map((c, i) => ({
    width: anchos[i],
    style: FORMATO_COLUMNA[c.tipo] ? { numFmt: FORMATO_COLUMNA[c.tipo] } : {},
  }));
  const negrita = (fila: ExcelJS.Row, tam?: number) => {
    fila.font = { bold: true, ...(tam ? { size: tam } : {}) };
    return fila;
  };
  lineas.forEach((l, n) => {
    const fila = hoja.addRow(l);
    if (n < 2) negrita(fila, n === 0 ? 13 : undefined);
    // The title lines span the table instead of widening its first column.
    hoja.mergeCells(n + 1, 1, n + 1, Math.max(1, informe.columnas.length));
    fila.commit();
  });
  hoja.addRow([]).commit();
  negrita(hoja.addRow(informe.columnas.map((c) => c.titulo))).commit();
  const escribir = (f: FilaInforme) =>
    hoja.addRow(informe.columnas.map((c) => valorXlsx(f[c.clave] ?? null, c))).commit();
  if (!primera.done) primera.value.forEach(escribir);
  for (let t = await iterador.next(); !t.done; t = await iterador.next()) {
    // Let the compressor send what is written (and the server answer others); a slow client:
    // wait for it to leave before reading more rows; one that went away stops the reading.
    await cederTurno();
    if (flujo.writableNeedDrain) await Promise.race([once(flujo, "drain"), once(flujo, "close")]);
    if (flujo.destroyed) {
      await iterador.return?.(undefined);
      return;
    }
    t.value.forEach(escribir);
  }
  const total = filaTotales(informe, textoInforme("total", contexto.idioma));
  if (total) {
    negrita(
      hoja.addRow(informe.columnas.map((c) => valorXlsx(total[c.clave] ?? null, c))),
    ).commit();
  }
  hoja.commit();
  await libro.commit();
}

// --- PDF ---------------------------------------------------------------------------------

function textoPdf(valor: Valor, columna: ColumnaInforme): string {
  if (valor === null) return "";
  if (columna.tipo === "euros") return formatearImporte(Math.round(Number(valor) * 100));
  if (columna.tipo === "fecha") return formatearFecha(String(valor));
  if (columna.tipo === "porcentaje") return `${String(valor).replace(".", ",")} %`;
  if (typeof valor === "number") return valor.toLocaleString("es-ES");
  return valor;
}

const COLORES = ["#1971c2", "#e8590c", "#2f9e44", "#ae3ec9"];
const TAM = 8;
const ALTO_FILA = 13;
const MARGEN = 28;

type Documento = InstanceType<typeof PDFDocument>;

/** The screen's chart drawn with vector shapes (bars or lines, axis, legend) at the cursor. */
function dibujarGrafico(doc: Documento, g: GraficoInforme, ancho: number, alto = 190) {
  const x0 = MARGEN + 62;
  const y0 = doc.y + 4;
  const w = ancho - 62;
  const h = alto - 44;
  const valores = g.datos.flatMap((d) => g.series.map((s) => Number(d[s.clave] ?? 0)));
  const maximo = Math.max(1, ...valores);
  const y = (v: number) => y0 + h - (v / maximo) * h;
  const paso = w / Math.max(1, g.datos.length);
  doc.font("normal").fontSize(6.5).fillColor("#444444");
  for (let i = 0; i <= 4; i++) {
    const v = (maximo * i) / 4;
    doc
      .moveTo(x0, y(v))
      .lineTo(x0 + w, y(v))
      .lineWidth(0.4)
      .strokeColor("#dddddd")
      .stroke();
    const etiqueta = g.enEuros ? formatearImporte(Math.round(v * 100)) : String(Math.round(v));
    doc.text(etiqueta, MARGEN, y(v) - 3, { width: 58, align: "right", lineBreak: false });
  }
  g.datos.forEach((d, i) => {
    const x = x0 + i * paso;
    if (g.tipo === "barras") {
      const anchoBarra = (paso * 0.7) / g.series.length;
      g.series.forEach((s, j) => {
        const v = Number(d[s.clave] ?? 0);
        doc
          .rect(x + paso * 0.15 + j * anchoBarra, y(v), anchoBarra, y0 + h - y(v))
          .fill(COLORES[j % COLORES.length]);
      });
    }
    doc.fillColor("#444444").text(String(d[g.eje] ?? ""), x, y0 + h + 4, {
      width: paso,
      height: 9,
      align: "center",
      lineBreak: false,
      ellipsis: true,
    });
  });
  if (g.tipo === "lineas") {
    g.series.forEach((s, j) => {
      g.datos.forEach((d, i) => {
        const px = x0 + i * paso + paso / 2;
        const py = y(Number(d[s.clave] ?? 0));
        if (i === 0) doc.moveTo(px, py);
        else doc.lineTo(px, py);
      });
      doc
        .lineWidth(1.5)
        .strokeColor(COLORES[j % COLORES.length])
        .stroke();
    });
  }
  g.series.forEach((s, j) => {
    const lx = x0 + j * 110;
    const ly = y0 + h + 20;
    doc.rect(lx, ly, 7, 7).fill(COLORES[j % COLORES.length]);
    doc
      .fillColor("#222222")
      .fontSize(7.5)
      .text(s.titulo, lx + 10, ly, { lineBreak: false });
  });
  doc.fillColor("black").strokeColor("black").lineWidth(1);
  doc.x = MARGEN;
  doc.y = y0 + alto;
}

/**
 * One cell on one line, cut with «…» when it does not fit. Placed by hand: pdfkit's line
 * wrapper (width/align options) costs more than the drawing itself on 35,000 cells.
 */
function celda(
  doc: Documento,
  texto: string,
  x: number,
  y: number,
  ancho: number,
  alinear: "left" | "right",
) {
  let t = texto;
  let medida = doc.widthOfString(t);
  if (medida > ancho) {
    while (t.length > 1 && doc.widthOfString(`${t}…`) > ancho) t = t.slice(0, -1);
    t = `${t}…`;
    medida = doc.widthOfString(t);
  }
  doc.text(t, alinear === "right" ? x + ancho - medida : x, y, { lineBreak: false });
}

/** Column widths from the titles and the longest values, scaled to the page. */
function anchos(informe: Informe, disponible: number): number[] {
  const largos = informe.columnas.map((c) =>
    Math.max(
      c.titulo.length * 0.8,
      4,
      ...informe.filas.slice(0, 300).map((f) => textoPdf(f[c.clave] ?? null, c).length),
    ),
  );
  const suma = largos.reduce((a, b) => a + b, 0);
  return largos.map((l) => (l / suma) * disponible);
}

const miles = (n: number) => n.toLocaleString("es-ES");

/** What a PDF cut at MAX_FILAS_PDF says under its heading. */
export function avisoRecorte(mostradas: number, total: number, idioma: Idioma = "es"): string {
  return textoInforme("recorte", idioma, { mostradas: miles(mostradas), total: miles(total) });
}

/**
 * A4 PDF: association, title, filters and generation date on top, the chart, then the table with
 * its header repeated on every page, totals in bold and «Página n de m». Drawn with pdfkit
 * (pdfmake's own engine) row by row: pdfmake's table layout takes seconds at 5,000 rows.
 * `informe.filas` are the rows shown; when `informe.total` is more, it says so on top.
 */
export async function informePdf(informe: Informe, contexto: Contexto): Promise<Buffer> {
  const [asociacion, titulo, filtros, generado] = cabecera(informe, contexto).map((l) => l[0]);
  const doc = new PDFDocument({
    size: "A4",
    layout: informe.columnas.length > 6 ? "landscape" : "portrait",
    margins: { top: MARGEN, bottom: MARGEN + 8, left: MARGEN, right: MARGEN },
    bufferPages: true,
    info: { Title: `${informe.titulo} - ${asociacion}`, Creator: asociacion, Producer: "Filà" },
  });
  const partes: Buffer[] = [];
  doc.on("data", (b: Buffer) => partes.push(b));
  const fin = new Promise<void>((resolver) => doc.on("end", () => resolver()));
  doc.registerFont("normal", FUENTE);
  doc.registerFont("negrita", FUENTE_NEGRITA);
  const ancho = doc.page.width - 2 * MARGEN;
  const limite = () => doc.page.height - doc.page.margins.bottom - ALTO_FILA;

  // The logo in the top right corner; the heading's lines keep clear of it.
  const conLogo = contexto.logo && contexto.logo.length > 0;
  if (conLogo) {
    doc.image(contexto.logo as Buffer, doc.page.width - MARGEN - LADO_LOGO, MARGEN, {
      fit: [LADO_LOGO, LADO_LOGO],
    });
  }
  const cabeceraAncho = { width: conLogo ? ancho - LADO_LOGO - 8 : ancho };
  doc.font("normal").fontSize(10).fillColor("#555555").text(asociacion, cabeceraAncho);
  doc.font("negrita").fontSize(16).fillColor("black").text(titulo, cabeceraAncho);
  doc.font("normal").fontSize(9).text(filtros, cabeceraAncho).text(generado, cabeceraAncho);
  const recortado = informe.total > informe.filas.length;
  if (recortado) {
    doc
      .font("negrita")
      .text(avisoRecorte(informe.filas.length, informe.total, contexto.idioma), cabeceraAncho);
  }
  if (conLogo) doc.y = Math.max(doc.y, MARGEN + LADO_LOGO);
  doc.moveDown(0.6);
  if (informe.grafico) {
    doc.font("negrita").fontSize(10).text(informe.grafico.titulo);
    dibujarGrafico(doc, informe.grafico, ancho);
  }

  const w = anchos(informe, ancho);
  const alinear = (c: ColumnaInforme) =>
    c.tipo === "texto" || c.tipo === "fecha" ? ("left" as const) : ("right" as const);
  const fila = (celdas: string[], negrita: boolean) => {
    if (doc.y > limite()) {
      doc.addPage();
      cabeceraTabla();
    }
    const y = doc.y;
    doc.font(negrita ? "negrita" : "normal").fontSize(TAM);
    let x = MARGEN;
    informe.columnas.forEach((c, i) => {
      celda(doc, celdas[i], x + 2, y + 2, w[i] - 4, alinear(c));
      x += w[i];
    });
    doc
      .moveTo(MARGEN, y + ALTO_FILA)
      .lineTo(MARGEN + ancho, y + ALTO_FILA)
      .lineWidth(0.3)
      .strokeColor("#cccccc")
      .stroke();
    doc.x = MARGEN;
    doc.y = y + ALTO_FILA;
  };
  const cabeceraTabla = () =>
    fila(
      informe.columnas.map((c) => c.titulo),
      true,
    );

  if (informe.filas.length === 0) {
    doc.font("normal").fontSize(9).text(textoInforme("sinDatos", contexto.idioma));
  } else {
    if (doc.y > limite() - ALTO_FILA) doc.addPage();
    cabeceraTabla();
    for (const [n, f] of informe.filas.entries()) {
      fila(
        informe.columnas.map((c) => textoPdf(f[c.clave] ?? null, c)),
        false,
      );
      // A long PDF takes seconds of CPU: let the server answer other requests in between.
      if (n % FILAS_POR_TANDA === FILAS_POR_TANDA - 1) await cederTurno();
    }
    // The totals are those of every row, also of the ones the PDF leaves out.
    const total = filaTotales(
      informe,
      recortado
        ? textoInforme("totalDe", contexto.idioma, { n: miles(informe.total) })
        : textoInforme("total", contexto.idioma),
    );
    if (total)
      fila(
        informe.columnas.map((c) => textoPdf(total[c.clave] ?? null, c)),
        true,
      );
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const abajo = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("normal")
      .fontSize(7)
      .fillColor("#444444")
      .text(
        `${asociacion} · ${informe.titulo} · ${textoInforme("pagina", contexto.idioma, { i: i + 1, n: count })}`,
        MARGEN,
        doc.page.height - MARGEN,
        { width: ancho, align: "center", lineBreak: false },
      );
    doc.page.margins.bottom = abajo;
  }
  doc.end();
  await fin;
  return Buffer.concat(partes);
}
