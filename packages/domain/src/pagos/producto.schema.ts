import { z } from "zod";
import { booleanoQuery, EurosNoNegativoSchema, IdSchema, textoCorto } from "../comun/esquemas";

/** Clases de producto (lo que se cobra): la emisión de cuotas aplica reglas distintas a cada una. */
export const TIPOS_PRODUCTO = ["cuota", "derrama", "ramell", "acto", "loteria", "otro"] as const;
export type TipoProducto = (typeof TIPOS_PRODUCTO)[number];
export const TipoProductoSchema = z.enum(TIPOS_PRODUCTO, {
  error: `Elige un tipo de producto: ${TIPOS_PRODUCTO.join(", ")}`,
});

/** Año de un producto o de un cargo. */
export const AnyoProductoSchema = z
  .int({ error: "Introduce un año válido" })
  .min(2000, { error: "El año debe estar entre 2000 y 2100" })
  .max(2100, { error: "El año debe estar entre 2000 y 2100" });

/** Precio de un producto para un tipo de socio (en euros). */
export const PrecioProductoSchema = z.object({
  idTipoSocio: IdSchema,
  precio: EurosNoNegativoSchema,
});
export type PrecioProducto = z.infer<typeof PrecioProductoSchema>;

/** Lo que la API devuelve de un producto. */
export const ProductoSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  descripcion: z.string(),
  anyo: z.int(),
  tipo: z.enum(TIPOS_PRODUCTO),
  /** Precio general en euros (el de los tipos de socio sin precio propio). */
  precio: z.number(),
  precios: z.array(z.object({ idTipoSocio: z.int(), precio: z.number() })),
  activo: z.boolean(),
  /** Cargos emitidos con este producto (un producto con cargos no se puede borrar). */
  numPagos: z.int(),
});
export type Producto = z.infer<typeof ProductoSchema>;

/** Alta y modificación (PUT) de un producto. */
export const ProductoEntradaSchema = z.object({
  nombre: textoCorto(200).min(1, { error: "El nombre es obligatorio" }),
  descripcion: textoCorto(2000).default(""),
  anyo: AnyoProductoSchema,
  tipo: TipoProductoSchema,
  precio: EurosNoNegativoSchema.default(0),
  precios: z
    .array(PrecioProductoSchema)
    .max(100)
    .default([])
    .refine((ps) => new Set(ps.map((p) => p.idTipoSocio)).size === ps.length, {
      error: "Hay un tipo de socio con dos precios",
    }),
  activo: z.boolean().default(true),
});
export type ProductoEntrada = z.output<typeof ProductoEntradaSchema>;
export type ProductoEntradaInput = z.input<typeof ProductoEntradaSchema>;

/** Copia los productos de un año a otro. */
export const CopiaProductosSchema = z
  .object({ desde: AnyoProductoSchema, hasta: AnyoProductoSchema })
  .refine((c) => c.desde !== c.hasta, {
    error: "El año de destino debe ser distinto del de origen",
    path: ["hasta"],
  });
export type CopiaProductos = z.infer<typeof CopiaProductosSchema>;

/** La vista previa de la copia (`GET /api/productos/copia?desde&hasta`): años en la URL. */
export const CopiaProductosQuerySchema = z
  .object({
    desde: z.coerce.number().pipe(AnyoProductoSchema),
    hasta: z.coerce.number().pipe(AnyoProductoSchema),
  })
  .refine((c) => c.desde !== c.hasta, {
    error: "El año de destino debe ser distinto del de origen",
    path: ["hasta"],
  });

/**
 * Clases de producto que se repiten cada año y se copian al siguiente. Las entradas de un acto
 * (tipo `acto`, o cualquier producto al que apunte el precio de un acto) se cobran una sola vez.
 */
export const TIPOS_PRODUCTO_ANUALES = [
  "cuota",
  "derrama",
  "ramell",
  "loteria",
  "otro",
] as const satisfies readonly TipoProducto[];

/** Un producto del año de origen en la copia: si se copia y, si no, por qué. */
export const ProductoEnCopiaSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  tipo: z.enum(TIPOS_PRODUCTO),
  /** Nombre en el año de destino (el año del nombre cambia al nuevo). */
  nombreDestino: z.string(),
  seCopia: z.boolean(),
  /** Por qué no se copia (null si se copia). */
  motivo: z.string().nullable(),
});
export type ProductoEnCopia = z.infer<typeof ProductoEnCopiaSchema>;

/** Resultado de la copia, o de su vista previa (entonces `copiados` son los que se copiarían). */
export const CopiaProductosResultadoSchema = z.object({
  copiados: z.int(),
  omitidos: z.int(),
  productos: z.array(ProductoEnCopiaSchema),
});
export type CopiaProductosResultado = z.infer<typeof CopiaProductosResultadoSchema>;

export const ORDENES_PRODUCTOS = ["nombre", "anyo", "tipo", "precio", "id"] as const;
const ordenesProductos = [
  ...ORDENES_PRODUCTOS,
  ...ORDENES_PRODUCTOS.map((o) => `-${o}` as const),
] as const;

const entero = z.coerce.number().int();

/** `GET /api/productos?anyo&tipo&activo&q&sort&page&pageSize`. */
export const ListaProductosQuerySchema = z.object({
  q: z.string().trim().max(100, { error: "La búsqueda es demasiado larga" }).optional(),
  anyo: entero
    .min(2000, { error: "El año debe estar entre 2000 y 2100" })
    .max(2100, { error: "El año debe estar entre 2000 y 2100" })
    .optional(),
  tipo: TipoProductoSchema.optional(),
  activo: booleanoQuery("activo").optional(),
  page: entero.min(1, { error: "La página empieza en 1" }).default(1),
  pageSize: entero
    .min(1, { error: "El tamaño de página va de 1 a 200" })
    .max(200, { error: "El tamaño de página va de 1 a 200" })
    .default(50),
  sort: z
    .enum(ordenesProductos, {
      error: `Ordena por: ${ORDENES_PRODUCTOS.join(", ")} (con - delante para descendente)`,
    })
    .default("nombre"),
});
export type ListaProductosQuery = z.output<typeof ListaProductosQuerySchema>;
