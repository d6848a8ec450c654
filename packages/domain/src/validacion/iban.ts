import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";

/** IBAN sin espacios ni guiones y en mayúsculas (no comprueba que sea válido). */
export function normalizarIban(s: string): string {
  return electronicFormatIBAN(s.replace(/\s+/g, "")) ?? "";
}

/** Acepta el IBAN con espacios o guiones entre grupos y en minúsculas. */
export function esIbanValido(s: string): boolean {
  if (typeof s !== "string") return false;
  return isValidIBAN(normalizarIban(s));
}

/** IBAN en grupos de cuatro para mostrarlo: "ES91 2100 0418 4502 0005 1332". */
export function formatearIban(s: string): string {
  return friendlyFormatIBAN(normalizarIban(s)) ?? "";
}

/** BIC (SWIFT) sin espacios y en mayúsculas. */
export function normalizarBic(s: string): string {
  return s.replace(/\s+/g, "").toUpperCase();
}

/** BIC de 8 u 11 caracteres; acepta minúsculas y espacios. */
export function esBicValido(s: string): boolean {
  if (typeof s !== "string") return false;
  return isValidBIC(normalizarBic(s));
}
