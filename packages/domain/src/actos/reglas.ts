/**
 * Reglas puras de los actos: precios, importes e inscripción. Importes en céntimos.
 */

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

/** Por qué no se puede inscribir ni cancelar ahora (null = está abierta). */
export function motivoCierre(acto: ActoInscribible, hoy: string): string | null {
  if (acto.cancelado) return "El acto está cancelado";
  if (acto.fecha < hoy) return "El acto ya se ha celebrado";
  if (hoy > fechaLimiteInscripcion(acto)) return "La inscripción está cerrada";
  return null;
}

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
  if (!p.esAdministrador) {
    const motivo = motivoCierre(acto, p.hoy);
    if (motivo) return { codigo: "conflicto", mensaje: motivo };
  }
  if (p.invitados > acto.invitadosMax) {
    return {
      codigo: "validacion",
      campo: "invitados",
      mensaje:
        acto.invitadosMax === 0
          ? "Este acto no admite invitados"
          : `Como mucho ${acto.invitadosMax} ${acto.invitadosMax === 1 ? "invitado" : "invitados"} por socio`,
    };
  }
  if (acto.menus.length > 0 && !acto.menus.includes(p.menu)) {
    return {
      codigo: "validacion",
      campo: "menu",
      mensaje: p.menu ? `Elige uno de estos menús: ${acto.menus.join(", ")}` : "Elige un menú",
    };
  }
  if (acto.menus.length === 0 && p.menu !== "") {
    return { codigo: "validacion", campo: "menu", mensaje: "Este acto no tiene menús para elegir" };
  }
  return null;
}

/** ¿Caben `personas` más? */
export function hayPlazas(aforo: number | null, ocupadas: number, personas: number): boolean {
  return aforo === null || ocupadas + personas <= aforo;
}
