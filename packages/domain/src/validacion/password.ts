import { PASSWORDS_COMUNES } from "./passwords-comunes";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MENSAJE_PASSWORD_CORTA = `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`;
export const MENSAJE_PASSWORD_LARGA = `La contraseña no puede tener más de ${PASSWORD_MAX} caracteres`;
export const MENSAJE_PASSWORD_COMUN = "Esa contraseña es demasiado común; elige otra";

export function esPasswordComun(p: string): boolean {
  return PASSWORDS_COMUNES.has(p.normalize("NFC").toLowerCase());
}

/**
 * Política de contraseñas: longitud de 8 a 128 caracteres (contados por puntos de
 * código, así un emoji cuenta uno) y fuera de la lista de contraseñas comunes. Sin
 * reglas de composición. Devuelve el motivo del rechazo o `null` si es aceptable.
 */
export function validarPassword(p: string): string | null {
  const longitud = [...p].length;
  if (longitud < PASSWORD_MIN) return MENSAJE_PASSWORD_CORTA;
  if (longitud > PASSWORD_MAX) return MENSAJE_PASSWORD_LARGA;
  if (esPasswordComun(p)) return MENSAJE_PASSWORD_COMUN;
  return null;
}
