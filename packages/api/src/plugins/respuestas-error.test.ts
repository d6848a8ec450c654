import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";

let e: Entorno;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as JSON
let doc: any;

beforeAll(async () => {
  e = await crearEntorno();
  doc = (await e.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
});
afterAll(async () => e?.cerrar());

type Operacion = { ruta: string; metodo: string; respuestas: Record<string, unknown> };

function operaciones(): Operacion[] {
  return Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
    ([ruta, metodos]) =>
      Object.entries(metodos).map(([metodo, op]) => ({
        ruta,
        metodo,
        respuestas: (op as { responses: Record<string, unknown> }).responses,
      })),
  );
}

describe("documento OpenAPI", () => {
  it("es un OpenAPI 3 válido", async () => {
    const resultado = await new Validator().validate(doc);
    expect(resultado.errors ?? []).toEqual([]);
    expect(resultado.valid).toBe(true);
  });

  it("cada operación declara sus errores con el cuerpo {error, mensaje, detalles}", () => {
    const ops = operaciones();
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      const nombre = `${op.metodo.toUpperCase()} ${op.ruta}`;
      for (const estado of ["400", "404", "500", "503"]) {
        expect(op.respuestas, `${nombre} ${estado}`).toHaveProperty(estado);
      }
      if (op.metodo !== "get") expect(op.respuestas, `${nombre} 409`).toHaveProperty("409");
      const error = op.respuestas["404"] as {
        content: Record<string, { schema: { required?: string[] } }>;
      };
      expect(error.content["application/json"]?.schema.required, nombre).toEqual(
        expect.arrayContaining(["error", "mensaje"]),
      );
    }
  });

  it("las operaciones con sesión declaran 401 y 403; las de entrada, 429; las públicas no piden sesión", () => {
    const ops = operaciones();
    const socios = ops.find((o) => o.ruta === "/api/socios" && o.metodo === "get");
    expect(socios?.respuestas).toHaveProperty("401");
    expect(socios?.respuestas).toHaveProperty("403");
    const login = ops.find((o) => o.ruta === "/api/login" && o.metodo === "post");
    expect(login?.respuestas).toHaveProperty("429");
    // Its 401 is the sign-in's own answer (wrong credentials, a TOTP code asked): no session.
    expect(login?.respuestas).toHaveProperty("401");
    expect(login?.respuestas).not.toHaveProperty("403");
    const textos = ops.find((o) => o.ruta === "/api/asociacion/textos");
    expect(textos?.respuestas).not.toHaveProperty("401");
  });

  it("los errores que de verdad se envían cumplen el esquema declarado", async () => {
    const token = await entrar(e.app, (await crearCuenta(e.db, { rol: "socio" })).email);
    for (const [peticion, estado] of [
      [{ method: "GET", url: "/api/socios" }, 401],
      [{ method: "GET", url: "/api/socios", headers: bearer(token) }, 403],
      [{ method: "GET", url: "/api/socios/999999", headers: bearer(token) }, 403],
      [{ method: "GET", url: "/api/alertas/mias?page=0", headers: bearer(token) }, 400],
    ] as const) {
      const res = await e.app.inject(peticion);
      expect(res.statusCode, peticion.url).toBe(estado);
      expect(Object.keys(res.json()).sort()).toEqual(["detalles", "error", "mensaje"]);
    }
  });
});
