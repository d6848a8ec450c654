import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../db/database.js";

export type Correo = { para: string; asunto: string; texto: string; html?: string };

/**
 * Every email is written to the outbox table first; with SMTP_URL it is then sent over SMTP,
 * without it it stays in the outbox and the log (where an administrator can read it).
 */
export class MailService {
  private readonly transporte: Transporter | null;
  private readonly enCurso = new Set<Promise<void>>();

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

  async enviar(correo: Correo): Promise<void> {
    const { id } = await this.db
      .insertInto("correo_saliente")
      .values({
        para: correo.para,
        asunto: correo.asunto,
        texto: correo.texto,
        html: correo.html ?? "",
        estado: this.transporte ? "pendiente" : "sin_smtp",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (!this.transporte) {
      this.log.info(
        { para: correo.para, asunto: correo.asunto },
        `Correo sin SMTP (guardado en la bandeja de salida):\n${correo.texto}`,
      );
      return;
    }
    try {
      await this.transporte.sendMail({
        from: this.opciones.from,
        to: correo.para,
        subject: correo.asunto,
        text: correo.texto,
        html: correo.html || undefined,
      });
      await this.db
        .updateTable("correo_saliente")
        .set({ estado: "enviado", enviado_en: new Date() })
        .where("id", "=", id)
        .execute();
    } catch (err) {
      this.log.error({ err, para: correo.para }, "fallo al enviar un correo por SMTP");
      await this.db
        .updateTable("correo_saliente")
        .set({ estado: "error", error: String((err as Error).message ?? err).slice(0, 500) })
        .where("id", "=", id)
        .execute();
    }
  }

  /** Waits for the emails being sent (tests and graceful shutdown). */
  async esperarEnvios(): Promise<void> {
    while (this.enCurso.size > 0) await Promise.allSettled([...this.enCurso]);
  }

  cerrar(): void {
    this.transporte?.close();
  }
}
