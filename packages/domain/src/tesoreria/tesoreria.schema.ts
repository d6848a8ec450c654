import { z } from "zod";
import { EurosSchema, FechaSchema, IdSchema, textoCorto } from "../comun/esquemas";
import { esIbanValido, normalizarIban } from "../validacion/iban";

/**
 * La tesorería (issue 47): las cuentas (la caja y cada cuenta del banco), las categorías de
 * ingresos y gastos con su cuenta del PGC de las entidades sin fines lucrativos, el libro de
 * movimientos con sus líneas por categoría, el presupuesto del año y su cierre. La API habla en
 * euros con dos decimales; la base de datos guarda céntimos enteros.
 */

export const TIPOS_CUENTA_TESORERIA = ["caja", "banco"] as const;
export type TipoCuentaTesoreria = (typeof TIPOS_CUENTA_TESORERIA)[number];

export const TIPOS_CATEGORIA_TESORERIA = ["ingreso", "gasto"] as const;
export type TipoCategoriaTesoreria = (typeof TIPOS_CATEGORIA_TESORERIA)[number];

/**
 * De dónde sale un movimiento: a mano, un cobro en ventanilla, una remesa cobrada, la devolución
 * de un adeudo, un pago en línea, un premio de la lotería pagado, una línea del extracto del
 * banco, o el contraasiento que corrige otro movimiento.
 */
export const ORIGENES_MOVIMIENTO = [
  "manual",
  "cobro",
  "remesa",
  "devolucion",
  "pago_online",
  "premio_loteria",
  "extracto",
  "contraasiento",
] as const;
export type OrigenMovimiento = (typeof ORIGENES_MOVIMIENTO)[number];

const entero = z.coerce.number().int({ error: "Introduce un número entero" });
const idFiltro = entero.positive({ error: "Introduce un identificador válido" }).optional();
const AnyoSchema = z
  .int({ error: "El año no es válido" })
  .min(2000, { error: "El año debe estar entre 2000 y 2100" })
  .max(2100, { error: "El año debe estar entre 2000 y 2100" });
const anyoQuery = entero
  .min(2000, { error: "El año debe estar entre 2000 y 2100" })
  .max(2100, { error: "El año debe estar entre 2000 y 2100" });
const pagina = {
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
};
const ActivoSchema = z.boolean({ error: "Indica sí o no (true o false)" });

/** Un año de la tesorería en la ruta (`/presupuestos/:anyo`, `/cierres/:anyo`). */
export const AnyoTesoreriaParamsSchema = z.object({ anyo: anyoQuery });

// ——— Cuentas ———

const IbanCuentaSchema = z
  .string({ error: "El IBAN no es válido" })
  .trim()
  .overwrite(normalizarIban)
  .refine((v) => v === "" || esIbanValido(v), { error: "El IBAN no es válido" });

export const CuentaTesoreriaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_CUENTA_TESORERIA),
  iban: z.string(),
  saldoInicial: z.number(),
  fechaSaldoInicial: z.string(),
  activo: z.boolean(),
  /** El saldo inicial más todos sus movimientos. */
  saldo: z.number(),
  numMovimientos: z.int(),
});
export type CuentaTesoreria = z.infer<typeof CuentaTesoreriaSchema>;

export const CuentaTesoreriaEntradaSchema = z
  .object({
    nombre: textoCorto(80).min(1, { error: "Escribe el nombre de la cuenta" }),
    tipo: z.enum(TIPOS_CUENTA_TESORERIA, { error: "El tipo es «caja» o «banco»" }),
    iban: IbanCuentaSchema.default(""),
    saldoInicial: EurosSchema.default(0),
    fechaSaldoInicial: FechaSchema,
    activo: ActivoSchema.default(true),
  })
  .superRefine((c, ctx) => {
    if (c.tipo === "banco" && c.iban === "") {
      ctx.addIssue({ code: "custom", path: ["iban"], message: "Una cuenta del banco lleva IBAN" });
    }
    if (c.tipo === "caja" && c.iban !== "") {
      ctx.addIssue({ code: "custom", path: ["iban"], message: "La caja no lleva IBAN" });
    }
  });
export type CuentaTesoreriaEntrada = z.output<typeof CuentaTesoreriaEntradaSchema>;

export const ListaCuentasTesoreriaQuerySchema = z.object({
  activo: z
    .stringbool({
      truthy: ["true", "1"],
      falsy: ["false", "0"],
      case: "insensitive",
      error: "activo es true o false (o 1 o 0)",
    })
    .optional(),
  ...pagina,
});
export type ListaCuentasTesoreriaQuery = z.output<typeof ListaCuentasTesoreriaQuerySchema>;

/** Las cuentas donde entran solos los cobros que no dicen la suya. */
export const AjustesTesoreriaSchema = z.object({
  /** La cuenta del banco de las remesas y de las formas de pago sin cuenta propia. */
  idCuentaBanco: IdSchema,
  /** La cuenta del banco donde abona el TPV virtual (los pagos en línea). */
  idCuentaTpv: IdSchema,
});
export type AjustesTesoreria = z.infer<typeof AjustesTesoreriaSchema>;

// ——— Categorías ———

const CodigoPgcSchema = z
  .string({ error: "La cuenta del PGC son de 3 a 10 cifras" })
  .trim()
  .regex(/^(?:\d{3,10})?$/, { error: "La cuenta del PGC son de 3 a 10 cifras" });

export const CategoriaTesoreriaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_CATEGORIA_TESORERIA),
  codigoPgc: z.string(),
  /** La clave fija de las categorías que usan los movimientos automáticos (null: del usuario). */
  clave: z.string().nullable(),
  activo: z.boolean(),
});
export type CategoriaTesoreria = z.infer<typeof CategoriaTesoreriaSchema>;

export const CategoriaTesoreriaEntradaSchema = z.object({
  nombre: textoCorto(80).min(1, { error: "Escribe el nombre de la categoría" }),
  tipo: z.enum(TIPOS_CATEGORIA_TESORERIA, { error: "El tipo es «ingreso» o «gasto»" }),
  codigoPgc: CodigoPgcSchema.default(""),
  activo: ActivoSchema.default(true),
});
export type CategoriaTesoreriaEntrada = z.output<typeof CategoriaTesoreriaEntradaSchema>;

export const ListaCategoriasTesoreriaQuerySchema = z.object({
  tipo: z.enum(TIPOS_CATEGORIA_TESORERIA, { error: "El tipo es «ingreso» o «gasto»" }).optional(),
  ...pagina,
  pageSize: pagina.pageSize.default(200),
});
export type ListaCategoriasTesoreriaQuery = z.output<typeof ListaCategoriasTesoreriaQuerySchema>;

// ——— Movimientos ———

export const LineaMovimientoSchema = z.object({
  idCategoria: z.int(),
  categoria: z.string(),
  tipoCategoria: z.enum(TIPOS_CATEGORIA_TESORERIA),
  codigoPgc: z.string(),
  importe: z.number(),
});

export const MovimientoSchema = z.object({
  id: z.int(),
  idCuenta: z.int(),
  cuenta: z.string(),
  fecha: z.string(),
  anyo: z.int(),
  concepto: z.string(),
  /** Ingreso positivo, gasto negativo. */
  importe: z.number(),
  proveedor: z.string(),
  origen: z.object({ tipo: z.enum(ORIGENES_MOVIMIENTO), id: z.int().nullable() }),
  /** El movimiento que corrige (si es un contraasiento). */
  idCorrige: z.int().nullable(),
  /** El contraasiento que lo corrige, si lo tiene. */
  idCorregidoPor: z.int().nullable(),
  /** La fecha en que ocurrió, si entró el primer día del año abierto porque su año estaba cerrado. */
  fechaOriginal: z.string().nullable(),
  nota: z.string(),
  lineas: z.array(LineaMovimientoSchema),
  numDocumentos: z.int(),
  /** El saldo de su cuenta tras este movimiento (en el orden fecha, id). */
  saldo: z.number(),
  /** La línea del extracto del banco con la que está conciliado, o null. */
  idLineaExtracto: z.int().nullable(),
  creadoEn: z.string(),
});
export type Movimiento = z.infer<typeof MovimientoSchema>;

const ImporteLineaSchema = EurosSchema.refine((v) => v !== 0, {
  error: "El importe no puede ser cero",
});

export const MovimientoEntradaSchema = z
  .object({
    idCuenta: IdSchema,
    fecha: FechaSchema,
    concepto: textoCorto(200).min(1, { error: "Escribe el concepto" }),
    /** Ingreso positivo, gasto negativo; la suma de las líneas. */
    importe: ImporteLineaSchema,
    proveedor: textoCorto(200).default(""),
    nota: textoCorto(1000).default(""),
    lineas: z
      .array(z.object({ idCategoria: IdSchema, importe: ImporteLineaSchema }), {
        error: "Indica las líneas por categoría",
      })
      .min(1, { error: "Indica al menos una línea por categoría" })
      .max(50, { error: "Como mucho 50 líneas" }),
  })
  .superRefine((m, ctx) => {
    const suma = m.lineas.reduce((s, l) => s + Math.round(l.importe * 100), 0);
    if (suma !== Math.round(m.importe * 100)) {
      ctx.addIssue({
        code: "custom",
        path: ["lineas"],
        message: "Las líneas no suman el importe del movimiento",
      });
    }
  });
export type MovimientoEntrada = z.output<typeof MovimientoEntradaSchema>;

export const ContraasientoEntradaSchema = z.object({
  /** Por defecto, hoy. */
  fecha: FechaSchema.optional(),
  motivo: textoCorto(500).min(1, { error: "Escribe el motivo de la corrección" }),
});
export type ContraasientoEntrada = z.output<typeof ContraasientoEntradaSchema>;

export const ORDENES_MOVIMIENTOS = ["fecha", "importe", "concepto", "id"] as const;
const ordenesMovimientos = [
  ...ORDENES_MOVIMIENTOS,
  ...ORDENES_MOVIMIENTOS.map((o) => `-${o}` as const),
] as const;

export const FiltrosMovimientosSchema = z.object({
  /** Concepto, proveedor o nota. */
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  idCuenta: idFiltro,
  idCategoria: idFiltro,
  anyo: anyoQuery.optional(),
  desde: FechaSchema.optional(),
  hasta: FechaSchema.optional(),
  origen: z
    .enum(ORIGENES_MOVIMIENTO, { error: `El origen es: ${ORIGENES_MOVIMIENTO.join(", ")}` })
    .optional(),
  tipo: z.enum(["ingreso", "gasto"], { error: "El tipo es «ingreso» o «gasto»" }).optional(),
});
export type FiltrosMovimientos = z.output<typeof FiltrosMovimientosSchema>;

export const ListaMovimientosQuerySchema = FiltrosMovimientosSchema.extend({
  ...pagina,
  sort: z
    .enum(ordenesMovimientos, {
      error: `Ordena por: ${ORDENES_MOVIMIENTOS.join(", ")} (con - delante para descendente)`,
    })
    .default("-fecha"),
});
export type ListaMovimientosQuery = z.output<typeof ListaMovimientosQuerySchema>;

export const ExportMovimientosQuerySchema = FiltrosMovimientosSchema.extend({
  formato: z.enum(["xlsx", "csv"], { error: "El formato es xlsx o csv" }).default("xlsx"),
});
export type ExportMovimientosQuery = z.output<typeof ExportMovimientosQuerySchema>;

export const ListaMovimientosSchema = z.object({
  items: z.array(MovimientoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** Lo que suman los movimientos filtrados: ingresos, gastos (negativo) y neto. */
  totalIngresos: z.number(),
  totalGastos: z.number(),
  neto: z.number(),
});
export type ListaMovimientos = z.infer<typeof ListaMovimientosSchema>;

export const DocumentoMovimientoSchema = z.object({
  id: z.int(),
  idMovimiento: z.int(),
  nombreArchivo: z.string(),
  tipoMime: z.string(),
  tamanyo: z.int(),
  subidoEn: z.string(),
});
export type DocumentoMovimiento = z.infer<typeof DocumentoMovimientoSchema>;

// ——— Presupuesto ———

export const PresupuestoEntradaSchema = z.object({
  lineas: z
    .array(
      z.object({
        idCategoria: IdSchema,
        /** Lo presupuestado, en positivo tanto en ingresos como en gastos. */
        importe: EurosSchema.min(0, { error: "El importe no puede ser negativo" }),
      }),
      { error: "Indica las líneas del presupuesto" },
    )
    .max(500, { error: "Como mucho 500 líneas" }),
});
export type PresupuestoEntrada = z.output<typeof PresupuestoEntradaSchema>;

const LineaPresupuestoSchema = z.object({
  idCategoria: z.int(),
  categoria: z.string(),
  tipo: z.enum(TIPOS_CATEGORIA_TESORERIA),
  codigoPgc: z.string(),
  presupuesto: z.number(),
  /** Lo ocurrido en el año (en positivo: lo ingresado o lo gastado). */
  real: z.number(),
  /** real − presupuesto. */
  desviacion: z.number(),
  /** Lo ocurrido cada mes, de enero a diciembre. */
  meses: z.array(z.number()).length(12),
});

const TotalesPresupuestoSchema = z.object({
  presupuesto: z.number(),
  real: z.number(),
  desviacion: z.number(),
});

export const PresupuestoSchema = z.object({
  anyo: z.int(),
  cerrado: z.boolean(),
  lineas: z.array(LineaPresupuestoSchema),
  ingresos: TotalesPresupuestoSchema,
  gastos: TotalesPresupuestoSchema,
});
export type Presupuesto = z.infer<typeof PresupuestoSchema>;

// ——— Cuentas anuales ———

export const CuentasAnualesQuerySchema = z.object({
  anyo: anyoQuery,
  formato: z
    .enum(["json", "pdf", "xlsx", "csv"], { error: "El formato es json, pdf, xlsx o csv" })
    .default("json"),
});
export type CuentasAnualesQuery = z.output<typeof CuentasAnualesQuerySchema>;

export const CuentasAnualesSchema = z.object({
  anyo: z.int(),
  cerrado: z.boolean(),
  /** Las partidas de la cuenta de resultados abreviada (ingresos +, gastos −). */
  partidas: z.array(
    z.object({
      clave: z.string(),
      texto: z.string(),
      importe: z.number(),
      categorias: z.array(
        z.object({
          idCategoria: z.int(),
          categoria: z.string(),
          codigoPgc: z.string(),
          importe: z.number(),
        }),
      ),
    }),
  ),
  totalIngresos: z.number(),
  totalGastos: z.number(),
  /** Excedente del ejercicio: ingresos + gastos (negativos). */
  resultado: z.number(),
  cuentas: z.array(
    z.object({
      idCuenta: z.int(),
      cuenta: z.string(),
      tipo: z.enum(TIPOS_CUENTA_TESORERIA),
      saldoInicio: z.number(),
      saldoFin: z.number(),
    }),
  ),
  saldoInicio: z.number(),
  saldoFin: z.number(),
  /** Cargos de los socios de ese año o antes que siguen por cobrar hoy. */
  pendienteCobro: z.object({ importe: z.number(), numCargos: z.int() }),
  presupuesto: PresupuestoSchema,
});
export type CuentasAnuales = z.infer<typeof CuentasAnualesSchema>;

// ——— Cierres ———

export const CierreEntradaSchema = z.object({ anyo: AnyoSchema });
export type CierreEntrada = z.output<typeof CierreEntradaSchema>;

export const CierreTesoreriaSchema = z.object({
  anyo: z.int(),
  cerradoEn: z.string(),
  idUsuario: z.int().nullable(),
});
export type CierreTesoreria = z.infer<typeof CierreTesoreriaSchema>;
