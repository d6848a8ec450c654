import { createRequire } from "node:module";
import path from "node:path";
import pdfmake from "pdfmake";
import type { TDocumentDefinitions } from "pdfmake/interfaces.js";

export const TIPO_PDF = "application/pdf";

/** pdfmake's own Roboto: the only files a PDF of the app may read. */
export const CARPETA_FUENTES = path.join(
  path.dirname(createRequire(import.meta.url).resolve("pdfmake/package.json")),
  "fonts",
  "Roboto",
);
export const FUENTE = path.join(CARPETA_FUENTES, "Roboto-Regular.ttf");
export const FUENTE_NEGRITA = path.join(CARPETA_FUENTES, "Roboto-Medium.ttf");

let preparado = false;

/** Registers Roboto once; no URL and no other local file may be read while printing. */
function preparar(): void {
  if (preparado) return;
  pdfmake.setFonts({
    Roboto: {
      normal: FUENTE,
      bold: FUENTE_NEGRITA,
      italics: path.join(CARPETA_FUENTES, "Roboto-Italic.ttf"),
      bolditalics: path.join(CARPETA_FUENTES, "Roboto-MediumItalic.ttf"),
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((ruta: string) => path.resolve(ruta).startsWith(CARPETA_FUENTES));
  preparado = true;
}

/** The PDF of a pdfmake document (receipts, lists, letters, thanks), in Roboto. */
export async function generarPdf(documento: TDocumentDefinitions): Promise<Buffer> {
  preparar();
  return Buffer.from(await pdfmake.createPdf(documento).getBuffer());
}
