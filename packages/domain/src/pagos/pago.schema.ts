import { z } from "zod";
import { booleanoQuery, EurosSchema, FechaSchema, IdSchema, textoCorto } from "../comun/esquemas";
import { ESTADOS_PAGO, ESTADOS_POR_COBRAR, type EstadoPago } from "./estados-pago";
import { AnyoProductoSchema, TIPOS_PRODUCTO } from "./producto.schema";

export {
  ESTADOS_PAGO,
  ESTADOS_POR_COBRAR,
  type EstadoPago,
  type EstadoPorCobrar,
} from "./estados-pago";
export const EstadoPagoSchema = z.enum(ESTADOS_PAGO, {
  error: `Elige un estado: ${ESTADOS_PAGO.join(", ")}`,
});

/** Estados en los que un cargo todavía se puede cobrar o anular: los de «por cobrar». */
export const ESTADOS_COBRABLES: readonly EstadoPago[] = ESTADOS_POR_COBRAR;

/** Importe de un cargo o de un cobro: mayor que cero y con como mucho dos decimales. */
export const EurosPositivoSchema = EurosSchema.min(0.01, {
  error: "El importe debe ser mayor que cero",
});

const ref = z.int().nullable();

/** Lo que la API devuelve de un cargo (importes en euros). */
export const PagoSchema = z.object({
  id: z.int(),
  idSocio: z.int(),
  idPagador: z.int(),
  idProducto: ref,
  concepto: z.string(),
  importe: z.number(),
  fechaEmision: z.string(),
  fechaVencimiento: z.string(),
  estado: z.enum(ESTADOS_PAGO),
  fechaPago: z.string().nullable(),
  idFormaPago: ref,
  referencia: z.string(),
  idRemesa: ref,
  plazo: z.int(),
  plazos: z.int(),
  anyo: z.int(),
  /** Cargo del que salió este por un cobro parcial. */
  idPagoOrigen: ref,
  motivoAnulacion: z.string(),
  motivoDevolucion: z.string(),
  fechaDevolucion: z.string().nullable(),
  socio: z.object({
    id: z.int(),
    nombre: z.string(),
    apellidos: z.string(),
    matricula: z.int(),
  }),
  pagador: z.object({ id: z.int(), nombre: z.string(), apellidos: z.string() }),
  producto: z.object({ id: z.int(), nombre: z.string(), tipo: z.enum(TIPOS_PRODUCTO) }).nullable(),
  formaPago: z.object({ id: z.int(), nombre: z.string() }).nullable(),
});
export type Pago = z.infer<typeof PagoSchema>;

export const ORDENES_PAGOS = [
  "fechaVencimiento",
  "fechaEmision",
  "fechaPago",
  "importe",
  "estado",
  "socio",
  "pagador",
  "concepto",
  "id",
] as const;
export type OrdenPagos = (typeof ORDENES_PAGOS)[number];
const ordenesPagos = [...ORDENES_PAGOS, ...ORDENES_PAGOS.map((o) => `-${o}` as const)] as const;

const entero = z.coerce.number().int({ error: "Introduce un número entero" });
const idFiltro = entero.positive({ error: "Introduce un identificador válido" }).optional();
const pagina = {
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
};

/** Filtros de la lista de cargos (y de su exportación). */
export const FiltrosPagosSchema = z.object({
  /** Nombre, apellidos, NIF o matrícula del socio o del pagador, o el concepto. */
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  anyo: entero
    .min(2000, { error: "El año debe estar entre 2000 y 2100" })
    .max(2100, { error: "El año debe estar entre 2000 y 2100" })
    .optional(),
  idSocio: idFiltro,
  idPagador: idFiltro,
  /** Los cargos de este socio y los que paga él (la pestaña de pagos de su ficha). */
  idSocioOPagador: idFiltro,
  idProducto: idFiltro,
  estado: EstadoPagoSchema.optional(),
  idFormaPago: idFiltro,
});
export type FiltrosPagos = z.output<typeof FiltrosPagosSchema>;

/** `GET /api/pagos?page&pageSize&q&sort&anyo&idSocio&idPagador&idSocioOPagador&idProducto&estado&idFormaPago`. */
export const ListaPagosQuerySchema = FiltrosPagosSchema.extend({
  ...pagina,
  sort: z
    .enum(ordenesPagos, {
      error: `Ordena por: ${ORDENES_PAGOS.join(", ")} (con - delante para descendente)`,
    })
    .default("fechaVencimiento"),
});
export type ListaPagosQuery = z.output<typeof ListaPagosQuerySchema>;

/** `GET /api/pagos/export?formato=xlsx|csv` + los filtros de la lista. */
export const ExportPagosQuerySchema = FiltrosPagosSchema.extend({
  formato: z.enum(["xlsx", "csv"], { error: "El formato es xlsx o csv" }).default("xlsx"),
});
export type ExportPagosQuery = z.output<typeof ExportPagosQuerySchema>;

/**
 * `GET /api/pagos/mios?page&pageSize&pendientes&historial`. `pendientes=true|1`: solo lo que
 * debo (pendientes y devueltos), lo que pide el inicio del socio; `historial=true|1`: solo lo
 * cerrado (cobrado o anulado), lo más reciente primero, página a página como lo lee «Mis pagos»;
 * sin ninguno, todo.
 */
export const MisPagosQuerySchema = z
  .object({
    ...pagina,
    pendientes: booleanoQuery("pendientes").optional(),
    historial: booleanoQuery("historial").optional(),
  })
  .refine((q) => !(q.pendientes && q.historial), {
    path: ["historial"],
    message: "Pide lo pendiente o el historial, no los dos a la vez",
  });
export type MisPagosQuery = z.output<typeof MisPagosQuerySchema>;

/** Respuesta de `GET /api/pagos`: la página y los totales de TODO el conjunto filtrado. */
export const ListaPagosSchema = z.object({
  items: z.array(PagoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  totalImporte: z.number(),
  totalPendiente: z.number(),
  totalPagado: z.number(),
});
export type ListaPagos = z.infer<typeof ListaPagosSchema>;

/** Respuesta de `GET /api/pagos/mios`: `totalPendiente` = lo que debo (pendiente o devuelto). */
export const MisPagosSchema = z.object({
  items: z.array(PagoSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  totalPendiente: z.number(),
});
export type MisPagos = z.infer<typeof MisPagosSchema>;

/** Cargo manual (`POST /api/pagos`); el pagador es el del socio, o el propio socio. */
export const PagoEntradaSchema = z.object({
  idSocio: IdSchema,
  idProducto: IdSchema.nullable().optional(),
  concepto: textoCorto(200).min(1, { error: "El concepto es obligatorio" }),
  importe: EurosPositivoSchema,
  fechaVencimiento: FechaSchema,
});
export type PagoEntrada = z.output<typeof PagoEntradaSchema>;

const referencia = textoCorto(200).default("");

/** Cobro de un cargo; un `importe` menor que el cargo es un cobro parcial (divide el cargo). */
/**
 * La cuenta de la tesorería donde entra un cobro en la mesa, si no es la de su forma de pago
 * (issue 47: Efectivo → Caja, salvo que la mesa diga otra).
 */
const idCuentaTesoreria = IdSchema.optional();

export const CobroSchema = z.object({
  fecha: FechaSchema,
  idFormaPago: IdSchema,
  referencia,
  importe: EurosPositivoSchema.optional(),
  idCuentaTesoreria,
});
export type Cobro = z.output<typeof CobroSchema>;

/** Cobro de varios cargos a la vez: todos o ninguno. */
export const CobroMultipleSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, { error: "Elige al menos un cargo" })
    .max(1000, { error: "Como mucho 1000 cargos a la vez" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Hay cargos repetidos" }),
  fecha: FechaSchema,
  idFormaPago: IdSchema,
  referencia,
  idCuentaTesoreria,
});
export type CobroMultiple = z.output<typeof CobroMultipleSchema>;

export const CobroMultipleResultadoSchema = z.object({
  cobrados: z.int(),
  importe: z.number(),
});
export type CobroMultipleResultado = z.infer<typeof CobroMultipleResultadoSchema>;

export const AnulacionSchema = z.object({
  motivo: textoCorto(500).min(1, { error: "Indica el motivo de la anulación" }),
});
export type Anulacion = z.output<typeof AnulacionSchema>;

/** `POST /api/pagos/emision`: sin `confirmar` solo calcula la vista previa. */
export const EmisionSchema = z.object({
  anyo: AnyoProductoSchema,
  productos: z
    .array(IdSchema)
    .min(1, { error: "Elige al menos un producto" })
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, { error: "Hay productos repetidos" }),
  confirmar: z.boolean().default(false),
});
export type Emision = z.output<typeof EmisionSchema>;

/** Totales de la emisión de un producto (o de toda la emisión). */
export const TotalesEmisionSchema = z.object({
  /** Cargos que corresponden según las reglas (incluidos los que ya existían). */
  numCargos: z.int(),
  /** Socios con al menos un cargo. */
  numSocios: z.int(),
  /** Suma de esos cargos, en euros. */
  importe: z.number(),
  /** De ellos, los que ya estaban emitidos (no se vuelven a crear). */
  yaExistian: z.int(),
  /** Los nuevos: en la vista previa, los que se crearían; al confirmar, los creados. */
  nuevos: z.int(),
  /** Importe de los nuevos, en euros. */
  importeNuevos: z.number(),
});
export type TotalesEmision = z.infer<typeof TotalesEmisionSchema>;

export const EmisionResultadoSchema = TotalesEmisionSchema.extend({
  anyo: z.int(),
  confirmado: z.boolean(),
  productos: z.array(
    TotalesEmisionSchema.extend({
      idProducto: z.int(),
      nombre: z.string(),
      tipo: z.enum(TIPOS_PRODUCTO),
    }),
  ),
});
export type EmisionResultado = z.infer<typeof EmisionResultadoSchema>;
