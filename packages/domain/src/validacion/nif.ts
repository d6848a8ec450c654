/**
 * Documentos de identidad españoles: NIF de persona (DNI), NIE y CIF de entidad.
 *
 * Las comprobaciones están ancladas y no recortan espacios: " 12345678Z" no es válido.
 * Las letras minúsculas se aceptan (se pasan a mayúsculas antes de comprobar).
 */

export const LETRAS_NIF = "TRWAGMYFPDXBNJZSQVHLCKE";

const PATRON_NIF = /^(\d{8})([A-Z])$/;
const PATRON_NIE = /^([XYZ])(\d{7})([A-Z])$/;
const PATRON_CIF = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;
const PREFIJO_NIE: Record<string, string> = { X: "0", Y: "1", Z: "2" };
const LETRAS_CONTROL_CIF = "JABCDEFGHI";

/** Letra de control de un número de DNI (0 a 99.999.999). */
export function letraNif(numero: number): string {
  if (!Number.isInteger(numero) || numero < 0 || numero > 99_999_999) {
    throw new RangeError("El número de un NIF es un entero de 0 a 99.999.999");
  }
  return LETRAS_NIF[numero % 23];
}

export function esNifValido(s: string): boolean {
  if (typeof s !== "string") return false;
  const m = PATRON_NIF.exec(s.toUpperCase());
  return m !== null && letraNif(Number(m[1])) === m[2];
}

export function esNieValido(s: string): boolean {
  if (typeof s !== "string") return false;
  const m = PATRON_NIE.exec(s.toUpperCase());
  return m !== null && letraNif(Number(PREFIJO_NIE[m[1]] + m[2])) === m[3];
}

/** NIF de persona o NIE. */
export function esDocumentoValido(s: string): boolean {
  return esNifValido(s) || esNieValido(s);
}

/**
 * CIF (NIF de persona jurídica): letra de tipo de entidad, 7 dígitos y un carácter de
 * control que, según el tipo, es un dígito, una letra o cualquiera de los dos.
 */
export function esCifValido(s: string): boolean {
  if (typeof s !== "string") return false;
  const m = PATRON_CIF.exec(s.toUpperCase());
  if (m === null) return false;
  const [, tipo, digitos, control] = m;
  let suma = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(digitos[i]);
    if (i % 2 === 0) {
      const doble = d * 2;
      suma += Math.floor(doble / 10) + (doble % 10);
    } else {
      suma += d;
    }
  }
  const digito = (10 - (suma % 10)) % 10;
  const letra = LETRAS_CONTROL_CIF[digito];
  // Organismos públicos, entidades religiosas, extranjeras y no residentes llevan letra;
  // sociedades anónimas y limitadas, comunidades de bienes y propietarios, número.
  if ("NPQRSW".includes(tipo)) return control === letra;
  if ("ABEH".includes(tipo)) return control === String(digito);
  if (digitos.startsWith("00")) return control === letra;
  return control === String(digito) || control === letra;
}
