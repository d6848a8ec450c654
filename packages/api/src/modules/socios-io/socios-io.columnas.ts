import {
  aCentimos,
  aEuros,
  type CampoImportacion,
  DEFECTOS_SOCIO_ENTRADA,
  EmailOpcionalSchema,
  EUROS_MAX,
  esBicValido,
  esDocumentoValido,
  esIbanValido,
  formatearFecha,
  formatearImporte,
  leerImporte,
  MENSAJE_BIC_INVALIDO,
  MENSAJE_IBAN_INVALIDO,
  MENSAJE_NIF_INVALIDO,
  normalizarBic,
  normalizarIban,
  SEXOS,
  SI_NO,
  TIPOS_DERRAMA,
  TIPOS_PAGO,
  TIPOS_PAGO_RAMELL,
} from "@fila/domain";
import { CABECERAS_RECONOCIDAS, claveCabecera, normalizarTexto } from "./socios-io.cabeceras.js";

/**
 * A member as it travels through a spreadsheet: names instead of ids (member type, payment
 * method) and matrículas instead of ids (payer, partner, parent). Money in integer cents.
 */
export type SocioPlano = {
  matricula: number | null;
  nombre: string;
  apellidos: string;
  nif: string | null;
  fechaNacimiento: string | null;
  sexo: string;
  direccion: string;
  poblacion: string;
  provincia: string;
  codPostal: string;
  telefono: string;
  email: string;
  tipo: string | null;
  formaPago: string | null;
  tipoPago: string;
  iban: string;
  bic: string;
  fechaAlta: string | null;
  anyoAlta: number | null;
  activo: boolean;
  fechaBaja: string | null;
  motivoBaja: string;
  matriculaPagador: number | null;
  matriculaPareja: number | null;
  matriculaPadre: number | null;
  nombreYerno: string;
  pagarDerrama: string;
  tipoDerrama: string;
  anyoDerrama: number | null;
  importeDerrama: number;
  anyosPagoDerrama: number;
  ramell: string;
  tipoPagoRamell: string;
  anyoRamell: number | null;
  ramellPago1: number;
  ramellPago2: number;
  ramellPago3: number;
  ramellPago4: number;
  ramellPago5: number;
  edadFestera: number;
  numDamas: number;
  comentarios: string;
};

export type CampoPlano = CampoImportacion;

// The shared list of fields and this type must name the same fields.
type Iguales<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _mismosCampos: Iguales<keyof SocioPlano, CampoImportacion> = true;
void _mismosCampos;

type Formato =
  | { tipo: "texto"; max: number; obligatorio?: string }
  | { tipo: "nif" | "email" | "iban" | "bic" | "fecha" | "activo" | "referencia" }
  | { tipo: "entero"; min: number; max: number }
  | { tipo: "euros" }
  | { tipo: "enum"; valores: readonly string[] }
  | { tipo: "sino" }
  | { tipo: "maestro" };

export type Columna = { campo: CampoPlano; cabecera: string } & Formato;

/** Every column of the export, in order; the import reads the same headers. */
export const COLUMNAS: readonly Columna[] = [
  { campo: "matricula", cabecera: "Matrícula", tipo: "entero", min: 1, max: 2_000_000_000 },
  { campo: "nombre", cabecera: "Nombre", tipo: "texto", max: 100, obligatorio: "nombre" },
  { campo: "apellidos", cabecera: "Apellidos", tipo: "texto", max: 150, obligatorio: "apellidos" },
  { campo: "nif", cabecera: "NIF", tipo: "nif" },
  { campo: "fechaNacimiento", cabecera: "Fecha de nacimiento", tipo: "fecha" },
  { campo: "sexo", cabecera: "Sexo", tipo: "enum", valores: SEXOS },
  { campo: "direccion", cabecera: "Dirección", tipo: "texto", max: 200 },
  { campo: "poblacion", cabecera: "Población", tipo: "texto", max: 100 },
  { campo: "provincia", cabecera: "Provincia", tipo: "texto", max: 100 },
  { campo: "codPostal", cabecera: "Código postal", tipo: "texto", max: 10 },
  { campo: "telefono", cabecera: "Teléfono", tipo: "texto", max: 30 },
  { campo: "email", cabecera: "Email", tipo: "email" },
  { campo: "tipo", cabecera: "Tipo de socio", tipo: "maestro" },
  { campo: "formaPago", cabecera: "Forma de pago", tipo: "maestro" },
  { campo: "tipoPago", cabecera: "Tipo de pago", tipo: "enum", valores: TIPOS_PAGO },
  { campo: "iban", cabecera: "IBAN", tipo: "iban" },
  { campo: "bic", cabecera: "BIC", tipo: "bic" },
  { campo: "fechaAlta", cabecera: "Fecha de alta", tipo: "fecha" },
  { campo: "anyoAlta", cabecera: "Año de alta", tipo: "entero", min: 0, max: 9999 },
  { campo: "activo", cabecera: "Activo", tipo: "activo" },
  { campo: "fechaBaja", cabecera: "Fecha de baja", tipo: "fecha" },
  { campo: "motivoBaja", cabecera: "Motivo de baja", tipo: "texto", max: 500 },
  { campo: "matriculaPagador", cabecera: "Pagador (matrícula)", tipo: "referencia" },
  { campo: "matriculaPareja", cabecera: "Pareja (matrícula)", tipo: "referencia" },
  { campo: "matriculaPadre", cabecera: "Padre (matrícula)", tipo: "referencia" },
  { campo: "nombreYerno", cabecera: "Nombre del yerno", tipo: "texto", max: 200 },
  { campo: "pagarDerrama", cabecera: "Paga derrama", tipo: "sino" },
  { campo: "tipoDerrama", cabecera: "Tipo de derrama", tipo: "enum", valores: TIPOS_DERRAMA },
  { campo: "anyoDerrama", cabecera: "Año de derrama", tipo: "entero", min: 0, max: 9999 },
  { campo: "importeDerrama", cabecera: "Importe de derrama", tipo: "euros" },
  {
    campo: "anyosPagoDerrama",
    cabecera: "Años de pago de derrama",
    tipo: "entero",
    min: 0,
    max: 100,
  },
  { campo: "ramell", cabecera: "Ramell", tipo: "sino" },
  {
    campo: "tipoPagoRamell",
    cabecera: "Tipo de pago del ramell",
    tipo: "enum",
    valores: TIPOS_PAGO_RAMELL,
  },
  { campo: "anyoRamell", cabecera: "Año del ramell", tipo: "entero", min: 0, max: 9999 },
  { campo: "ramellPago1", cabecera: "Ramell pago 1", tipo: "euros" },
  { campo: "ramellPago2", cabecera: "Ramell pago 2", tipo: "euros" },
  { campo: "ramellPago3", cabecera: "Ramell pago 3", tipo: "euros" },
  { campo: "ramellPago4", cabecera: "Ramell pago 4", tipo: "euros" },
  { campo: "ramellPago5", cabecera: "Ramell pago 5", tipo: "euros" },
  { campo: "edadFestera", cabecera: "Edad festera", tipo: "entero", min: 0, max: 150 },
  { campo: "numDamas", cabecera: "Damas", tipo: "entero", min: 0, max: 1000 },
  { campo: "comentarios", cabecera: "Comentarios", tipo: "texto", max: 5000 },
];

export { normalizarTexto };

export const COLUMNA_DE_CAMPO = new Map(COLUMNAS.map((c) => [c.campo, c]));

const CAMPO_POR_CLAVE = new Map<string, CampoPlano>();
for (const c of COLUMNAS) {
  for (const nombre of [c.cabecera, c.campo, ...(CABECERAS_RECONOCIDAS[c.campo] ?? [])]) {
    const clave = claveCabecera(nombre);
    const previo = CAMPO_POR_CLAVE.get(clave);
    if (previo && previo !== c.campo) {
      throw new Error(`La cabecera «${nombre}» se reconoce como ${previo} y como ${c.campo}`);
    }
    CAMPO_POR_CLAVE.set(clave, c.campo);
  }
}

/** The field a header of the file goes to when the board says nothing, if it is recognised. */
export function campoDeCabecera(cabecera: string): CampoPlano | null {
  return CAMPO_POR_CLAVE.get(claveCabecera(cabecera)) ?? null;
}

// --- Export -------------------------------------------------------------------------------

const PELIGROSOS = new Set(["=", "+", "-", "@", "\t", "\r"]);

/** A spreadsheet would run a cell starting with = + - @ (or tab/CR) as a formula: quote it. */
export function neutralizar(valor: string): string {
  return valor.length > 0 && PELIGROSOS.has(valor[0]) ? `'${valor}` : valor;
}

const SI_NO_TEXTO: Record<string, string> = { si: "Sí", no: "No" };

export type ValorCelda = string | number | null;

/** The value of one column for one member: numbers stay numbers (XLSX), text is neutralised. */
export function valorExportado(socio: SocioPlano, columna: Columna): ValorCelda {
  const valor = socio[columna.campo];
  if (valor === null || valor === undefined) return null;
  switch (columna.tipo) {
    case "fecha":
      return formatearFecha(String(valor));
    case "euros":
      return aEuros(Number(valor));
    case "activo":
      return valor ? "Sí" : "No";
    case "sino":
      return SI_NO_TEXTO[String(valor)] ?? String(valor);
    case "entero":
    case "referencia":
      return Number(valor);
    default:
      return neutralizar(String(valor));
  }
}

// --- Import -------------------------------------------------------------------------------

/** A problem (error) or a change made to a value (aviso) in one field of one row. */
export type NotaCampo = { campo: CampoPlano; mensaje: string };

/** Id of a master by its name, compared without case or accents. */
export type Catalogo = Map<string, number>;

export type Catalogos = { tipos: Catalogo; formas: Catalogo };

/** A valid row, ready to insert: masters resolved to ids, references still as matrículas. */
export type SocioImportado = Omit<SocioPlano, "tipo" | "formaPago"> & {
  idTipoSocio: number | null;
  idFormaPago: number | null;
};

/** Where each field of the sheet lands in a `SocioImportado` (the masters become ids). */
export function claveImportada(campo: CampoPlano): keyof SocioImportado {
  if (campo === "tipo") return "idTipoSocio";
  if (campo === "formaPago") return "idFormaPago";
  return campo;
}

const FECHA_ES = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const FECHA_ES_AA = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2})$/;
const FECHA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const MENSAJE_FECHA = "Introduce una fecha válida (dd/mm/aaaa)";

/**
 * "dd/mm/aaaa" (also with "-" or "."), or ISO "YYYY-MM-DD" (what an Excel date cell is read as)
 * → "YYYY-MM-DD"; anything else is refused with the reason, never guessed.
 */
export function leerFecha(texto: string): { fecha: string } | { error: string } {
  let d: number;
  let m: number;
  let a: number;
  const es = FECHA_ES.exec(texto);
  const iso = FECHA_ISO.exec(texto);
  if (es) [d, m, a] = [Number(es[1]), Number(es[2]), Number(es[3])];
  else if (iso) [a, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (FECHA_ES_AA.test(texto)) {
    return { error: "El año tiene dos cifras y no se sabe el siglo: escribe dd/mm/aaaa" };
  } else if (/^\d{4}$/.test(texto)) {
    return { error: "Falta el día y el mes: escribe dd/mm/aaaa" };
  } else return { error: MENSAJE_FECHA };
  const fecha = new Date(Date.UTC(a, m - 1, d));
  if (a < 1900 || fecha.getUTCMonth() !== m - 1 || fecha.getUTCDate() !== d) {
    return { error: MENSAJE_FECHA };
  }
  return {
    fecha: `${String(a).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
  };
}

/** What the board is told when a dot of an amount was read one way or the other. */
function avisoDelPunto(texto: string, punto: "miles" | "decimal", centimos: number): string {
  const importe = formatearImporte(centimos);
  return punto === "miles"
    ? `Se ha leído «${texto}» como ${importe}: el punto separa los miles`
    : `Se ha leído el punto de «${texto}» como coma decimal: ${importe}`;
}

function leerSiNo(texto: string): "si" | "no" | null {
  const t = normalizarTexto(texto);
  if (["si", "s", "true", "verdadero", "1", "x"].includes(t)) return "si";
  if (["no", "n", "false", "falso", "0"].includes(t)) return "no";
  return null;
}

/** The export writes a dangerous first character behind a quote; reading it back removes it. */
function quitarNeutralizacion(texto: string): string {
  return texto.length > 1 && texto[0] === "'" && PELIGROSOS.has(texto[1]) ? texto.slice(1) : texto;
}

/** A phone keeps its digits and a leading "+": "96 555-12-34" → "965551234". */
function normalizarTelefono(texto: string): string {
  const digitos = texto.replace(/\D/g, "");
  return texto.trim().startsWith("+") && digitos ? `+${digitos}` : digitos;
}

type Normalizador = { normalizar: (texto: string) => string; motivo: string };

const sinEspaciosRepetidos: Normalizador = {
  normalizar: (t) => t.replace(/\s{2,}/g, " "),
  motivo: "Se han quitado los espacios repetidos",
};

/**
 * The values fixed where the intent is clear, each reported to the board as an aviso. Also
 * applied to the stored value when updating, so an equivalent value is not a change.
 */
export const NORMALIZADORES: Partial<Record<CampoPlano, Normalizador>> = {
  nombre: sinEspaciosRepetidos,
  apellidos: sinEspaciosRepetidos,
  nif: {
    normalizar: (t) => t.replace(/[\s-]/g, "").toUpperCase(),
    motivo: "Se ha escrito sin espacios ni guiones y en mayúsculas",
  },
  // Spanish postal codes have 5 digits; Excel drops the leading zero of 03802.
  codPostal: {
    normalizar: (t) => (/^\d{4}$/.test(t) ? `0${t}` : t),
    motivo: "Se ha añadido el 0 inicial del código postal",
  },
  telefono: { normalizar: normalizarTelefono, motivo: "Se han dejado solo las cifras (y el +)" },
  email: { normalizar: (t) => t.toLowerCase(), motivo: "Se ha pasado a minúsculas" },
  iban: { normalizar: normalizarIban, motivo: "Se han quitado los espacios" },
  bic: { normalizar: normalizarBic, motivo: "Se han quitado los espacios" },
};

const MENSAJE_OBLIGATORIO: Record<string, string> = {
  nombre: "El nombre es obligatorio",
  apellidos: "Los apellidos son obligatorios",
};

export function mensajeObligatorio(campo: "nombre" | "apellidos"): string {
  return MENSAJE_OBLIGATORIO[campo];
}

/** The value of a field nobody gave: what a new member gets (as the member form's defaults). */
const {
  tipo: _tipo,
  idPagador: _pagador,
  idPareja: _pareja,
  idPadre: _padre,
  mandatoId: _mandatoId,
  mandatoFecha: _mandatoFecha,
  ...DEFECTOS_COMUNES
} = DEFECTOS_SOCIO_ENTRADA;

const VALORES_POR_DEFECTO: SocioImportado = {
  ...DEFECTOS_COMUNES,
  nombre: "",
  apellidos: "",
  // Stored as null when missing, where the form speaks of "" and 0.
  nif: null,
  anyoAlta: null,
  anyoDerrama: null,
  anyoRamell: null,
  idTipoSocio: null,
  matriculaPagador: null,
  matriculaPareja: null,
  matriculaPadre: null,
};

/**
 * Validates one row of cells (by field) on its own, without looking at other rows or the
 * database. Only the fields in `celdas` (the file's columns) are read; the rest keep the
 * values of a new member. Normalised values are reported in `avisos`.
 */
export function validarFila(
  celdas: Partial<Record<CampoPlano, string>>,
  catalogos: Catalogos,
  hoy: string,
): { socio: SocioImportado; errores: NotaCampo[]; avisos: NotaCampo[] } {
  const errores: NotaCampo[] = [];
  const avisos: NotaCampo[] = [];
  const v: Record<string, unknown> = {};
  for (const col of COLUMNAS) {
    const celda = celdas[col.campo];
    if (celda === undefined) continue;
    const error = (mensaje: string) => errores.push({ campo: col.campo, mensaje });
    let texto = quitarNeutralizacion(celda.trim());
    const normalizador = NORMALIZADORES[col.campo];
    if (normalizador && texto !== "") {
      const normal = normalizador.normalizar(texto);
      if (normal !== texto && normal !== "") {
        avisos.push({
          campo: col.campo,
          mensaje: `${normalizador.motivo}: «${texto}» → «${normal}»`,
        });
      }
      texto = normal;
    }
    if (texto === "") {
      if (col.tipo === "texto" && col.obligatorio) error(MENSAJE_OBLIGATORIO[col.obligatorio]);
      else if (col.campo === "telefono" && celda.trim() !== "") {
        error("El teléfono no tiene ninguna cifra");
      }
      continue;
    }
    switch (col.tipo) {
      case "texto":
        if (texto.length > col.max) error(`No puede tener más de ${col.max} caracteres`);
        else if (col.campo === "telefono" && texto.replace("+", "").length > 15) {
          error("Tiene más cifras que un teléfono (¿hay dos?): deja solo uno");
        } else v[col.campo] = texto;
        break;
      case "nif":
        if (esDocumentoValido(texto)) v[col.campo] = texto;
        else error(MENSAJE_NIF_INVALIDO);
        break;
      case "email": {
        const r = EmailOpcionalSchema.safeParse(texto);
        if (r.success) v[col.campo] = r.data;
        else error(r.error.issues[0]?.message ?? "Introduce un correo electrónico válido");
        break;
      }
      case "iban":
        if (esIbanValido(texto)) v[col.campo] = texto;
        else error(MENSAJE_IBAN_INVALIDO);
        break;
      case "bic":
        if (esBicValido(texto)) v[col.campo] = texto;
        else error(MENSAJE_BIC_INVALIDO);
        break;
      case "fecha": {
        const leida = leerFecha(texto);
        if ("error" in leida) error(leida.error);
        else if (col.campo === "fechaNacimiento" && leida.fecha > hoy)
          error("La fecha de nacimiento no puede ser futura");
        else v[col.campo] = leida.fecha;
        break;
      }
      case "entero":
      case "referencia": {
        const [min, max] = col.tipo === "entero" ? [col.min, col.max] : [1, 2_000_000_000];
        let n = /^\d+$/.test(texto) ? Number(texto) : Number.NaN;
        const fecha = leerFecha(texto);
        // A joining "year" column often holds the joining date: its year is meant.
        if (col.campo === "anyoAlta" && Number.isNaN(n) && "fecha" in fecha) {
          n = Number(fecha.fecha.slice(0, 4));
          avisos.push({ campo: col.campo, mensaje: `Se ha tomado el año de la fecha: ${n}` });
        }
        if (!Number.isInteger(n)) error("Debe ser un número entero");
        else if (n < min || n > max) error(`Debe ser un número entre ${min} y ${max}`);
        else v[col.campo] = n;
        break;
      }
      case "euros": {
        const leido = leerImporte(texto);
        const euros = leido?.euros ?? null;
        if (euros === null) error("Introduce un importe válido");
        else if (euros < 0) error("El importe no puede ser negativo");
        else if (euros > EUROS_MAX) error("El importe es demasiado grande");
        else if (Math.round(euros * 100) / 100 !== euros)
          error("El importe no puede tener más de dos decimales");
        else {
          v[col.campo] = aCentimos(euros);
          if (leido?.punto) {
            const mensaje = avisoDelPunto(texto, leido.punto, aCentimos(euros));
            avisos.push({ campo: col.campo, mensaje });
          }
        }
        break;
      }
      case "activo": {
        const sn = leerSiNo(texto);
        if (sn) v[col.campo] = sn === "si";
        else error("Escribe Sí o No");
        break;
      }
      case "sino": {
        const sn = leerSiNo(texto);
        if (sn) v[col.campo] = sn;
        else error(`Elige una de estas opciones: ${SI_NO.join(", ")}`);
        break;
      }
      case "enum": {
        const valor = col.valores.find((x) => normalizarTexto(x) === normalizarTexto(texto));
        if (valor) v[col.campo] = valor;
        else error(`Elige una de estas opciones: ${col.valores.join(", ")}`);
        break;
      }
      case "maestro": {
        const catalogo = col.campo === "tipo" ? catalogos.tipos : catalogos.formas;
        const id = catalogo.get(normalizarTexto(texto));
        if (id !== undefined) v[col.campo] = id;
        else
          error(
            col.campo === "tipo"
              ? `No existe el tipo de socio «${texto}»`
              : `No existe la forma de pago «${texto}»`,
          );
        break;
      }
    }
  }
  const socio: SocioImportado = { ...VALORES_POR_DEFECTO };
  for (const [campo, valor] of Object.entries(v)) {
    Object.assign(socio, { [claveImportada(campo as CampoPlano)]: valor });
  }
  return { socio, errores, avisos };
}
