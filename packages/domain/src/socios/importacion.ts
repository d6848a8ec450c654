/**
 * The fields a member's spreadsheet can carry (export and import), in the export's order. The
 * import's mapping step offers exactly these; the API and the web share the list.
 */
export const CAMPOS_IMPORTACION = [
  "matricula",
  "nombre",
  "apellidos",
  "nif",
  "fechaNacimiento",
  "sexo",
  "direccion",
  "poblacion",
  "provincia",
  "codPostal",
  "telefono",
  "email",
  "tipo",
  "formaPago",
  "tipoPago",
  "iban",
  "bic",
  "fechaAlta",
  "anyoAlta",
  "activo",
  "fechaBaja",
  "motivoBaja",
  "matriculaPagador",
  "matriculaPareja",
  "matriculaPadre",
  "nombreYerno",
  "pagarDerrama",
  "tipoDerrama",
  "anyoDerrama",
  "importeDerrama",
  "anyosPagoDerrama",
  "ramell",
  "tipoPagoRamell",
  "anyoRamell",
  "ramellPago1",
  "ramellPago2",
  "ramellPago3",
  "ramellPago4",
  "ramellPago5",
  "edadFestera",
  "numDamas",
  "comentarios",
] as const;

export type CampoImportacion = (typeof CAMPOS_IMPORTACION)[number];

/** `altas`: only new members (a known matrícula or NIF is an error); `actualizar`: known ones are updated. */
export const MODOS_IMPORTACION = ["altas", "actualizar"] as const;

export type ModoImportacion = (typeof MODOS_IMPORTACION)[number];

/** The board's choice per header of the file: a field, or null for «do not import». */
export type MapaImportacion = Record<string, CampoImportacion | null>;
