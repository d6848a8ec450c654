import {
  type AlertaCrear,
  type DestinoAlerta,
  type Idioma,
  type PayloadPush,
  rutaDeAlerta,
} from "@fila/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.js";
import { type Detalle, DomainError, noEncontrado } from "../../errors/domain-error.js";
import { mensajeCon } from "../../errors/mensajes.js";
import type { UsuarioAutenticado } from "../../plugins/auth.js";
import type { MailService } from "../../services/mail.js";
import type { PushService } from "../../services/push.js";
import type { EventosService } from "../eventos/eventos.service.js";
import {
  type AlertaMiaVista,
  type AlertaVista,
  presentarAlerta,
  presentarAlertaMia,
  textoAlerta,
} from "./alertas.presenter.js";
import type { AlertasRepository } from "./alertas.repository.js";

/** An alert to send: its Valencian texts are optional (the app's own alerts have none yet). */
type DatosAlerta = Omit<AlertaCrear, "tituloVa" | "mensajeVa"> &
  Partial<Pick<AlertaCrear, "tituloVa" | "mensajeVa">>;

/** The texts of an alert being sent, with its (optional) Valencian ones. */
const datosConVa = (d: DatosAlerta) => ({
  titulo: d.titulo,
  mensaje: d.mensaje,
  tituloVa: d.tituloVa ?? "",
  mensajeVa: d.mensajeVa ?? "",
});

/** The line that sends the reader to the app, in each language. */
const ABRELA = { es: "Ábrela en la aplicación", va: "Obri-la en l'aplicació" } as const;

export type DepsAlertas = {
  eventos: EventosService;
  push: PushService;
  mail: MailService;
  publicUrl: string;
  log: FastifyBaseLogger;
};

export type Pagina = { page: number; pageSize: number };

/**
 * Push services refuse payloads above 4 KB (encrypted): the notification carries the start of
 * the message and the app shows all of it.
 */
export const MENSAJE_PUSH_MAX = 600;
const recortar = (texto: string, max: number) =>
  texto.length > max ? `${texto.slice(0, max - 1)}…` : texto;

export class AlertasService {
  private readonly correosEnCurso = new Set<Promise<void>>();

  constructor(
    private readonly repo: AlertasRepository,
    private readonly deps: DepsAlertas,
  ) {}

  /**
   * Stores the alert and its recipients, queues the push deliveries and tells the connected
   * recipients; nothing is sent inline, so a destination of thousands answers at once.
   */
  async crear(
    autor: Pick<UsuarioAutenticado, "id"> | null,
    datos: DatosAlerta,
  ): Promise<AlertaVista> {
    // Without a condition it is always stored.
    const id = (await this.guardar(autor, datos, async () => true)) as number;
    return this.publicar(id, datos);
  }

  /**
   * As `crear`, with `condicion` run first in the alert's own transaction (another module's
   * write that must commit with the alert, or not at all): when it answers false nothing is
   * stored nor sent, and the answer is null.
   */
  async crearSi(
    autor: Pick<UsuarioAutenticado, "id"> | null,
    datos: DatosAlerta,
    condicion: (trx: Database) => Promise<boolean>,
  ): Promise<AlertaVista | null> {
    const id = await this.guardar(autor, datos, condicion);
    return id === null ? null : this.publicar(id, datos);
  }

  private async guardar(
    autor: Pick<UsuarioAutenticado, "id"> | null,
    datos: DatosAlerta,
    condicion: (trx: Database) => Promise<boolean>,
  ): Promise<number | null> {
    await this.comprobarDestino(datos.destino);
    return this.repo.transaccion(async (repo, trx) => {
      if (!(await condicion(trx))) return null;
      const idAlerta = await repo.crear({
        titulo: datos.titulo,
        mensaje: datos.mensaje,
        imagen: datos.imagen,
        enlace: datos.enlace,
        destino: datos.destino,
        porEmail: datos.email,
        // null: sent by the app itself (an ad about to expire).
        idAutor: autor?.id ?? null,
        tituloVa: datos.tituloVa,
        mensajeVa: datos.mensajeVa,
      });
      const destinatarios = await repo.insertarDestinatarios(idAlerta, datos.destino);
      if (destinatarios > 0) {
        // Each recipient's push in their language (issue 38).
        const payload = (idioma: Idioma): PayloadPush => {
          const { titulo, mensaje } = textoAlerta(datosConVa(datos), idioma);
          return {
            titulo,
            mensaje: recortar(mensaje, MENSAJE_PUSH_MAX),
            imagen: datos.imagen,
            enlace: datos.enlace,
            idAlerta,
          };
        };
        await repo.encolarPush(
          idAlerta,
          JSON.stringify(payload("es")),
          JSON.stringify(payload("va")),
        );
      }
      return idAlerta;
    });
  }

  /** The stored alert, told at once to its connected recipients and queued for mail. */
  private async publicar(id: number, datos: DatosAlerta): Promise<AlertaVista> {
    const alerta = await this.obtener(id);
    if (alerta.destinatarios > 0) {
      await this.deps.eventos.publicarAlerta(id, {
        notification: { title: datos.titulo, body: datos.mensaje, image: datos.imagen },
        data: { idAlerta: id },
      });
      this.deps.push.avisar();
      if (datos.email) this.enviarCorreos(id, datos);
    }
    return alerta;
  }

  private async comprobarDestino(destino: DestinoAlerta): Promise<void> {
    const detalles: Detalle[] = [];
    if (destino.tiposSocio) {
      const existen = new Set(await this.repo.tiposSocioQueExisten(destino.tiposSocio));
      const faltan = destino.tiposSocio.filter((id) => !existen.has(id));
      if (faltan.length > 0) {
        detalles.push({
          campo: "destino.tiposSocio",
          clave: mensajeCon("alertas.no_existe_tipo_socio", { ids: faltan.join(", ") }),
        });
      }
    }
    if (destino.idsSocio) {
      const existen = new Set(await this.repo.sociosQueExisten(destino.idsSocio));
      const faltan = destino.idsSocio.filter((id) => !existen.has(id));
      if (faltan.length > 0) {
        detalles.push({
          campo: "destino.idsSocio",
          clave: mensajeCon("alertas.no_existe_socio", { ids: faltan.slice(0, 20).join(", ") }),
        });
      }
    }
    if (destino.idsGrupo) {
      const existen = new Set(await this.repo.gruposQueExisten(destino.idsGrupo));
      const faltan = destino.idsGrupo.filter((id) => !existen.has(id));
      if (faltan.length > 0) {
        detalles.push({
          campo: "destino.idsGrupo",
          clave: mensajeCon("alertas.no_existe_grupo", { ids: faltan.slice(0, 20).join(", ") }),
        });
      }
    }
    if (destino.idActo !== undefined && !(await this.repo.existeActo(destino.idActo))) {
      detalles.push({ campo: "destino.idActo", clave: "alertas.acto_no_existe" });
    }
    if (detalles.length > 0) {
      throw new DomainError("validacion", "alertas.revisa_quien_envia_alerta", detalles);
    }
  }

  /** One email per recipient through the outbox, one after another in the background. */
  private enviarCorreos(idAlerta: number, datos: DatosAlerta): void {
    const enlace = `${this.deps.publicUrl}/#${datos.enlace || rutaDeAlerta(idAlerta)}`;
    const tarea = (async () => {
      const destinatarios = await this.repo.correosDestinatarios(idAlerta);
      // Each recipient in their own account's language (issue 38).
      for (const d of destinatarios) {
        const { titulo, mensaje } = textoAlerta(datosConVa(datos), d.idioma);
        await this.deps.mail.enviar({
          para: d.email,
          asunto: titulo,
          texto: [
            `Hola ${d.nombre || ""},`.replace(" ,", ","),
            "",
            titulo,
            "",
            ...(mensaje ? [mensaje, ""] : []),
            `${ABRELA[d.idioma]}: ${enlace}`,
          ].join("\n"),
        });
      }
    })().catch((err) => this.deps.log.error({ err, idAlerta }, "correos de una alerta"));
    this.correosEnCurso.add(tarea);
    void tarea.finally(() => this.correosEnCurso.delete(tarea));
  }

  /** Waits for the alert emails being written (tests and graceful shutdown). */
  async esperarCorreos(): Promise<void> {
    while (this.correosEnCurso.size > 0) await Promise.allSettled([...this.correosEnCurso]);
  }

  async obtener(id: number): Promise<AlertaVista> {
    const fila = await this.repo.obtener(id);
    if (!fila) throw noEncontrado("no_encontrado.alerta");
    return presentarAlerta(fila);
  }

  async listar(
    filtro: Pagina & { q?: string; sort: "creadaEn" | "-creadaEn" | "titulo" | "-titulo" },
  ) {
    const { items, total } = await this.repo.listar(filtro);
    return {
      items: items.map(presentarAlerta),
      total,
      page: filtro.page,
      pageSize: filtro.pageSize,
    };
  }

  async listarMias(
    idUsuario: number,
    pagina: Pagina & { soloNoLeidas: boolean },
    idioma: Idioma = "es",
  ) {
    const { items, total } = await this.repo.listarMias(idUsuario, pagina);
    return {
      items: items.map((fila) => presentarAlertaMia(fila, idioma)),
      total,
      page: pagina.page,
      pageSize: pagina.pageSize,
      noLeidas: await this.repo.contarNoLeidas(idUsuario),
    };
  }

  contarNoLeidas(idUsuario: number): Promise<number> {
    return this.repo.contarNoLeidas(idUsuario);
  }

  async obtenerMia(
    idUsuario: number,
    idAlerta: number,
    idioma: Idioma = "es",
  ): Promise<AlertaMiaVista> {
    const fila = await this.repo.obtenerMia(idUsuario, idAlerta);
    if (!fila) throw noEncontrado("no_encontrado.alerta");
    return presentarAlertaMia(fila, idioma);
  }

  /** 404 unless the user is a recipient: an alert sent to others does not exist for them. */
  async marcarLeida(
    idUsuario: number,
    idAlerta: number,
    idioma: Idioma = "es",
  ): Promise<AlertaMiaVista> {
    if (!(await this.repo.marcarLeida(idUsuario, idAlerta)))
      throw noEncontrado("no_encontrado.alerta");
    const fila = await this.repo.obtenerMia(idUsuario, idAlerta);
    if (!fila) throw noEncontrado("no_encontrado.alerta");
    return presentarAlertaMia(fila, idioma);
  }

  async marcarTodasLeidas(idUsuario: number): Promise<{ marcadas: number }> {
    return { marcadas: await this.repo.marcarTodasLeidas(idUsuario) };
  }
}
