import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { authPlugin, requiereRol, requiereSesion } from "./auth.js";

// Registering routes never reaches the database: no database is needed to check them.
const sinBase = null as unknown as Database;

const JSON_ROTO = { headers: { "content-type": "application/json" }, payload: "{no es JSON" };

async function appConRuta(opciones: Record<string, unknown>) {
  const app = Fastify({ logger: false });
  await app.register(authPlugin, { db: sinBase });
  app.post("/api/prueba", opciones, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe("plugin de sesión", () => {
  it("rechaza al registrarla una ruta que mira la sesión después de validar (preHandler)", async () => {
    await expect(appConRuta({ preHandler: requiereSesion })).rejects.toThrow(
      "POST /api/prueba: la sesión se comprueba en onRequest, no en preHandler",
    );
    await expect(appConRuta({ preValidation: [requiereRol("administrador")] })).rejects.toThrow(
      /no en preValidation/,
    );
  });

  it("acepta la sesión en onRequest: sin ella, 401 antes de leer el cuerpo", async () => {
    const app = await appConRuta({ onRequest: requiereSesion });
    const res = await app.inject({ method: "POST", url: "/api/prueba", ...JSON_ROTO });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});
