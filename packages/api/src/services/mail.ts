import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/database.js";

export type Correo = {
  para: string;
  asunto: string;
  texto: string;
  html?: string;
  /** Attached files (a receipt): sent over SMTP, not kept in the outbox (a resend goes without). */
  adjuntos?: { nombre: string; tipo: string; contenido: Buffer }[];
  /** Extra headers (mailings: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  cabeceras?: Record<string, string>;
};

/**
 * Every email is written to the outbox table first; with SMTP_URL it is then sent over SMTP,
 * without it it stays in the outbox and the log (where an administrator can read it).
 */
export class MailService {
  private readonly transporte: Transporter | null;
  private readonly enCurso = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opciones: { smtpUrl: string | null; from: string },
  ) {
    this.transporte = opciones.smtpUrl ? nodemailer.createTransport(opciones.smtpUrl) : null;
  }

  /** Queues the email and sends it in the background, so the caller's answer time reveals nothing. */
  encolar(correo: Correo): void {
    const envio = this.enviar(correo).catch((err) =>
      this.log.error({ err }, "no se ha podido registrar el correo"),
    );
    this.enCurso.add(envio);
    void envio.finally(() => this.enCurso.delete(envio));
  }

  /** Stores and sends an email; true when the SMTP server accepted it (mailings count them). */
  async enviar(correo: Correo): Promise<boolean> {
    const { id } = await this.db
      .insertInto("correo_saliente")
      .values({
        para: correo.para,
        asunto: correo.asunto,
        texto: correo.texto,
        html: correo.html ?? "",
        cabeceras: JSON.stringify(correo.cabeceras ?? {}),
        estado: this.transporte ? "pendiente" : "sin_smtp",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!this.transporte) {
      this.log.info(
        { para: correo.para, asunto: correo.asunto },
        `Correo sin SMTP (guardado en la bandeja de salida):\n${correo.texto}`,
      );
      return false;
    }
    return this.entregar(id, correo);
  }

  /** Sends a stored email over SMTP and records the outcome in the outbox. */
  private async entregar(id: number, correo: Correo): Promise<boolean> {
    if (!this.transporte) return false;
    try {
      await this.transporte.sendMail({
        from: this.opciones.from,
        to: correo.para,
        subject: correo.asunto,
        text: correo.texto,
        html: correo.html || undefined,
        attachments: correo.adjuntos?.map((a) => ({
          filename: a.nombre,
          contentType: a.tipo,
          content: a.contenido,
        })),
        headers: correo.cabeceras,
      });
      await this.db
        .updateTable("correo_saliente")
        .set({ estado: "enviado", enviado_en: new Date(), error: "" })
        .where("id", "=", id)
        .execute();
      return true;
    } catch (err) {
      this.log.error({ err, para: correo.para }, "fallo al enviar un correo por SMTP");
      await this.db
        .updateTable("correo_saliente")
        .set({ estado: "error", error: String((err as Error).message ?? err).slice(0, 500) })
        .where("id", "=", id)
        .execute();
      return false;
    }
  }

  /** Whether emails leave over SMTP (false: they stay in the outbox). */
  get conSmtp(): boolean {
    return this.transporte !== null;
  }

  /**
   * Sends again an email of the outbox (one that failed) with the headers it was stored with
   * (a mailing keeps its unsubscribe headers); waits for the answer of the server.
   */
  async reenviar(id: number): Promise<void> {
    const fila = await this.db
      .selectFrom("correo_saliente")
      .select(["para", "asunto", "texto", "html", "cabeceras"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (fila) await this.entregar(id, { ...fila, cabeceras: fila.cabeceras ?? {} });
  }

  /** Waits for the emails being sent (tests and graceful shutdown). */
  async esperarEnvios(): Promise<void> {
    while (this.enCurso.size > 0) await Promise.allSettled([...this.enCurso]);
  }

  cerrar(): void {
    this.transporte?.close();
  }
}
