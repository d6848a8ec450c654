import {
  type AnulacionEntrada,
  type AsignacionTalonario,
  aCentimos,
  aEuros,
  anularSeries,
  comprobarCupo,
  conceptoLiquidacion,
  type ExportLoteriasQuery,
  type ExportParticipacionesQuery,
  type ExportTalonariosQuery,
  formatearFecha,
  hoyIso,
  type Idioma,
  type Liquidacion,
  type LiquidacionEntrada,
  type ListaLoterias,
  type ListaLoteriasQuery,
  type ListaParticipaciones,
  type ListaParticipacionesQuery,
  type ListaTalonarios,
  type ListaTalonariosQuery,
  type Loteria,
  type LoteriaEntrada,
  liquidacionCompleta,
  liquidarTalonario,
  loteriaEnCentimos,
  type MisTalonarios,
  type MisTalonariosQuery,
  type PagoPremio,
  type Participacion,
  type ParticipacionDigitalEntrada,
  type PremiosEntrada,
  plazoDevolucionAbierto,
  problemasLoteria,
  type Rechazo,
  rechazoCambioLoteria,
  rechazoPremios,
  siguienteSerieDigital,
  siguientesTalonarios,
  type Talonario,
  type TalonariosEntrada,
  type VerificacionParticipacion,
} from "@fila/domain";
import type { Transaction } from "kysely";
import type { DB, LiquidadoPor } from "../../db/schema.js";
import { DomainError, noEncontrado, prohibido } from "../../errors/domain-error.js";
import { type ClaveMensaje, mensajeCon } from "../../errors/mensajes.js";
import type { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import type { FicheroDescarga } from "../../plugins/descargas.js";
import { diferencias } from "../../services/auditoria.js";
import type { MailService } from "../../services/mail.js";
import type { Actor } from "../actos/actos.service.js";
import { PagosRepository } from "../pagos/pagos.repository.js";
import {
  exportarLoterias,
  exportarParticipaciones,
  exportarTalonarios,
} from "./loterias.exportar.js";
import { type Depositaria, pdfParticipaciones } from "./loterias.pdf.js";
import {
  enCentimos,
  premioDe,
  presentarLoteria,
  presentarParticipacion,
  presentarTalonario,
} from "./loterias.presenter.js";
import type {
  DatosLoteria,
  LoteriaFila,
  LoteriasRepository,
  TalonarioFila,
} from "./loterias.repository.js";

/** Purpose of the signature of a participation's code: valid for nothing else. */
const PROPOSITO = "loteria-participacion";
const FORMA_CODIGO = /^p1:(\d{1,10}):(\d{1,10})$/;
const ENTERO_MAX = 2_147_483_647;

/** A prize paid out, for whoever listens (the treasury). Cents. */
export type PremioPagado = {
  idLoteria: number;
  idParticipacion: number;
  serie: number;
  brutoCentimos: number;
  retencionCentimos: number;
  netoCentimos: number;
  idUsuario: number;
  fecha: Date;
};

/** What other modules may hook on the lottery. */
export type OyentesLoteria = {
  /**
   * Called inside the payout's transaction, after it is recorded: an error undoes the payout.
   * The treasury module records the cash going out here.
   */
  alPagarPremio?: (premio: PremioPagado, trx: Transaction<DB>) => Promise<void>;
};

export type OpcionesLoterias = {
  clave: ClaveInstalacion;
  mail?: MailService;
  publicUrl: string;
  oyentes?: OyentesLoteria;
  /** Today (`YYYY-MM-DD`); tests move it. */
  hoy?: () => string;
};

type ActorIdioma = Actor & { idioma?: Idioma };

const errorDe = (r: Rechazo) =>
  new DomainError(
    r.codigo,
    mensajeCon("dominio.texto", { texto: r.mensaje }),
    r.campo ? [{ campo: r.campo, mensaje: r.mensaje }] : [],
  );
const conflicto = (m: ClaveMensaje) => new DomainError("conflicto", m);
const noHayLoteria = () => noEncontrado("no_encontrado.loteria");
const noHayTalonario = () => noEncontrado("no_encontrado.talonario");
const noHayParticipacion = () => noEncontrado("no_encontrado.participacion");
const plazoTerminado = (l: LoteriaFila) =>
  errorDe({
    codigo: "conflicto",
    mensaje: `El plazo de devolución terminó el ${formatearFecha(l.fecha_limite_devolucion)}`,
  });

const esJunta = (actor: Pick<Actor, "rol">) => actor.rol === "administrador";

/** The talonario is the member's or of someone they pay for. */
const esSuyo = (actor: Actor, t: TalonarioFila) =>
  actor.socioId > 0 &&
  t.id_socio !== null &&
  (t.id_socio === actor.socioId || t.id_pagador === actor.socioId);

function aDatos(entrada: LoteriaEntrada): DatosLoteria {
  return {
    nombre: entrada.nombre,
    sorteo: entrada.sorteo,
    fecha_sorteo: entrada.fechaSorteo,
    fecha_limite_devolucion: entrada.fechaLimiteDevolucion,
    precio_decimo: aCentimos(entrada.precioDecimo),
    importe_jugado: aCentimos(entrada.importeJugado),
    donativo: aCentimos(entrada.donativo),
    autorizacion_recargo: entrada.autorizacionRecargo,
    numeros: entrada.numeros.map((n) => ({ numero: n.numero, decimos: n.decimos })),
  };
}

/** The entry as it was given, for the audit (euros). */
function aEntrada(f: LoteriaFila): Record<string, unknown> {
  return {
    nombre: f.nombre,
    sorteo: f.sorteo,
    fechaSorteo: f.fecha_sorteo,
    fechaLimiteDevolucion: f.fecha_limite_devolucion,
    precioDecimo: aEuros(f.precio_decimo),
    numeros: f.numeros.map((n) => ({ numero: n.numero, decimos: n.decimos })),
    importeJugado: aEuros(f.importe_jugado),
    donativo: aEuros(f.donativo),
    autorizacionRecargo: f.autorizacion_recargo,
  };
}

const talonarioDeReglas = (
  t: TalonarioFila,
  series: { anuladas: number[]; digitales: number[] },
) => ({
  serieDesde: t.serie_desde,
  serieHasta: t.serie_hasta,
  anuladas: series.anuladas,
  digitales: series.digitales,
  liquidado: t.liquidado_en !== null,
});

/**
 * Records a settlement: the charge on the holder (or their payer) of the lottery's product, due
 * on the deadline, the talonario settled and its returned serials freed; audited. A board-kept
 * talonario makes no charge (the board holds the money). False when it was settled already.
 */
async function registrarLiquidacion(
  repo: LoteriasRepository,
  l: LoteriaFila,
  t: TalonarioFila,
  liquidacion: Liquidacion,
  por: LiquidadoPor,
  idUsuario: number | null,
  hoy: string,
): Promise<boolean> {
  let idPago: number | null = null;
  if (t.id_socio !== null && liquidacion.totalCentimos > 0) {
    const pagos = new PagosRepository(repo.db);
    const concepto = conceptoLiquidacion(
      l.nombre,
      { serieDesde: t.serie_desde, serieHasta: t.serie_hasta },
      liquidacion,
    );
    idPago = await pagos.insertar({
      idSocio: t.id_socio,
      idPagador: t.id_pagador ?? t.id_socio,
      idProducto: l.id_producto,
      anyo: Number(l.fecha_sorteo.slice(0, 4)),
      concepto,
      importe: liquidacion.totalCentimos,
      fechaEmision: hoy,
      fechaVencimiento: l.fecha_limite_devolucion,
      plazo: 1,
      plazos: 1,
      claveEmision: null,
    });
    await pagos.auditar({
      idUsuario,
      idEntidad: idPago,
      accion: "crear",
      cambios: [
        { campo: "concepto", antes: null, despues: concepto },
        { campo: "importe", antes: null, despues: aEuros(liquidacion.totalCentimos) },
        { campo: "liquidacionTalonario", antes: null, despues: t.id },
      ],
    });
  }
  const hecho = await repo.liquidar(t.id, {
    por,
    vendidas: liquidacion.vendidas.length,
    devueltas: liquidacion.devueltas,
    importeJugado: liquidacion.importeJugadoCentimos,
    donativo: liquidacion.donativoCentimos,
    idPago,
  });
  if (!hecho) return false;
  await repo.auditar({
    idUsuario,
    entidad: "loteria_talonario",
    idEntidad: t.id,
    accion: "liquidar",
    cambios: [
      { campo: "liquidadoPor", antes: null, despues: por },
      { campo: "vendidas", antes: null, despues: liquidacion.vendidas.length },
      { campo: "devueltas", antes: null, despues: liquidacion.devueltas },
      { campo: "total", antes: null, despues: aEuros(liquidacion.totalCentimos) },
      { campo: "idPago", antes: null, despues: idPago },
    ],
  });
  return true;
}

/**
 * The deadline's settlement of one lottery (the job `loterias.liquidar`): every unsettled
 * talonario as fully sold (but its annulled serials), with its charge; once: the lottery's row
 * is locked and marked, so a second run (another instance, a restart) settles nothing.
 * Returns how many talonarios it settled.
 */
export async function liquidarVencida(
  repo: LoteriasRepository,
  idLoteria: number,
  hoy: string,
): Promise<{ talonarios: number }> {
  const l = await repo.loteria(idLoteria, true);
  if (!l || l.liquidacion_automatica_en !== null || plazoDevolucionAbierto(enCentimos(l), hoy)) {
    return { talonarios: 0 };
  }
  let n = 0;
  for (const t of await repo.pendientes(idLoteria)) {
    const series = await repo.seriesTalonario(t.id);
    const liquidacion = liquidacionCompleta(enCentimos(l), talonarioDeReglas(t, series));
    if (await registrarLiquidacion(repo, l, t, liquidacion, "trabajo", null, hoy)) n += 1;
  }
  await repo.marcarLiquidacionAutomatica(idLoteria);
  await repo.auditar({
    idUsuario: null,
    entidad: "loteria",
    idEntidad: idLoteria,
    accion: "liquidacion_automatica",
    cambios: [{ campo: "talonarios", antes: null, despues: n }],
  });
  return { talonarios: n };
}

export class LoteriasService {
  private readonly hoy: () => string;

  constructor(
    private readonly repo: LoteriasRepository,
    private readonly opciones: OpcionesLoterias,
  ) {
    this.hoy = opciones.hoy ?? hoyIso;
  }

  // --- Codes -------------------------------------------------------------------------------

  codigo(idLoteria: number, serie: number): string {
    return this.opciones.clave.firmar(PROPOSITO, `p1:${idLoteria}:${serie}`);
  }

  /** The lottery and serial a code names; null for a forged, altered or malformed code. */
  private leerCodigo(codigo: string): { idLoteria: number; serie: number } | null {
    const datos = this.opciones.clave.verificar(PROPOSITO, codigo);
    const m = datos ? FORMA_CODIGO.exec(datos) : null;
    if (!m) return null;
    const idLoteria = Number(m[1]);
    const serie = Number(m[2]);
    if (idLoteria > ENTERO_MAX || serie > ENTERO_MAX) return null;
    return { idLoteria, serie };
  }

  private urlVerificacion(codigo: string): string {
    return `${this.opciones.publicUrl.replace(/\/$/, "")}/#/participacion/${codigo}`;
  }

  // --- The lottery ------------------------------------------------------------------------

  private async presentar(filas: LoteriaFila[]): Promise<Loteria[]> {
    const recuentos = await this.repo.recuentos(filas.map((f) => f.id));
    const hoy = this.hoy();
    return filas.map((f) => {
      const r = recuentos.get(f.id);
      if (!r) throw new Error(`Sin recuento de la lotería ${f.id}`);
      return presentarLoteria(f, r, hoy);
    });
  }

  async listar(query: ListaLoteriasQuery): Promise<ListaLoterias> {
    const { items, total } = await this.repo.listar(query);
    return {
      items: await this.presentar(items),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Every lottery `q` finds, with its counters, as a file (the list's columns and figures). */
  async exportar(query: ExportLoteriasQuery, idioma: Idioma = "es"): Promise<FicheroDescarga> {
    const { items } = await this.repo.listar({ q: query.q });
    return exportarLoterias(await this.presentar(items), query.formato, idioma);
  }

  async obtener(id: number): Promise<Loteria> {
    const fila = await this.repo.loteria(id);
    if (!fila) throw noHayLoteria();
    const [loteria] = await this.presentar([fila]);
    if (!loteria) throw noHayLoteria();
    return loteria;
  }

  /**
   * Creates the lottery and its product (type `loteria`, price 0, no per-type prices, of the
   * draw's year). A product of that name and year is reused only when it is a lottery product
   * nobody charges nor links; any other is a 409.
   */
  async crear(actor: Actor, entrada: LoteriaEntrada): Promise<Loteria> {
    const datos = aDatos(entrada);
    const anyo = Number(entrada.fechaSorteo.slice(0, 4));
    const id = await this.repo.transaccion(async (repo) => {
      const existente = await repo.productoConNombre(anyo, entrada.nombre);
      let idProducto: number;
      if (existente) {
        const reutilizable =
          existente.tipo === "loteria" &&
          Number(existente.precio) === 0 &&
          !existente.con_precios &&
          !existente.con_cargos &&
          !existente.con_loteria;
        if (!reutilizable) {
          const m = mensajeCon("loterias.producto_duplicado", { nombre: entrada.nombre, anyo });
          throw new DomainError("duplicado", m, [{ campo: "nombre", clave: m }]);
        }
        idProducto = existente.id;
      } else {
        idProducto = await repo.crearProducto({
          nombre: entrada.nombre,
          anyo,
          descripcion: `${entrada.sorteo} del ${formatearFecha(entrada.fechaSorteo)}`,
        });
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "producto",
          idEntidad: idProducto,
          accion: "crear",
          cambios: [{ campo: "loteria", antes: null, despues: entrada.nombre }],
        });
      }
      const nuevo = await repo.crear(datos, idProducto);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria",
        idEntidad: nuevo,
        accion: "crear",
        cambios: diferencias(null, { ...entrada, idProducto }),
      });
      return nuevo;
    });
    return this.obtener(id);
  }

  /**
   * Changes a lottery, with its row locked: with participations issued, what they carry printed
   * does not change and the décimos only go down while they cover the issued ones.
   */
  async actualizar(actor: Actor, id: number, entrada: LoteriaEntrada): Promise<Loteria> {
    await this.repo.transaccion(async (repo) => {
      const antes = await repo.loteria(id, true);
      if (!antes) throw noHayLoteria();
      const nueva = loteriaEnCentimos(entrada);
      const problema = problemasLoteria({
        ...nueva,
        autorizacionRecargo: entrada.autorizacionRecargo,
      })[0];
      if (problema) throw errorDe({ codigo: "validacion", ...problema });
      const rechazo = rechazoCambioLoteria(enCentimos(antes), nueva, await repo.enCupo(id));
      if (rechazo) throw errorDe(rechazo);
      const cambios = diferencias(aEntrada(antes), entrada);
      if (cambios.length === 0) return;
      await repo.actualizar(id, aDatos(entrada));
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria",
        idEntidad: id,
        accion: "modificar",
        cambios,
      });
    });
    return this.obtener(id);
  }

  // --- Talonarios --------------------------------------------------------------------------

  /**
   * Issues `cantidad` talonarios after the last serial, never past the cap: the lottery's row is
   * locked (`FOR UPDATE`) before counting, so simultaneous requests are served one after the
   * other and each sees the others' talonarios.
   */
  async emitirTalonarios(
    actor: Actor,
    id: number,
    entrada: TalonariosEntrada,
  ): Promise<{ items: Talonario[] }> {
    const ids = await this.repo.transaccion(async (repo) => {
      const l = await repo.loteria(id, true);
      if (!l) throw noHayLoteria();
      if (!plazoDevolucionAbierto(enCentimos(l), this.hoy())) throw plazoTerminado(l);
      if (entrada.idSocio !== null && !(await repo.socio(entrada.idSocio))) {
        throw new DomainError("validacion", "comun.socio_elegido_no_existe", [
          { campo: "idSocio", clave: "comun.socio_elegido_no_existe" },
        ]);
      }
      const cupo = comprobarCupo(
        enCentimos(l),
        await repo.enCupo(id),
        entrada.cantidad * entrada.participaciones,
      );
      if (!cupo.ok) throw errorDe(cupo.rechazo);
      const rangos = siguientesTalonarios(
        await repo.ultimaSerie(id),
        entrada.cantidad,
        entrada.participaciones,
      );
      const nuevos = await repo.crearTalonarios(id, rangos, entrada.idSocio);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria",
        idEntidad: id,
        accion: "emitir_talonarios",
        cambios: [
          {
            campo: "talonarios",
            antes: null,
            despues: rangos.map((r) => `${r.serieDesde}–${r.serieHasta}`).join(", "),
          },
          { campo: "idSocio", antes: null, despues: entrada.idSocio },
        ],
      });
      return nuevos;
    });
    const filas = await this.repo.talonariosPorId(ids);
    return { items: filas.map(presentarTalonario) };
  }

  async listarTalonarios(id: number, query: ListaTalonariosQuery): Promise<ListaTalonarios> {
    if (!(await this.repo.loteria(id))) throw noHayLoteria();
    const { items, total } = await this.repo.listarTalonarios(id, query);
    return {
      items: items.map(presentarTalonario),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async exportarTalonarios(
    id: number,
    query: ExportTalonariosQuery,
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    if (!(await this.repo.loteria(id))) throw noHayLoteria();
    const { items } = await this.repo.listarTalonarios(id, query);
    return exportarTalonarios(items.map(presentarTalonario), query.formato, id, idioma);
  }

  async asignar(
    actor: Actor,
    id: number,
    idTalonario: number,
    entrada: AsignacionTalonario,
  ): Promise<Talonario> {
    await this.repo.transaccion(async (repo) => {
      const t = await repo.talonario(id, idTalonario, true);
      if (!t) throw noHayTalonario();
      if (t.liquidado_en !== null) throw conflicto("loterias.talonario_liquidado");
      if (entrada.idSocio !== null && !(await repo.socio(entrada.idSocio))) {
        throw new DomainError("validacion", "comun.socio_elegido_no_existe", [
          { campo: "idSocio", clave: "comun.socio_elegido_no_existe" },
        ]);
      }
      if (t.id_socio === entrada.idSocio) return;
      await repo.asignar(idTalonario, entrada.idSocio);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria_talonario",
        idEntidad: idTalonario,
        accion: "asignar",
        cambios: [{ campo: "idSocio", antes: t.id_socio, despues: entrada.idSocio }],
      });
    });
    return this.talonarioPresentado(id, idTalonario);
  }

  private async talonarioPresentado(id: number, idTalonario: number): Promise<Talonario> {
    const t = await this.repo.talonario(id, idTalonario);
    if (!t) throw noHayTalonario();
    return presentarTalonario(t);
  }

  /**
   * Settles a talonario (the board, its holder or whoever pays for the holder; anyone else 404):
   * `{vendidas}` or `{devueltas}`, before the deadline, once. See `registrarLiquidacion`.
   */
  async liquidar(
    actor: Actor,
    id: number,
    idTalonario: number,
    entrada: LiquidacionEntrada,
  ): Promise<Talonario> {
    await this.repo.transaccion(async (repo) => {
      const l = await repo.loteria(id);
      if (!l) throw noHayTalonario();
      const t = await repo.talonario(id, idTalonario, true);
      if (!t || !(esJunta(actor) || esSuyo(actor, t))) throw noHayTalonario();
      const series = await repo.seriesTalonario(t.id);
      const hoy = this.hoy();
      const r = liquidarTalonario(enCentimos(l), talonarioDeReglas(t, series), entrada, hoy);
      if (!r.ok) throw errorDe(r.rechazo);
      const por: LiquidadoPor = esJunta(actor) && !esSuyo(actor, t) ? "junta" : "titular";
      if (!(await registrarLiquidacion(repo, l, t, r.liquidacion, por, actor.id, hoy))) {
        throw conflicto("loterias.talonario_liquidado");
      }
    });
    return this.talonarioPresentado(id, idTalonario);
  }

  /** Annuls serials of an unsettled talonario (lost, stolen) with a reason; audited. */
  async anular(
    actor: Actor,
    id: number,
    idTalonario: number,
    entrada: AnulacionEntrada,
  ): Promise<Talonario> {
    await this.repo.transaccion(async (repo) => {
      const t = await repo.talonario(id, idTalonario, true);
      if (!t) throw noHayTalonario();
      const series = await repo.seriesTalonario(t.id);
      const r = anularSeries(talonarioDeReglas(t, series), entrada);
      if (!r.ok) throw errorDe(r.rechazo);
      await repo.anular(t.id, r.series, entrada.motivo);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria_talonario",
        idEntidad: t.id,
        accion: "anular",
        cambios: [
          { campo: "anuladas", antes: null, despues: `${entrada.desde}–${entrada.hasta}` },
          { campo: "motivo", antes: null, despues: entrada.motivo },
        ],
      });
    });
    return this.talonarioPresentado(id, idTalonario);
  }

  private async depositaria(): Promise<Depositaria> {
    return (
      (await this.repo.asociacion()) ?? {
        nombre: "",
        cif: "",
        direccion: "",
        cod_postal: "",
        poblacion: "",
        provincia: "",
      }
    );
  }

  /** The talonario's participations on A4 sheets, each with its stub and QR. */
  async pdfTalonario(id: number, idTalonario: number): Promise<FicheroDescarga> {
    const l = await this.repo.loteria(id);
    const t = l ? await this.repo.talonario(id, idTalonario) : undefined;
    if (!l || !t) throw noHayTalonario();
    const participaciones = await this.repo.participacionesDeTalonario(t.id);
    const contenido = await pdfParticipaciones(
      await this.depositaria(),
      { ...enCentimos(l), nombre: l.nombre, sorteo: l.sorteo },
      participaciones.map((p) => ({
        serie: p.serie,
        anulada: p.estado === "anulada",
        urlVerificacion: this.urlVerificacion(this.codigo(l.id, p.serie)),
        comprador: p.digital ? p.comprador_nombre : null,
        digital: p.digital,
      })),
      { titulo: `${l.nombre}: talonario ${t.serie_desde}–${t.serie_hasta}`, conMatriz: true },
    );
    return {
      nombre: `talonario-${t.serie_desde}-${t.serie_hasta}.pdf`,
      tipo: "application/pdf",
      contenido,
    };
  }

  // --- Participations ----------------------------------------------------------------------

  private async participacionesPresentadas(
    id: number,
    query: Omit<ListaParticipacionesQuery, "page" | "pageSize"> & {
      page?: number;
      pageSize?: number;
    },
  ): Promise<{ items: Participacion[]; total: number }> {
    const l = await this.repo.loteria(id);
    if (!l) throw noHayLoteria();
    const premio = premioDe(l);
    const conPremio = premio !== null && premio.brutoCentimos > 0;
    const { items, total } = await this.repo.listarParticipaciones(id, query, conPremio);
    return {
      items: items.map((p) => presentarParticipacion(p, this.codigo(id, p.serie), premio)),
      total,
    };
  }

  async listarParticipaciones(
    id: number,
    query: ListaParticipacionesQuery,
  ): Promise<ListaParticipaciones> {
    const { items, total } = await this.participacionesPresentadas(id, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async exportarParticipaciones(
    id: number,
    query: ExportParticipacionesQuery,
    idioma: Idioma = "es",
  ): Promise<FicheroDescarga> {
    const { formato, ...filtros } = query;
    const { items } = await this.participacionesPresentadas(id, filtros);
    return exportarParticipaciones(items, formato, id, idioma);
  }

  /**
   * A digital participation: the next free serial of one of the issuer's unsettled talonarios
   * (the board: of its own, or any it names), with the lottery locked as every issue is. Its
   * buyer gets the PDF and the link by e-mail when given.
   */
  async emitirDigital(
    actor: ActorIdioma,
    id: number,
    entrada: ParticipacionDigitalEntrada,
  ): Promise<Participacion> {
    const { fila, loteria } = await this.repo.transaccion(async (repo) => {
      const l = await repo.loteria(id, true);
      if (!l) throw noHayLoteria();
      let candidatos: TalonarioFila[];
      if (entrada.idTalonario !== undefined) {
        const t = await repo.talonario(id, entrada.idTalonario, true);
        if (!t || !(esJunta(actor) || esSuyo(actor, t))) throw noHayTalonario();
        if (t.liquidado_en !== null) throw conflicto("loterias.talonario_liquidado");
        candidatos = [t];
      } else {
        if (!esJunta(actor) && actor.socioId <= 0) throw prohibido();
        const { items } = await repo.listarTalonarios(id, {
          estado: "pendiente",
          idSocio: esJunta(actor) ? undefined : actor.socioId,
        });
        candidatos = items.filter((t) =>
          esJunta(actor) ? t.id_socio === null : t.id_socio === actor.socioId,
        );
      }
      if (!plazoDevolucionAbierto(enCentimos(l), this.hoy())) throw plazoTerminado(l);
      for (const candidato of candidatos) {
        // Locked before reading its serials, as a settlement or an annulment locks it: a serial
        // made digital is never one a simultaneous settlement returns or an annulment voids.
        const t =
          entrada.idTalonario === undefined
            ? await repo.talonario(id, candidato.id, true)
            : candidato;
        if (!t || t.liquidado_en !== null) continue;
        const series = await repo.seriesTalonario(t.id);
        const serie = siguienteSerieDigital(talonarioDeReglas(t, series));
        if (serie === null) continue;
        const p = await repo.marcarDigital(t.id, serie, entrada.comprador, actor.id);
        if (!p) throw conflicto("loterias.sin_series_libres");
        await repo.auditar({
          idUsuario: actor.id,
          entidad: "loteria_participacion",
          idEntidad: p.id,
          accion: "emitir_digital",
          cambios: diferencias(null, { serie, idTalonario: t.id, ...entrada.comprador }),
        });
        return { fila: p, loteria: l };
      }
      throw conflicto(
        entrada.idTalonario !== undefined ? "loterias.sin_series_libres" : "loterias.sin_talonario",
      );
    });
    const codigo = this.codigo(id, fila.serie);
    if (entrada.comprador.email && this.opciones.mail) {
      await this.enviarDigital(loteria, fila.serie, codigo, entrada.comprador);
    }
    return presentarParticipacion(fila, codigo, premioDe(loteria));
  }

  private async pdfDigital(
    l: LoteriaFila,
    serie: number,
    codigo: string,
    comprador: string | null,
  ): Promise<Buffer> {
    return pdfParticipaciones(
      await this.depositaria(),
      { ...enCentimos(l), nombre: l.nombre, sorteo: l.sorteo },
      [{ serie, anulada: false, urlVerificacion: this.urlVerificacion(codigo), comprador }],
      { titulo: `${l.nombre}: participación ${serie}`, conMatriz: false },
    );
  }

  private async enviarDigital(
    l: LoteriaFila,
    serie: number,
    codigo: string,
    comprador: { nombre: string; email: string },
  ): Promise<void> {
    const pdf = await this.pdfDigital(l, serie, codigo, comprador.nombre);
    const asociacion = (await this.depositaria()).nombre;
    this.opciones.mail?.encolar({
      para: comprador.email,
      asunto: `${l.nombre}: tu participación nº ${serie}`,
      texto: [
        `Hola, ${comprador.nombre}:`,
        "",
        `${asociacion || "La asociación"} te envía tu participación nº ${serie} de ${l.nombre} (${l.sorteo} del ${formatearFecha(l.fecha_sorteo)}), en el PDF adjunto.`,
        "",
        `Puedes comprobarla cuando quieras, y ver si tiene premio después del sorteo, en:`,
        this.urlVerificacion(codigo),
        "",
        "Los premios caducan a los tres meses de la celebración del sorteo.",
      ].join("\n"),
      adjuntos: [{ nombre: `participacion-${serie}.pdf`, tipo: "application/pdf", contenido: pdf }],
    });
  }

  /** The public verification: nothing about who holds it; an altered code is 404. */
  async verificar(codigo: string): Promise<VerificacionParticipacion> {
    const { l, p } = await this.porCodigo(codigo);
    const premio = premioDe(l);
    const valida = p.estado === "valida";
    return {
      loteria: l.nombre,
      sorteo: l.sorteo,
      fechaSorteo: l.fecha_sorteo,
      numeros: l.numeros.map((n) => n.numero),
      serie: p.serie,
      importeJugado: aEuros(l.importe_jugado),
      donativo: aEuros(l.donativo),
      precio: aEuros(l.importe_jugado + l.donativo),
      estado: p.estado,
      premio:
        premio && valida
          ? {
              bruto: aEuros(premio.brutoCentimos),
              retencion: aEuros(premio.retencionCentimos),
              neto: aEuros(premio.netoCentimos),
              pagado: p.premio_pagado_en !== null,
            }
          : null,
    };
  }

  private async porCodigo(codigo: string) {
    const leido = this.leerCodigo(codigo);
    if (!leido) throw noHayParticipacion();
    const l = await this.repo.loteria(leido.idLoteria);
    const p = l ? await this.repo.participacion(l.id, leido.serie) : undefined;
    if (!l || !p) throw noHayParticipacion();
    return { l, p };
  }

  /** The PDF of one participation, for whoever holds its code (the digital buyer's link). */
  async pdfPorCodigo(codigo: string): Promise<FicheroDescarga> {
    const { l, p } = await this.porCodigo(codigo);
    return {
      nombre: `participacion-${p.serie}.pdf`,
      tipo: "application/pdf",
      contenido: await this.pdfDigital(l, p.serie, codigo, null),
    };
  }

  /** Enters each number's prize per décimo (missing ones: 0), from the day of the draw. */
  async anotarPremios(actor: Actor, id: number, entrada: PremiosEntrada): Promise<Loteria> {
    await this.repo.transaccion(async (repo) => {
      const l = await repo.loteria(id, true);
      if (!l) throw noHayLoteria();
      const rechazo = rechazoPremios(enCentimos(l), entrada.premios, this.hoy());
      if (rechazo) throw errorDe(rechazo);
      const premios = new Map(entrada.premios.map((p) => [p.numero, aCentimos(p.premioDecimo)]));
      await repo.ponerPremios(id, premios);
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria",
        idEntidad: id,
        accion: "premios",
        cambios: l.numeros.map((n) => ({
          campo: `premio.${n.numero}`,
          antes: n.premio_decimo === null ? null : aEuros(Number(n.premio_decimo)),
          despues: aEuros(premios.get(n.numero) ?? 0),
        })),
      });
    });
    return this.obtener(id);
  }

  /**
   * Pays a valid participation's prize, once (409 when paid, annulled, returned or without a
   * prize), audited; then tells the listener (the treasury) in the same transaction.
   */
  async pagarPremio(actor: Actor, codigo: string): Promise<PagoPremio> {
    const leido = this.leerCodigo(codigo);
    if (!leido) throw noHayParticipacion();
    return this.repo.transaccion(async (repo) => {
      const l = await repo.loteria(leido.idLoteria);
      const p = l ? await repo.participacion(l.id, leido.serie, true) : undefined;
      if (!l || !p) throw noHayParticipacion();
      const premio = premioDe(l);
      if (!premio) throw conflicto("loterias.sin_premios");
      if (p.estado === "anulada") throw conflicto("loterias.participacion_anulada");
      if (p.estado === "devuelta") throw conflicto("loterias.participacion_devuelta");
      if (premio.brutoCentimos === 0) throw conflicto("loterias.sin_premio");
      const pagadoEn = await repo.pagarPremio(p.id, {
        bruto: premio.brutoCentimos,
        retencion: premio.retencionCentimos,
        idUsuario: actor.id,
      });
      if (!pagadoEn) throw conflicto("loterias.premio_pagado");
      await repo.auditar({
        idUsuario: actor.id,
        entidad: "loteria_participacion",
        idEntidad: p.id,
        accion: "pagar_premio",
        cambios: [
          { campo: "bruto", antes: null, despues: aEuros(premio.brutoCentimos) },
          { campo: "retencion", antes: null, despues: aEuros(premio.retencionCentimos) },
          { campo: "neto", antes: null, despues: aEuros(premio.netoCentimos) },
        ],
      });
      const fecha = new Date(pagadoEn);
      await this.opciones.oyentes?.alPagarPremio?.(
        {
          idLoteria: l.id,
          idParticipacion: p.id,
          serie: p.serie,
          brutoCentimos: premio.brutoCentimos,
          retencionCentimos: premio.retencionCentimos,
          netoCentimos: premio.netoCentimos,
          idUsuario: actor.id,
          fecha,
        },
        repo.db as Transaction<DB>,
      );
      return {
        serie: p.serie,
        bruto: aEuros(premio.brutoCentimos),
        retencion: aEuros(premio.retencionCentimos),
        neto: aEuros(premio.netoCentimos),
        pagadoEn: fecha.toISOString(),
      };
    });
  }

  // --- The member ---------------------------------------------------------------------------

  /** The member's talonarios and those of the members they pay for, with their lottery. */
  async mias(actor: Actor, query: MisTalonariosQuery): Promise<MisTalonarios> {
    const vacia = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
    if (actor.socioId <= 0) return vacia;
    const { items, total } = await this.repo.deSocio(actor.socioId, query.page, query.pageSize);
    const loterias = new Map(
      (await this.repo.loteriasPorId([...new Set(items.map((t) => t.id_loteria))])).map((l) => [
        l.id,
        l,
      ]),
    );
    const digitales = await this.repo.digitalesDe(items.map((t) => t.id));
    const hoy = this.hoy();
    return {
      items: items.map((t) => {
        const l = loterias.get(t.id_loteria);
        if (!l) throw new Error(`Sin la lotería ${t.id_loteria}`);
        return {
          ...presentarTalonario(t),
          loteria: {
            id: l.id,
            nombre: l.nombre,
            sorteo: l.sorteo,
            fechaSorteo: l.fecha_sorteo,
            fechaLimiteDevolucion: l.fecha_limite_devolucion,
            precio: aEuros(l.importe_jugado + l.donativo),
            importeJugado: aEuros(l.importe_jugado),
            donativo: aEuros(l.donativo),
            plazoAbierto: plazoDevolucionAbierto(enCentimos(l), hoy),
          },
          participacionesDigitales: digitales
            .filter((p) => p.id_talonario === t.id)
            .map((p) => ({
              serie: p.serie,
              codigo: this.codigo(l.id, p.serie),
              comprador: { nombre: p.comprador_nombre },
            })),
        };
      }),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  // --- The deadline ---------------------------------------------------------------------------

  /** The lotteries whose deadline has passed and the job has not settled yet. */
  porLiquidar(): Promise<number[]> {
    return this.repo.porLiquidar(this.hoy());
  }

  /** The deadline's settlement of one lottery, in its own transaction (tests, the job). */
  liquidarVencida(idLoteria: number): Promise<{ talonarios: number }> {
    return this.repo.transaccion((repo) => liquidarVencida(repo, idLoteria, this.hoy()));
  }

  get hoyActual(): string {
    return this.hoy();
  }
}
