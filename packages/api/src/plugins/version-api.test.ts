import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";

let e: Entorno;
let token: string;

beforeAll(async () => {
  e = await crearEntorno();
  const cuenta = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, cuenta.email);
});
afterAll(async () => e?.cerrar());

describe("versión de la API (X-Api-Version)", () => {
  it("cada respuesta de /api lleva la versión de la API, también las de error", async () => {
    const salud = await e.app.inject({ method: "GET", url: "/api/salud" });
    expect(salud.statusCode).toBe(200);
    expect(salud.headers["x-api-version"]).toBe("1");
    const sinSesion = await e.app.inject({ method: "GET", url: "/api/socios" });
    expect(sinSesion.statusCode).toBe(401);
    expect(sinSesion.headers["x-api-version"]).toBe("1");
    const noExiste = await e.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.headers["x-api-version"]).toBe("1");
  });

  it("atiende a un cliente de la versión actual y a uno sin cabecera", async () => {
    const conVersion = await e.app.inject({
      method: "GET",
      url: "/api/socios",
      headers: { ...bearer(token), "x-api-version": "1" },
    });
    expect(conVersion.statusCode).toBe(200);
    const sinCabecera = await e.app.inject({
      method: "GET",
      url: "/api/socios",
      headers: bearer(token),
    });
    expect(sinCabecera.statusCode).toBe(200);
  });

  it("responde 426 con un mensaje en español a un cliente más antiguo, antes de mirar la sesión", async () => {
    for (const headers of [{ "x-api-version": "0" }, { ...bearer(token), "x-api-version": "0" }]) {
      const res = await e.app.inject({ method: "GET", url: "/api/socios", headers });
      expect(res.statusCode).toBe(426);
      expect(res.headers["x-api-version"]).toBe("1");
      expect(res.json()).toEqual({
        error: "version_antigua",
        mensaje: "La aplicación se ha actualizado. Recarga la página para seguir usándola.",
        detalles: [],
      });
    }
    const entrada = await e.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "x-api-version": "0" },
      payload: { email: "nadie@fila.test", password: "x" },
    });
    expect(entrada.statusCode).toBe(426);
  });

  it("rechaza con 400 una versión que no es un número", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: "/api/salud",
      headers: { "x-api-version": "uno" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual([
      { campo: "X-Api-Version", mensaje: "Tiene que ser un número entero." },
    ]);
  });

  it("fuera de /api no añade la cabecera ni la comprueba", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: "/assets/config.json",
      headers: { "x-api-version": "0" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-api-version"]).toBeUndefined();
  });

  it("el documento OpenAPI declara el 426 en cada operación", async () => {
    const doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operaciones = Object.values(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap((metodos) => Object.values(metodos))
      .map((op) => (op as { responses: Record<string, unknown> }).responses);
    expect(operaciones.length).toBeGreaterThan(100);
    for (const respuestas of operaciones) expect(respuestas).toHaveProperty("426");
  });
});
