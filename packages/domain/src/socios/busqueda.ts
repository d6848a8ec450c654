/**
 * Texto de búsqueda: minúsculas, sin tildes ni diéresis, ñ → n, ç → c y espacios simples,
 * para buscar «martinez» y encontrar «Martínez». La columna `socio.busqueda` se calcula en la
 * base de datos con la misma regla (ver `LETRAS_CON_TILDE`).
 */
export function normalizarBusqueda(texto: string): string {
  return texto.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Letras que la base de datos traduce con `translate()` y su equivalente sin marca, en el
 * mismo orden: lo que `normalizarBusqueda` hace en JavaScript para el texto de los socios.
 */
export const LETRAS_CON_TILDE = "áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ";
export const LETRAS_SIN_TILDE = "aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc";
