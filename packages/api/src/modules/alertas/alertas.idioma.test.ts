import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// Issue 38: an alert may carry Valencian texts; each recipient gets theirs (list, push, mail).

let e: Entorno;
let admin: string;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});
afterAll(async () => {
  await e?.cerrar();
});

async function cuentaEn(idioma: "es" | "va") {
  const c = await crearCuenta(e.db, { rol: "usuario" });
  await e.db.updateTable("usuario").set({ idioma }).where("id", "=", c.id).execute();
  await e.db
    .insertInto("push_suscripcion")
    .values({
      id_usuario: c.id,
      endpoint: `https://push.example.com/i-${c.id}`,
      p256dh: "p",
      auth: "a",
    })
    .execute();
  return { ...c, token: await entrar(e.app, c.email) };
}

describe("alertas en dos idiomas", () => {
  it("cada destinatario la recibe en su idioma: en la lista, en el push y en el correo", async () => {
    const pep = await cuentaEn("va");
    const ana = await cuentaEn("es");
    const res = await e.app.inject({
      method: "POST",
      url: "/api/alertas",
      headers: bearer(admin),
      payload: {
        titulo: "Ensayo general",
        mensaje: "El sábado a las 18 h",
        tituloVa: "Assaig general",
        mensajeVa: "Dissabte a les 18 h",
        destino: { idsSocio: [pep.idSocio, ana.idSocio] },
        email: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(res.json()).toMatchObject({ titulo: "Ensayo general", tituloVa: "Assaig general" });

    const mias = async (token: string) =>
      (await e.app.inject({ url: "/api/alertas/mias", headers: bearer(token) })).json().items[0];
    expect(await mias(pep.token)).toMatchObject({
      titulo: "Assaig general",
      mensaje: "Dissabte a les 18 h",
    });
    expect(await mias(ana.token)).toMatchObject({ titulo: "Ensayo general" });
    const una = await e.app.inject({ url: `/api/alertas/mias/${id}`, headers: bearer(pep.token) });
    expect(una.json().titulo).toBe("Assaig general");

    const payloads = await e.db
      .selectFrom("push_envio as pe")
      .innerJoin("push_suscripcion as ps", "ps.id", "pe.id_suscripcion")
      .select(["ps.id_usuario", "pe.payload"])
      .where("pe.id_alerta", "=", id)
      .execute();
    const de = (idUsuario: number) =>
      JSON.parse(payloads.find((p) => p.id_usuario === idUsuario)?.payload ?? "{}");
    expect(de(pep.id)).toMatchObject({ titulo: "Assaig general", mensaje: "Dissabte a les 18 h" });
    expect(de(ana.id)).toMatchObject({ titulo: "Ensayo general", mensaje: "El sábado a las 18 h" });

    await e.app.servicios.alertas.esperarCorreos();
    await e.app.servicios.mail.esperarEnvios();
    const correo = (para: string) =>
      e.db
        .selectFrom("correo_saliente")
        .select(["asunto", "texto"])
        .where("para", "=", para)
        .executeTakeFirstOrThrow();
    const aPep = await correo(pep.email);
    expect(aPep.asunto).toBe("Assaig general");
    expect(aPep.texto).toContain("Obri-la en l'aplicació");
    expect((await correo(ana.email)).asunto).toBe("Ensayo general");
  });

  it("sin texto en valenciano, quien lee en valenciano recibe el castellano", async () => {
    const pep = await cuentaEn("va");
    const res = await e.app.inject({
      method: "POST",
      url: "/api/alertas",
      headers: bearer(admin),
      payload: { titulo: "Solo castellano", destino: { idsSocio: [pep.idSocio] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mia = (
      await e.app.inject({ url: "/api/alertas/mias", headers: bearer(pep.token) })
    ).json().items[0];
    expect(mia.titulo).toBe("Solo castellano");
  });
});
