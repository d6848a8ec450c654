import { EventEmitter } from "node:events";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { contarConexiones, ESPERA_MAXIMA_LOTE_MS, lanzarAlAsentarse } from "./al-asentarse.js";

const vuelta = () => new Promise<void>((ok) => setImmediate(ok));

const servidores: net.Server[] = [];
afterEach(async () => {
  for (const s of servidores.splice(0)) await new Promise((ok) => s.close(ok));
});

/** A real server whose connections are counted, and a way to open them one by one. */
async function servidorContado() {
  const servidor = net.createServer((socket) => socket.destroy());
  contarConexiones(servidor);
  servidores.push(servidor);
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  const { port } = servidor.address() as net.AddressInfo;
  const aceptadas = { n: 0 };
  servidor.on("connection", () => aceptadas.n++);
  const conectar = () => {
    const c = net.connect(port, "127.0.0.1");
    c.on("error", () => {});
  };
  return { aceptadas, conectar };
}

describe("lanzarAlAsentarse", () => {
  it("sin conexiones nuevas lanza en la vuelta siguiente", async () => {
    let lanzadas = 0;
    const inicio = performance.now();
    lanzarAlAsentarse(
      () => inicio,
      () => lanzadas++,
    );
    await vuelta();
    expect(lanzadas).toBe(1);
  });

  it("mientras se aceptan conexiones nuevas espera a que se acaben", async () => {
    const { aceptadas, conectar } = await servidorContado();
    for (let i = 0; i < 20; i++) conectar();
    // The first one accepted: a request on it asks for its batch.
    while (aceptadas.n === 0) await vuelta();
    let aceptadasAlLanzar: number | undefined;
    lanzarAlAsentarse(
      () => performance.now(),
      () => {
        aceptadasAlLanzar = aceptadas.n;
      },
      1_000,
    );
    while (aceptadasAlLanzar === undefined) await vuelta();
    // One connection per turn (libuv ≥ 1.45): it waited for the twenty.
    expect(aceptadasAlLanzar).toBe(20);
  });

  it("si no dejan de llegar, la más antigua no espera más del plazo", async () => {
    // A new connection on every turn, for as long as it takes.
    const servidor = new EventEmitter() as net.Server;
    contarConexiones(servidor);
    let seguir = true;
    const otra = () => {
      servidor.emit("connection");
      if (seguir) setImmediate(otra);
    };
    otra();
    const inicio = performance.now();
    let lanzadaA: number | undefined;
    lanzarAlAsentarse(
      () => inicio,
      () => {
        lanzadaA = performance.now() - inicio;
      },
    );
    while (lanzadaA === undefined) await vuelta();
    seguir = false;
    expect(lanzadaA).toBeGreaterThanOrEqual(ESPERA_MAXIMA_LOTE_MS);
    expect(lanzadaA).toBeLessThan(ESPERA_MAXIMA_LOTE_MS + 500);
  });
});
