/**
 * Creado la primera vez que se usa: construir un formateador de Intl cuesta milisegundos (el
 * primero con zona horaria, 12–18 ms al cargar los datos de zonas), y cargar un módulo no debe
 * pagarlos por los que la página no llegue a usar.
 */
export function perezoso<T>(crear: () => T): () => T {
  let valor: T | undefined;
  return () => {
    valor ??= crear();
    return valor;
  };
}
