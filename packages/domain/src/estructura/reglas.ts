/**
 * Reglas puras de la estructura de la filà (issue 49): grupos, escuadras y cargos.
 */

/** Código del cargo «cabo»: el cabo de una escuadra es ese cargo del socio para el año. */
export const CODIGO_CARGO_CABO = "cabo";

/** Cargos con los que empieza una filà (código, nombre, nombre en valenciano, peso). */
export const CARGOS_INICIALES: readonly (readonly [string, string, string, number])[] = [
  ["capitan", "Capitán", "Capità", 2],
  ["alferez", "Alférez", "Alférez", 2],
  ["abanderado", "Abanderado", "Abanderat", 1],
  ["cabo", "Cabo", "Cap d'esquadra", 0],
  ["presidente", "Presidente", "President", 1],
  ["vicepresidente", "Vicepresidente", "Vicepresident", 0],
  ["secretario", "Secretario", "Secretari", 0],
  ["tesorero", "Tesorero", "Tresorer", 0],
  ["vocal", "Vocal", "Vocal", 0],
];

/**
 * El año festero de una fecha `YYYY-MM-DD`: su año natural (las fiestas de Moros i Cristians caen
 * dentro del año; las escuadras y los cargos de cabo van por año natural).
 */
export function anyoFestivoDe(fecha: string): number {
  return Number(fecha.slice(0, 4));
}

/** Primer y último día del año festero `anyo` (`YYYY-MM-DD`). */
export function limitesAnyoFestivo(anyo: number): { desde: string; hasta: string } {
  const a = String(anyo).padStart(4, "0");
  return { desde: `${a}-01-01`, hasta: `${a}-12-31` };
}

/** Un cargo del socio con su peso (años extra de antigüedad por año en él). */
export interface CargoConPeso {
  desde: string;
  /** null: sigue. */
  hasta: string | null;
  peso: number;
}

/** ¿El cargo está vigente en algún día del año `anyo`? */
export function cargoEnAnyo(cargo: Pick<CargoConPeso, "desde" | "hasta">, anyo: number): boolean {
  const { desde, hasta } = limitesAnyoFestivo(anyo);
  return cargo.desde <= hasta && (cargo.hasta === null || cargo.hasta >= desde);
}

/** ¿El cargo está vigente el día `fecha`? */
export function cargoVigenteEn(
  cargo: Pick<CargoConPeso, "desde" | "hasta">,
  fecha: string,
): boolean {
  return cargo.desde <= fecha && (cargo.hasta === null || cargo.hasta >= fecha);
}

/**
 * Años extra de antigüedad (para las recompensas) que dan los cargos en el año `anyo`: el mayor
 * peso de los cargos que el socio tuvo algún día de ese año (no se suman: un año cuenta una vez,
 * con su cargo de más peso). Para 49b: la antigüedad computable de un año es 1 + este valor.
 */
export function pesoCargosEnAnyo(cargos: readonly CargoConPeso[], anyo: number): number {
  let peso = 0;
  for (const c of cargos) if (c.peso > peso && cargoEnAnyo(c, anyo)) peso = c.peso;
  return peso;
}

/**
 * Años extra de antigüedad que dan los cargos hasta `fecha` incluida: la suma, año a año, de
 * `pesoCargosEnAnyo` de cada año festero desde el primer cargo hasta el de `fecha` (un cargo que
 * empieza después de `fecha` no cuenta; el año de `fecha` cuenta si el cargo ya había empezado).
 */
export function pesoCargosHasta(cargos: readonly CargoConPeso[], fecha: string): number {
  const vigentes = cargos
    .filter((c) => c.peso > 0 && c.desde <= fecha)
    .map((c) => ({ ...c, hasta: c.hasta === null || c.hasta > fecha ? fecha : c.hasta }));
  if (vigentes.length === 0) return 0;
  const primero = Math.min(...vigentes.map((c) => anyoFestivoDe(c.desde)));
  let total = 0;
  for (let anyo = primero; anyo <= anyoFestivoDe(fecha); anyo++) {
    total += pesoCargosEnAnyo(vigentes, anyo);
  }
  return total;
}

/** Un miembro en una escuadra, para ordenar la composición. */
export interface MiembroOrdenable {
  idSocio: number;
  esCabo: boolean;
  apellidos: string;
  nombre: string;
}

/** La composición de una escuadra: el cabo primero, luego por apellidos y nombre. */
export function ordenarComposicion<T extends MiembroOrdenable>(miembros: readonly T[]): T[] {
  return [...miembros].sort(
    (a, b) =>
      Number(b.esCabo) - Number(a.esCabo) ||
      a.apellidos.localeCompare(b.apellidos, "es") ||
      a.nombre.localeCompare(b.nombre, "es") ||
      a.idSocio - b.idSocio,
  );
}

/**
 * El orden de desfile tras colocar `idGrupo` en la posición `posicion` (1 = abre): los demás
 * corren un puesto. Devuelve los ids en su nuevo orden.
 */
export function reordenar(ids: readonly number[], idGrupo: number, posicion: number): number[] {
  const resto = ids.filter((i) => i !== idGrupo);
  const p = Math.max(1, Math.min(posicion, resto.length + 1));
  resto.splice(p - 1, 0, idGrupo);
  return resto;
}
