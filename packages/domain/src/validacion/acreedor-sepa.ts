/**
 * Identificador de acreedor SEPA (AT-02), p. ej. "ES12000G12345678": país, dos dígitos
 * de control, sufijo comercial de tres caracteres (en España, normalmente "000") y el
 * NIF/CIF de la entidad. Los dígitos de control se calculan (ISO 7064 MOD 97-10) sobre
 * el identificador nacional más el país y "00", sin el sufijo comercial.
 */

const PATRON_ACREEDOR = /^([A-Z]{2})(\d{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/;

function aDigitos(s: string): string {
  let resultado = "";
  for (const c of s) {
    resultado += /[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c;
  }
  return resultado;
}

function modulo97(digitos: string): number {
  let resto = 0;
  for (const c of digitos) {
    resto = (resto * 10 + Number(c)) % 97;
  }
  return resto;
}

function digitosControl(pais: string, identificador: string): string {
  const resto = modulo97(aDigitos(`${identificador}${pais}00`));
  return String(98 - resto).padStart(2, "0");
}

export function normalizarIdentificadorAcreedor(s: string): string {
  return s.replace(/[\s-]+/g, "").toUpperCase();
}

export function esIdentificadorAcreedorValido(s: string): boolean {
  if (typeof s !== "string") return false;
  const m = PATRON_ACREEDOR.exec(normalizarIdentificadorAcreedor(s));
  if (m === null) return false;
  const [, pais, control, , identificador] = m;
  return digitosControl(pais, identificador) === control;
}

/** Construye el identificador de acreedor a partir del NIF/CIF de la asociación. */
export function calcularIdentificadorAcreedor(nif: string, sufijo = "000", pais = "ES"): string {
  const identificador = normalizarIdentificadorAcreedor(nif);
  const sufijoNormalizado = normalizarIdentificadorAcreedor(sufijo);
  const paisNormalizado = pais.toUpperCase();
  if (!/^[A-Z0-9]{1,28}$/.test(identificador)) {
    throw new RangeError("El identificador nacional solo puede tener letras y números");
  }
  if (!/^[A-Z0-9]{3}$/.test(sufijoNormalizado)) {
    throw new RangeError("El sufijo comercial tiene tres caracteres");
  }
  if (!/^[A-Z]{2}$/.test(paisNormalizado)) {
    throw new RangeError("El país es un código de dos letras");
  }
  return `${paisNormalizado}${digitosControl(paisNormalizado, identificador)}${sufijoNormalizado}${identificador}`;
}
