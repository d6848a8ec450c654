import {
  type Acompanante,
  aEuros,
  aperturaPara,
  avisoPlazoDebido,
  conceptoInscripcion,
  type Dieta,
  ESTADOS_POR_COBRAR,
  type FamiliarActo,
  formatearFecha,
  formatearFechaHora,
  formatearImporte,
  hayPlazas,
  hoyIso,
  type Idioma,
  type Inscripcion,
  type InscripcionCambio,
  type InscripcionCancelada,
  type InscripcionEntrada,
  importeInscripcion,
  type ListadoInscritos,
  type ListadoInscritosQuery,
  type MiActo,
  type MisActos,
  motivoCierre,
  plazoPagoDesde,
  precioParaTipo,
  type Rechazo,
  rechazoCambioInscripcion,
  rechazoInscripcion,
  type SocioTurno,
  TEXTO_MOTIVO_CIERRE,
  type Turno,
  turnoCerradoHasta,
  turnosMiran,
} from "@fila/domain";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { type Mensaje, mensajeCon } from "../../errors/mensajes.js";
import { CachePorVersion } from "../../lib/cache-por-version.js";
import { diferencias } from "../../services/auditoria.js";
import {
  presentarActo,
  presentarInscripcion,
  totalesDeGrupos,
  totalesInscritos,
} from "./actos.presenter.js";
import type { ActoFila, ActosRepository, PrecioFila } from "./actos.repository.js";
import { type Actor, actoPresentado, esDeSocio } from "./actos.service.js";
import { textoActos } from "./actos.textos.js";
import {
  InscripcionesRepository,
  type InscripcionFila,
  LLENO,
  type NuevaInscripcion,
  type NuevoCargo,
  type SocioInscribible,
} from "./inscripciones.repository.js";
import { MesasRepository } from "./mesas.repository.js";

export const MOTIVO_INSCRIPCION_CANCELADA = "Inscripción cancelada";
/** The annulment of a charge not paid within the event's deadline (issue 50). */
export const MOTIVO_PLAZO_VENCIDO = "Plazo de pago vencido";
/** An online order still unresolved after this long no longer holds its charge's place. */
export const PEDIDO_ONLINE_CADUCA_MS = 60 * 60 * 1000;
/** What reviewing an enrolment's payment deadline did. */
export type ResultadoPlazo = "nada" | "avisada" | "conservada" | "pedido_pendiente" | "caducada";
/** The job acts in nobody's name (audit without user). */
const ACTOR_SISTEMA: Actor = { id: 0, rol: "administrador", socioId: 0 };
/** The rest of a charge paid in parts when the enrolment comes down to what was paid. */
export const MOTIVO_PAGADO_EN_PARTES = "Inscripción ya pagada con lo cobrado en partes";

const conflicto = (m: Mensaje) => new DomainError("conflicto", m);

function esViolacionUnica(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: string }).code === "23505"
  );
}

/** Product of a charge: the one of the member type's price row, or a generic one per event. */
class ProductosDeActo {
  private generico: number | null = null;
  constructor(
    private readonly repo: InscripcionesRepository,
    private readonly acto: ActoFila,
    private readonly precios: PrecioDeTipo[],
  ) {}

  /** The generic product when it is already known (read with the event). */
  conGenerico(id: number | null): this {
    this.generico ??= id;
    return this;
  }

  async para(idTipoSocio: number | null): Promise<number> {
    const propio = this.precios.find((p) => p.idTipoSocio === idTipoSocio)?.fila.id_producto;
    if (propio !== undefined && propio !== null) return propio;
    this.generico ??= await this.repo.productoDeActo(
      this.acto.nombre,
      Number(this.acto.fecha.slice(0, 4)),
    );
    return this.generico;
  }
}

type PrecioDeTipo = { idTipoSocio: number; precioCentimos: number; fila: PrecioFila };
const conPrecio = (filas: PrecioFila[]): PrecioDeTipo[] =>
  filas.map((p) => ({ idTipoSocio: p.id_tipo_socio, precioCentimos: p.precio, fila: p }));

/** Amount (cents) of an enrolment: the member type's price plus the guests; 0 if free. */
const importeDe = (
  acto: ActoFila,
  precios: PrecioDeTipo[],
  idTipoSocio: number | null,
  invitados: number,
) =>
  acto.se_paga
    ? importeInscripcion(precioParaTipo(precios, idTipoSocio), invitados, acto.precio_invitado)
    : 0;

/** A pending charge already in a remittance: it is collected or returned from there. */
const enRemesa = (i: { estado_pago: string | null; id_remesa: number | null }) =>
  i.estado_pago === "pendiente" && i.id_remesa !== null;

const errorDe = (r: Rechazo) =>
  new DomainError(
    r.codigo,
    mensajeCon("dominio.texto", { texto: r.mensaje }),
    r.campo ? [{ campo: r.campo, mensaje: r.mensaje }] : [],
  );

/** Promoting without room: the text by the number of people and of free places (singular or not). */
const SIN_SITIO = {
  una: { una: "actos.sin_sitio_1_persona_1_libre", varias: "actos.sin_sitio_1_persona_n_libres" },
  varias: {
    una: "actos.sin_sitio_n_personas_1_libre",
    varias: "actos.sin_sitio_n_personas_n_libres",
  },
} as const;

/** A waiting enrolment just given a place: told by alert, Web Push and mail after commit. */
/** The notice of a place, with its texts in both languages: each recipient reads theirs. */
export type AvisoPlaza = {
  idsSocio: number[];
  titulo: string;
  mensaje: string;
  tituloVa: string;
  mensajeVa: string;
  enlace: string;
};

export type OpcionesInscripciones = {
  avisarPlaza?: (aviso: AvisoPlaza) => Promise<void>;
  /** The clock of turns and payment deadlines (tests fix it). */
  ahora?: () => Date;
};

/** What a turn looks at of the members of `ids` at `fecha` (seniority; later groups, cargos). */
async function sociosTurno(
  repo: InscripcionesRepository,
  turnos: readonly Turno[],
  socios: readonly { id: number; id_tipo_socio: number | null }[],
  fecha: string,
): Promise<Map<number, SocioTurno>> {
  const mira = turnosMiran(turnos);
  const ids = socios.map((s) => s.id);
  const antiguedades = mira.antiguedad
    ? await repo.antiguedades(ids, fecha)
    : new Map<number, number>();
  // Groups and cargos on the event's date (the structure's `pertenenciasEn`, issue 49).
  const pertenencias = mira.grupos || mira.cargos ? await repo.pertenencias(ids, fecha) : new Map();
  return new Map(
    socios.map((s) => [
      s.id,
      {
        idTipoSocio: s.id_tipo_socio,
        antiguedad: antiguedades.get(s.id) ?? 0,
        grupos: pertenencias.get(s.id)?.idsGrupo ?? [],
        cargos: pertenencias.get(s.id)?.idsCargo ?? [],
      },
    ]),
  );
}

/** Companions: at most the guests, and exactly them at a seated dinner (null = fine). */
function rechazoAcompanantes(
  plazasPorMesa: number | null,
  invitados: number,
  acompanantes: readonly Acompanante[],
): DomainError | null {
  if (acompanantes.length > invitados) {
    return conflicto(mensajeCon("actos.acompanantes_mas_que_invitados", { invitados }));
  }
  if (plazasPorMesa !== null && acompanantes.length !== invitados) {
    return conflicto(mensajeCon("actos.acompanantes_cena_con_mesas", { invitados }));
  }
  return null;
}

type SocioAInscribir = SocioInscribible & {
  invitados: number;
  menu: string;
  alergias: string;
  enEspera?: boolean;
};

/** Members a statement enrols at most (each takes 7 values; PostgreSQL allows 65,535). */
const POR_INSERCION = 2000;

type Promovida = { acto: ActoFila; inscripcion: InscripcionFila; idPagador: number | null };

/**
 * Answers of the member's home kept by the version of the data (ADR 0010 and 0023): one per
 * account and page at most this many, already written as bytes.
 */
const RESPUESTAS_GUARDADAS = 256;

/**
 * Enrolment in events: enrolling (one by one, in batches at a peak, ADR 0029; every member at
 * once when the event enrols automatically), changing and cancelling an enrolment, the wait-list
 * and its promotions, the list of those enrolled and the member's «Mis actos».
 */
export class InscripcionesService {
  private readonly misActos = new CachePorVersion<Buffer>(RESPUESTAS_GUARDADAS);

  constructor(
    private readonly repo: InscripcionesRepository,
    private readonly hoy: () => string = () => hoyIso(),
    private readonly opciones: OpcionesInscripciones = {},
  ) {}

  private ahora(): Date {
    return this.opciones.ahora?.() ?? new Date();
  }

  /** The payment deadline of a charge confirmed now, if the event has one. */
  private plazoDe(acto: ActoFila): Date | null {
    return acto.se_paga && acto.plazo_pago_horas !== null
      ? plazoPagoDesde(this.ahora(), acto.plazo_pago_horas)
      : null;
  }

  /**
   * Of these members, those whose turn is open now (all of them when the event has no turns):
   * automatic enrolment takes only them before the general opening.
   */
  private async conTurnoAbierto<S extends { id: number; id_tipo_socio: number | null }>(
    repo: InscripcionesRepository,
    acto: ActoFila,
    socios: S[],
  ): Promise<S[]> {
    if (acto.turnos.length === 0) return socios;
    const ahora = this.ahora();
    const turnos = await sociosTurno(repo, acto.turnos, socios, acto.fecha);
    return socios.filter(
      (s) => turnoCerradoHasta(acto.turnos, turnos.get(s.id) as SocioTurno, ahora) === null,
    );
  }

  // ── Enrolment ───────────────────────────────────────────────────────────────────────

  /**
   * Enrols members in a locked event and creates their charges, in the caller's transaction, a
   * statement of enrolments and one of charges per POR_INSERCION members (PostgreSQL takes up to
   * 65,535 values a statement). Members already enrolled are skipped. Returns the new enrolments.
   */
  private async inscribirEnActo(
    repo: InscripcionesRepository,
    acto: ActoFila,
    socios: SocioAInscribir[],
  ): Promise<{ id: number; id_socio: number }[]> {
    const precios = conPrecio(await repo.precios([acto.id]));
    const productos = new ProductosDeActo(repo, acto, precios);
    const creadas: { id: number; id_socio: number }[] = [];
    for (let i = 0; i < socios.length; i += POR_INSERCION) {
      const lote = socios.slice(i, i + POR_INSERCION);
      creadas.push(...(await this.inscribirLote(repo, acto, precios, productos, lote)));
    }
    return creadas;
  }

  private async inscribirLote(
    repo: InscripcionesRepository,
    acto: ActoFila,
    precios: PrecioDeTipo[],
    productos: ProductosDeActo,
    socios: SocioAInscribir[],
  ): Promise<{ id: number; id_socio: number }[]> {
    const nuevas: NuevaInscripcion[] = socios.map((s) => ({
      id_socio: s.id,
      invitados: s.invitados,
      menu: s.menu,
      alergias: s.alergias,
      importe: importeDe(acto, precios, s.id_tipo_socio, s.invitados),
      estado: s.enEspera ? "en_espera" : "confirmada",
      plazo_pago:
        !s.enEspera && importeDe(acto, precios, s.id_tipo_socio, s.invitados) > 0
          ? this.plazoDe(acto)
          : null,
    }));
    const creadas = await repo.insertarInscripciones(acto.id, nuevas);
    if (!acto.se_paga || creadas.length === 0) return creadas;

    const porSocio = new Map(socios.map((s) => [s.id, s]));
    const importePorSocio = new Map(nuevas.map((n) => [n.id_socio, n.importe]));
    const cargos: NuevoCargo[] = [];
    for (const { id_socio } of creadas) {
      const socio = porSocio.get(id_socio) as SocioAInscribir;
      const importe = importePorSocio.get(id_socio) ?? 0;
      // Nobody on the wait-list is charged: the charge comes with the place.
      if (importe <= 0 || socio.enEspera) continue;
      cargos.push(await this.nuevoCargo(acto, socio, socio.invitados, importe, productos));
    }
    await repo.crearCargos(acto.id, cargos);
    return creadas;
  }

  /** The charge of an enrolment, to the member's payer, due on the enrolment deadline. */
  private async nuevoCargo(
    acto: ActoFila,
    socio: SocioInscribible,
    invitados: number,
    importe: number,
    productos: ProductosDeActo,
  ): Promise<NuevoCargo> {
    const hoy = this.hoy();
    const vence = acto.fecha_maxima_inscripcion ?? acto.fecha;
    return {
      id_socio: socio.id,
      id_pagador: socio.id_pagador ?? socio.id,
      id_producto: await productos.para(socio.id_tipo_socio),
      anyo: Number(acto.fecha.slice(0, 4)),
      concepto: conceptoInscripcion(acto.nombre, invitados),
      importe,
      fecha_emision: hoy,
      fecha_vencimiento: vence > hoy ? vence : hoy,
    };
  }

  /**
   * Automatic enrolment of every active member (up to the capacity) in an upcoming event; with a
   * wait-list, the rest go on it. In the transaction of the event's `repo` (created, edited or
   * copied).
   */
  async inscribirATodos(eventos: ActosRepository, idActo: number): Promise<void> {
    const repo = eventos.con(InscripcionesRepository);
    const acto = await repo.porId(idActo, true);
    if (!acto?.inscripcion_automatica || acto.cancelado || acto.fecha < this.hoy()) return;
    const libres = acto.aforo === null ? null : Math.max(0, acto.aforo - acto.ocupadas);
    if (libres === 0 && !acto.lista_espera) return;
    // Before the general opening, only the members whose turn is open.
    const todos = await repo.sociosActivos(
      acto.lista_espera || acto.turnos.length > 0 ? null : libres,
    );
    const abiertos = await this.conTurnoAbierto(repo, acto, todos);
    const socios = libres === null || acto.lista_espera ? abiertos : abiertos.slice(0, libres);
    await this.inscribirEnActo(
      repo,
      acto,
      socios.map((s, i) => ({
        ...s,
        invitados: 0,
        menu: "",
        alergias: "",
        enEspera: libres !== null && i >= libres,
      })),
    );
  }

  /**
   * Hook for a member created later: enrols them in every upcoming, non-cancelled event with
   * automatic enrolment that still has room. Called by the members service after creating one.
   */
  async inscribirSocioNuevo(idSocio: number): Promise<number> {
    return this.inscribirSociosNuevos([idSocio]);
  }

  /**
   * The same for many members at once (an import): the events are looked up once, and each
   * event enrols them all in one transaction (one insert of enrolments, one of charges).
   */
  async inscribirSociosNuevos(idsSocio: number[]): Promise<number> {
    const ids = [...new Set(idsSocio)];
    const actos = ids.length > 0 ? await this.repo.actosAutomaticosDesde(this.hoy()) : [];
    let inscrito = 0;
    for (const idActo of actos) inscrito += await this.inscribirNuevosEn(idActo, ids);
    return inscrito;
  }

  /**
   * Enrols new members in one event under its lock, in the order given, as if one by one: each
   * takes a place while one is free, and the rest go on the wait-list if the event has one (else
   * they are left out). Inactive members and those already enrolled are skipped.
   */
  private async inscribirNuevosEn(idActo: number, idsSocio: number[]): Promise<number> {
    return this.repo.transaccion(async (repo) => {
      const acto = await repo.porId(idActo, true);
      if (!acto) return 0;
      const inscritos = new Set(await repo.inscritosEntre(idActo, idsSocio));
      const porId = new Map(
        (await this.conTurnoAbierto(repo, acto, await repo.socios(idsSocio))).map((s) => [s.id, s]),
      );
      let ocupadas = acto.ocupadas;
      const nuevos: SocioAInscribir[] = [];
      for (const id of idsSocio) {
        const socio = porId.get(id);
        if (!socio?.activo || inscritos.has(id)) continue;
        const cabe = hayPlazas(acto.aforo, ocupadas, 1);
        if (!cabe && !acto.lista_espera) continue;
        if (cabe) ocupadas += 1;
        nuevos.push({ ...socio, invitados: 0, menu: "", alergias: "", enEspera: !cabe });
      }
      if (nuevos.length === 0) return 0;
      return (await this.inscribirEnActo(repo, acto, nuevos)).length;
    });
  }

  /** Whether the account may enrol (or cancel for) this member: themself or someone they pay for. */
  private puedeGestionar(actor: Actor, socio: SocioInscribible): boolean {
    if (actor.rol === "administrador") return true;
    if (actor.socioId <= 0) return false;
    return socio.id === actor.socioId || socio.id_pagador === actor.socioId;
  }

  async inscribir(actor: Actor, idActo: number, entrada: InscripcionEntrada) {
    let creada: InscripcionFila | undefined;
    try {
      // Optimistic: check on a plain read, then take the places in one statement that fails if
      // the event filled up or was edited meanwhile; then read again and decide. After a few
      // misses (an event edited over and over), the same under the event's lock.
      for (let intento = 0; intento < 3 && !creada; intento++) {
        creada = await this.intentarInscribir(this.repo, actor, idActo, entrada);
      }
      creada ??= await this.repo.transaccion(async (repo) => {
        const nueva = await this.intentarInscribir(repo, actor, idActo, entrada);
        // Under the lock nothing can change between the check and the insert.
        if (!nueva) throw conflicto("actos.sin_plazas");
        return nueva;
      });
    } catch (error) {
      if (esViolacionUnica(error)) throw conflicto("actos.ya_inscrito");
      throw error;
    }
    return presentarInscripcion(creada);
  }

  /**
   * One attempt at enrolling: every rule is checked on the event as read now (locked when `repo`
   * is inside a transaction), then one statement inserts the enrolment and its charge if the
   * event still has room and is unchanged. Undefined when it was not (try again).
   */
  private async intentarInscribir(
    repo: InscripcionesRepository,
    actor: Actor,
    idActo: number,
    entrada: InscripcionEntrada,
  ): Promise<InscripcionFila | undefined> {
    const esAdministrador = actor.rol === "administrador";
    // One read with all it needs (event, member, prices), so a miss costs one round trip.
    const acto = await repo.paraInscribir(idActo, entrada.idSocio, repo.enTransaccion);
    if (!acto) throw noEncontrado("no_encontrado.acto");
    const { socio } = acto;
    const precios = conPrecio(acto.precios);
    const rechazo = rechazoInscripcion({
      acto: {
        fecha: acto.fecha,
        fechaMaximaInscripcion: acto.fecha_maxima_inscripcion,
        cancelado: acto.cancelado,
        esInterno: acto.es_interno,
        invitadosMax: acto.invitados_max,
        menus: acto.menus,
      },
      hoy: this.hoy(),
      esAdministrador,
      esSocio: esDeSocio(actor),
      invitados: entrada.invitados,
      menu: entrada.menu,
    });
    if (rechazo) throw errorDe(rechazo);
    if (!socio && esAdministrador) throw noEncontrado("no_encontrado.socio");
    if (!socio || !this.puedeGestionar(actor, socio)) {
      throw new DomainError("prohibido", "actos.solo_tu_y_a_quien_pagas");
    }
    if (!socio.activo) throw conflicto("actos.socio_esta_baja");
    // Turns (issue 50): before the member's turn opens, 409 with its time (the board enrols
    // anyone at any time).
    if (!esAdministrador && acto.turnos.length > 0) {
      const turno = (await sociosTurno(repo, acto.turnos, [socio], acto.fecha)).get(socio.id);
      const abre = turnoCerradoHasta(acto.turnos, turno as SocioTurno, this.ahora());
      if (abre)
        throw conflicto(mensajeCon("actos.turno_abre", { cuando: formatearFechaHora(abre) }));
    }
    const malAcompanado = rechazoAcompanantes(
      acto.plazas_por_mesa,
      entrada.invitados,
      entrada.acompanantes,
    );
    if (malAcompanado) throw malAcompanado;
    if (acto.inscrito)
      throw conflicto(mensajeCon("actos.socio_ya_inscrito", { nombre: socio.nombre }));
    // Full: onto the wait-list if the event has one (decided again under the lock).
    if (!acto.lista_espera && !hayPlazas(acto.aforo, acto.ocupadas, 1 + entrada.invitados)) {
      throw conflicto("actos.sin_plazas");
    }
    const importe = importeDe(acto, precios, socio.id_tipo_socio, entrada.invitados);
    let cargo: NuevoCargo | null = null;
    if (acto.se_paga && importe > 0) {
      // The event's generic product, if needed and still missing, is created here (once per
      // event, reused by every later charge), outside any lock.
      const productos = new ProductosDeActo(repo, acto, precios).conGenerico(acto.id_producto_acto);
      cargo = await this.nuevoCargo(acto, socio, entrada.invitados, importe, productos);
    }
    const hecha = await repo.inscribirSiHayPlaza(
      idActo,
      acto.version,
      {
        id_socio: socio.id,
        invitados: entrada.invitados,
        menu: entrada.menu,
        alergias: entrada.alergias,
        importe,
        dietas: entrada.dietas,
        acompanantes: entrada.acompanantes,
        sentar_con: entrada.sentarCon,
        plazo_pago: cargo ? this.plazoDe(acto) : null,
      },
      cargo,
    );
    // Seen full under the event's lock, at the version checked: no point in trying again.
    if (hecha === LLENO) throw conflicto("actos.sin_plazas");
    return hecha;
  }

  private async inscripcionPresentada(idActo: number, id: number): Promise<Inscripcion> {
    const fila = await this.repo.inscripcion(idActo, id);
    if (!fila) throw noEncontrado("no_encontrado.inscripcion");
    return presentarInscripcion(fila);
  }

  /** The message of the answer is in the account's language (`idioma`). */
  async cancelarInscripcion(
    actor: Actor & { idioma?: Idioma },
    idActo: number,
    idInscripcion: number,
  ): Promise<InscripcionCancelada> {
    const esAdministrador = actor.rol === "administrador";
    const { cancelada, promovidas } = await this.repo.transaccion(async (repo) => {
      const acto = await repo.porId(idActo, true);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      const leida = await repo.inscripcion(idActo, idInscripcion);
      if (!leida) throw noEncontrado("no_encontrado.inscripcion");
      const socio = await repo.socio(leida.id_socio);
      if (!socio || !this.puedeGestionar(actor, socio)) throw prohibido();
      let inscripcion = leida;
      // Part of a pending charge may be paid already (a partial payment at the desk, an online
      // payment for less): the paid part is never annulled, and refunding it is the board's.
      // The charge is locked first and the enrolment read again: a payment at the same moment
      // is seen whole here, or waits for this cancellation (and then finds the charge annulled).
      let pagado = 0;
      if (leida.id_pago !== null) {
        pagado = await repo.pagadoEnPartes(leida.id_pago);
        inscripcion = (await repo.inscripcion(idActo, idInscripcion)) ?? leida;
        if (!ESTADOS_POR_COBRAR.some((e) => e === inscripcion.estado_pago)) pagado = 0;
      }
      if (!esAdministrador) {
        const motivo = motivoCierre(
          {
            fecha: acto.fecha,
            fechaMaximaInscripcion: acto.fecha_maxima_inscripcion,
            cancelado: acto.cancelado,
          },
          this.hoy(),
        );
        if (motivo) {
          throw conflicto(mensajeCon("dominio.texto", { texto: TEXTO_MOTIVO_CIERRE[motivo] }));
        }
        if (inscripcion.estado_pago === "pagado") {
          throw conflicto("actos.inscripcion_esta_pagada_para_cancelarla_habla");
        }
        if (enRemesa(inscripcion)) {
          throw conflicto("actos.cargo_inscripcion_esta_remesa_para_cancelarla");
        }
        if (pagado > 0) {
          throw conflicto(
            mensajeCon("actos.inscripcion_pagada_en_parte_para_cancelarla", {
              pagado: formatearImporte(pagado),
            }),
          );
        }
      }
      let cargo: InscripcionCancelada["cargo"] = "sin_cargo";
      if (inscripcion.id_pago !== null) {
        if (await repo.anularCargo(inscripcion.id_pago, MOTIVO_INSCRIPCION_CANCELADA)) {
          // Only what was still owed: the parts paid stay paid, to be refunded by the board.
          cargo = pagado > 0 ? "pagado_en_parte" : "anulado";
        } else if (inscripcion.estado_pago === "pagado") {
          cargo = "pagado";
        } else if (enRemesa(inscripcion)) {
          cargo = "en_remesa";
        }
      }
      await repo.borrarInscripcion(idInscripcion);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "inscripcion",
        idEntidad: idInscripcion,
        accion: "borrar",
        cambios: [
          { campo: "idActo", antes: idActo, despues: null },
          { campo: "idSocio", antes: inscripcion.id_socio, despues: null },
          { campo: "cargo", antes: inscripcion.estado_pago, despues: cargo },
          ...(pagado > 0
            ? [{ campo: "pagadoPorDevolver", antes: null, despues: aEuros(pagado) }]
            : []),
        ],
      });
      // The freed places go to the wait-list in this same transaction.
      const promovidas =
        inscripcion.estado === "confirmada" ? await this.promover(repo, actor, idActo) : [];
      const mensaje = textoActos(
        `cancelada_${cargo}`,
        { pagado: formatearImporte(pagado) },
        actor.idioma,
      );
      return { cancelada: { ok: true as const, cargo, mensaje }, promovidas };
    });
    await this.avisarPlazas(promovidas);
    return cancelada;
  }

  /**
   * Changes menu, allergies or guests of an enrolment (e.g. one made automatically). Same rules
   * as enrolling: owner or payer before the deadline, administrators any time; more guests need
   * free places (checked under the event lock). On a paid event the pending charge follows the
   * new amount less what is paid of it in parts (down to exactly that: the rest is annulled);
   * once paid or in a remittance the guests can no longer change.
   */
  async modificarInscripcion(
    actor: Actor,
    idActo: number,
    idInscripcion: number,
    cambio: InscripcionCambio,
  ): Promise<Inscripcion> {
    const promovidas = await this.repo.transaccion(async (repo): Promise<Promovida[]> => {
      const acto = await repo.porId(idActo, true);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      const ins = await repo.inscripcion(idActo, idInscripcion);
      if (!ins) throw noEncontrado("no_encontrado.inscripcion");
      const socio = await repo.socio(ins.id_socio);
      if (!socio || !this.puedeGestionar(actor, socio)) throw prohibido();
      const rechazo = rechazoCambioInscripcion({
        acto: {
          fecha: acto.fecha,
          fechaMaximaInscripcion: acto.fecha_maxima_inscripcion,
          cancelado: acto.cancelado,
          invitadosMax: acto.invitados_max,
          menus: acto.menus,
        },
        hoy: this.hoy(),
        esAdministrador: actor.rol === "administrador",
        invitados: cambio.invitados,
        menu: cambio.menu,
      });
      if (rechazo) throw errorDe(rechazo);

      const invitados = cambio.invitados ?? ins.invitados;
      const masPersonas = invitados - ins.invitados;
      if (cambio.invitados !== undefined || cambio.acompanantes !== undefined) {
        const mal = rechazoAcompanantes(
          acto.plazas_por_mesa,
          invitados,
          cambio.acompanantes ?? ins.acompanantes,
        );
        if (mal) throw mal;
      }
      // A waiting enrolment takes no place and has no charge: it changes and keeps its place.
      const confirmada = ins.estado === "confirmada";
      if (confirmada && masPersonas > 0) {
        if (!hayPlazas(acto.aforo, acto.ocupadas, masPersonas)) throw conflicto("actos.sin_plazas");
        // Seated at a table (issue 50): the new guests need its seats too (the table locked).
        if (ins.id_mesa !== null && acto.plazas_por_mesa !== null) {
          const mesas = repo.con(MesasRepository);
          await mesas.mesaBloqueada(idActo, { id: ins.id_mesa });
          const ocupadas = await mesas.ocupadas(ins.id_mesa);
          if (ocupadas + masPersonas > acto.plazas_por_mesa) {
            throw conflicto(
              mensajeCon("actos.mesa_completa", {
                plazas: acto.plazas_por_mesa - ocupadas,
                personas: masPersonas,
              }),
            );
          }
        }
      }
      let importe = ins.importe;
      let desenlazarCargo = false;
      let enlazarCargo: number | null = null;
      const idPago = ins.id_pago;
      if (!confirmada && invitados !== ins.invitados) {
        importe = importeDe(
          acto,
          conPrecio(await repo.precios([idActo])),
          socio.id_tipo_socio,
          invitados,
        );
      } else if (acto.se_paga && invitados !== ins.invitados) {
        const precios = conPrecio(await repo.precios([idActo]));
        importe = importeDe(acto, precios, socio.id_tipo_socio, invitados);
        if (idPago !== null) {
          // Part of the charge may be paid already (a partial payment at the desk, an online
          // payment ordered before the guests grew): what stays pending is the new amount less
          // that. Exactly that: nothing is left to pay. Below it, a refund is the board's.
          const pagado = await repo.pagadoEnPartes(idPago);
          const resto = importe - pagado;
          if (pagado > 0 && resto < 0) {
            throw conflicto(
              mensajeCon("actos.invitados_por_debajo_de_lo_pagado", {
                pagado: formatearImporte(pagado),
                importe: formatearImporte(importe),
              }),
            );
          }
          const seguido =
            resto > 0
              ? await repo.actualizarCargoPendiente(
                  idPago,
                  resto,
                  conceptoInscripcion(acto.nombre, invitados),
                )
              : await repo.anularCargo(
                  idPago,
                  pagado > 0 ? MOTIVO_PAGADO_EN_PARTES : MOTIVO_INSCRIPCION_CANCELADA,
                );
          if (!seguido) {
            throw conflicto("actos.cargo_inscripcion_esta_pagado_remesa_para");
          }
          if (pagado > 0 && resto === 0) {
            // The rest is annulled and the enrolment follows the part paid last: it reads
            // `pagado`, and what was paid stays as it was (its receipts, its payment method).
            enlazarCargo = await repo.ultimaPartePagada(idPago);
          }
          desenlazarCargo = importe === 0;
        } else if (importe > 0) {
          const productos = new ProductosDeActo(repo, acto, precios);
          await repo.crearCargos(idActo, [
            await this.nuevoCargo(acto, socio, invitados, importe, productos),
          ]);
        }
      }
      const despues = {
        invitados,
        menu: cambio.menu ?? ins.menu,
        alergias: cambio.alergias ?? ins.alergias,
        importe,
      };
      const cena = {
        dietas: (cambio.dietas ?? ins.dietas) as Dieta[],
        acompanantes: cambio.acompanantes ?? ins.acompanantes,
        sentar_con: cambio.sentarCon ?? ins.sentar_con,
      };
      const cambios = diferencias(
        {
          invitados: ins.invitados,
          menu: ins.menu,
          alergias: ins.alergias,
          importe: ins.importe,
          dietas: JSON.stringify(ins.dietas),
          acompanantes: JSON.stringify(ins.acompanantes),
          sentarCon: JSON.stringify(ins.sentar_con),
        },
        {
          ...despues,
          dietas: JSON.stringify(cena.dietas),
          acompanantes: JSON.stringify(cena.acompanantes),
          sentarCon: JSON.stringify(cena.sentar_con),
        },
      );
      if (cambios.length === 0) return [];
      if (enlazarCargo !== null) {
        cambios.push({ campo: "idPago", antes: idPago, despues: enlazarCargo });
      }
      await repo.actualizarInscripcion(idInscripcion, {
        ...despues,
        ...cena,
        ...(desenlazarCargo ? { id_pago: null } : {}),
        ...(enlazarCargo !== null ? { id_pago: enlazarCargo } : {}),
      });
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "inscripcion",
        idEntidad: idInscripcion,
        accion: "modificar",
        cambios,
      });
      // Fewer guests free places (or let this one fit): the wait-list moves up now.
      return masPersonas < 0 ? this.promover(repo, actor, idActo) : [];
    });
    await this.avisarPlazas(promovidas);
    return this.inscripcionPresentada(idActo, idInscripcion);
  }

  // ── Payment deadline (issue 50) ─────────────────────────────────────────────────────

  /** Enrolments whose deadline notice or lapse is due now (the job goes through them). */
  plazosDebidos(): Promise<number[]> {
    return this.repo.plazosDebidos(this.ahora());
  }

  /**
   * One enrolment's payment deadline now, in the caller's transaction (the job's): the notice an
   * hour before, once; at the deadline, the lapse — its charge annulled, the enrolment deleted
   * and the wait-list promoted — unless the charge was paid (whole or in part: the place is
   * kept) or is in a pending online order (tried again on the next run). Exactly once: the
   * event's row and then the charge are locked (as cancelling and paying at the desk lock them)
   * and the charge is annulled only while still pending. Returns what to tell after the commit.
   */
  async revisarPlazoEn(
    repo: InscripcionesRepository,
    idInscripcion: number,
  ): Promise<{ resultado: ResultadoPlazo; avisar: () => Promise<void> }> {
    const nada = { resultado: "nada" as const, avisar: async () => {} };
    const ahora = this.ahora();
    const idActo = await repo.actoDeInscripcion(idInscripcion);
    if (idActo === undefined) return nada;
    const acto = await repo.porId(idActo, true);
    if (!acto) return nada;
    let ins = await repo.inscripcion(idActo, idInscripcion);
    if (ins?.estado !== "confirmada" || ins.plazo_pago === null) return nada;
    const plazo = new Date(ins.plazo_pago);
    const fila = await repo.avisosPlazo(idInscripcion);
    const debido = avisoPlazoDebido(plazo, ahora, fila);
    if (debido === 0) return nada;
    const aviso = (clave: "plazo" | "caducada") => {
      const inscripcion = ins as InscripcionFila;
      return () =>
        this.avisarPlazo(acto, inscripcion, plazo, clave === "plazo" ? "plazo" : "caducada");
    };
    if (debido === 1) {
      await repo.fijarPlazo(idInscripcion, plazo, 1);
      return { resultado: "avisada", avisar: aviso("plazo") };
    }
    if (ins.id_pago === null) {
      await repo.fijarPlazo(idInscripcion, null);
      return nada;
    }
    // The charge locked: a payment at this moment is seen whole, or waits for this and then
    // finds the charge annulled.
    const idPago = ins.id_pago;
    const pagado = await repo.pagadoEnPartes(idPago);
    ins = (await repo.inscripcion(idActo, idInscripcion)) ?? ins;
    if (ins.estado_pago !== "pendiente" || pagado > 0 || ins.id_remesa !== null) {
      // Paid (whole or in part) or already being collected: the place is kept.
      await repo.fijarPlazo(idInscripcion, null, 2);
      return { resultado: "conservada", avisar: async () => {} };
    }
    if (await repo.enPedidoOnlinePendiente(idPago, ahora, PEDIDO_ONLINE_CADUCA_MS)) {
      return { resultado: "pedido_pendiente", avisar: async () => {} };
    }
    if (!(await repo.anularCargo(idPago, MOTIVO_PLAZO_VENCIDO))) return nada;
    await repo.borrarInscripcion(idInscripcion);
    await repo.auditar({
      idUsuario: null,
      entidad: "inscripcion",
      idEntidad: idInscripcion,
      accion: "caducar",
      cambios: [
        { campo: "idActo", antes: idActo, despues: null },
        { campo: "idSocio", antes: ins.id_socio, despues: null },
        { campo: "plazoPago", antes: plazo.toISOString(), despues: null },
        { campo: "cargo", antes: "pendiente", despues: "anulado" },
      ],
    });
    const promovidas = await this.promover(repo, ACTOR_SISTEMA, idActo);
    const avisarCaducada = aviso("caducada");
    return {
      resultado: "caducada",
      avisar: async () => {
        await avisarCaducada();
        await this.avisarPlazas(promovidas);
      },
    };
  }

  /** The deadline's notice to the member and whoever pays for them, in their language. */
  private async avisarPlazo(
    acto: ActoFila,
    ins: InscripcionFila,
    plazo: Date,
    clave: "plazo" | "caducada",
  ): Promise<void> {
    const avisar = this.opciones.avisarPlaza;
    if (!avisar) return;
    const socio = await this.repo.socio(ins.id_socio);
    const idPagador = socio?.id_pagador ?? null;
    const valores = {
      acto: acto.nombre,
      socio: `${ins.nombre} ${ins.apellidos}`.trim(),
      plazo: formatearFechaHora(plazo),
      hora: formatearFechaHora(plazo).slice(11),
    };
    const [t, m] =
      clave === "plazo"
        ? (["plazoTitulo", "plazoMensaje"] as const)
        : (["caducadaTitulo", "caducadaMensaje"] as const);
    await avisar({
      idsSocio: idPagador === null ? [ins.id_socio] : [ins.id_socio, idPagador],
      titulo: textoActos(t, valores),
      mensaje: textoActos(m, valores),
      tituloVa: textoActos(t, valores, "va"),
      mensajeVa: textoActos(m, valores, "va"),
      enlace: clave === "plazo" ? "/mispagos" : "/misactos",
    });
  }

  /** The board moves one enrolment's payment deadline, later or earlier, but not before now. */
  async moverPlazo(
    actor: Actor,
    idActo: number,
    idInscripcion: number,
    plazoPago: string,
  ): Promise<Inscripcion> {
    const nuevo = new Date(plazoPago);
    if (nuevo.getTime() < this.ahora().getTime()) {
      throw conflicto("actos.plazo_pago_antes_de_ahora");
    }
    await this.repo.transaccion(async (repo) => {
      const ins = await repo.inscripcion(idActo, idInscripcion);
      if (!ins) throw noEncontrado("no_encontrado.inscripcion");
      if (ins.plazo_pago === null) throw conflicto("actos.inscripcion_sin_plazo_pago");
      // Moved later than an hour away, the notice an hour before is due again.
      const avisos = nuevo.getTime() - this.ahora().getTime() > 3_600_000 ? 0 : 1;
      await repo.fijarPlazo(idInscripcion, nuevo, avisos);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "inscripcion",
        idEntidad: idInscripcion,
        accion: "plazo_pago",
        cambios: [
          {
            campo: "plazoPago",
            antes: new Date(ins.plazo_pago).toISOString(),
            despues: nuevo.toISOString(),
          },
        ],
      });
    });
    return this.inscripcionPresentada(idActo, idInscripcion);
  }

  // ── Wait-list ───────────────────────────────────────────────────────────────────────

  /**
   * Gives the free places of a locked event to its wait-list, in arrival order: each waiting
   * enrolment whose people fit is promoted (a larger party that does not fit does not block a
   * smaller one behind it), until nobody else fits. Only while the event takes enrolments (not
   * after its deadline, nor cancelled): later only the board promotes, by hand.
   */
  private async promover(repo: InscripcionesRepository, actor: Actor, idActo: number) {
    const acto = await repo.porId(idActo, true);
    if (!acto || acto.en_espera === 0) return [];
    const cierre = motivoCierre(
      {
        fecha: acto.fecha,
        fechaMaximaInscripcion: acto.fecha_maxima_inscripcion,
        cancelado: acto.cancelado,
      },
      this.hoy(),
    );
    if (cierre) return [];
    let libres = acto.aforo === null ? Number.POSITIVE_INFINITY : acto.aforo - acto.ocupadas;
    const promovidas: Promovida[] = [];
    if (libres <= 0) return promovidas;
    const precios = conPrecio(await repo.precios([idActo]));
    const productos = new ProductosDeActo(repo, acto, precios);
    for (const inscripcion of await repo.enEspera(idActo)) {
      const personas = 1 + inscripcion.invitados;
      if (personas > libres) continue;
      promovidas.push(await this.darPlaza(repo, actor, acto, inscripcion, precios, productos));
      libres -= personas;
      if (libres <= 0) break;
    }
    return promovidas;
  }

  /** Confirms a waiting enrolment and creates its charge, as a direct enrolment would. */
  private async darPlaza(
    repo: InscripcionesRepository,
    actor: Actor,
    acto: ActoFila,
    inscripcion: InscripcionFila,
    precios: PrecioDeTipo[],
    productos: ProductosDeActo,
  ): Promise<Promovida> {
    const socio = await repo.socio(inscripcion.id_socio);
    const importe = importeDe(acto, precios, inscripcion.id_tipo_socio, inscripcion.invitados);
    const conCargo = !!socio && acto.se_paga && importe > 0;
    await repo.confirmar(inscripcion.id, importe, conCargo ? this.plazoDe(acto) : null);
    if (socio && acto.se_paga && importe > 0) {
      await repo.crearCargos(acto.id, [
        await this.nuevoCargo(acto, socio, inscripcion.invitados, importe, productos),
      ]);
    }
    await repo.auditar({
      idUsuario: actor.id > 0 ? actor.id : null,
      entidad: "inscripcion",
      idEntidad: inscripcion.id,
      accion: "promocion",
      cambios: [{ campo: "estado", antes: "en_espera", despues: "confirmada" }],
    });
    return { acto, inscripcion, idPagador: socio?.id_pagador ?? null };
  }

  /**
   * For another transaction that freed places (an event edited, a member deleted with their
   * enrolments): the events' wait-lists move up in it (events in id order, as the triggers lock
   * them); the function returned tells the promoted, to call after the commit.
   */
  async promoverEn(
    eventos: ActosRepository,
    actor: Actor,
    idsActo: number[],
  ): Promise<() => Promise<void>> {
    const repo = eventos.con(InscripcionesRepository);
    const promovidas: Promovida[] = [];
    for (const idActo of [...new Set(idsActo)].sort((a, b) => a - b)) {
      promovidas.push(...(await this.promover(repo, actor, idActo)));
    }
    return () => this.avisarPlazas(promovidas);
  }

  /**
   * The board gives a waiting enrolment its place by hand, at any time (also after the
   * deadline), if the event has room for its people.
   */
  async promocion(actor: Actor, idActo: number, idInscripcion: number): Promise<Inscripcion> {
    const promovida = await this.repo.transaccion(async (repo) => {
      const acto = await repo.porId(idActo, true);
      if (!acto) throw noEncontrado("no_encontrado.acto");
      const inscripcion = await repo.inscripcion(idActo, idInscripcion);
      if (!inscripcion) throw noEncontrado("no_encontrado.inscripcion");
      if (inscripcion.estado === "confirmada") throw conflicto("actos.inscripcion_ya_tiene_plaza");
      const personas = 1 + inscripcion.invitados;
      if (!hayPlazas(acto.aforo, acto.ocupadas, personas)) {
        const libres = Math.max(0, (acto.aforo ?? 0) - acto.ocupadas);
        const clave = SIN_SITIO[personas === 1 ? "una" : "varias"][libres === 1 ? "una" : "varias"];
        throw conflicto(mensajeCon(clave, { personas, libres }));
      }
      const precios = conPrecio(await repo.precios([idActo]));
      const productos = new ProductosDeActo(repo, acto, precios);
      return this.darPlaza(repo, actor, acto, inscripcion, precios, productos);
    });
    await this.avisarPlazas([promovida]);
    return this.inscripcionPresentada(idActo, idInscripcion);
  }

  /** Tells each promoted member (and whoever pays for them) that they have a place. */
  private async avisarPlazas(promovidas: Promovida[]): Promise<void> {
    const avisar = this.opciones.avisarPlaza;
    if (!avisar) return;
    for (const { acto, inscripcion, idPagador } of promovidas) {
      const valores = {
        acto: acto.nombre,
        fecha: formatearFecha(acto.fecha),
        socio: `${inscripcion.nombre} ${inscripcion.apellidos}`.trim(),
      };
      await avisar({
        idsSocio: idPagador === null ? [inscripcion.id_socio] : [inscripcion.id_socio, idPagador],
        titulo: textoActos("plazaTitulo", valores),
        mensaje: textoActos("plazaMensaje", valores),
        tituloVa: textoActos("plazaTitulo", valores, "va"),
        mensajeVa: textoActos("plazaMensaje", valores, "va"),
        enlace: "/misactos",
      });
    }
  }

  logoAsociacion(): Promise<Uint8Array | null> {
    return this.repo.logoAsociacion();
  }

  /**
   * The enrolled list: whole without a page nor filters (the exports, older clients), or one page
   * of those that match with the event's totals added up in SQL (issue 51: the board's page asks
   * pages, and its cost no longer grows with the event).
   */
  async listado(idActo: number, consulta: ListadoInscritosQuery = {}): Promise<ListadoInscritos> {
    const { page, pageSize, q, estado } = consulta;
    if (page !== undefined || pageSize !== undefined || q || estado) {
      const pagina = { page: page ?? 1, pageSize: pageSize ?? 50 };
      const [acto, { filas, total }, grupos] = await Promise.all([
        actoPresentado(this.repo, idActo),
        this.repo.paginaDeInscritos(idActo, { ...pagina, q, estado }),
        this.repo.gruposDeTotales(idActo),
      ]);
      return {
        acto,
        items: filas.map(presentarInscripcion),
        total,
        ...pagina,
        totales: totalesDeGrupos(grupos),
      };
    }
    const acto = await actoPresentado(this.repo, idActo);
    const filas = await this.repo.inscripcionesDe(idActo);
    return {
      acto,
      items: filas.map(presentarInscripcion),
      total: filas.length,
      totales: totalesInscritos(filas),
    };
  }

  /**
   * `mios` written by `escribir`, kept for `version` of the data (read with the session): until
   * anything it reads changes, the same account asking the same page the same day gets the same
   * bytes without a query.
   */
  async miosEscrito(
    actor: Actor,
    page: number,
    pageSize: number,
    version: string,
    escribir: (mios: MisActos) => Buffer,
  ): Promise<Buffer> {
    const clave = [this.hoy(), actor.socioId, esDeSocio(actor), page, pageSize].join("|");
    return this.misActos.obtener(version, clave, async () => {
      const guardable = await this.repo.versionDatosQuieta();
      return { valor: escribir(await this.mios(actor, page, pageSize)), guardable };
    });
  }

  /** Upcoming events I can see, with me and every member I pay for, enrolled or not. */
  async mios(actor: Actor, page: number, pageSize: number): Promise<MisActos> {
    // Without a linked member there is nobody to enrol: nothing to show, whatever the role.
    if (actor.socioId <= 0) return { items: [], total: 0, page, pageSize };
    const hoy = this.hoy();
    const [{ filas, total }, familia] = await Promise.all([
      this.repo.listar({
        desde: hoy,
        orden: { columna: "fecha", desc: false },
        page,
        pageSize,
        soloVisibles: { incluirInternos: esDeSocio(actor) },
      }),
      this.repo.familia(actor.socioId),
    ]);
    const ids = filas.map((f) => f.id);
    const [precios, inscripciones] = await Promise.all([
      this.repo.precios(ids),
      this.repo.inscripcionesDeSocios(
        ids,
        familia.map((s) => s.id),
      ),
    ]);
    // Each member's turn: data (an instant), not «open/closed», as the answer is kept all day.
    const turnosPorActo = new Map<number, Map<number, SocioTurno>>();
    for (const fila of filas) {
      if (fila.turnos.length === 0) continue;
      turnosPorActo.set(fila.id, await sociosTurno(this.repo, fila.turnos, familia, fila.fecha));
    }
    const items: MiActo[] = filas.map((fila) => {
      const acto = presentarActo(fila, precios);
      const preciosActo = precios
        .filter((p) => p.id_acto === fila.id)
        .map((p) => ({ idTipoSocio: p.id_tipo_socio, precioCentimos: p.precio }));
      const miembros: FamiliarActo[] = familia.map((s) => {
        const ins = inscripciones.find((x) => x.id_acto === fila.id && x.id_socio === s.id);
        return {
          idSocio: s.id,
          nombre: s.nombre,
          apellidos: s.apellidos,
          esYo: s.id === actor.socioId,
          inscrito: !!ins,
          idInscripcion: ins?.id ?? null,
          precio: fila.se_paga ? aEuros(precioParaTipo(preciosActo, s.id_tipo_socio)) : 0,
          invitados: ins?.invitados ?? 0,
          menu: ins?.menu ?? "",
          alergias: ins?.alergias ?? "",
          importe: aEuros(ins?.importe ?? 0),
          idPago: ins?.id_pago ?? null,
          estadoPago: ins?.estado_pago ?? null,
          estado: ins?.estado ?? null,
          puestoEspera: ins?.puesto_espera ?? null,
          dietas: ins?.dietas ?? [],
          acompanantes: ins?.acompanantes ?? [],
          plazoPago: ins?.plazo_pago ? new Date(ins.plazo_pago).toISOString() : null,
          turno: aperturaPara(
            fila.turnos,
            turnosPorActo.get(fila.id)?.get(s.id) ?? {
              idTipoSocio: s.id_tipo_socio,
              antiguedad: 0,
            },
          ),
          mesa:
            ins?.id_mesa != null && ins.mesa_numero !== null && ins.mesa_codigo !== null
              ? { id: ins.id_mesa, numero: ins.mesa_numero, codigo: ins.mesa_codigo }
              : null,
        };
      });
      const motivo = motivoCierre(
        {
          fecha: fila.fecha,
          fechaMaximaInscripcion: fila.fecha_maxima_inscripcion,
          cancelado: fila.cancelado,
        },
        hoy,
      );
      return { ...acto, abierta: motivo === null, motivoCierre: motivo, familia: miembros };
    });
    return { items, total, page, pageSize };
  }
}
