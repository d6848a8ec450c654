import type { MensajePush } from "@fila/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.js";

/** A typed event (`event: <tipo>` on the stream); the push card listens to `mensaje` only. */
export type EventoTipado = { tipo: "asamblea"; datos: Record<string, unknown> };

type Oyente = {
  idUsuario: number;
  enviar: (mensaje: MensajePush) => void;
  enviarTipado?: (evento: EventoTipado) => void;
  terminar: () => void;
};

/**
 * Messages for signed-in users. They are written to the database and every API instance
 * polls for new ones while it has listeners, so several instances behind a balancer all deliver.
 */
export class EventosService {
  private readonly oyentes = new Set<Oyente>();
  private ultimoId = 0;
  private temporizador: NodeJS.Timeout | null = null;
  private sondeando = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly intervaloMs = 1000,
  ) {}

  async publicar(idUsuario: number | null, mensaje: MensajePush): Promise<void> {
    await this.db
      .insertInto("mensaje_evento")
      .values({
        id_usuario: idUsuario,
        titulo: mensaje.notification.title,
        cuerpo: mensaje.notification.body,
        imagen: mensaje.notification.image,
      })
      .execute();
    void this.sondear();
  }

  /** A typed event for every signed-in user (`event: asamblea`): its data, never a secret. */
  async publicarTipado(evento: EventoTipado): Promise<void> {
    await this.db
      .insertInto("mensaje_evento")
      .values({
        id_usuario: null,
        tipo: evento.tipo,
        titulo: "",
        cuerpo: JSON.stringify(evento.datos),
      })
      .execute();
    void this.sondear();
  }

  /**
   * One row for the whole alert, however many recipients: each instance delivers it only to
   * its connected listeners that are among the alert's recipients.
   */
  async publicarAlerta(idAlerta: number, mensaje: MensajePush): Promise<void> {
    await this.db
      .insertInto("mensaje_evento")
      .values({
        id_usuario: null,
        id_alerta: idAlerta,
        titulo: mensaje.notification.title,
        cuerpo: mensaje.notification.body,
        imagen: mensaje.notification.image,
      })
      .execute();
    void this.sondear();
  }

  async suscribir(oyente: Oyente): Promise<() => void> {
    if (this.oyentes.size === 0) {
      const fila = await this.db
        .selectFrom("mensaje_evento")
        .select((eb) => eb.fn.max("id").as("max"))
        .executeTakeFirst();
      this.ultimoId = Number(fila?.max ?? 0);
    }
    this.oyentes.add(oyente);
    this.temporizador ??= setInterval(() => void this.sondear(), this.intervaloMs);
    return () => {
      this.oyentes.delete(oyente);
      if (this.oyentes.size === 0) this.parar();
    };
  }

  /** Ends every open stream (graceful shutdown). */
  cerrarTodo(): void {
    for (const o of this.oyentes) o.terminar();
    this.oyentes.clear();
    this.parar();
  }

  private parar(): void {
    if (this.temporizador) clearInterval(this.temporizador);
    this.temporizador = null;
  }

  /**
   * The connected users that are recipients of the alert, each with the message in their
   * account's language (issue 38): the alert's Valencian text when it has one.
   */
  private async conectadosEntre(
    idAlerta: number,
    mensaje: MensajePush,
  ): Promise<Map<number, MensajePush>> {
    const conectados = [...new Set([...this.oyentes].map((o) => o.idUsuario))];
    if (conectados.length === 0) return new Map();
    const filas = await this.db
      .selectFrom("alerta_destinatario as ad")
      .innerJoin("usuario as u", "u.id", "ad.id_usuario")
      .innerJoin("alerta as a", "a.id", "ad.id_alerta")
      .select(["ad.id_usuario", "u.idioma", "a.titulo_va", "a.mensaje_va"])
      .where("ad.id_alerta", "=", idAlerta)
      .where("ad.id_usuario", "in", conectados)
      .execute();
    return new Map(
      filas.map((f) => [
        f.id_usuario,
        f.idioma === "va" && f.titulo_va.trim() !== ""
          ? {
              ...mensaje,
              notification: { ...mensaje.notification, title: f.titulo_va, body: f.mensaje_va },
            }
          : mensaje,
      ]),
    );
  }

  private async sondear(): Promise<void> {
    if (this.sondeando || this.oyentes.size === 0) return;
    this.sondeando = true;
    try {
      const nuevos = await this.db
        .selectFrom("mensaje_evento")
        .selectAll()
        .where("id", ">", this.ultimoId)
        .orderBy("id")
        .limit(500)
        .execute();
      for (const m of nuevos) {
        this.ultimoId = m.id;
        if (m.tipo !== "mensaje") {
          const evento = { tipo: m.tipo, datos: JSON.parse(m.cuerpo) as Record<string, unknown> };
          for (const o of this.oyentes) {
            if (m.id_usuario === null || m.id_usuario === o.idUsuario) o.enviarTipado?.(evento);
          }
          continue;
        }
        const mensaje: MensajePush = {
          notification: { title: m.titulo, body: m.cuerpo, image: m.imagen },
          ...(m.id_alerta ? { data: { idAlerta: m.id_alerta } } : {}),
        };
        const destinatarios = m.id_alerta ? await this.conectadosEntre(m.id_alerta, mensaje) : null;
        for (const o of this.oyentes) {
          if (destinatarios) {
            const suyo = destinatarios.get(o.idUsuario);
            if (suyo) o.enviar(suyo);
          } else if (m.id_usuario === null || m.id_usuario === o.idUsuario) {
            o.enviar(mensaje);
          }
        }
      }
    } catch (err) {
      this.log.warn({ err }, "no se han podido leer los mensajes nuevos");
    } finally {
      this.sondeando = false;
    }
  }
}
