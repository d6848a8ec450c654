import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BaseDeDatos } from "../db/database.js";
import { crearBaseDePruebas } from "../test/base-de-pruebas.js";
import { MailService } from "./mail.js";

const silencioso = {
  info: () => {},
  error: () => {},
  warn: () => {},
} as unknown as FastifyBaseLogger;

let bd: BaseDeDatos;
let smtp: SMTPServer;
let puerto: number;
const recibidos: { para: string; asunto: string; texto: string }[] = [];
const adjuntosRecibidos: { para: string; nombre: string; tipo: string; contenido: Buffer }[] = [];

beforeAll(async () => {
  bd = await crearBaseDePruebas();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, sesion, callback) {
      simpleParser(stream)
        .then((c) => {
          for (const a of c.attachments) {
            adjuntosRecibidos.push({
              para: sesion.envelope.rcptTo.map((r) => r.address).join(","),
              nombre: a.filename ?? "",
              tipo: a.contentType,
              contenido: a.content,
            });
          }
          recibidos.push({
            para: sesion.envelope.rcptTo.map((r) => r.address).join(","),
            asunto: c.subject ?? "",
            texto: c.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
  puerto = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((ok) => smtp.close(() => ok()));
  await bd?.cerrar();
});

async function estadoDe(para: string) {
  return bd.db
    .selectFrom("correo_saliente")
    .select(["estado", "error", "enviado_en"])
    .where("para", "=", para)
    .executeTakeFirstOrThrow();
}

describe("MailService", () => {
  it("envía por SMTP, con tildes intactas, y lo marca como enviado en la bandeja de salida", async () => {
    const mail = new MailService(bd.db, silencioso, {
      smtpUrl: `smtp://127.0.0.1:${puerto}`,
      from: "Filà <junta@fila.test>",
    });
    mail.encolar({
      para: "festera@fila.test",
      asunto: "Convocatòria d'assemblea",
      texto: "Reunión el sábado. ¡Ñ!",
    });
    await mail.esperarEnvios();
    mail.cerrar();
    expect(recibidos).toContainEqual({
      para: "festera@fila.test",
      asunto: "Convocatòria d'assemblea",
      texto: expect.stringContaining("Reunión el sábado. ¡Ñ!"),
    });
    const fila = await estadoDe("festera@fila.test");
    expect(fila.estado).toBe("enviado");
    expect(fila.enviado_en).toBeInstanceOf(Date);
  });

  it("manda los adjuntos (un recibo en PDF) por SMTP", async () => {
    const mail = new MailService(bd.db, silencioso, {
      smtpUrl: `smtp://127.0.0.1:${puerto}`,
      from: "Filà <junta@fila.test>",
    });
    const pdf = Buffer.from("%PDF-1.4 recibo");
    mail.encolar({
      para: "pagador@fila.test",
      asunto: "Recibo",
      texto: "Adjuntamos el recibo.",
      adjuntos: [{ nombre: "recibo-7.pdf", tipo: "application/pdf", contenido: pdf }],
    });
    await mail.esperarEnvios();
    mail.cerrar();
    expect(adjuntosRecibidos).toContainEqual({
      para: "pagador@fila.test",
      nombre: "recibo-7.pdf",
      tipo: "application/pdf",
      contenido: pdf,
    });
  });

  it("si el servidor SMTP no responde, lo deja en la bandeja con estado error", async () => {
    const mail = new MailService(bd.db, silencioso, {
      smtpUrl: "smtp://127.0.0.1:1",
      from: "Filà <junta@fila.test>",
    });
    mail.encolar({ para: "caido@fila.test", asunto: "Prueba", texto: "Hola" });
    await mail.esperarEnvios();
    mail.cerrar();
    const fila = await estadoDe("caido@fila.test");
    expect(fila.estado).toBe("error");
    expect(fila.error).not.toBe("");
  });

  it("sin SMTP_URL lo guarda en la bandeja de salida como sin_smtp", async () => {
    const mail = new MailService(bd.db, silencioso, { smtpUrl: null, from: "x@fila.test" });
    await mail.enviar({ para: "sin@fila.test", asunto: "Prueba", texto: "Hola" });
    expect((await estadoDe("sin@fila.test")).estado).toBe("sin_smtp");
  });
});
