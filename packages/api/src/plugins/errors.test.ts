import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "../errors/domain-error.js";
import { errorsPlugin } from "./errors.js";

async function appDePrueba() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.get("/roto", async () => {
    throw new Error("detalle interno: contraseña de la base de datos");
  });
  app.get("/conflicto", async () => {
    throw new DomainError("conflicto", "actos.sin_plazas", [
      { campo: "idActo", mensaje: "Completo" },
    ]);
  });
  app.post("/validado", { schema: { body: z.object({ n: z.number().int() }) } }, async () => ({
    ok: true,
  }));
  return app;
}

describe("un único formato de error", () => {
  it("un fallo inesperado da 500 sin filtrar detalles internos ni traza", async () => {
    const app = await appDePrueba();
    const res = await app.inject({ url: "/roto" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: "error_interno",
      mensaje: "Ha ocurrido un error interno. Inténtalo de nuevo más tarde.",
      detalles: [],
    });
    expect(res.body).not.toMatch(/contraseña|stack|at /);
  });

  it("un DomainError conserva su código, estado, mensaje y detalles", async () => {
    const app = await appDePrueba();
    const res = await app.inject({ url: "/conflicto" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: "conflicto",
      mensaje: "No quedan plazas",
      detalles: [{ campo: "idActo", mensaje: "Completo" }],
    });
  });

  it("un JSON mal formado es un 400 en español", async () => {
    const app = await appDePrueba();
    const res = await app.inject({
      method: "POST",
      url: "/validado",
      headers: { "content-type": "application/json" },
      payload: "{no es json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "peticion_invalida",
      mensaje: expect.stringMatching(/JSON/),
    });
  });
});
