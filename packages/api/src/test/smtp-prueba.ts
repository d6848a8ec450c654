import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type SmtpPrueba = {
  url: string;
  /** Every mail received, one entry per recipient, raw. */
  recibidos: { para: string; datos: string }[];
  /** How many mails `para` received. */
  cuantos(para: string): number;
  cerrar(): Promise<void>;
};

/**
 * A real SMTP server on loopback (no TLS, no auth) that keeps what it receives. `antesDeAceptar`
 * holds the answer to a received mail (a slow or frozen server) until its promise resolves.
 */
export async function arrancarSmtp(
  antesDeAceptar: (n: number) => Promise<void> | undefined = () => undefined,
): Promise<SmtpPrueba> {
  const recibidos: SmtpPrueba["recibidos"] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, sesion, callback) {
      let datos = "";
      stream.on("data", (c: Buffer) => {
        datos += c.toString("utf8");
      });
      stream.on("end", () => {
        for (const r of sesion.envelope.rcptTo) recibidos.push({ para: r.address, datos });
        const espera = antesDeAceptar(recibidos.length);
        if (espera) void espera.then(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
  const puerto = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${puerto}`,
    recibidos,
    cuantos: (para) => recibidos.filter((m) => m.para === para).length,
    cerrar: () => new Promise<void>((ok) => smtp.close(() => ok())),
  };
}
