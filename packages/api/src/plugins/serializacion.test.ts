import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { crearSerializerCompiler } from "./serializacion.js";

const Cuenta = z.object({
  id: z.int(),
  email: z.email(),
  nombre: z.string().nullable(),
  tipo: z.object({ id: z.int(), color: z.string() }).nullable(),
  alta: z.iso.date(),
  estado: z.union([
    z.object({ tipo: z.literal("pendiente") }),
    z.object({ tipo: z.literal("pagado"), importe: z.number() }),
  ]),
});

async function servidor(comprobar: boolean, datos: unknown, esquema: z.ZodType = Cuenta) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(crearSerializerCompiler({ comprobar }));
  app.get("/cuenta", { schema: { response: { 200: esquema } } }, async () => datos);
  await app.ready();
  return app;
}

const cuenta = {
  id: 7,
  email: "ana@filademo.es",
  nombre: null,
  tipo: { id: 2, color: "#c92a2a", interno: "no sale" },
  alta: "2026-03-01",
  estado: { tipo: "pagado", importe: 12.5, remesa: "no sale" },
  passwordHash: "$argon2id$…",
};

describe("serializador compilado de las respuestas", () => {
  it.each([false, true])("escribe solo lo que declara el esquema (comprobando: %s)", async (c) => {
    const app = await servidor(c, cuenta);
    const res = await app.inject({ method: "GET", url: "/cuenta" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 7,
      email: "ana@filademo.es",
      nombre: null,
      tipo: { id: 2, color: "#c92a2a" },
      alta: "2026-03-01",
      estado: { tipo: "pagado", importe: 12.5 },
    });
    expect(res.body).not.toContain("argon2");
    expect(res.body).not.toContain("interno");
    expect(res.body).not.toContain("remesa");
    await app.close();
  });

  it.each([false, true])("sin un campo obligatorio responde 500 (comprobando: %s)", async (c) => {
    const { id: _, ...sinId } = cuenta;
    const app = await servidor(c, sinId);
    const res = await app.inject({ method: "GET", url: "/cuenta" });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain("ana@filademo.es");
    await app.close();
  });

  it("en las pruebas falla si no escribe lo mismo que zod (que normaliza el correo al codificar)", async () => {
    const esquema = z.object({ email: z.string().trim().toLowerCase() });
    const sinComprobar = await servidor(false, { email: "ANA@filademo.es" }, esquema);
    expect((await sinComprobar.inject({ method: "GET", url: "/cuenta" })).statusCode).toBe(200);
    await sinComprobar.close();
    const comprobando = await servidor(true, { email: "ANA@filademo.es" }, esquema);
    expect((await comprobando.inject({ method: "GET", url: "/cuenta" })).statusCode).toBe(500);
    await comprobando.close();
  });

  it("un esquema que JSON Schema no puede expresar sigue con el serializador de zod", async () => {
    const esquema = z.object({
      hecho: z.custom<string>((v) => typeof v === "string"),
      n: z.int(),
    });
    const app = await servidor(false, { hecho: "sí", n: 1, sobra: true }, esquema);
    const res = await app.inject({ method: "GET", url: "/cuenta" });
    expect(res.json()).toEqual({ hecho: "sí", n: 1 });
    const mal = await servidor(false, { hecho: 3, n: 1 }, esquema);
    expect((await mal.inject({ method: "GET", url: "/cuenta" })).statusCode).toBe(500);
    await Promise.all([app.close(), mal.close()]);
  });
});
