export type {
  CopiaProductosResultado,
  PrecioProducto,
  Producto as ProductoApi,
  ProductoEntradaInput as ProductoEntrada,
  TipoProducto,
} from "@fila/domain";
export { TIPOS_PRODUCTO } from "@fila/domain";

export type PaginaProductos<T> = { items: T[]; total: number; page: number; pageSize: number };
