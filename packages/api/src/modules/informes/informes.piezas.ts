import type { ColumnaInforme, ColumnaListadoSocios, FiltroCatalogo } from "@fila/domain";

// The pieces several reports share: filters, columns and the member list's columns.

/** The filters the reports share, as the catalogue shows them. */
export const f = {
  q: { clave: "q", etiqueta: "Buscar", tipo: "busqueda" },
  anyo: { clave: "anyo", etiqueta: "Año", tipo: "anyo" },
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

export const col = (clave: string, titulo: string, tipo: ColumnaInforme["tipo"] = "texto") => ({
  clave,
  titulo,
  tipo,
});

export const TITULO_COLUMNA_SOCIO: Record<ColumnaListadoSocios, ColumnaInforme> = {
  matricula: col("matricula", "Matrícula", "entero"),
  apellidos: col("apellidos", "Apellidos"),
  nombre: col("nombre", "Nombre"),
  nif: col("nif", "NIF"),
  tipo: col("tipo", "Tipo"),
  sexo: col("sexo", "Sexo"),
  fechaNacimiento: col("fechaNacimiento", "Fecha de nacimiento", "fecha"),
  edad: col("edad", "Edad", "entero"),
  telefono: col("telefono", "Teléfono"),
  email: col("email", "Email"),
  direccion: col("direccion", "Dirección"),
  poblacion: col("poblacion", "Población"),
  fechaAlta: col("fechaAlta", "Fecha de alta", "fecha"),
  edadFestera: col("edadFestera", "Años de fester", "entero"),
  activo: col("activo", "Activo"),
  fechaBaja: col("fechaBaja", "Fecha de baja", "fecha"),
};

export const COLUMNAS_SOCIOS_POR_DEFECTO: ColumnaListadoSocios[] = [
  "matricula",
  "apellidos",
  "nombre",
  "tipo",
  "telefono",
  "email",
  "activo",
];
