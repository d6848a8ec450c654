import {
  aEuros,
  ESTADOS_COBRABLES,
  type ExportPedidosOnlineQuery,
  type FormularioRedsys,
  formatearImporte,
  hoyIso,
  type Idioma,
  type ListaPedidosOnline,
  type ListaPedidosOnlineQuery,
  motivoRespuestaRedsys,
  type NotificacionRedsys,
  NumeroPedidoSchema,
  type PagoOnlineEntrada,
  type PedidoOnline,
  respuestaAutorizada,
} from "@fila/domain";
import type { FastifyBaseLogger } from "fastify";
import { type ConfigRedsys, redsysEnPruebas } from "../../config.js";
import { DomainError, noEncontrado } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { MailService } from "../../services/mail.js";
import type { AlertasService } from "../alertas/alertas.service.js";
import { anotarMovimientoAutomatico } from "../tesoreria/tesoreria.automaticos.js";
import { exportarPedidosOnline } from "./pago-online.export.js";
import type { CargoBloqueado, PagoOnlineRepository, PedidoFila } from "./pago-online.repository.js";
import { type ClaveTextoPagoOnline, IDIOMA_REDSYS, textoPagoOnline } from "./pago-online.textos.js";
import type { FicheroExportado } from "./pagos.export.js";
import { presentarPago } from "./pagos.presenter.js";
import { generarRecibo } from "./pagos.recibo.js";
import type { PagosRepository } from "./pagos.repository.js";
import { cobrarParte } from "./pagos.service.js";
import {
  codificarParametros,
  decodificarParametros,
  firmar,
  firmaValida,
  parametro,
  VERSION_FIRMA,
} from "./redsys.js";

type Actor = Pick<UsuarioAutenticado, "id" | "rol" | "socioId"> & { idioma?: Idioma };

/** Euro, ISO 4217. */
const MONEDA_EURO = "978";

const ESTADO_TEXTO = {
  pendiente: "pendiente",
  pagado: "ya está pagado",
  devuelto: "devuelto",
  anulado: "está anulado",
} as const;

export type DepsPagoOnline = {
  config: ConfigRedsys | null;
  publicUrl: string;
  pagos: PagosRepository;
  mail: MailService;
  alertas: AlertasService;
  log: FastifyBaseLogger;
};

/** An order's line (a charge and its amount in cents). */
type Linea = { id: number; importe: number };
/** A charge that grew after the order: `pagado` is the order's amount, `resto` still owed. */
type Parcial = { id: number; pagado: number; resto: number };

const ACCION_COBRO_EN_LINEA = "cobro en línea";

/** What a notification did, for the tests and the log. */
export type ResultadoNotificacion =
  | { efecto: "pagado"; numero: string; duplicado: number }
  | { efecto: "denegado"; numero: string }
  | { efecto: "prueba"; numero: string }
  | { efecto: "repetida"; numero: string };

const notificacionInvalida = () =>
  new DomainError("validacion", "pagos.online_notificacion_no_valida");

/** A charge the online payment cannot take any more: paid, cancelled, or in a remittance. */
const pagable = (c: {
  estado: (typeof ESTADOS_COBRABLES)[number] | string;
  id_remesa: number | null;
}) =>
  ESTADOS_COBRABLES.includes(c.estado as never) &&
  !(c.id_remesa !== null && c.estado === "pendiente");

/** `idioma`: the language of whoever reads it (the bank's reason comes in it). */
export function presentarPedido(p: PedidoFila, idioma: Idioma = "es"): PedidoOnline {
  return {
    numero: p.numero,
    fecha: p.creadoEn.toISOString(),
    estado: p.estado,
    metodo: p.metodo,
    importe: aEuros(p.importe),
    idSocio: p.idSocio,
    socio: p.socio,
    cargos: p.cargos.map((c) => ({ ...c, importe: aEuros(c.importe) })),
    codigoAutorizacion: p.codigoAutorizacion,
    respuesta: p.respuesta,
    motivo: motivoRespuestaRedsys(p.respuesta, idioma),
    prueba: p.prueba,
  };
}

/**
 * Online payment through the bank's virtual POS (Redsys): the festero's order, the bank's
 * signed notification that pays it, and the board's list. Off (every call 404) without REDSYS_*.
 */
export class PagoOnlineService {
  constructor(
    private readonly repo: PagoOnlineRepository,
    private readonly deps: DepsPagoOnline,
  ) {}

  get activo(): boolean {
    return this.deps.config !== null;
  }

  /** Redsys's test host or published key: orders marked `prueba`, nothing paid. */
  get modoPrueba(): boolean {
    return this.deps.config !== null && redsysEnPruebas(this.deps.config);
  }

  private redsys(): ConfigRedsys {
    if (!this.deps.config) throw noEncontrado("no_encontrado.la_ruta");
    return this.deps.config;
  }

  /**
   * Creates the order for the chosen charges (the caller's own or those they pay) and answers the
   * signed form the browser posts to the bank. Nothing is paid until the bank's notification.
   */
  async crear(actor: Actor, entrada: PagoOnlineEntrada): Promise<FormularioRedsys> {
    const redsys = this.redsys();
    const pedido = await this.repo.transaccion(async (repo) => {
      const cargos = await repo.bloquearCargos(entrada.idsPago);
      const socioId = actor.socioId;
      const mios = cargos.filter(
        (c) => !!socioId && (c.id_socio === socioId || c.id_pagador === socioId),
      );
      if (!socioId || mios.length !== entrada.idsPago.length)
        throw noEncontrado("no_encontrado.cargo");
      for (const c of mios) {
        if (!ESTADOS_COBRABLES.includes(c.estado)) {
          throw new DomainError(
            "conflicto",
            mensajeCon("pagos.cargo_solo_cobran_cargos_pendientes_devueltos", {
              id: c.id,
              estado: ESTADO_TEXTO[c.estado],
            }),
          );
        }
        if (c.id_remesa !== null && c.estado === "pendiente") {
          throw new DomainError(
            "conflicto",
            mensajeCon("pagos.online_cargo_en_remesa", { id: c.id }),
          );
        }
      }
      const { id, numero } = await repo.siguienteNumero();
      const importe = mios.reduce((s, c) => s + c.importe, 0);
      await repo.crear({
        id,
        numero,
        idUsuario: actor.id,
        idSocio: socioId,
        importe,
        metodo: entrada.metodo,
        prueba: this.modoPrueba,
        cargos: mios.map((c) => ({ id: c.id, importe: c.importe })),
      });
      return { numero, importe };
    });
    const vuelta = `${this.deps.publicUrl}/#/pago-online/${pedido.numero}`;
    const idioma = actor.idioma ?? "es";
    const parametros = codificarParametros({
      Ds_Merchant_Amount: String(pedido.importe),
      Ds_Merchant_Order: pedido.numero,
      Ds_Merchant_MerchantCode: redsys.merchantCode,
      Ds_Merchant_Currency: MONEDA_EURO,
      Ds_Merchant_TransactionType: "0",
      Ds_Merchant_Terminal: redsys.terminal,
      Ds_Merchant_MerchantURL: `${this.deps.publicUrl}/api/pagos/redsys/notificacion`,
      Ds_Merchant_UrlOK: vuelta,
      Ds_Merchant_UrlKO: vuelta,
      Ds_Merchant_ConsumerLanguage: IDIOMA_REDSYS[idioma],
      Ds_Merchant_ProductDescription: textoPagoOnline(
        "descripcion",
        { numero: pedido.numero },
        idioma,
      ),
      // Bizum is "z"; "C" keeps the card page alone.
      Ds_Merchant_PayMethods: entrada.metodo === "bizum" ? "z" : "C",
    });
    return {
      url: redsys.url,
      Ds_SignatureVersion: VERSION_FIRMA,
      Ds_MerchantParameters: parametros,
      Ds_Signature: firmar(redsys.secretKey, pedido.numero, parametros),
      pedido: pedido.numero,
    };
  }

  /**
   * The bank's notification. A bad signature, an unknown order, another merchant, amount or
   * currency: 400 and nothing changes. Ds_Response 0000–0099 pays every charge of the order in
   * one transaction (the order's row locked first: the same notification twice pays once); any
   * other answer records the refusal. A charge that can no longer be paid (paid by hand in the
   * meantime, cancelled, put in a remittance) is not touched: the board is told what to refund.
   * A notification never pays more than it carries: a charge that grew after the order (more
   * guests) is split as the desk's partial payment does, the rest stays owed, and the board is
   * told. In test mode (an order marked `prueba`, or Redsys's test host or key now) the answer is
   * recorded and nothing is paid; a real order (not `prueba`) authorised while the configuration
   * is in test mode may have been charged for real: the board is told to check it with the bank.
   */
  async notificar(n: NotificacionRedsys): Promise<ResultadoNotificacion> {
    const redsys = this.redsys();
    const p = decodificarParametros(n.Ds_MerchantParameters);
    if (!p) throw notificacionInvalida();
    const numero = parametro(p, "Ds_Order");
    if (!NumeroPedidoSchema.safeParse(numero).success) throw notificacionInvalida();
    if (!firmaValida(redsys.secretKey, numero, n.Ds_MerchantParameters, n.Ds_Signature)) {
      throw notificacionInvalida();
    }
    if (
      Number(parametro(p, "Ds_MerchantCode")) !== Number(redsys.merchantCode) ||
      Number(parametro(p, "Ds_Terminal")) !== Number(redsys.terminal) ||
      parametro(p, "Ds_Currency") !== MONEDA_EURO
    ) {
      throw notificacionInvalida();
    }
    const respuesta = parametro(p, "Ds_Response").trim();
    const autorizacion = parametro(p, "Ds_AuthorisationCode").trim();
    const resultado = await this.repo.transaccion(async (repo, pagos) => {
      const pedido = await repo.bloquearPedido(numero);
      if (!pedido) throw notificacionInvalida();
      if (parametro(p, "Ds_Amount") !== String(pedido.importe)) throw notificacionInvalida();
      if (pedido.estado !== "pendiente") {
        return { efecto: "repetida" as const, numero, idPedido: pedido.id, duplicados: [] };
      }
      const notificacion = JSON.stringify(p);
      if (!respuestaAutorizada(respuesta)) {
        await repo.resolver(pedido.id, {
          estado: "denegado",
          respuesta,
          codigoAutorizacion: "",
          notificacion,
        });
        return { efecto: "denegado" as const, numero, idPedido: pedido.id, duplicados: [] };
      }
      if (pedido.prueba || this.modoPrueba) {
        // Test mode: the bank's answer is kept, and no charge is paid.
        await repo.resolver(pedido.id, {
          estado: "pagado",
          respuesta,
          codigoAutorizacion: autorizacion,
          notificacion,
        });
        return {
          efecto: "prueba" as const,
          numero,
          idPedido: pedido.id,
          duplicados: [],
          // An order made to pay for real, answered under the test configuration.
          real: pedido.prueba ? null : pedido,
        };
      }
      const cargos = await repo.bloquearCargos(pedido.cargos.map((c) => c.id));
      const aPagar = cargos.filter(pagable);
      const duplicados: Linea[] = [];
      const parciales: Parcial[] = [];
      const enteros: CargoBloqueado[] = [];
      for (const linea of pedido.cargos) {
        const cargo = aPagar.find((c) => c.id === linea.id);
        if (!cargo) duplicados.push(linea);
        else if (linea.importe < cargo.importe) {
          // The charge grew after the order (more guests): the bank paid what the order holds.
          parciales.push({
            id: cargo.id,
            pagado: linea.importe,
            resto: cargo.importe - linea.importe,
          });
        } else {
          enteros.push(cargo);
          // Part of it was paid at the desk since: that part is paid twice.
          if (linea.importe > cargo.importe) {
            duplicados.push({ id: linea.id, importe: linea.importe - cargo.importe });
          }
        }
      }
      const idFormaPago = await repo.formaPagoOnline();
      const cobro = {
        fecha: hoyIso(),
        idFormaPago,
        referencia: `Redsys pedido ${numero}, autorización ${autorizacion}`,
      };
      await pagos.marcarPagados(
        enteros.map((c) => c.id),
        cobro,
      );
      for (const c of enteros) {
        await pagos.auditar({
          idUsuario: null,
          idEntidad: c.id,
          accion: ACCION_COBRO_EN_LINEA,
          cambios: [
            { campo: "estado", antes: c.estado, despues: "pagado" },
            { campo: "pedido", antes: null, despues: numero },
            { campo: "autorizacion", antes: null, despues: autorizacion },
            { campo: "idFormaPago", antes: null, despues: idFormaPago },
          ],
        });
      }
      const pagados = enteros.map((c) => c.id);
      for (const p of parciales) {
        pagados.push(
          await cobrarParte(pagos, {
            idUsuario: null,
            id: p.id,
            pendiente: p.pagado + p.resto,
            importe: p.pagado,
            cobro,
            accion: ACCION_COBRO_EN_LINEA,
          }),
        );
      }
      await repo.resolver(pedido.id, {
        estado: "pagado",
        respuesta,
        codigoAutorizacion: autorizacion,
        notificacion,
      });
      // The bank paid the whole order into the POS's account: one movement, a line per
      // charge's type (a part paid twice too; the board refunds it with a counter-entry).
      await anotarMovimientoAutomatico(pagos.tesoreria(), {
        tipo: "pago_online",
        idPedido: pedido.id,
        numero,
        fecha: cobro.fecha,
        lineas: pedido.cargos.map((c) => ({ idPago: c.id, importe: c.importe })),
      });
      return {
        efecto: "pagado" as const,
        numero,
        idPedido: pedido.id,
        duplicados,
        parciales,
        pagados,
      };
    });
    if (resultado.efecto === "repetida") return { efecto: "repetida", numero };
    if (resultado.efecto === "denegado") return { efecto: "denegado", numero };
    if (resultado.efecto === "prueba") {
      // After the commit, once: the same notification again is `repetida`.
      if (resultado.real) await this.avisarPruebaReal(numero, resultado.real);
      return { efecto: "prueba", numero };
    }
    const duplicado = resultado.duplicados.reduce((s, d) => s + d.importe, 0);
    // After the commit: a failed mail or alert must not undo the payment nor make the bank retry.
    await this.enviarRecibo(numero, resultado.pagados ?? []);
    if (resultado.duplicados.length > 0) await this.avisarDuplicado(numero, resultado.duplicados);
    if (resultado.parciales?.length) await this.avisarParcial(numero, resultado.parciales);
    return { efecto: "pagado", numero, duplicado };
  }

  /** The receipts, in the language of the account that made the order. */
  private async enviarRecibo(numero: string, ids: number[]): Promise<void> {
    try {
      const pedido = await this.repo.porNumero(numero);
      if (!pedido?.email || ids.length === 0) return;
      const idioma = pedido.idioma;
      const asociacion = await this.deps.pagos.asociacion();
      const adjuntos = [];
      for (const id of ids) {
        const fila = await this.deps.pagos.porId(id);
        if (!fila) continue;
        adjuntos.push({
          nombre: `recibo-${id}.pdf`,
          tipo: "application/pdf",
          contenido: await generarRecibo(presentarPago(fila), asociacion, idioma),
        });
      }
      const t = (clave: ClaveTextoPagoOnline) =>
        textoPagoOnline(
          clave,
          {
            numero,
            socio: pedido.socio,
            importe: formatearImporte(pedido.importe),
            autorizacion: pedido.codigoAutorizacion,
          },
          idioma,
        );
      const lineas = pedido.cargos.map((c) => `- ${c.concepto}: ${formatearImporte(c.importe)}`);
      this.deps.mail.encolar({
        para: pedido.email,
        asunto: t("reciboAsunto"),
        texto: [
          t("reciboSaludo"),
          "",
          t("reciboRecibido"),
          "",
          ...lineas,
          "",
          t("reciboAdjuntos"),
        ].join("\n"),
        adjuntos,
      });
    } catch (err) {
      this.deps.log.error({ err, numero }, "No se pudo enviar el recibo del pago en línea");
    }
  }

  /** An alert to the board, in each administrator's language. */
  private async avisarJunta(
    numero: string,
    titulo: ClaveTextoPagoOnline,
    mensaje: (idioma: Idioma) => string,
  ): Promise<void> {
    try {
      await this.deps.alertas.crear(null, {
        titulo: textoPagoOnline(titulo, {}, "es"),
        mensaje: mensaje("es"),
        tituloVa: textoPagoOnline(titulo, {}, "va"),
        mensajeVa: mensaje("va"),
        imagen: "",
        enlace: "",
        destino: { rol: "administrador" },
        email: true,
      });
    } catch (err) {
      this.deps.log.error(
        { err, numero, titulo },
        "No se pudo avisar a la junta del pago en línea",
      );
    }
  }

  private avisarDuplicado(numero: string, duplicados: Linea[]) {
    const total = duplicados.reduce((s, d) => s + d.importe, 0);
    return this.avisarJunta(numero, "duplicadoTitulo", (idioma) =>
      textoPagoOnline(
        "duplicadoMensaje",
        {
          numero,
          total: formatearImporte(total),
          cargos: duplicados
            .map((d) =>
              textoPagoOnline(
                "duplicadoCargo",
                { id: d.id, importe: formatearImporte(d.importe) },
                idioma,
              ),
            )
            .join("; "),
        },
        idioma,
      ),
    );
  }

  private avisarParcial(numero: string, parciales: Parcial[]) {
    return this.avisarJunta(numero, "parcialTitulo", (idioma) =>
      textoPagoOnline(
        "parcialMensaje",
        {
          numero,
          cargos: parciales
            .map((p) =>
              textoPagoOnline(
                "parcialCargo",
                {
                  id: p.id,
                  pagado: formatearImporte(p.pagado),
                  resto: formatearImporte(p.resto),
                },
                idioma,
              ),
            )
            .join("; "),
        },
        idioma,
      ),
    );
  }

  private avisarPruebaReal(numero: string, pedido: { importe: number; cargos: Linea[] }) {
    return this.avisarJunta(numero, "pruebaRealTitulo", (idioma) =>
      textoPagoOnline(
        "pruebaRealMensaje",
        {
          numero,
          importe: formatearImporte(pedido.importe),
          cargos: pedido.cargos
            .map((c) =>
              textoPagoOnline(
                "duplicadoCargo",
                { id: c.id, importe: formatearImporte(c.importe) },
                idioma,
              ),
            )
            .join("; "),
        },
        idioma,
      ),
    );
  }

  /** An order, to its festero (or the board); 404 for anyone else. */
  async obtener(actor: Actor, numero: string): Promise<PedidoOnline> {
    this.redsys();
    const pedido = NumeroPedidoSchema.safeParse(numero).success
      ? await this.repo.porNumero(numero)
      : undefined;
    const suyo =
      actor.rol === "administrador" || (!!actor.socioId && pedido?.idSocio === actor.socioId);
    if (!pedido || !suyo) throw noEncontrado("no_encontrado.pedido");
    return presentarPedido(pedido, actor.idioma);
  }

  async listar(query: ListaPedidosOnlineQuery): Promise<ListaPedidosOnline> {
    this.redsys();
    const [filas, total] = await Promise.all([
      this.repo.listar(query, query),
      this.repo.contar(query),
    ]);
    return {
      items: filas.map((f) => presentarPedido(f)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async exportar(
    query: ExportPedidosOnlineQuery,
    idioma: Idioma = "es",
  ): Promise<FicheroExportado> {
    this.redsys();
    const filas = await this.repo.listar(query);
    return exportarPedidosOnline(
      filas.map((f) => presentarPedido(f, idioma)),
      query.formato,
      idioma,
    );
  }
}
