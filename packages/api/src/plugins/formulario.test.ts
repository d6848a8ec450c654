import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { aceptarFormularios } from "./formulario.js";

async function appDePrueba() {
  const app = Fastify();
  await app.register(async (publico) => {
    await aceptarFormularios(publico);
    publico.post("/formulario", async (req) => ({ cuerpo: req.body }));
  });
  app.post("/json", async (req) => ({ cuerpo: req.body }));
  return app;
}

describe("aceptarFormularios", () => {
  it("lee un cuerpo urlencoded como objeto de textos en las rutas de su ámbito", async () => {
    const app = await appDePrueba();
    const res = await app.inject({
      method: "POST",
      url: "/formulario",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click&Ds_Signature=a%2Bb%3D&x=1&x=2",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().cuerpo).toEqual({
      "List-Unsubscribe": "One-Click",
      Ds_Signature: "a+b=",
      x: "2",
    });
    await app.close();
  });

  it("no abre las demás rutas a formularios: allí sigue siendo un 415", async () => {
    const app = await appDePrueba();
    const res = await app.inject({
      method: "POST",
      url: "/json",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "a=1",
    });
    expect(res.statusCode).toBe(415);
    await app.close();
  });
});
