/**
 * Identificador aleatorio de `grupos` grupos de cuatro dígitos hexadecimales en
 * minúsculas separados por guiones, p. ej. "3f9a-0c11-b2e4". Cero grupos da "".
 */
export function randomId(grupos: number): string {
  if (!Number.isInteger(grupos) || grupos < 0) {
    throw new RangeError("El número de grupos debe ser un entero no negativo");
  }
  const valores = globalThis.crypto.getRandomValues(new Uint16Array(grupos));
  return Array.from(valores, (v) => v.toString(16).padStart(4, "0")).join("-");
}
