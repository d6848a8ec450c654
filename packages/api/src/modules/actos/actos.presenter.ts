import {
  type Acto,
  aEuros,
  type Inscripcion,
  plazasLibres,
  type TotalesInscritos,
} from "@fila/domain";
import type { ActoFila, PrecioFila } from "./actos.repository.js";
import type { GrupoTotales, InscripcionFila } from "./inscripciones.repository.js";

/**
 * An event as the API shows it (euros, SPEC §3 names). Places taken are the event's own counter
 * (`acto.ocupadas`: members plus guests, kept by the triggers on `inscripcion`, migration 0010).
 */
export function presentarActo(fila: ActoFila, precios: PrecioFila[]): Acto {
  return {
    id: fila.id,
    nombre: fila.nombre,
    fecha: fila.fecha,
    hora: fila.hora,
    lugar: fila.lugar,
    inscripcionAutomatica: fila.inscripcion_automatica,
    sePaga: fila.se_paga,
    esInterno: fila.es_interno,
    puntos: fila.puntos,
    observaciones: fila.observaciones,
    fechaMaximaInscripcion: fila.fecha_maxima_inscripcion,
    precios: precios
      .filter((p) => p.id_acto === fila.id)
      .map((p) => ({
        id: p.id,
        idTipoSocio: p.id_tipo_socio,
        idProducto: p.id_producto,
        idActo: p.id_acto,
        precio: aEuros(p.precio),
      })),
    numInscritos: fila.ocupadas,
    idTipoActo: fila.id_tipo_acto,
    descripcion: fila.descripcion,
    descripcionVa: fila.descripcion_va,
    imagen: fila.imagen,
    aforo: fila.aforo,
    invitadosMax: fila.invitados_max,
    precioInvitado: aEuros(fila.precio_invitado),
    menus: fila.menus,
    cancelado: fila.cancelado,
    plazasLibres: plazasLibres(fila.aforo, fila.ocupadas),
    listaEspera: fila.lista_espera,
    numEnEspera: fila.en_espera,
    turnos: fila.turnos,
    plazoPagoHoras: fila.plazo_pago_horas,
    plazasPorMesa: fila.plazas_por_mesa,
  };
}

export function presentarInscripcion(f: InscripcionFila): Inscripcion {
  return {
    id: f.id,
    idActo: f.id_acto,
    idSocio: f.id_socio,
    socio: {
      nombre: f.nombre,
      apellidos: f.apellidos,
      tipo:
        f.id_tipo_socio !== null && f.tipo_nombre !== null
          ? { id: f.id_tipo_socio, nombre: f.tipo_nombre, color: f.tipo_color ?? "" }
          : null,
    },
    invitados: f.invitados,
    menu: f.menu,
    alergias: f.alergias,
    importe: aEuros(f.importe),
    asistio: f.asistio,
    idPago: f.id_pago,
    estadoPago: f.estado_pago,
    estado: f.estado,
    puestoEspera: f.puesto_espera,
    dietas: f.dietas,
    acompanantes: f.acompanantes,
    sentarCon: f.sentar_con,
    plazoPago: f.plazo_pago ? new Date(f.plazo_pago).toISOString() : null,
    idMesa: f.id_mesa,
    mesa: f.mesa_numero,
  };
}

/**
 * Totals of the enrolled list: people, guests, amount, per menu and per member type; only the
 * confirmed enrolments (the wait-list takes no place).
 */
export function totalesInscritos(todas: InscripcionFila[]): TotalesInscritos {
  return totalesDeGrupos(
    todas
      .filter((f) => f.estado === "confirmada")
      .map((f) => ({
        menu: f.menu,
        id_tipo_socio: f.id_tipo_socio,
        tipo_nombre: f.tipo_nombre,
        tipo_color: f.tipo_color,
        socios: 1,
        invitados: f.invitados,
        importe: f.importe,
      })),
  );
}

/** The listing's totals from the confirmed enrolments added up by menu and type (any grouping). */
export function totalesDeGrupos(grupos: GrupoTotales[]): TotalesInscritos {
  const porMenu = new Map<string, number>();
  const porTipo = new Map<
    number | null,
    { idTipoSocio: number | null; nombre: string; color: string; socios: number; invitados: number }
  >();
  let socios = 0;
  let invitados = 0;
  let importe = 0;
  for (const g of grupos) {
    socios += g.socios;
    invitados += g.invitados;
    importe += g.importe;
    porMenu.set(g.menu, (porMenu.get(g.menu) ?? 0) + g.socios + g.invitados);
    const tipo = porTipo.get(g.id_tipo_socio) ?? {
      idTipoSocio: g.id_tipo_socio,
      nombre: g.tipo_nombre ?? "Sin tipo",
      color: g.tipo_color ?? "",
      socios: 0,
      invitados: 0,
    };
    tipo.socios += g.socios;
    tipo.invitados += g.invitados;
    porTipo.set(g.id_tipo_socio, tipo);
  }
  const orden = (a: string, b: string) => a.localeCompare(b, "es");
  return {
    personas: socios + invitados,
    socios,
    invitados,
    importe: aEuros(importe),
    porMenu: [...porMenu]
      .map(([menu, personas]) => ({ menu, personas }))
      .sort((a, b) => orden(a.menu, b.menu)),
    porTipoSocio: [...porTipo.values()].sort((a, b) => orden(a.nombre, b.nombre)),
  };
}
