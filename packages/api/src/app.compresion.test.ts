import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "./test/entorno.js";

let e: Entorno;
let token: string;

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  for (let i = 0; i < 30; i++) await crearCuenta(e.db, { rol: "socio" });
  token = await entrar(e.app, admin.email);
});
afterAll(async () => {
  await e?.cerrar();
});

describe("respuestas de la API comprimidas", () => {
  it("una lista sale en brotli o gzip según Accept-Encoding, y tal cual sin él", async () => {
    const pedir = (acepta?: string) =>
      e.app.inject({
        method: "GET",
        url: "/api/socios?pageSize=200",
        headers: { ...bearer(token), ...(acepta ? { "accept-encoding": acepta } : {}) },
      });
    const plano = await pedir();
    expect(plano.statusCode).toBe(200);
    expect(plano.headers["content-encoding"]).toBeUndefined();
    const lista = plano.json();
    expect(lista.items.length).toBeGreaterThan(30);

    const br = await pedir("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plano.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(lista);

    const gz = await pedir("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(lista);
  });

  it("las respuestas pequeñas no se comprimen", async () => {
    const r = await e.app.inject({
      method: "GET",
      url: "/assets/config.json",
      headers: { "accept-encoding": "br" },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-encoding"]).toBeUndefined();
  });

  it("el flujo de eventos no se comprime ni se retiene: el primer mensaje llega enseguida", async () => {
    await e.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(e.app.server.address() as AddressInfo).port}`;
    const control = new AbortController();
    try {
      const res = await fetch(`${base}/api/eventos`, {
        headers: { ...bearer(token), "accept-encoding": "br, gzip" },
        signal: control.signal,
      });
      expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
      expect(res.headers.get("content-encoding")).toBeNull();
      const lector = res.body?.getReader();
      const primero = await lector?.read();
      expect(new TextDecoder().decode(primero?.value)).toContain(": conectado");
    } finally {
      control.abort();
    }
  });
});
