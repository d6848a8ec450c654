import {
  formatearFecha,
  hoyIso,
  type Idioma,
  nombreEnAgradecimiento,
  type TotalesGallofa,
} from "@fila/domain";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
import { generarPdf, TIPO_PDF } from "../../lib/pdf.js";
import { neutralizar } from "../socios-io/socios-io.columnas.js";
import {
  type CeldaExportada,
  escribirCsv,
  escribirXlsx,
  TIPO_CSV,
  TIPO_XLSX,
} from "../socios-io/socios-io.ficheros.js";
import { fijo } from "../socios-io/socios-io.textos-exportacion.js";
import type { GallofaGuardada } from "./gallofa.repository.js";

export type FicheroGallofa = { nombre: string; tipo: string; contenido: Buffer };

const TIPO_TEXTO = { dinero: "Dinero", especie: "Especie" } as const;

const COLUMNAS: [string, (g: GallofaGuardada) => CeldaExportada][] = [
  ["Fecha", (g) => formatearFecha(g.fecha)],
  ["Quién da", (g) => neutralizar(g.nombre)],
  ["Socio", (g) => fijo(g.idSocio ? "Sí" : "No")],
  ["Tipo", (g) => fijo(TIPO_TEXTO[g.tipo])],
  ["Importe o valor estimado (€)", (g) => g.importe / 100],
  ["Descripción", (g) => neutralizar(g.descripcion)],
  ["Recogido por", (g) => neutralizar(g.recogidoPor)],
  ["Nota", (g) => neutralizar(g.nota)],
  ["Anónimo", (g) => fijo(g.anonimo ? "Sí" : "No")],
];

export async function exportarGallofa(
  filas: GallofaGuardada[],
  anyo: number,
  formato: "xlsx" | "csv",
  idioma: Idioma = "es",
): Promise<FicheroGallofa> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const valores = filas.map((g) => COLUMNAS.map(([, valor]) => valor(g)));
  if (formato === "xlsx") {
    return {
      nombre: `gallofa-${anyo}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, valores, `Gallofa ${anyo}`, idioma),
    };
  }
  return {
    nombre: `gallofa-${anyo}.csv`,
    tipo: TIPO_CSV,
    contenido: escribirCsv(cabeceras, valores, idioma),
  };
}

/** The fixed texts of the thank-you list, in each language (issue 38). */
const TEXTOS_AGRADECIMIENTO = {
  es: {
    titulo: "agradecimientos",
    gracias: "Gracias de corazón a todas las personas que han colaborado este año:",
    colaboraciones: "colaboraciones",
    anonimo: "Anónimo",
  },
  va: {
    titulo: "agraïments",
    gracias: "Gràcies de cor a totes les persones que hi han col·laborat enguany:",
    colaboraciones: "col·laboracions",
    anonimo: "Anònim",
  },
} as const satisfies Record<Idioma, Record<string, string>>;

/**
 * The names of the thank-you list: each giver once, in alphabetical order, then one "Anónimo"
 * («Anònim» in Valencian) for each contribution of someone who asked not to be named. No amounts.
 */
export function nombresAgradecimiento(filas: GallofaGuardada[], idioma: Idioma = "es"): string[] {
  const nombres: string[] = [];
  const vistos = new Set<string>();
  let anonimos = 0;
  for (const g of filas) {
    if (g.anonimo) {
      anonimos += 1;
      continue;
    }
    const clave = g.idSocio ? `s${g.idSocio}` : `n${g.nombre.toLowerCase()}`;
    if (vistos.has(clave)) continue;
    vistos.add(clave);
    nombres.push(nombreEnAgradecimiento(g));
  }
  nombres.sort((a, b) => a.localeCompare(b, "es"));
  const anonimo = TEXTOS_AGRADECIMIENTO[idioma].anonimo;
  return [...nombres, ...Array.from({ length: anonimos }, () => anonimo)];
}

/**
 * The printable thank-you list (PDF) with the association's name, in `idioma`: the language of the
 * board member who prints it (it is posted for everyone, not sent to one person).
 */
export async function agradecimientosPdf(
  filas: GallofaGuardada[],
  anyo: number,
  asociacion: string,
  totales: TotalesGallofa,
  idioma: Idioma = "es",
): Promise<FicheroGallofa> {
  const textos = TEXTOS_AGRADECIMIENTO[idioma];
  const nombres = nombresAgradecimiento(filas, idioma);
  const documento: TDocumentDefinitions = {
    info: { title: `Gallofa ${anyo}: ${textos.titulo}`, author: asociacion },
    pageSize: "A4",
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { font: "Roboto", fontSize: 11 },
    content: [
      { text: asociacion || "Filà", bold: true, fontSize: 14 },
      { text: `Gallofa ${anyo}`, bold: true, fontSize: 20, margin: [0, 12, 0, 4] },
      {
        text: textos.gracias,
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { ul: nombres.filter((_, i) => i % 2 === 0) },
          { ul: nombres.filter((_, i) => i % 2 === 1) },
        ],
      },
      {
        text: `${totales.donantes} ${textos.colaboraciones} · ${formatearFecha(hoyIso())}`,
        margin: [0, 16, 0, 0],
        fontSize: 9,
        color: "#555555",
      },
    ],
  };
  return {
    nombre: `gallofa-${anyo}-agradecimientos.pdf`,
    tipo: TIPO_PDF,
    contenido: await generarPdf(documento),
  };
}
