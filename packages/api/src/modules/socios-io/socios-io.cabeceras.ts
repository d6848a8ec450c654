import type { CampoImportacion } from "@fila/domain";

/**
 * What Spanish boards really write at the top of their members' sheet, per field (besides the
 * export's own header and the field's name, which are always recognised). Compared by
 * `claveCabecera`, so accents, case, dots, spaces and "(…)" notes do not matter.
 */
export const CABECERAS_RECONOCIDAS: Partial<Record<CampoImportacion, readonly string[]>> = {
  matricula: [
    "Nº",
    "Núm.",
    "Número",
    "Número de socio",
    "Nº de socio",
    "Nº socio",
    "Núm. socio",
    "Socio nº",
    "Matrícula de socio",
    "Código de socio",
  ],
  nombre: ["Nom"],
  apellidos: ["Apellido", "Cognoms"],
  nif: ["DNI", "NIE", "NIF/NIE", "DNI/NIF", "NIF/DNI", "DNI/NIE", "DNI o NIE", "Documento"],
  fechaNacimiento: [
    "Fecha nacimiento",
    "F. nac.",
    "F. nacimiento",
    "Fecha nac.",
    "Nacimiento",
    "Fecha de nac.",
    "Nacido",
  ],
  sexo: ["Género"],
  direccion: ["Domicilio", "Calle", "Dirección postal"],
  poblacion: ["Localidad", "Municipio", "Ciudad"],
  codPostal: ["CP", "C.P.", "Cód. postal", "Código post."],
  telefono: ["Tel.", "Tlf.", "Tfno.", "Teléfono móvil", "Móvil", "Telf.", "Celular"],
  email: ["Correo", "Correo electrónico", "E-mail", "Mail"],
  tipo: ["Tipo", "Categoría", "Clase de socio"],
  formaPago: ["Pago", "Forma pago"],
  tipoPago: ["Periodicidad", "Periodicidad de pago"],
  iban: ["Cuenta", "Cuenta bancaria", "Nº de cuenta", "Cuenta corriente", "IBAN de la cuenta"],
  bic: ["SWIFT", "BIC/SWIFT"],
  fechaAlta: ["Fecha alta", "F. alta", "Fecha de ingreso", "Fecha ingreso"],
  anyoAlta: ["Año alta", "Alta", "Año de ingreso", "Año ingreso", "Antigüedad"],
  activo: ["Activa", "En activo"],
  fechaBaja: ["Fecha baja", "F. baja"],
  motivoBaja: ["Motivo baja"],
  numDamas: ["Número de damas", "Nº de damas"],
  comentarios: ["Observaciones", "Notas", "Comentario"],
};

/**
 * Lower case, no accents, compatibility forms folded ("º" → "o"), no "(…)" notes, single spaces
 * between letters, digits and "/": "Fecha de nacimiento (dd/mm/aaaa)" → "fecha de nacimiento".
 */
export function normalizarTexto(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/[^a-z0-9/]+/g, " ")
    .trim();
}

/** The key two headers are compared by: also without spaces. «F. nac.» → "fnac", «Nº» → "no". */
export function claveCabecera(cabecera: string): string {
  return normalizarTexto(cabecera).replaceAll(" ", "");
}
