import type { Rechazo } from "../actos/reglas";
import { calcularEdad } from "../socios/edad";

/** Las reglas de los estatutos para las asambleas (`GET/PUT /api/asociacion/asambleas`). */
export type ReglasAsamblea = {
  /** Días de antelación de la convocatoria (0 o más). */
  preavisoDias: number;
  /** Quórum de la primera convocatoria: fracción del censo (0 a 1). */
  quorumPrimera: number;
  /** Edad mínima para votar; sin fecha de nacimiento no se está en el censo. */
  edadMinima: number;
  /** Años mínimos como socio (la antigüedad única, `antiguedadEn`). */
  antiguedadMinima: number;
  /** Tipos de socio con voto; vacío = todos. */
  tiposSocio: number[];
  /** Fuera quien tenga cargos «por cobrar» vencidos antes de la convocatoria. */
  excluirDeudores: boolean;
  /** Delegaciones que puede recibir una persona, como mucho. */
  maxDelegaciones: number;
};

export const REGLAS_ASAMBLEA_POR_DEFECTO: ReglasAsamblea = {
  preavisoDias: 15,
  quorumPrimera: 0.5,
  edadMinima: 18,
  antiguedadMinima: 0,
  tiposSocio: [],
  excluirDeudores: true,
  maxDelegaciones: 1,
};

export const MOTIVOS_FUERA_CENSO = [
  "baja",
  "sin_fecha_nacimiento",
  "edad",
  "antiguedad",
  "tipo_socio",
  "deuda",
] as const;
export type MotivoFueraCenso = (typeof MOTIVOS_FUERA_CENSO)[number];

export const TEXTO_MOTIVO_FUERA_CENSO: Record<MotivoFueraCenso, string> = {
  baja: "De baja",
  sin_fecha_nacimiento: "Sin fecha de nacimiento",
  edad: "No tiene la edad mínima",
  antiguedad: "No tiene la antigüedad mínima",
  tipo_socio: "Su tipo de socio no vota",
  deuda: "Tiene cargos pendientes vencidos",
};

/** Lo que el censo mira de un socio en la fecha de la convocatoria. */
export type SocioCenso = {
  activo: boolean;
  fechaNacimiento: string | null;
  /** Años de antigüedad en la fecha (de `antiguedadesEn`). */
  antiguedad: number;
  idTipoSocio: number | null;
  /** Cargos «por cobrar» (suyos o de quien paga) vencidos antes de la convocatoria. */
  deudaVencida: boolean;
};

/**
 * Si un socio entra en el censo en `fecha` (`YYYY-MM-DD`, la de la convocatoria) y, si no, el
 * primer motivo. Sin fecha de nacimiento queda fuera, y se dice (no se supone mayor de edad).
 */
export function motivoFueraCenso(
  s: SocioCenso,
  reglas: ReglasAsamblea,
  fecha: string,
): MotivoFueraCenso | null {
  if (!s.activo) return "baja";
  if (reglas.edadMinima > 0) {
    if (!s.fechaNacimiento) return "sin_fecha_nacimiento";
    const edad = calcularEdad(s.fechaNacimiento, fecha);
    if (edad === null || edad < reglas.edadMinima) return "edad";
  }
  if (s.antiguedad < reglas.antiguedadMinima) return "antiguedad";
  if (
    reglas.tiposSocio.length > 0 &&
    (s.idTipoSocio === null || !reglas.tiposSocio.includes(s.idTipoSocio))
  ) {
    return "tipo_socio";
  }
  if (reglas.excluirDeudores && s.deudaVencida) return "deuda";
  return null;
}

/** `YYYY-MM-DD` menos `dias`. */
export function restarDias(fecha: string, dias: number): string {
  const t = Date.parse(`${fecha}T00:00:00Z`) - dias * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * El último día en que puede enviarse la convocatoria de una asamblea del día `fechaAsamblea`
 * con `preavisoDias` de antelación (días naturales completos entre la convocatoria y la asamblea:
 * con 15, una asamblea del 20 se convoca el 5 como tarde).
 */
export function fechaLimiteConvocatoria(fechaAsamblea: string, preavisoDias: number): string {
  return restarDias(fechaAsamblea, preavisoDias);
}

/** Si convocar `hoy` una asamblea de `fechaAsamblea` cumple el preaviso. */
export function convocatoriaATiempo(
  hoy: string,
  fechaAsamblea: string,
  preavisoDias: number,
): boolean {
  return hoy <= fechaLimiteConvocatoria(fechaAsamblea, preavisoDias);
}

/** Una delegación viva (sin revocar). */
export type DelegacionViva = { idDelegante: number; idDelegado: number };

/**
 * Por qué no puede `idDelegante` delegar en `idDelegado` (o null si puede): los dos en el censo,
 * no a sí mismo, antes del inicio, una sola delegación viva por delegante, sin cadenas (quien
 * delega no recibe, quien recibe no delega) y no más del máximo por persona.
 */
export function rechazoDelegacion(p: {
  idDelegante: number;
  idDelegado: number;
  enCenso: (idSocio: number) => boolean;
  vivas: readonly DelegacionViva[];
  maxDelegaciones: number;
  iniciada: boolean;
  convocada: boolean;
}): Rechazo | null {
  const conflicto = (mensaje: string): Rechazo => ({ codigo: "conflicto", mensaje });
  if (!p.convocada) return conflicto("La asamblea aún no está convocada: no hay censo");
  if (p.iniciada) return conflicto("La asamblea ya ha empezado: no se puede delegar");
  if (p.idDelegante === p.idDelegado) return conflicto("No se puede delegar el voto en uno mismo");
  if (!p.enCenso(p.idDelegante)) return conflicto("Quien delega no está en el censo");
  if (!p.enCenso(p.idDelegado))
    return conflicto("La persona en quien se delega no está en el censo");
  if (p.vivas.some((d) => d.idDelegante === p.idDelegante)) {
    return conflicto("Ya hay una delegación de este socio: revócala antes");
  }
  if (p.vivas.some((d) => d.idDelegado === p.idDelegante)) {
    return conflicto("Quien ha recibido delegaciones no puede delegar (no hay cadenas)");
  }
  if (p.vivas.some((d) => d.idDelegante === p.idDelegado)) {
    return conflicto("La persona en quien se delega ya ha delegado su voto (no hay cadenas)");
  }
  const recibidas = p.vivas.filter((d) => d.idDelegado === p.idDelegado).length;
  if (recibidas >= p.maxDelegaciones) {
    return conflicto(
      `La persona en quien se delega ya tiene ${recibidas} delegaciones (máximo ${p.maxDelegaciones})`,
    );
  }
  return null;
}

export type Mayoria = "simple" | "absoluta" | "dos_tercios" | "tres_cuartos";
export type BaseMayoria = "emitidos" | "censo";
export type Recuento = { si: number; no: number; abstencion: number };

/**
 * El resultado de una votación. `simple`: más síes que noes (empate: no se aprueba). `absoluta`:
 * más de la mitad de la base; `dos_tercios` / `tres_cuartos`: al menos esa fracción de la base
 * (exactamente ⅔ aprueba). La base son los votos emitidos (síes, noes y abstenciones) o el censo.
 * Todo en enteros: nada de redondeos de coma flotante.
 */
export function resultadoVotacion(
  r: Recuento,
  mayoria: Mayoria,
  base: BaseMayoria,
  censo: number,
): { aprobado: boolean; necesarios: number; baseVotos: number } {
  const emitidos = r.si + r.no + r.abstencion;
  const b = base === "censo" ? censo : emitidos;
  switch (mayoria) {
    case "simple":
      return { aprobado: r.si > r.no, necesarios: r.no + 1, baseVotos: b };
    case "absoluta": {
      const necesarios = Math.floor(b / 2) + 1;
      return { aprobado: r.si >= necesarios, necesarios, baseVotos: b };
    }
    case "dos_tercios": {
      const necesarios = Math.ceil((2 * b) / 3);
      return { aprobado: b > 0 && 3 * r.si >= 2 * b, necesarios, baseVotos: b };
    }
    case "tres_cuartos": {
      const necesarios = Math.ceil((3 * b) / 4);
      return { aprobado: b > 0 && 4 * r.si >= 3 * b, necesarios, baseVotos: b };
    }
  }
}

/**
 * El quórum: presentes más representados (delegaciones vivas de socios del censo que no han
 * venido, en manos de alguien presente). En primera convocatoria hace falta `quorumPrimera` del
 * censo; en segunda basta con quien haya. `convocatoria`: la que rige en `ahora`.
 */
export function calcularQuorum(p: {
  censo: number;
  presentes: number;
  representados: number;
  quorumPrimera: number;
  ahora: Date;
  segunda: Date | null;
}): {
  censo: number;
  presentes: number;
  representados: number;
  quorum: number;
  alcanzado: boolean;
  convocatoria: "primera" | "segunda";
} {
  const convocatoria = p.segunda !== null && p.ahora >= p.segunda ? "segunda" : "primera";
  // Fracciones como 0.5 o 2/3 multiplicadas por el censo: se quita el ruido de la coma flotante.
  const quorum =
    convocatoria === "primera" ? Math.ceil(Math.round(p.quorumPrimera * p.censo * 1e6) / 1e6) : 0;
  const asistencia = p.presentes + p.representados;
  return {
    censo: p.censo,
    presentes: p.presentes,
    representados: p.representados,
    quorum,
    alcanzado: asistencia > 0 && asistencia >= quorum,
    convocatoria,
  };
}

/** Un NIF enmascarado para listas públicas: `***4567**` (las cifras 4.ª a 7.ª). */
export function enmascararNif(nif: string | null): string {
  if (!nif) return "";
  const limpio = nif.replace(/[\s-]/g, "").toUpperCase();
  if (limpio.length < 9) return "*".repeat(limpio.length);
  return `***${limpio.slice(3, 7)}**`;
}

/**
 * Quién vota en nombre de quién en un punto: el socio presente por sí mismo y por cada delegación
 * viva cuyo delegante no ha venido (quien delega y viene recupera su voto para lo que quede).
 */
export function puedeVotarPor(p: {
  idVotante: number;
  enNombreDe: number;
  presente: (idSocio: number) => boolean;
  enCenso: (idSocio: number) => boolean;
  vivas: readonly DelegacionViva[];
}): Rechazo | null {
  const conflicto = (mensaje: string): Rechazo => ({ codigo: "conflicto", mensaje });
  if (!p.enCenso(p.idVotante)) return conflicto("No estás en el censo de esta asamblea");
  if (!p.presente(p.idVotante)) return conflicto("No constas como presente en la asamblea");
  if (p.enNombreDe === p.idVotante) {
    return null;
  }
  if (!p.vivas.some((d) => d.idDelegante === p.enNombreDe && d.idDelegado === p.idVotante)) {
    return conflicto("No tienes la delegación de ese socio");
  }
  if (p.presente(p.enNombreDe)) {
    return conflicto("Ese socio ha venido: vota por sí mismo");
  }
  return null;
}
