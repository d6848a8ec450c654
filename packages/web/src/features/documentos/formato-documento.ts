const numero = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 1 });

/** Bytes for a person: «850 B», «12,5 kB», «3,2 MB». */
export function formatearTamanyo(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${numero.format(bytes / 1024)} kB`;
  return `${numero.format(bytes / (1024 * 1024))} MB`;
}

/** Documents of one page grouped by category, in the order they came (the API sorts by it). */
export function agruparPorCategoria<T extends { categoria: string }>(
  documentos: T[],
): [string, T[]][] {
  const grupos = new Map<string, T[]>();
  for (const d of documentos) {
    const lista = grupos.get(d.categoria) ?? [];
    lista.push(d);
    grupos.set(d.categoria, lista);
  }
  return [...grupos.entries()];
}
