import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

const TOKEN = "token-de-metricas-de-pruebas-0123456789";

describe("GET /api/metricas sin METRICS_TOKEN", () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno({ metricsToken: null });
  });
  afterAll(async () => e.cerrar());

  it("no existe para nadie, tampoco para un administrador ni desde loopback (404)", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, admin.email);
    for (const headers of [{}, bearer(token), { authorization: `Bearer ${TOKEN}` }]) {
      const r = await e.app.inject({
        method: "GET",
        url: "/api/metricas",
        headers,
        remoteAddress: "127.0.0.1",
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBe("no_encontrado");
    }
  });
});

describe("GET /api/metricas con METRICS_TOKEN", () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno({ metricsToken: TOKEN });
  });
  afterAll(async () => e.cerrar());

  it("sin el token, o con otro (también el de una sesión de administrador), 401", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const sesion = await entrar(e.app, admin.email);
    for (const headers of [
      {},
      bearer(sesion),
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ]) {
      const r = await e.app.inject({ method: "GET", url: "/api/metricas", headers });
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toBe("no_autenticado");
    }
  });

  it("con el token, el formato de texto de Prometheus con el proceso, las peticiones por patrón de ruta, la cola de push y los correos fallidos", async () => {
    await e.app.inject({ method: "GET", url: "/api/socios/12345?q=secreto" });
    await e.app.inject({ method: "GET", url: "/api/salud" });
    const r = await e.app.inject({
      method: "GET",
      url: "/api/metricas",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const texto = r.body;
    expect(texto).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(texto).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(texto).toMatch(/^nodejs_gc_duration_seconds_count\{kind="/m);
    expect(texto).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/socios\/:id",method="GET",status="401"\} 1$/m,
    );
    expect(texto).toMatch(
      /^http_request_duration_seconds_count\{route="\/api\/salud",method="GET",status="200"\} 1$/m,
    );
    expect(texto).not.toContain("12345");
    expect(texto).not.toContain("secreto");
    expect(texto).toMatch(/^fila_push_cola 0$/m);
    expect(texto).toMatch(/^fila_correos_fallidos 0$/m);
    expect(texto).toMatch(/^fila_db_pool_esperando 0$/m);
  });

  it("cuenta los correos que el servidor SMTP no aceptó", async () => {
    await e.db
      .insertInto("correo_saliente")
      .values({ para: "a@fila.test", asunto: "x", texto: "x", estado: "error", error: "550" })
      .execute();
    const r = await e.app.inject({
      method: "GET",
      url: "/api/metricas",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(r.body).toMatch(/^fila_correos_fallidos 1$/m);
  });
});
