import type { Grupo } from "@fila/domain";

/** The MIME type a dragged festero travels with (its id). */
export const TIPO_ARRASTRE = "application/x-fila-socio";

/** Parades offered by default (the board can write another key). */
export const DESFILES = ["entrada", "diana", "procesion", "retreta"] as const;

/** The escuadras in the order of a parade: the ones placed first, then the rest by `orden`. */
export function ordenDelDesfile(escuadras: readonly Grupo[], desfile: string): Grupo[] {
  return [...escuadras].sort((a, b) => {
    const pa = a.desfiles[desfile] ?? Number.MAX_SAFE_INTEGER;
    const pb = b.desfiles[desfile] ?? Number.MAX_SAFE_INTEGER;
    return pa - pb || a.orden - b.orden || a.nombre.localeCompare(b.nombre, "es");
  });
}

/** Moves the element at `desde` one place up (-1) or down (+1); out of range leaves it. */
export function mover<T>(lista: readonly T[], desde: number, paso: -1 | 1): T[] {
  const hasta = desde + paso;
  if (desde < 0 || desde >= lista.length || hasta < 0 || hasta >= lista.length) return [...lista];
  const copia = [...lista];
  const [elemento] = copia.splice(desde, 1);
  copia.splice(hasta, 0, elemento as T);
  return copia;
}

/** The ids of every festero already in one of the year's escuadras. */
export function enAlgunaEscuadra(escuadras: readonly Grupo[]): Set<number> {
  return new Set(escuadras.flatMap((g) => g.miembros.map((m) => m.idSocio)));
}

/** The id read from a drop (the dragged festero), or null when it is not one of ours. */
export function idArrastrado(datos: string): number | null {
  return /^\d{1,10}$/.test(datos) ? Number(datos) : null;
}
