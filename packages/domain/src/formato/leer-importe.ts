/** How the dot of an amount was read: it is a guess, so whoever reads it says so. */
export type LecturaPunto = "miles" | "decimal";

export type ImporteLeido = { euros: number; punto: LecturaPunto | null };

/** Dots grouping thousands the Spanish way: «1.500», «12.345.678». */
const MILES_CON_PUNTO = /^-?\d{1,3}(\.\d{3})+$/;
const CON_COMA = /^-?(\d+|\d{1,3}(\.\d{3})+),\d+$/;
const CON_PUNTO = /^-?\d+\.\d+$/;
const ENTERO = /^-?\d+$/;

/**
 * An amount as a Spanish spreadsheet writes it → euros; null when it is not a number. Spaces and
 * «€» are ignored. With a comma, the comma is the decimal mark and dots group thousands
 * («1.234,56»). Without one, dots grouping thousands are thousands («1.500» is 1500 €, not
 * 1,50 €) and any other dot is a decimal point («12.5»); `punto` says which was taken.
 */
export function leerImporte(texto: string): ImporteLeido | null {
  const limpio = texto.replace(/\s|€/g, "");
  if (ENTERO.test(limpio)) return { euros: Number(limpio), punto: null };
  if (CON_COMA.test(limpio)) {
    return { euros: Number(limpio.replaceAll(".", "").replace(",", ".")), punto: null };
  }
  if (MILES_CON_PUNTO.test(limpio)) {
    return { euros: Number(limpio.replaceAll(".", "")), punto: "miles" };
  }
  if (CON_PUNTO.test(limpio)) return { euros: Number(limpio), punto: "decimal" };
  return null;
}
