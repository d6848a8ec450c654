import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { cabecerasDeSeguridad, cabecerasSeguridadPlugin } from "./cabeceras-seguridad.js";

const OPCIONES = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'sha256-abc='"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

describe("cabeceras de seguridad (helmet, calculadas una vez)", () => {
  it("son las de helmet para esas opciones", () => {
    const cabeceras = cabecerasDeSeguridad(OPCIONES);
    const csp = (cabeceras["content-security-policy"] ?? "").split(";");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(cabeceras["x-content-type-options"]).toBe("nosniff");
    expect(cabeceras["x-frame-options"]).toBe("SAMEORIGIN");
    expect(cabeceras["strict-transport-security"]).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(cabeceras["referrer-policy"]).toBe("no-referrer");
    expect(cabeceras["cross-origin-opener-policy"]).toBe("same-origin");
    expect(cabeceras).not.toHaveProperty("cross-origin-embedder-policy");
  });

  it("unas opciones que helmet rechaza paran el arranque", () => {
    expect(() =>
      cabecerasDeSeguridad({ contentSecurityPolicy: { directives: { scriptSrc: ["self"] } } }),
    ).toThrow();
  });

  it("salen en cada respuesta: una ruta, un error y una ruta que no existe", async () => {
    const app = Fastify();
    await app.register(cabecerasSeguridadPlugin, OPCIONES);
    app.get("/bien", async () => ({ ok: true }));
    app.get("/mal", async () => {
      throw new Error("roto");
    });
    const esperadas = cabecerasDeSeguridad(OPCIONES);
    for (const [url, estado] of [
      ["/bien", 200],
      ["/mal", 500],
      ["/no-existe", 404],
    ] as const) {
      const r = await app.inject({ method: "GET", url });
      expect(r.statusCode).toBe(estado);
      for (const [nombre, valor] of Object.entries(esperadas)) {
        expect(r.headers[nombre], `${url} ${nombre}`).toBe(valor);
      }
    }
    await app.close();
  });
});
