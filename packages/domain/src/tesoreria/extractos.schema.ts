import { z } from "zod";
import { booleanoQuery, EurosSchema, IdSchema, textoCorto } from "../comun/esquemas";
import { REGLAS_PROPUESTA } from "./conciliacion";
import { ORIGENES_MOVIMIENTO, TIPOS_CATEGORIA_TESORERIA } from "./tesoreria.schema";

/**
 * El extracto del banco importado y conciliado con el libro, y las reglas que proponen una
 * categoría (issue 47). La API habla en euros; la base de datos guarda céntimos.
 */

/** El extracto importa hasta 5 MB (un año de apuntes de una cuenta cabe de sobra). */
export const EXTRACTO_MAX_BYTES = 5 * 1024 * 1024;

export const ESTADOS_LINEA_EXTRACTO = ["pendiente", "conciliada", "omitida"] as const;
export type EstadoLineaExtracto = (typeof ESTADOS_LINEA_EXTRACTO)[number];

const entero = z.coerce.number().int({ error: "Introduce un número entero" });
const pagina = {
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
};
const NumeroLinea = z
  .int({ error: "Indica el número de la línea (n)" })
  .min(1, { error: "Indica el número de la línea (n)" })
  .max(1_000_000, { error: "Indica el número de la línea (n)" });

export const ImportarExtractoQuerySchema = z.object({
  confirmar: booleanoQuery("confirmar").default(false),
});

export const DecisionExtractoSchema = z.discriminatedUnion(
  "accion",
  [
    z.object({
      n: NumeroLinea,
      accion: z.literal("conciliar"),
      idsMovimiento: z
        .array(IdSchema, { error: "Indica los movimientos" })
        .min(1, { error: "Indica al menos un movimiento" })
        .max(1000, { error: "Como mucho 1000 movimientos" }),
      /** La comisión del TPV que el banco se quedó (positiva): un gasto en comisiones. */
      comision: EurosSchema.positive({ error: "La comisión es positiva" }).optional(),
    }),
    z.object({
      n: NumeroLinea,
      accion: z.literal("nuevo"),
      idCategoria: IdSchema,
      concepto: textoCorto(200).min(1, { error: "Escribe el concepto" }).optional(),
    }),
    z.object({ n: NumeroLinea, accion: z.literal("omitir") }),
  ],
  { error: "La acción es «conciliar», «nuevo» u «omitir»" },
);
export type DecisionExtracto = z.output<typeof DecisionExtractoSchema>;

export const DecisionesExtractoSchema = z
  .array(DecisionExtractoSchema, { error: "Las decisiones son una lista" })
  .max(20_000, { error: "Demasiadas decisiones" });

/** `POST /api/tesoreria/extractos/:id/decisiones`. */
export const DecisionesEntradaSchema = z.object({ decisiones: DecisionesExtractoSchema });
export type DecisionesEntrada = z.output<typeof DecisionesEntradaSchema>;

export const MovimientoResumenSchema = z.object({
  id: z.int(),
  fecha: z.string(),
  concepto: z.string(),
  importe: z.number(),
  origen: z.object({ tipo: z.enum(ORIGENES_MOVIMIENTO), id: z.int().nullable() }),
});
export type MovimientoResumen = z.infer<typeof MovimientoResumenSchema>;

export const PropuestaLineaSchema = z.discriminatedUnion("accion", [
  z.object({
    accion: z.literal("conciliar"),
    regla: z.enum(REGLAS_PROPUESTA),
    movimientos: z.array(MovimientoResumenSchema),
    /** La comisión del TPV (positiva) o 0. */
    comision: z.number(),
  }),
  z.object({
    accion: z.literal("nuevo"),
    idCategoria: z.int().nullable(),
    categoria: z.string().nullable(),
    idRegla: z.int().nullable(),
  }),
]);
export type PropuestaLinea = z.infer<typeof PropuestaLineaSchema>;

export const LineaExtractoSchema = z.object({
  /** Su id (el `idLineaExtracto` de los movimientos conciliados); null sin confirmar. */
  id: z.int().nullable(),
  /** Su número en el fichero (desde 1, cuenta tras cuenta): el `n` de las decisiones. */
  n: z.int(),
  /** La línea del fichero (norma 43) o null (camt.053). */
  linea: z.int().nullable(),
  fechaOperacion: z.string(),
  fechaValor: z.string(),
  importe: z.number(),
  concepto: z.string(),
  conceptos: z.array(z.string()),
  conceptoComun: z.string().nullable(),
  conceptoPropio: z.string().nullable(),
  documento: z.string().nullable(),
  referencia1: z.string().nullable(),
  referencia2: z.string().nullable(),
  endToEndId: z.string().nullable(),
  referenciaBanco: z.string().nullable(),
  estado: z.enum(ESTADOS_LINEA_EXTRACTO),
  /** Lo que se propone para una línea pendiente; null si ya está decidida. */
  propuesta: PropuestaLineaSchema.nullable(),
  /** Los movimientos con los que quedó conciliada. */
  movimientos: z.array(MovimientoResumenSchema),
});
export type LineaExtracto = z.infer<typeof LineaExtractoSchema>;

export const CuentaImportadaSchema = z.object({
  /** null sin confirmar. */
  idExtracto: z.int().nullable(),
  idCuenta: z.int(),
  cuenta: z.string(),
  iban: z.string(),
  fechaDesde: z.string(),
  fechaHasta: z.string(),
  saldoInicial: z.number(),
  saldoFinal: z.number(),
  /** El saldo del libro de la cuenta a `fechaHasta`. */
  saldoLibro: z.number(),
  /** `saldoFinal` − `saldoLibro`. */
  diferencia: z.number(),
  lineas: z.array(LineaExtractoSchema),
});

export const ImportacionExtractoSchema = z.object({
  formato: z.enum(["norma43", "camt053"]),
  confirmado: z.boolean(),
  cuentas: z.array(CuentaImportadaSchema),
});
export type ImportacionExtracto = z.infer<typeof ImportacionExtractoSchema>;

export const ListaExtractosQuerySchema = z.object({
  idCuenta: entero.positive({ error: "Introduce un identificador válido" }).optional(),
  ...pagina,
});
export type ListaExtractosQuery = z.output<typeof ListaExtractosQuerySchema>;

export const ExtractoResumenSchema = z.object({
  id: z.int(),
  idCuenta: z.int(),
  cuenta: z.string(),
  formato: z.enum(["norma43", "camt053"]),
  nombreArchivo: z.string(),
  fechaDesde: z.string(),
  fechaHasta: z.string(),
  saldoInicial: z.number(),
  saldoFinal: z.number(),
  numLineas: z.int(),
  numConciliadas: z.int(),
  numPendientes: z.int(),
  numOmitidas: z.int(),
  importadoEn: z.string(),
});
export type ExtractoResumen = z.infer<typeof ExtractoResumenSchema>;

export const ExtractoImportadoSchema = ExtractoResumenSchema.extend({
  saldoLibro: z.number(),
  diferencia: z.number(),
  lineas: z.array(LineaExtractoSchema),
});
export type ExtractoImportado = z.infer<typeof ExtractoImportadoSchema>;

export const ConciliacionCuentaSchema = z.object({
  idCuenta: z.int(),
  cuenta: z.string(),
  iban: z.string(),
  idExtracto: z.int().nullable(),
  fechaExtracto: z.string().nullable(),
  saldoBanco: z.number().nullable(),
  saldoLibro: z.number(),
  diferencia: z.number().nullable(),
  lineasPendientes: z.int(),
});
export type ConciliacionCuenta = z.infer<typeof ConciliacionCuentaSchema>;

// ——— Reglas ———

export const ReglaTesoreriaSchema = z.object({
  id: z.int(),
  texto: z.string(),
  /** El signo de las líneas a las que se aplica; null, a todas. */
  tipo: z.enum(TIPOS_CATEGORIA_TESORERIA).nullable(),
  idCategoria: z.int(),
  categoria: z.string(),
  orden: z.int(),
  activo: z.boolean(),
});
export type ReglaTesoreria = z.infer<typeof ReglaTesoreriaSchema>;

export const ReglaTesoreriaEntradaSchema = z.object({
  texto: textoCorto(100).min(1, { error: "Escribe el texto que busca la regla" }),
  tipo: z
    .enum(TIPOS_CATEGORIA_TESORERIA, { error: "El tipo es «ingreso», «gasto» o null" })
    .nullable()
    .default(null),
  idCategoria: IdSchema,
  orden: z
    .int({ error: "El orden es un número entero" })
    .min(0, { error: "El orden va de 0 a 9999" })
    .max(9999, { error: "El orden va de 0 a 9999" })
    .default(0),
  activo: z.boolean({ error: "Indica sí o no (true o false)" }).default(true),
});
export type ReglaTesoreriaEntrada = z.output<typeof ReglaTesoreriaEntradaSchema>;

export const ListaReglasQuerySchema = z.object({ ...pagina });
export type ListaReglasQuery = z.output<typeof ListaReglasQuerySchema>;
