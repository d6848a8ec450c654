/**
 * El censo que la federación pide cada año (issue 49): una fila por festero activo y los cambios
 * desde el último censo enviado. Puro: la API lo lee de la base de datos y lo guarda al enviarlo.
 */

/** Una fila del censo. Las fechas, `YYYY-MM-DD`; `cargo` y `escuadra`, los del año (o ""). */
export interface FilaCenso {
  idSocio: number;
  nif: string;
  nombre: string;
  apellidos: string;
  fechaNacimiento: string | null;
  sexo: string;
  tipo: string;
  anyoAlta: number | null;
  antiguedad: number;
  cargo: string;
  escuadra: string;
}

/** Las columnas del censo, en orden, con el nombre que les da la filà si la federación no pide otro. */
export const COLUMNAS_CENSO = [
  ["nif", "NIF"],
  ["nombre", "Nombre"],
  ["apellidos", "Apellidos"],
  ["fechaNacimiento", "Fecha de nacimiento"],
  ["sexo", "Sexo"],
  ["tipo", "Tipo de socio"],
  ["anyoAlta", "Año de alta"],
  ["antiguedad", "Antigüedad"],
  ["cargo", "Cargo"],
  ["escuadra", "Escuadra"],
] as const satisfies readonly (readonly [keyof FilaCenso, string])[];

export type CampoCenso = (typeof COLUMNAS_CENSO)[number][0];
export const CAMPOS_CENSO = COLUMNAS_CENSO.map(([c]) => c) as CampoCenso[];

/**
 * Los datos cuyo cambio se comunica a la federación. La antigüedad, el cargo y la escuadra
 * cambian con el año por sí solos: no son «datos cambiados».
 */
export const CAMPOS_CAMBIO_CENSO = [
  "nif",
  "nombre",
  "apellidos",
  "fechaNacimiento",
  "sexo",
  "tipo",
  "anyoAlta",
] as const satisfies readonly CampoCenso[];

export interface CambioCampoCenso {
  campo: (typeof CAMPOS_CAMBIO_CENSO)[number];
  antes: string | number | null;
  despues: string | number | null;
}

export interface CambiosCenso {
  /** En el censo de hoy y no en el último enviado. */
  altas: FilaCenso[];
  /** En el último enviado y no en el de hoy. */
  bajas: FilaCenso[];
  /** En los dos, con algún dato distinto. */
  modificados: { fila: FilaCenso; campos: CambioCampoCenso[] }[];
}

/** Los cambios de `actual` respecto a `anterior` (el último censo enviado; null: ninguno, todo es alta). */
export function cambiosCenso(
  anterior: readonly FilaCenso[] | null,
  actual: readonly FilaCenso[],
): CambiosCenso {
  const antes = new Map((anterior ?? []).map((f) => [f.idSocio, f]));
  const ahora = new Set(actual.map((f) => f.idSocio));
  const altas: FilaCenso[] = [];
  const modificados: CambiosCenso["modificados"] = [];
  for (const fila of actual) {
    const previa = antes.get(fila.idSocio);
    if (!previa) {
      altas.push(fila);
      continue;
    }
    const campos = CAMPOS_CAMBIO_CENSO.filter((c) => (previa[c] ?? null) !== (fila[c] ?? null)).map(
      (campo) => ({ campo, antes: previa[campo] ?? null, despues: fila[campo] ?? null }),
    );
    if (campos.length > 0) modificados.push({ fila, campos });
  }
  const bajas = (anterior ?? []).filter((f) => !ahora.has(f.idSocio));
  return { altas, bajas, modificados };
}

/** El nombre de cada columna: el que pide la federación o, si no lo pide, el de la filà. */
export function nombresColumnasCenso(
  propios: Partial<Record<CampoCenso, string>>,
): [CampoCenso, string][] {
  return COLUMNAS_CENSO.map(([c, nombre]) => [c, propios[c]?.trim() || nombre]);
}
