import type { Acto, ActoEntrada, Turno } from "@fila/domain";

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
  /** Issue 50: seats per table ('' = not seated) and hours to pay ('' = no deadline). */
  plazasPorMesa: Numero;
  plazoPagoHoras: Numero;
  /** Turns before the general opening (`desde` as `YYYY-MM-DDTHH:mm`, Madrid). */
  turnos: TurnoForm[];
  /** The general opening ('' = no turns). */
  aperturaGeneral: string;
};

/** A turn as the form edits it; groups and cargos set elsewhere are kept as they were. */
export type TurnoForm = {
  desde: string;
  tipos: string[];
  antiguedadMinima: Numero;
  grupos?: number[];
  cargos?: number[];
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
  "plazasPorMesa",
  "plazoPagoHoras",
  "turnos",
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
    plazasPorMesa: acto?.plazasPorMesa ?? "",
    plazoPagoHoras: acto?.plazoPagoHoras ?? "",
    turnos: (acto?.turnos ?? []).slice(0, -1).map((t) => ({
      desde: t.desde,
      tipos: (t.tipos ?? []).map(String),
      antiguedadMinima: t.antiguedadMinima ?? "",
      ...(t.grupos ? { grupos: t.grupos } : {}),
      ...(t.cargos ? { cargos: t.cargos } : {}),
    })),
    aperturaGeneral: acto?.turnos.at(-1)?.desde ?? "",
  };
}

/** The form's turns → the event's: each with its filters, then the general opening. */
function turnosDe(valores: ValoresActo): Turno[] {
  if (!valores.aperturaGeneral) return [];
  const previos: Turno[] = valores.turnos
    .filter((t) => t.desde)
    .map((t) => {
      const antiguedad = numeroONulo(t.antiguedadMinima);
      return {
        desde: t.desde,
        ...(t.tipos.length > 0 ? { tipos: t.tipos.map(Number) } : {}),
        ...(antiguedad !== null ? { antiguedadMinima: antiguedad } : {}),
        ...(t.grupos ? { grupos: t.grupos } : {}),
        ...(t.cargos ? { cargos: t.cargos } : {}),
      };
    });
  return [...previos, { desde: valores.aperturaGeneral }];
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
    // Turns, payment deadline and tables (issue 50).
    turnos: turnosDe(valores),
    plazoPagoHoras: valores.sePaga ? numeroONulo(valores.plazoPagoHoras) : null,
    plazasPorMesa: numeroONulo(valores.plazasPorMesa),
  };
}
