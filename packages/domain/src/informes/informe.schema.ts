import { z } from "zod";
import { FechaSchema } from "../comun/esquemas";
import { FiltrosSociosSchema } from "../socios/socio-vista.schema";

/** Informes de la junta (`GET /api/informes`, `GET /api/informes/:id`). Importes en euros. */

export const MESES = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Septiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
] as const;

export const GRUPOS_INFORME = ["Socios", "Económicos", "Actos"] as const;

/** Columnas que se pueden elegir en el listado de socios, en su orden. */
export const COLUMNAS_LISTADO_SOCIOS = [
  "matricula",
  "apellidos",
  "nombre",
  "nif",
  "tipo",
  "sexo",
  "fechaNacimiento",
  "edad",
  "telefono",
  "email",
  "direccion",
  "poblacion",
  "fechaAlta",
  "edadFestera",
  "activo",
  "fechaBaja",
] as const;
export type ColumnaListadoSocios = (typeof COLUMNAS_LISTADO_SOCIOS)[number];

export const AGRUPACIONES_DEUDA = ["socio", "pagador"] as const;
export const VISTAS_ESTADISTICAS = ["tipo", "sexo", "edad", "altas", "activos"] as const;
export const VISTAS_CUMPLEANYOS = ["cumpleanyos", "aniversarios"] as const;
export const DESGLOSES_RECAUDACION = ["producto", "mes"] as const;
export const FORMATOS_INFORME = ["json", "xlsx", "csv", "pdf"] as const;

const entero = z.coerce.number().int();
const elige = (opciones: readonly string[]) => ({
  error: `Elige una de estas opciones: ${opciones.join(", ")}`,
});

/** Filtros de todos los informes; cada informe usa los suyos (ver el catálogo). */
export const InformeQuerySchema = FiltrosSociosSchema.extend({
  formato: z.enum(FORMATOS_INFORME, elige(FORMATOS_INFORME)).default("json"),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 500" })
    .max(500, { error: "El tamaño de página va de 1 a 500" })
    .default(50),
  /** Un año, o `todos` donde el catálogo lo admite (`todos: true`); sin él, lo que diga el informe. */
  anyo: z
    .union([
      z.literal("todos"),
      entero
        .min(1900, { error: "El año va de 1900 a 2999" })
        .max(2999, { error: "El año va de 1900 a 2999" }),
    ])
    .optional(),
  mes: entero
    .min(1, { error: "El mes va de 1 a 12" })
    .max(12, { error: "El mes va de 1 a 12" })
    .optional(),
  desde: FechaSchema.optional(),
  hasta: FechaSchema.optional(),
  agrupar: z.enum(AGRUPACIONES_DEUDA, elige(AGRUPACIONES_DEUDA)).default("socio"),
  vista: z.enum(VISTAS_CUMPLEANYOS, elige(VISTAS_CUMPLEANYOS)).default("cumpleanyos"),
  por: z.enum(VISTAS_ESTADISTICAS, elige(VISTAS_ESTADISTICAS)).default("tipo"),
  desglose: z.enum(DESGLOSES_RECAUDACION, elige(DESGLOSES_RECAUDACION)).default("producto"),
  columnas: z
    .string()
    .max(400, { error: "Demasiadas columnas" })
    .transform((texto, ctx) => {
      const lista = texto.split(",").filter(Boolean);
      const validas: readonly string[] = COLUMNAS_LISTADO_SOCIOS;
      const mala = lista.find((c) => !validas.includes(c));
      if (mala !== undefined || lista.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `Columnas posibles: ${COLUMNAS_LISTADO_SOCIOS.join(", ")}`,
        });
        return z.NEVER;
      }
      return lista as ColumnaListadoSocios[];
    })
    .optional(),
}).refine((q) => !q.desde || !q.hasta || q.desde <= q.hasta, {
  error: "La fecha final no puede ser anterior a la inicial",
  path: ["hasta"],
});
export type InformeQuery = z.output<typeof InformeQuerySchema>;

export const InformeParamsSchema = z.object({
  id: z.string().max(40, { error: "El informe no existe" }),
});

export const TIPOS_FILTRO = [
  "busqueda",
  "anyo",
  "mes",
  "fecha",
  "tipoSocio",
  "activo",
  "sexo",
  "edad",
  "opciones",
  "columnas",
] as const;

export const FiltroCatalogoSchema = z.object({
  /** Nombre del parámetro de la consulta (`edad` usa edadMin y edadMax). */
  clave: z.string(),
  etiqueta: z.string(),
  tipo: z.enum(TIPOS_FILTRO),
  opciones: z.array(z.object({ valor: z.string(), etiqueta: z.string() })).optional(),
  /** Lo que el informe aplica si no se elige nada (el año en curso), para que la web lo muestre. */
  porDefecto: z.string().optional(),
  /** `anyo`: admite `anyo=todos` (todos los años). */
  todos: z.boolean().optional(),
});
export type FiltroCatalogo = z.infer<typeof FiltroCatalogoSchema>;

export const InformeCatalogoSchema = z.object({
  /** Los informes los dice el catálogo (el registro de la API), no una lista de aquí. */
  id: z.string(),
  grupo: z.enum(GRUPOS_INFORME),
  titulo: z.string(),
  descripcion: z.string(),
  filtros: z.array(FiltroCatalogoSchema),
  conGrafico: z.boolean(),
});
export type InformeCatalogo = z.infer<typeof InformeCatalogoSchema>;
export const CatalogoInformesSchema = z.array(InformeCatalogoSchema);

export const TIPOS_COLUMNA = ["texto", "entero", "euros", "fecha", "porcentaje"] as const;
export type TipoColumna = (typeof TIPOS_COLUMNA)[number];

export const ColumnaInformeSchema = z.object({
  clave: z.string(),
  titulo: z.string(),
  tipo: z.enum(TIPOS_COLUMNA),
});
export type ColumnaInforme = z.infer<typeof ColumnaInformeSchema>;

const ValorSchema = z.union([z.string(), z.number(), z.null()]);
export const FilaInformeSchema = z.record(z.string(), ValorSchema);
export type FilaInforme = z.infer<typeof FilaInformeSchema>;

export const GraficoInformeSchema = z.object({
  tipo: z.enum(["barras", "lineas"]),
  titulo: z.string(),
  /** Clave de `datos` que va en el eje horizontal. */
  eje: z.string(),
  series: z.array(z.object({ clave: z.string(), titulo: z.string() })),
  /** Importes en euros si `enEuros`. */
  enEuros: z.boolean(),
  datos: z.array(FilaInformeSchema),
});
export type GraficoInforme = z.infer<typeof GraficoInformeSchema>;

export const InformeSchema = z.object({
  id: z.string(),
  titulo: z.string(),
  /** Los filtros aplicados, en palabras («Tipo de socio: Fester»). */
  filtros: z.array(z.object({ etiqueta: z.string(), valor: z.string() })),
  columnas: z.array(ColumnaInformeSchema),
  filas: z.array(FilaInformeSchema),
  /** Total de filas de todo el informe (la página es `filas`). */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** Sumas de todas las filas (no solo de la página) por clave de columna. */
  totales: FilaInformeSchema.nullable(),
  grafico: GraficoInformeSchema.nullable(),
});
export type Informe = z.infer<typeof InformeSchema>;
