import {
  COLUMNAS_LISTADO_SOCIOS,
  type ColumnaInforme,
  type ColumnaListadoSocios,
  type FiltroCatalogo,
  type TipoColumna,
} from "@fila/domain";

// The pieces several reports share: filters, columns and the member list's columns.

/** `porDefecto` of a filter that applies this year: the catalogue writes the year in its place. */
export const ANYO_EN_CURSO = "anyoEnCurso";

/** The filters the reports share, as the catalogue shows them. */
export const f = {
  q: { clave: "q", etiqueta: "Buscar", tipo: "busqueda" },
  /** This year when none is chosen (`porDefecto` filled in by the catalogue). */
  anyo: { clave: "anyo", etiqueta: "Año", tipo: "anyo", porDefecto: ANYO_EN_CURSO },
  /** This year when none is chosen, or every year with `anyo=todos`. */
  anyoConTodos: {
    clave: "anyo",
    etiqueta: "Año",
    tipo: "anyo",
    porDefecto: ANYO_EN_CURSO,
    todos: true,
  },
  /** Every year when none is chosen. */
  anyoOpcional: { clave: "anyo", etiqueta: "Año", tipo: "anyo" },
  mes: { clave: "mes", etiqueta: "Mes", tipo: "mes" },
  desde: { clave: "desde", etiqueta: "Desde", tipo: "fecha" },
  hasta: { clave: "hasta", etiqueta: "Hasta", tipo: "fecha" },
  tipo: { clave: "tipo", etiqueta: "Tipo de socio", tipo: "tipoSocio" },
  activo: { clave: "activo", etiqueta: "Estado", tipo: "activo" },
  sexo: { clave: "sexo", etiqueta: "Sexo", tipo: "sexo" },
  edad: { clave: "edad", etiqueta: "Edad", tipo: "edad" },
  columnas: { clave: "columnas", etiqueta: "Columnas", tipo: "columnas" },
} satisfies Record<string, FiltroCatalogo>;

/** A filter with a fixed list of choices. */
export const opciones = (
  clave: string,
  etiqueta: string,
  lista: [string, string][],
): FiltroCatalogo => ({
  clave,
  etiqueta,
  tipo: "opciones",
  opciones: lista.map(([valor, texto]) => ({ valor, etiqueta: texto })),
});

/** Every column of every report by its key: title and type (a report may retitle one). */
const COLUMNAS = {
  // The member list's columns (COLUMNAS_LISTADO_SOCIOS).
  matricula: ["Matrícula", "entero"],
  apellidos: ["Apellidos", "texto"],
  nombre: ["Nombre", "texto"],
  nif: ["NIF", "texto"],
  tipo: ["Tipo", "texto"],
  sexo: ["Sexo", "texto"],
  fechaNacimiento: ["Fecha de nacimiento", "fecha"],
  edad: ["Edad", "entero"],
  telefono: ["Teléfono", "texto"],
  email: ["Email", "texto"],
  direccion: ["Dirección", "texto"],
  poblacion: ["Población", "texto"],
  fechaAlta: ["Fecha de alta", "fecha"],
  edadFestera: ["Años de fester", "entero"],
  activo: ["Activo", "texto"],
  fechaBaja: ["Fecha de baja", "fecha"],
  // The other reports'.
  socio: ["Socio", "texto"],
  numSocios: ["Socios a su cargo", "entero"],
  cargos: ["Cargos", "entero"],
  noVencido: ["No vencido", "euros"],
  // A charge is overdue from the day after it falls due (as the dashboard's «vencida»).
  d30: ["Vencido 1–30 días", "euros"],
  d90: ["Vencido 31–90 días", "euros"],
  mas90: ["Vencido más de 90 días", "euros"],
  total: ["Total", "euros"],
  producto: ["Producto", "texto"],
  mes: ["Mes de vencimiento", "texto"],
  emitido: ["Emitido", "euros"],
  cobrado: ["Cobrado", "euros"],
  pendiente: ["Pendiente", "euros"],
  devuelto: ["Devuelto", "euros"],
  anulado: ["Anulado", "euros"],
  remesa: ["Remesa", "texto"],
  fechaCobro: ["Fecha de cobro", "fecha"],
  estado: ["Estado", "texto"],
  numAdeudos: ["Adeudos", "entero"],
  importe: ["Importe", "euros"],
  devueltos: ["Devueltos", "entero"],
  importeDevuelto: ["Importe devuelto", "euros"],
  motivos: ["Motivos de devolución", "texto"],
  tipoDerrama: ["Derrama", "texto"],
  anyoDerrama: ["Año", "entero"],
  pagado: ["Pagado", "euros"],
  anyosRestantes: ["Años que quedan", "entero"],
  modalidad: ["Modalidad", "texto"],
  plazo1: ["Plazo 1", "euros"],
  plazo2: ["Plazo 2", "euros"],
  plazo3: ["Plazo 3", "euros"],
  plazo4: ["Plazo 4", "euros"],
  plazo5: ["Plazo 5", "euros"],
  acto: ["Acto", "texto"],
  fecha: ["Fecha", "fecha"],
  socios: ["Socios", "entero"],
  invitados: ["Invitados", "entero"],
  plazas: ["Plazas ocupadas", "entero"],
  aforo: ["Aforo", "entero"],
  ocupacion: ["Ocupación", "porcentaje"],
  actos: ["Actos", "entero"],
  puntos: ["Puntos", "entero"],
  dia: ["Día", "texto"],
  grupo: ["Grupo", "texto"],
  altas: ["Altas", "entero"],
  bajas: ["Bajas", "entero"],
  activos: ["Activos", "entero"],
} as const satisfies Record<string, readonly [string, TipoColumna]>;

export type ClaveColumna = keyof typeof COLUMNAS;

/** The column `clave`, with `titulo` instead of its usual title when given. */
export const columna = (clave: ClaveColumna, titulo?: string): ColumnaInforme => ({
  clave,
  titulo: titulo ?? COLUMNAS[clave][0],
  tipo: COLUMNAS[clave][1],
});

/** Columns by their keys, separated by spaces: `columnas("matricula socio tipo")`. */
export function columnas(claves: string): ColumnaInforme[] {
  return claves.split(" ").map((clave) => {
    if (!(clave in COLUMNAS)) throw new Error(`Columna de informe desconocida: ${clave}`);
    return columna(clave as ClaveColumna);
  });
}

export const TITULO_COLUMNA_SOCIO = Object.fromEntries(
  COLUMNAS_LISTADO_SOCIOS.map((c) => [c, columna(c)]),
) as Record<ColumnaListadoSocios, ColumnaInforme>;

export const COLUMNAS_SOCIOS_POR_DEFECTO: ColumnaListadoSocios[] = [
  "matricula",
  "apellidos",
  "nombre",
  "tipo",
  "telefono",
  "email",
  "activo",
];
