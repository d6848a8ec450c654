// Without zod (ADR 0005): the web's import page takes these lists and no schema with them.

/** Lo que un usuario puede cambiar de su propia ficha: contacto y banco. */
const DOMICILIO = ["direccion", "poblacion", "provincia", "codPostal"] as const;
export const CAMPOS_CONTACTO = [...DOMICILIO, "telefono", "email"] as const;
export const CAMPOS_BANCO = ["iban", "bic"] as const;

// The ramell's five instalments.
const PAGOS = ["ramellPago1", "ramellPago2", "ramellPago3", "ramellPago4", "ramellPago5"] as const;

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
  ...CAMPOS_CONTACTO,
  "tipo",
  "formaPago",
  "tipoPago",
  ...CAMPOS_BANCO,
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
  ...PAGOS,
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

/** A column of the file, the field it goes to (null: not imported) and its first two values. */
export type ColumnaImportacion = {
  cabecera: string;
  campo: CampoImportacion | null;
  ejemplos: string[];
};

/** What a dry run (and an import) of a members' sheet answers. */
export type InformeImportacion = {
  filas: number;
  validas: number;
  /** Valid rows that create a member. */
  nuevas: number;
  /** Valid rows that change a known member (modo actualizar). */
  actualizadas: number;
  /** Valid rows of known members whose values are already those. */
  sinCambios: number;
  rechazadas: { fila: number; errores: { campo: string; mensaje: string }[] }[];
  columnas: ColumnaImportacion[];
  /** Values normalised on the way in, so the board knows what was changed. */
  avisos: { fila: number; campo: string; mensaje: string }[];
  /** Members written: new plus updated (0 on a dry run). */
  importadas: number;
};
