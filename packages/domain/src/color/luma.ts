/** El color de un tipo (de socio, de acto…) que no ha elegido otro. */
export const COLOR_POR_DEFECTO = "#1971c2";

const HEX_CORTO = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;
const HEX_LARGO = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** Luma a partir de la cual el texto va en negro (SPEC §9). */
export const LUMA_TEXTO_NEGRO = 165;

function componentes(hex: string): [number, number, number] {
  const corto = HEX_CORTO.exec(hex);
  if (corto) {
    return [corto[1], corto[2], corto[3]].map((c) => Number.parseInt(c + c, 16)) as [
      number,
      number,
      number,
    ];
  }
  const largo = HEX_LARGO.exec(hex);
  if (largo) {
    return [largo[1], largo[2], largo[3]].map((c) => Number.parseInt(c, 16)) as [
      number,
      number,
      number,
    ];
  }
  throw new RangeError(`Color no válido: ${hex}`);
}

/**
 * Luma de un color "#rgb" o "#rrggbb": 0.2126 R + 0.7152 G + 0.0722 B (de 0 a 255).
 * Se calcula con enteros para que un gris #a5a5a5 dé exactamente 165.
 */
export function luma(hex: string): number {
  const [r, g, b] = componentes(hex);
  return (2126 * r + 7152 * g + 722 * b) / 10000;
}

/** Color del texto sobre un fondo: negro si la luma es 165 o más, si no blanco. */
export function colorTexto(hex: string): "#000000" | "#ffffff" {
  return luma(hex) >= LUMA_TEXTO_NEGRO ? "#000000" : "#ffffff";
}
