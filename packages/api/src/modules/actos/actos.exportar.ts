import { formatearFecha, formatearImporte, type Idioma, type ListadoInscritos } from "@fila/domain";
import ExcelJS from "exceljs";
import type { Content, TDocumentDefinitions } from "pdfmake/interfaces";
import { generarPdf } from "../../lib/pdf.js";
import { conLogo } from "../../services/logo.js";
import { textoExportacion } from "../socios-io/socios-io.textos-exportacion.js";

export const TIPO_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

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

/** The list's sentences with numbers, in each language (its single words: the export table). */
const FRASES = {
  es: {
    resumen:
      "Personas: {{personas}} (socios {{socios}}, invitados {{invitados}}) · Importe: {{importe}}",
    menus: "Menús: {{menus}}",
    pagina: "Página {{pagina}} de {{paginas}}",
  },
  va: {
    resumen:
      "Persones: {{personas}} (socis {{socios}}, convidats {{invitados}}) · Import: {{importe}}",
    menus: "Menús: {{menus}}",
    pagina: "Pàgina {{pagina}} de {{paginas}}",
  },
} as const satisfies Record<Idioma, Record<string, string>>;

const frase = (
  idioma: Idioma,
  clave: keyof (typeof FRASES)["es"],
  v: Record<string, string | number>,
) => FRASES[idioma][clave].replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(v[n] ?? ""));

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

function filas(listado: ListadoInscritos, idioma: Idioma): string[][] {
  return confirmadas(listado).map((i) => [
    ...persona(i),
    i.importe ? formatearImporte(Math.round(i.importe * 100)) : "",
    i.estadoPago ? textoExportacion(ESTADOS[i.estadoPago] ?? i.estadoPago, idioma) : "",
    i.asistio ? textoExportacion("Sí", idioma) : "",
  ]);
}

function cabeceraActo(listado: ListadoInscritos): string {
  const { acto } = listado;
  return [formatearFecha(acto.fecha), acto.hora, acto.lugar].filter(Boolean).join(" · ");
}

/**
 * The enrolled list as a PDF, to print and tick at the door, in `idioma` (the board member's who
 * downloads it, issue 38); what the board typed (names, menus) stays as typed.
 */
export async function inscritosPdf(
  listado: ListadoInscritos,
  logo: Uint8Array | null = null,
  idioma: Idioma = "es",
): Promise<Buffer> {
  const t = listado.totales;
  const en = (s: string) => textoExportacion(s, idioma);
  const resumen: Content = {
    margin: [0, 8, 0, 0],
    stack: [
      frase(idioma, "resumen", {
        personas: t.personas,
        socios: t.socios,
        invitados: t.invitados,
        importe: formatearImporte(Math.round(t.importe * 100)),
      }),
      ...(t.porMenu.some((m) => m.menu)
        ? [
            frase(idioma, "menus", {
              menus: t.porMenu.map((m) => `${m.menu || en("Sin menú")}: ${m.personas}`).join(" · "),
            }),
          ]
        : []),
    ],
  };
  const doc: TDocumentDefinitions = {
    pageSize: "A4",
    pageOrientation: "landscape",
    pageMargins: [28, 28, 28, 36],
    info: { title: `${en("Inscritos")} - ${listado.acto.nombre}` },
    defaultStyle: { font: "Roboto", fontSize: 9 },
    footer: (pagina, paginas) => ({
      text: frase(idioma, "pagina", { pagina, paginas }),
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
          body: [CABECERAS.map((c) => ({ text: en(c), bold: true })), ...filas(listado, idioma)],
        },
        layout: "lightHorizontalLines",
      },
      resumen,
      ...esperaPdf(listado, idioma),
    ],
  };
  return generarPdf(doc);
}

/** The wait-list apart, after the confirmed people and their totals; nothing when empty. */
function esperaPdf(listado: ListadoInscritos, idioma: Idioma): Content[] {
  const espera = enEspera(listado);
  if (espera.length === 0) return [];
  const en = (s: string) => textoExportacion(s, idioma);
  return [
    { text: en("Lista de espera (sin plaza)"), fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
    {
      table: {
        headerRows: 1,
        widths: ["auto", "*", "auto", "auto", "auto", "auto", "*"],
        body: [
          CABECERAS_ESPERA.map((c) => ({ text: en(c), bold: true })),
          ...espera.map(filaEspera),
        ],
      },
      layout: "lightHorizontalLines",
    },
  ];
}

/** The enrolled list as an Excel workbook (the wait-list on its own sheet), in `idioma`. */
export async function inscritosXlsx(
  listado: ListadoInscritos,
  idioma: Idioma = "es",
): Promise<Buffer> {
  const en = (s: string) => textoExportacion(s, idioma);
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet(en("Inscritos"));
  hoja.addRow([listado.acto.nombre]);
  hoja.addRow([cabeceraActo(listado)]);
  hoja.addRow([]);
  hoja.addRow(CABECERAS.map(en)).font = { bold: true };
  for (const i of confirmadas(listado)) {
    hoja.addRow([
      i.socio.apellidos,
      i.socio.nombre,
      i.socio.tipo?.nombre ?? "",
      i.invitados,
      i.menu,
      i.alergias,
      i.importe,
      i.estadoPago ? en(ESTADOS[i.estadoPago] ?? i.estadoPago) : "",
      en(i.asistio ? "Sí" : "No"),
    ]);
  }
  hoja.getColumn(7).numFmt = '#,##0.00 "€"';
  hoja.addRow([]);
  hoja.addRow([en("Personas"), listado.totales.personas]);
  hoja.addRow([en("Invitados"), listado.totales.invitados]);
  hoja.addRow([en("Importe"), listado.totales.importe]);
  for (const m of listado.totales.porMenu)
    hoja.addRow([`${en("Menú")}: ${m.menu || en("Sin menú")}`, m.personas]);
  hoja.columns.forEach((c) => {
    c.width = 16;
  });
  const espera = enEspera(listado);
  if (espera.length > 0) {
    const hojaEspera = libro.addWorksheet(en("Lista de espera"));
    hojaEspera.addRow(CABECERAS_ESPERA.map(en)).font = { bold: true };
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
