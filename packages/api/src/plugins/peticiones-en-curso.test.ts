import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "../test/entorno.js";
import { peticionesEnCursoPlugin } from "./peticiones-en-curso.js";

const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** A request whose client hangs up once the server has started on it. */
function pedirYColgar(puerto: number, ruta: string): Promise<void> {
  return new Promise((ok) => {
    const peticion = http.get({ port: puerto, path: ruta });
    peticion.on("error", () => ok());
    setTimeout(() => {
      peticion.destroy();
      ok();
    }, 50);
  });
}

async function appConRutaLenta(esperaMaximaMs: number) {
  const pasos: string[] = [];
  const app = Fastify();
  await app.register(peticionesEnCursoPlugin, { esperaMaximaMs });
  app.get("/lenta", async () => {
    await esperar(300);
    pasos.push("lenta terminada");
    return { ok: true };
  });
  app.get("/con-reply", (_req, reply) => {
    setTimeout(() => {
      pasos.push("con-reply terminada");
      void reply.send({ ok: true });
    }, 10);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, pasos, puerto: (app.server.address() as AddressInfo).port };
}

describe("peticiones en curso al cerrar", () => {
  it("cerrar espera a la petición cuyo cliente ya colgó", async () => {
    const { app, pasos, puerto } = await appConRutaLenta(5000);
    await pedirYColgar(puerto, "/lenta");
    await app.close();
    // Without the wait the server closed at once (no open connection) and the handler ran on.
    expect(pasos).toEqual(["lenta terminada"]);
  });

  it("la espera tiene un límite", async () => {
    const { app, pasos, puerto } = await appConRutaLenta(50);
    await pedirYColgar(puerto, "/lenta");
    await app.close();
    expect(pasos).toEqual([]);
    await esperar(300);
  });

  it("las respuestas no cambian, tampoco las que se dan con reply más tarde", async () => {
    const { app, pasos } = await appConRutaLenta(5000);
    expect((await app.inject({ url: "/lenta" })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: "/con-reply" })).json()).toEqual({ ok: true });
    await app.close();
    expect(pasos).toEqual(["lenta terminada", "con-reply terminada"]);
  });
});

describe("en la aplicación", () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  });
  afterAll(() => e?.cerrar());

  it("está registrado", () => {
    expect(e.app.hasPlugin("peticiones-en-curso")).toBe(true);
  });
});
