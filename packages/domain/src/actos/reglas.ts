/**
 * Reglas puras de los actos: precios, importes e inscripción. Importes en céntimos.
 */

import type { MotivoCierre } from "./inscripcion.schema";

/** Precio (céntimos) del acto para un tipo de socio: el de su fila de precios, o 0. */
export function precioParaTipo(
  precios: readonly { idTipoSocio: number; precioCentimos: number }[],
  idTipoSocio: number | null,
): number {
  if (idTipoSocio === null) return 0;
  return precios.find((p) => p.idTipoSocio === idTipoSocio)?.precioCentimos ?? 0;
}

/** Importe (céntimos) de una inscripción: precio del socio + invitados × precio de invitado. */
export function importeInscripcion(
  precioSocioCentimos: number,
  invitados: number,
  precioInvitadoCentimos: number,
): number {
  for (const n of [precioSocioCentimos, invitados, precioInvitadoCentimos]) {
    if (!Number.isSafeInteger(n) || n < 0) {
      throw new RangeError("Los importes y los invitados son enteros no negativos");
    }
  }
  return precioSocioCentimos + invitados * precioInvitadoCentimos;
}

/** Concepto del cargo: «Cena de gala» o «Cena de gala + 2 invitados». */
export function conceptoInscripcion(nombreActo: string, invitados: number): string {
  if (invitados <= 0) return nombreActo;
  return `${nombreActo} + ${invitados} ${invitados === 1 ? "invitado" : "invitados"}`;
}

/** Plazas libres (null = sin aforo). Nunca negativo. */
export function plazasLibres(aforo: number | null, ocupadas: number): number | null {
  if (aforo === null) return null;
  return Math.max(0, aforo - ocupadas);
}

export type ActoInscribible = {
  fecha: string;
  fechaMaximaInscripcion: string | null;
  cancelado: boolean;
};

/** Último día en que uno mismo puede inscribirse o cancelar: la fecha máxima o la del acto. */
export function fechaLimiteInscripcion(acto: ActoInscribible): string {
  return acto.fechaMaximaInscripcion ?? acto.fecha;
}

/** Por qué no se puede inscribir ni cancelar ahora, como código (null = está abierta). */
export function motivoCierre(acto: ActoInscribible, hoy: string): MotivoCierre | null {
  if (acto.cancelado) return "cancelado";
  if (acto.fecha < hoy) return "celebrado";
  if (hoy > fechaLimiteInscripcion(acto)) return "cerrada";
  return null;
}

/** El texto (en español) de un motivo de cierre en un error; la web dice el código en su idioma. */
export const TEXTO_MOTIVO_CIERRE: Record<MotivoCierre, string> = {
  cancelado: "El acto está cancelado",
  celebrado: "El acto ya se ha celebrado",
  cerrada: "La inscripción está cerrada",
};

export type CodigoRechazo = "conflicto" | "prohibido" | "validacion";
export type Rechazo = { codigo: CodigoRechazo; mensaje: string; campo?: string };

export type PeticionInscripcion = {
  acto: ActoInscribible & { esInterno: boolean; invitadosMax: number; menus: readonly string[] };
  hoy: string;
  /** Los administradores inscriben a cualquiera en cualquier momento (salvo acto cancelado). */
  esAdministrador: boolean;
  /** La cuenta es de un socio (rol socio o usuario enlazado a un socio). */
  esSocio: boolean;
  invitados: number;
  menu: string;
};

/** Más invitados de los que admite el acto (null = bien). */
export function rechazoInvitados(invitadosMax: number, invitados: number): Rechazo | null {
  if (invitados <= invitadosMax) return null;
  return {
    codigo: "validacion",
    campo: "invitados",
    mensaje:
      invitadosMax === 0
        ? "Este acto no admite invitados"
        : `Como mucho ${invitadosMax} ${invitadosMax === 1 ? "invitado" : "invitados"} por socio`,
  };
}

/** Un menú que el acto no ofrece, o ninguno cuando hay que elegir (null = bien). */
export function rechazoMenu(menus: readonly string[], menu: string): Rechazo | null {
  if (menus.length > 0 && !menus.includes(menu)) {
    return {
      codigo: "validacion",
      campo: "menu",
      mensaje: menu ? `Elige uno de estos menús: ${menus.join(", ")}` : "Elige un menú",
    };
  }
  if (menus.length === 0 && menu !== "") {
    return { codigo: "validacion", campo: "menu", mensaje: "Este acto no tiene menús para elegir" };
  }
  return null;
}

/** Acto cancelado o, salvo para administradores, fuera de plazo (null = se puede tocar). */
function rechazoPlazo(
  acto: ActoInscribible,
  hoy: string,
  esAdministrador: boolean,
): Rechazo | null {
  if (acto.cancelado) return { codigo: "conflicto", mensaje: "El acto está cancelado" };
  if (esAdministrador) return null;
  const motivo = motivoCierre(acto, hoy);
  return motivo ? { codigo: "conflicto", mensaje: TEXTO_MOTIVO_CIERRE[motivo] } : null;
}

/**
 * Comprobaciones que no dependen del aforo ni de la base de datos, en el orden en que se
 * explican al usuario. Devuelve el primer motivo de rechazo (en español) o null.
 */
export function rechazoInscripcion(p: PeticionInscripcion): Rechazo | null {
  const { acto } = p;
  if (acto.cancelado) return { codigo: "conflicto", mensaje: "El acto está cancelado" };
  if (acto.esInterno && !p.esSocio && !p.esAdministrador) {
    return { codigo: "prohibido", mensaje: "Este acto es solo para socios" };
  }
  return (
    rechazoPlazo(acto, p.hoy, p.esAdministrador) ??
    rechazoInvitados(acto.invitadosMax, p.invitados) ??
    rechazoMenu(acto.menus, p.menu)
  );
}

export type CambioInscripcion = {
  acto: ActoInscribible & { invitadosMax: number; menus: readonly string[] };
  hoy: string;
  esAdministrador: boolean;
  /** Solo se comprueban los campos que cambian (undefined = se queda como está). */
  invitados?: number;
  menu?: string;
};

/**
 * Cambiar menú, alergias o invitados de una inscripción: mismo plazo que para inscribirse
 * (el administrador, siempre que el acto no esté cancelado) y mismas reglas de invitados y menú.
 */
export function rechazoCambioInscripcion(p: CambioInscripcion): Rechazo | null {
  return (
    rechazoPlazo(p.acto, p.hoy, p.esAdministrador) ??
    (p.invitados === undefined ? null : rechazoInvitados(p.acto.invitadosMax, p.invitados)) ??
    (p.menu === undefined ? null : rechazoMenu(p.acto.menus, p.menu))
  );
}

/** ¿Caben `personas` más? */
export function hayPlazas(aforo: number | null, ocupadas: number, personas: number): boolean {
  return aforo === null || ocupadas + personas <= aforo;
}
