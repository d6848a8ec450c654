import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

const TOKEN = "token-de-metricas-de-pruebas-0123456789";
const conToken = { authorization: `Bearer ${TOKEN}` };

describe("GET /api/metricas", () => {
  let sin: Entorno;
  let con: Entorno;
  let sesionAdmin: string;
  beforeAll(async () => {
    [sin, con] = await Promise.all([
      crearEntorno({ metricsToken: null }),
      crearEntorno({ metricsToken: TOKEN }),
    ]);
    sesionAdmin = await entrar(
      con.app,
      (await crearCuenta(con.db, { rol: "administrador" })).email,
    );
  });
  afterAll(async () => {
    await Promise.all([sin?.cerrar(), con?.cerrar()]);
  });

  it("sin METRICS_TOKEN no existe para nadie, tampoco para un administrador ni desde loopback (404)", async () => {
    const admin = await crearCuenta(sin.db, { rol: "administrador" });
    const token = await entrar(sin.app, admin.email);
    for (const headers of [{}, bearer(token), conToken]) {
      const r = await sin.app.inject({
        method: "GET",
        url: "/api/metricas",
        headers,
        remoteAddress: "127.0.0.1",
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().error).toBe("no_encontrado");
    }
  });

  it("sin el token, o con otro (también el de una sesión de administrador), 401", async () => {
    for (const headers of [
      {},
      bearer(sesionAdmin),
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
    ]) {
      const r = await con.app.inject({ method: "GET", url: "/api/metricas", headers });
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toBe("no_autenticado");
    }
  });

  it("con el token, el formato de texto de Prometheus con el proceso, las peticiones por patrón de ruta, la cola de push y los correos fallidos", async () => {
    await con.app.inject({ method: "GET", url: "/api/socios/12345?q=secreto" });
    await con.app.inject({ method: "GET", url: "/api/salud" });
    const r = await con.app.inject({ method: "GET", url: "/api/metricas", headers: conToken });
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
    // The raw URL never becomes a label (a metric's value may contain any digits by chance).
    const etiquetasRuta = [...texto.matchAll(/route="([^"]*)"/g)].map((m) => m[1]);
    expect(etiquetasRuta.length).toBeGreaterThan(0);
    for (const ruta of etiquetasRuta) {
      expect(ruta).not.toContain("12345");
      expect(ruta).not.toContain("secreto");
    }
    expect(texto).not.toContain("secreto");
    expect(texto).toMatch(/^fila_push_cola 0$/m);
    expect(texto).toMatch(/^fila_correos_fallidos 0$/m);
    expect(texto).toMatch(/^fila_db_pool_esperando 0$/m);
  });

  it("cuenta los correos que el servidor SMTP no aceptó", async () => {
    await con.db
      .insertInto("correo_saliente")
      .values({ para: "a@fila.test", asunto: "x", texto: "x", estado: "error", error: "550" })
      .execute();
    const r = await con.app.inject({ method: "GET", url: "/api/metricas", headers: conToken });
    expect(r.body).toMatch(/^fila_correos_fallidos 1$/m);
  });
});
