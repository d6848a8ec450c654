// Reading the objects fast-xml-parser makes of an ISO 20022 file (pain.002, camt.053).

type Nodo = Record<string, unknown>;

/** An element that may appear once or many times, always as a list. */
export const comoLista = (v: unknown): unknown[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];

/** The element at `ruta` below `nodo`, or undefined. */
export function hijo(nodo: unknown, ...ruta: string[]): unknown {
  return ruta.reduce<unknown>(
    (n, nombre) => (n && typeof n === "object" ? (n as Nodo)[nombre] : undefined),
    nodo,
  );
}

/** An element's text, trimmed ("" when it has none). */
export function texto(v: unknown): string {
  if (typeof v === "string" || typeof v === "number") return String(v).trim();
  const t = hijo(v, "#text");
  return t === undefined ? "" : String(t).trim();
}
