import { aCentimos, aEuros, type Producto, type ProductoEntrada } from "@fila/domain";
import type { DatosProducto, ProductoFila } from "./productos.repository.js";

/** Stored product (cents) → API shape (euros). */
export function presentarProducto(p: ProductoFila): Producto {
  return {
    id: p.id,
    nombre: p.nombre,
    descripcion: p.descripcion,
    anyo: p.anyo,
    tipo: p.tipo,
    precio: aEuros(p.precio),
    precios: p.precios.map((x) => ({ idTipoSocio: x.idTipoSocio, precio: aEuros(x.precio) })),
    activo: p.activo,
    numPagos: p.numPagos,
  };
}

/** API input (euros) → stored fields (cents). */
export function aDatosProducto(e: ProductoEntrada): DatosProducto {
  return {
    nombre: e.nombre,
    descripcion: e.descripcion,
    anyo: e.anyo,
    tipo: e.tipo,
    precio: aCentimos(e.precio),
    activo: e.activo,
    precios: e.precios.map((p) => ({ idTipoSocio: p.idTipoSocio, precio: aCentimos(p.precio) })),
  };
}
