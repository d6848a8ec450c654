import type { Acto, ActoEntrada } from "@fila/domain";

/** A number input's value: Mantine gives a number, or a string while empty or half-typed. */
type Numero = number | string;

/** The event form's values; `precios` keyed by member-type id, empty meaning "no price". */
export type ValoresActo = {
  nombre: string;
  idTipoActo: string | null;
  fecha: string;
  hora: string;
  lugar: string;
  descripcion: string;
  /** The description in Valencian (issue 38): optional; '' = the Spanish one for everybody. */
  descripcionVa: string;
  fechaMaximaInscripcion: string;
  aforo: Numero;
  /** Only meaningful with an aforo (the switch shows then). */
  listaEspera: boolean;
  inscripcionAutomatica: boolean;
  sePaga: boolean;
  precios: Record<string, Numero>;
  admiteInvitados: boolean;
  invitadosMax: Numero;
  precioInvitado: Numero;
  menus: string[];
  puntos: Numero;
  esInterno: boolean;
  observaciones: string;
};

export const CAMPOS_ACTO = [
  "nombre",
  "idTipoActo",
  "fecha",
  "hora",
  "lugar",
  "descripcion",
  "descripcionVa",
  "fechaMaximaInscripcion",
  "aforo",
  "listaEspera",
  "inscripcionAutomatica",
  "sePaga",
  "precios",
  "invitadosMax",
  "precioInvitado",
  "menus",
  "puntos",
  "esInterno",
  "observaciones",
] as const;

function numeroONulo(valor: Numero): number | null {
  if (typeof valor === "number") return Number.isFinite(valor) ? valor : null;
  const texto = valor.trim().replace(",", ".");
  if (texto === "") return null;
  const n = Number(texto);
  return Number.isFinite(n) ? n : null;
}

/** The form's starting values: the event being edited, or an empty one. */
export function valoresDeActo(acto: Acto | null): ValoresActo {
  const precios: Record<string, Numero> = {};
  for (const p of acto?.precios ?? []) precios[String(p.idTipoSocio)] = p.precio;
  return {
    nombre: acto?.nombre ?? "",
    idTipoActo: acto?.idTipoActo ? String(acto.idTipoActo) : null,
    fecha: acto?.fecha ?? "",
    hora: acto?.hora ?? "",
    lugar: acto?.lugar ?? "",
    descripcion: acto?.descripcion ?? "",
    descripcionVa: acto?.descripcionVa ?? "",
    fechaMaximaInscripcion: acto?.fechaMaximaInscripcion ?? "",
    aforo: acto?.aforo ?? "",
    // A new event with an aforo has a wait-list unless switched off.
    listaEspera: acto ? acto.listaEspera : true,
    inscripcionAutomatica: acto?.inscripcionAutomatica ?? false,
    sePaga: acto?.sePaga ?? false,
    precios,
    admiteInvitados: (acto?.invitadosMax ?? 0) > 0,
    invitadosMax: acto && acto.invitadosMax > 0 ? acto.invitadosMax : 1,
    precioInvitado: acto?.precioInvitado ?? 0,
    menus: acto?.menus ?? [],
    puntos: acto?.puntos ?? 0,
    esInterno: acto?.esInterno ?? false,
    observaciones: acto?.observaciones ?? "",
  };
}

/**
 * The form's values → the body of POST/PUT /api/actos. Prices only when the event is paid
 * (one row per member type with an amount; the product of an existing row is kept), guests
 * only when allowed; the image is not edited here, so an edit keeps it.
 */
export function cuerpoDeActo(valores: ValoresActo, original: Acto | null): ActoEntrada {
  const productoDe = new Map((original?.precios ?? []).map((p) => [p.idTipoSocio, p.idProducto]));
  const precios = valores.sePaga
    ? Object.entries(valores.precios).flatMap(([idTipo, valor]) => {
        const precio = numeroONulo(valor);
        if (precio === null) return [];
        const idTipoSocio = Number(idTipo);
        return [{ idTipoSocio, idProducto: productoDe.get(idTipoSocio) ?? null, precio }];
      })
    : [];
  const admite = valores.admiteInvitados;
  return {
    nombre: valores.nombre.trim(),
    fecha: valores.fecha,
    hora: valores.hora,
    lugar: valores.lugar.trim(),
    inscripcionAutomatica: valores.inscripcionAutomatica,
    sePaga: valores.sePaga,
    esInterno: valores.esInterno,
    puntos: numeroONulo(valores.puntos) ?? 0,
    observaciones: valores.observaciones.trim(),
    fechaMaximaInscripcion: valores.fechaMaximaInscripcion || null,
    precios,
    idTipoActo: valores.idTipoActo ? Number(valores.idTipoActo) : null,
    descripcion: valores.descripcion.trim(),
    descripcionVa: valores.descripcionVa.trim(),
    imagen: original?.imagen ?? null,
    aforo: numeroONulo(valores.aforo),
    listaEspera: numeroONulo(valores.aforo) !== null && valores.listaEspera,
    invitadosMax: admite ? (numeroONulo(valores.invitadosMax) ?? 0) : 0,
    precioInvitado: admite && valores.sePaga ? (numeroONulo(valores.precioInvitado) ?? 0) : 0,
    menus: valores.menus.map((m) => m.trim()).filter((m) => m !== ""),
    // Turns, payment deadline and tables (issue 50): kept as they were.
    turnos: original?.turnos ?? [],
    plazoPagoHoras: valores.sePaga ? (original?.plazoPagoHoras ?? null) : null,
    plazasPorMesa: original?.plazasPorMesa ?? null,
  };
}
