import { createRequire } from "node:module";
import path from "node:path";
import { formatearFecha, formatearImporte, type ListadoInscritos } from "@fila/domain";
import ExcelJS from "exceljs";
import pdfmake from "pdfmake";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { conLogo } from "../../services/logo.js";

export const TIPO_PDF = "application/pdf";
export const TIPO_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const require = createRequire(import.meta.url);
const carpetaFuentes = path.join(
  path.dirname(require.resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
pdfmake.setFonts({
  Roboto: {
    normal: path.join(carpetaFuentes, "Roboto-Regular.ttf"),
    bold: path.join(carpetaFuentes, "Roboto-Medium.ttf"),
    italics: path.join(carpetaFuentes, "Roboto-Italic.ttf"),
    bolditalics: path.join(carpetaFuentes, "Roboto-MediumItalic.ttf"),
  },
});
// Only our own font files are read; the document never fetches URLs.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((ruta) => path.resolve(ruta).startsWith(carpetaFuentes));

const CABECERAS = [
  "Apellidos",
  "Nombre",
  "Tipo",
  "Invitados",
  "Menú",
  "Alergias",
  "Importe",
  "Pago",
  "Asistió",
];

const ESTADOS: Record<string, string> = {
  pendiente: "Pendiente",
  pagado: "Pagado",
  anulado: "Anulado",
  devuelto: "Devuelto",
};

const CABECERAS_ESPERA = ["Puesto", "Apellidos", "Nombre", "Tipo", "Invitados", "Menú", "Alergias"];

type Inscrito = ListadoInscritos["items"][number];
const confirmadas = (l: ListadoInscritos) => l.items.filter((i) => i.estado === "confirmada");
/** The wait-list, in order (the listing already gives it after the confirmed). */
const enEspera = (l: ListadoInscritos) => l.items.filter((i) => i.estado === "en_espera");

/** Who and what they eat: the columns both lists share. */
const persona = (i: Inscrito) => [
  i.socio.apellidos,
  i.socio.nombre,
  i.socio.tipo?.nombre ?? "",
  String(i.invitados),
  i.menu,
  i.alergias,
];

const filaEspera = (i: Inscrito) => [String(i.puestoEspera ?? ""), ...persona(i)];

function filas(listado: ListadoInscritos): string[][] {
  return confirmadas(listado).map((i) => [
    ...persona(i),
    i.importe ? formatearImporte(Math.round(i.importe * 100)) : "",
    i.estadoPago ? (ESTADOS[i.estadoPago] ?? i.estadoPago) : "",
    i.asistio ? "Sí" : "",
  ]);
}

function cabeceraActo(listado: ListadoInscritos): string {
  const { acto } = listado;
  return [formatearFecha(acto.fecha), acto.hora, acto.lugar].filter(Boolean).join(" · ");
}

/** The enrolled list as a PDF, to print and tick at the door. */
export async function inscritosPdf(
  listado: ListadoInscritos,
  logo: Uint8Array | null = null,
): Promise<Buffer> {
  const t = listado.totales;
  const resumen: Content = {
    margin: [0, 8, 0, 0],
    stack: [
      `Personas: ${t.personas} (socios ${t.socios}, invitados ${t.invitados}) · Importe: ${formatearImporte(Math.round(t.importe * 100))}`,
      ...(t.porMenu.some((m) => m.menu)
        ? [`Menús: ${t.porMenu.map((m) => `${m.menu || "Sin menú"}: ${m.personas}`).join(" · ")}`]
        : []),
    ],
  };
  const doc: TDocumentDefinitions = {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [28, 28, 28, 36],
    info: { title: `Inscritos - ${listado.acto.nombre}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    footer: (pagina, paginas) => ({
      text: `Página ${pagina} de ${paginas}`,
      alignment: "center",
      fontSize: 8,
    }),
    content: [
      conLogo(logo, {
        stack: [
          { text: listado.acto.nombre, fontSize: 16, bold: true },
          { text: cabeceraActo(listado), margin: [0, 2, 0, 8] },
        ],
      }),
      {
        table: {
          headerRows: 1,
          widths: ["*", "auto", "auto", "auto", "auto", "*", "auto", "auto", 40],
          body: [CABECERAS.map((c) => ({ text: c, bold: true })), ...filas(listado)],
        },
        layout: "lightHorizontalLines",
      },
      resumen,
      ...esperaPdf(listado),
    ],
  };
  return Buffer.from(await pdfmake.createPdf(doc).getBuffer());
}

/** The wait-list apart, after the confirmed people and their totals; nothing when empty. */
function esperaPdf(listado: ListadoInscritos): Content[] {
  const espera = enEspera(listado);
  if (espera.length === 0) return [];
  return [
    { text: "Lista de espera (sin plaza)", fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ["auto", "*", "auto", "auto", "auto", "auto", "*"],
        body: [CABECERAS_ESPERA.map((c) => ({ text: c, bold: true })), ...espera.map(filaEspera)],
      },
      layout: "lightHorizontalLines",
    },
  ];
}

/** The enrolled list as an Excel workbook (the wait-list on its own sheet). */
export async function inscritosXlsx(listado: ListadoInscritos): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet("Inscritos");
  hoja.addRow([listado.acto.nombre]);
  hoja.addRow([cabeceraActo(listado)]);
  hoja.addRow([]);
  hoja.addRow(CABECERAS).font = { bold: true };
  for (const i of confirmadas(listado)) {
    hoja.addRow([
      i.socio.apellidos,
      i.socio.nombre,
      i.socio.tipo?.nombre ?? "",
      i.invitados,
      i.menu,
      i.alergias,
      i.importe,
      i.estadoPago ? (ESTADOS[i.estadoPago] ?? i.estadoPago) : "",
      i.asistio ? "Sí" : "No",
    ]);
  }
  hoja.getColumn(7).numFmt = '#,##0.00 "€"';
  hoja.addRow([]);
  hoja.addRow(["Personas", listado.totales.personas]);
  hoja.addRow(["Invitados", listado.totales.invitados]);
  hoja.addRow(["Importe", listado.totales.importe]);
  for (const m of listado.totales.porMenu)
    hoja.addRow([`Menú: ${m.menu || "Sin menú"}`, m.personas]);
  hoja.columns.forEach((c) => {
    c.width = 16;
  });
  const espera = enEspera(listado);
  if (espera.length > 0) {
    const hojaEspera = libro.addWorksheet("Lista de espera");
    hojaEspera.addRow(CABECERAS_ESPERA).font = { bold: true };
    for (const i of espera) {
      const [apellidos, nombre, tipo, , menu, alergias] = persona(i);
      hojaEspera.addRow([i.puestoEspera, apellidos, nombre, tipo, i.invitados, menu, alergias]);
    }
    hojaEspera.columns.forEach((c) => {
      c.width = 16;
    });
  }
  return Buffer.from(await libro.xlsx.writeBuffer());
}
