import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let base: string;

beforeAll(async () => {
  e = await crearEntorno();
  await e.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(e.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await e?.cerrar();
});

/** Opens the stream with the bearer header (never the token in the URL) and collects messages. */
async function abrirFlujo(token: string) {
  const control = new AbortController();
  const res = await fetch(`${base}/api/eventos`, {
    headers: bearer(token),
    signal: control.signal,
  });
  const recibidos: unknown[] = [];
  const lector = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      while (lector) {
        const { value, done } = await lector.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let corte = buffer.indexOf("\n\n");
        while (corte >= 0) {
          const bloque = buffer.slice(0, corte);
          buffer = buffer.slice(corte + 2);
          const datos = bloque.split("\n").find((l) => l.startsWith("data: "));
          if (datos) recibidos.push(JSON.parse(datos.slice(6)));
          corte = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // aborted
    }
  })();
  return { res, recibidos, cerrar: () => control.abort() };
}

async function esperar(condicion: () => boolean, ms = 5000) {
  const fin = Date.now() + ms;
  while (!condicion() && Date.now() < fin) await new Promise((r) => setTimeout(r, 50));
}

describe("/api/eventos", () => {
  it("entrega una alerta a los destinatarios conectados y no a los demás", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const ana = await crearCuenta(e.db, { rol: "usuario" });
    const berta = await crearCuenta(e.db, { rol: "socio" });
    const flujoAna = await abrirFlujo(await entrar(e.app, ana.email));
    const flujoBerta = await abrirFlujo(await entrar(e.app, berta.email));
    expect(flujoAna.res.status).toBe(200);
    expect(flujoAna.res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const tokenAdmin = await entrar(e.app, admin.email);
    const envio = await fetch(`${base}/api/alertas`, {
      method: "POST",
      headers: { ...bearer(tokenAdmin), "content-type": "application/json" },
      body: JSON.stringify({
        titulo: "Assaig",
        mensaje: "Esta noche a las 22:00",
        destino: { idsSocio: [ana.idSocio] },
      }),
    });
    expect(envio.status).toBe(201);
    const { id } = (await envio.json()) as { id: number };
    await esperar(() => flujoAna.recibidos.length > 0);
    expect(flujoAna.recibidos).toEqual([
      {
        notification: { title: "Assaig", body: "Esta noche a las 22:00", image: "" },
        data: { idAlerta: id },
      },
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(flujoBerta.recibidos).toEqual([]);
    flujoAna.cerrar();
    flujoBerta.cerrar();
  });

  it("cada destinatario conectado recibe la alerta en el idioma de su cuenta (issue 38)", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const vicent = await crearCuenta(e.db, { rol: "usuario" });
    const carmen = await crearCuenta(e.db, { rol: "usuario" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", vicent.id).execute();
    const flujoVa = await abrirFlujo(await entrar(e.app, vicent.email));
    const flujoEs = await abrirFlujo(await entrar(e.app, carmen.email));
    const envio = await fetch(`${base}/api/alertas`, {
      method: "POST",
      headers: { ...bearer(await entrar(e.app, admin.email)), "content-type": "application/json" },
      body: JSON.stringify({
        titulo: "Ensayo",
        mensaje: "Esta noche",
        tituloVa: "Assaig",
        mensajeVa: "Esta nit",
        destino: { idsSocio: [vicent.idSocio, carmen.idSocio] },
      }),
    });
    expect(envio.status).toBe(201);
    await esperar(() => flujoVa.recibidos.length > 0 && flujoEs.recibidos.length > 0);
    expect(flujoVa.recibidos).toMatchObject([
      { notification: { title: "Assaig", body: "Esta nit" } },
    ]);
    expect(flujoEs.recibidos).toMatchObject([
      { notification: { title: "Ensayo", body: "Esta noche" } },
    ]);
    flujoVa.cerrar();
    flujoEs.cerrar();
  });

  it("sin token responde 401 y ya no existe el envío manual POST /api/eventos", async () => {
    const sinToken = await fetch(`${base}/api/eventos`);
    expect(sinToken.status).toBe(401);
    expect(((await sinToken.json()) as { error: string }).error).toBe("no_autenticado");
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const res = await e.app.inject({
      method: "POST",
      url: "/api/eventos",
      headers: bearer(await entrar(e.app, admin.email)),
      payload: { idUsuario: null, notification: { title: "Hola" } },
    });
    expect(res.statusCode).toBe(404);
  });
});
