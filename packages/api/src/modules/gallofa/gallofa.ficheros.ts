import { formatearFecha, hoyIso, nombreEnAgradecimiento, type TotalesGallofa } from "@fila/domain";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces";
// Importing it registers the fonts and the no-URL policy of pdfmake for the whole API.
import { TIPO_PDF } from "../actos/actos.exportar.js";
import { neutralizar, type ValorCelda } from "../socios-io/socios-io.columnas.js";
import { escribirCsv, escribirXlsx, TIPO_CSV, TIPO_XLSX } from "../socios-io/socios-io.ficheros.js";
import type { GallofaGuardada } from "./gallofa.repository.js";

export type FicheroGallofa = { nombre: string; tipo: string; contenido: Buffer };

const TIPO_TEXTO = { dinero: "Dinero", especie: "Especie" } as const;

const COLUMNAS: [string, (g: GallofaGuardada) => ValorCelda][] = [
  ["Fecha", (g) => formatearFecha(g.fecha)],
  ["Quién da", (g) => neutralizar(g.nombre)],
  ["Socio", (g) => (g.idSocio ? "Sí" : "No")],
  ["Tipo", (g) => TIPO_TEXTO[g.tipo]],
  ["Importe o valor estimado (€)", (g) => g.importe / 100],
  ["Descripción", (g) => neutralizar(g.descripcion)],
  ["Recogido por", (g) => neutralizar(g.recogidoPor)],
  ["Nota", (g) => neutralizar(g.nota)],
  ["Anónimo", (g) => (g.anonimo ? "Sí" : "No")],
];

export async function exportarGallofa(
  filas: GallofaGuardada[],
  anyo: number,
  formato: "xlsx" | "csv",
): Promise<FicheroGallofa> {
  const cabeceras = COLUMNAS.map(([c]) => c);
  const valores = filas.map((g) => COLUMNAS.map(([, valor]) => valor(g)));
  if (formato === "xlsx") {
    return {
      nombre: `gallofa-${anyo}.xlsx`,
      tipo: TIPO_XLSX,
      contenido: await escribirXlsx(cabeceras, valores, `Gallofa ${anyo}`),
    };
  }
  return {
    nombre: `gallofa-${anyo}.csv`,
    tipo: TIPO_CSV,
    contenido: escribirCsv(cabeceras, valores),
  };
}

/**
 * The names of the thank-you list: each giver once, in alphabetical order, then one "Anónimo"
 * for each contribution of someone who asked not to be named. No amounts.
 */
export function nombresAgradecimiento(filas: GallofaGuardada[]): string[] {
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
  const anonimo = nombreEnAgradecimiento({ nombre: "", anonimo: true });
  return [...nombres, ...Array.from({ length: anonimos }, () => anonimo)];
}

/** The printable thank-you list (PDF) with the association's name. */
export async function agradecimientosPdf(
  filas: GallofaGuardada[],
  anyo: number,
  asociacion: string,
  totales: TotalesGallofa,
): Promise<FicheroGallofa> {
  const nombres = nombresAgradecimiento(filas);
  const documento: TDocumentDefinitions = {
    info: { title: `Gallofa ${anyo}: agradecimientos`, author: asociacion },
    pageSize: "A4",
    pageMargins: [48, 48, 48, 48],
    defaultStyle: { font: "Roboto", fontSize: 11 },
    content: [
      { text: asociacion || "Filà", bold: true, fontSize: 14 },
      { text: `Gallofa ${anyo}`, bold: true, fontSize: 20, margin: [0, 12, 0, 4] },
      {
        text: "Gracias de corazón a todas las personas que han colaborado este año:",
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          { ul: nombres.filter((_, i) => i % 2 === 0) },
          { ul: nombres.filter((_, i) => i % 2 === 1) },
        ],
      },
      {
        text: `${totales.donantes} colaboraciones · ${formatearFecha(hoyIso())}`,
        margin: [0, 16, 0, 0],
        fontSize: 9,
        color: "#555555",
      },
    ],
  };
  return {
    nombre: `gallofa-${anyo}-agradecimientos.pdf`,
    tipo: TIPO_PDF,
    contenido: Buffer.from(await pdfmake.createPdf(documento).getBuffer()),
  };
}
