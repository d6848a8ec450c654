import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { PUERTO_SMTP } from "./constantes";

export type CorreoRecibido = { para: string; asunto: string; texto: string };

/** A real SMTP server on loopback that keeps what it receives. */
export async function arrancarSmtp() {
  const recibidos: CorreoRecibido[] = [];
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, sesion, callback) {
      simpleParser(stream)
        .then((correo) => {
          recibidos.push({
            para: sesion.envelope.rcptTo.map((r) => r.address).join(","),
            asunto: correo.subject ?? "",
            texto: correo.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((ok) => servidor.listen(PUERTO_SMTP, "127.0.0.1", ok));
  return {
    recibidos,
    async esperarCorreo(para: string, timeoutMs = 15_000): Promise<CorreoRecibido> {
      const fin = Date.now() + timeoutMs;
      while (Date.now() < fin) {
        const c = recibidos.find((r) => r.para.includes(para));
        if (c) return c;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`No ha llegado ningún correo para ${para}`);
    },
    cerrar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}
