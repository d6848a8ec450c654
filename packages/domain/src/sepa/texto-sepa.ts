/**
 * Texto en el juego de caracteres SEPA (EPC, «Latin básico»): a-z A-Z 0-9 / - ? : ( ) . , ' +
 * y el espacio. Las letras con tilde, diéresis o cedilla pierden la marca (ñ → n, ç → c,
 * à → a); ª, º, «», emojis y cualquier otro carácter se quitan.
 */

/** Longitudes máximas de los campos del fichero pain.008. */
export const MAX_SEPA = { concepto: 140, nombre: 70, id: 35 } as const;

const MARCAS_DIACRITICAS = /\p{M}/gu;
const FUERA_DEL_JUEGO = /[^a-zA-Z0-9/\-?:().,'+ ]/g;
const ESPACIOS = /\s+/g;

export function textoSepa(texto: string, max: number = MAX_SEPA.concepto): string {
  return texto
    .normalize("NFD")
    .replace(MARCAS_DIACRITICAS, "")
    .replace(ESPACIOS, " ")
    .replace(FUERA_DEL_JUEGO, "")
    .replace(ESPACIOS, " ")
    .trim()
    .slice(0, max)
    .trim();
}

/** Un texto que ya está en el juego SEPA y cabe en `max` (identificadores de mandato…). */
export function esTextoSepa(texto: string, max: number = MAX_SEPA.id): boolean {
  return texto.length <= max && !/[^a-zA-Z0-9/\-?:().,'+ ]/.test(texto);
}
