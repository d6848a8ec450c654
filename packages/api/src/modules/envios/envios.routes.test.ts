import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alteracionesDe, conGuionEnLaFirma } from "../../test/codigos-alterados.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { arrancarSmtp, type SmtpPrueba } from "../../test/smtp-prueba.js";

let e: Entorno;
let smtp: SmtpPrueba;
let recibidos: SmtpPrueba["recibidos"] = [];
let token = "";

beforeAll(async () => {
  process.env.ENVIOS_POR_MINUTO = "6000";
  smtp = await arrancarSmtp();
  recibidos = smtp.recibidos;
  e = await crearEntorno({ smtpUrl: smtp.url });
  token = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});

afterAll(async () => {
  await e?.cerrar();
  await smtp?.cerrar();
});

async function socio(nombre: string, email: string, deuda: number, matricula: number) {
  const { id } = await e.db
    .insertInto("socio")
    .values({ nombre, apellidos: "Envío", email, matricula })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (deuda > 0) {
    await e.db
      .insertInto("pago")
      .values({
        id_socio: id,
        id_pagador: id,
        anyo: 2026,
        concepto: "Cuota",
        importe: deuda,
        fecha_emision: "2026-01-01",
        fecha_vencimiento: "2026-02-01",
      })
      .execute();
  }
  return id;
}

const pedir = (metodo: "GET" | "POST", url: string, payload?: object) =>
  e.app.inject({ method: metodo, url, payload, headers: bearer(token) });

describe("envíos", () => {
  const cuerpo =
    "<p>Hola {{nombre}} {{apellidos}} ({{matricula}}): debes {{deuda}}</p><script>x</script>";
  let ids: number[] = [];

  it("la vista previa cuenta con y sin correo y rellena los marcadores saneados", async () => {
    ids = [
      await socio("Ana", "ana-envio@fila.test", 123456, 901),
      await socio("Berta", "berta-envio@fila.test", 500, 902),
      await socio("Carla", "", 700, 903),
      await socio("Dora", "dora-envio@fila.test", 0, 904),
    ];
    const r = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "Cuotas {{nombre}}",
      cuerpo,
      filtro: { conDeuda: true, idsSocio: ids },
    });
    expect(r.statusCode, r.body).toBe(200);
    const v = r.json();
    expect(v).toMatchObject({ total: 3, conEmail: 2, sinEmail: 1, omitidos: 0 });
    expect(v.ejemplo.asunto).toBe("Cuotas Ana");
    expect(v.ejemplo.html).toContain("Hola Ana Envío (901): debes 1.234,56 €");
    expect(v.ejemplo.html).not.toContain("<script");
  });

  it("un cargo devuelto por el banco es deuda: entra en «con deuda» y en {{deuda}} (issue 45)", async () => {
    const id = await socio("Rosa", "rosa-devuelto@fila.test", 0, 905);
    await e.db
      .insertInto("pago")
      .values(
        (["devuelto", "pendiente", "pagado", "anulado"] as const).map((estado, i) => ({
          id_socio: id,
          id_pagador: id,
          anyo: 2026,
          concepto: `Cuota ${i}`,
          importe: 1000 * (i + 1),
          estado,
          fecha_emision: "2026-01-01",
          fecha_vencimiento: "2026-02-01",
        })),
      )
      .execute();
    const soloDevuelto = await socio("Sara", "sara-devuelto@fila.test", 0, 906);
    await e.db
      .insertInto("pago")
      .values({
        id_socio: soloDevuelto,
        id_pagador: soloDevuelto,
        anyo: 2026,
        concepto: "Cuota",
        importe: 2500,
        estado: "devuelto",
        fecha_emision: "2026-01-01",
        fecha_vencimiento: "2026-02-01",
      })
      .execute();
    const r = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "x",
      cuerpo: "<p>Debes {{deuda}}</p>",
      filtro: { conDeuda: true, idsSocio: [soloDevuelto] },
    });
    expect(r.json()).toMatchObject({ total: 1 });
    expect(r.json().ejemplo.html).toContain("Debes 25,00 €");
    const ambos = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "x",
      cuerpo: "<p>Debes {{deuda}}</p>",
      filtro: { conDeuda: true, idsSocio: [id] },
    });
    // 10 € returned + 20 € pending; paid and cancelled charges are no debt.
    expect(ambos.json().ejemplo.html).toContain("Debes 30,00 €");
  });

  it("un campo desconocido en el filtro es un 400", async () => {
    const r = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "a",
      cuerpo: "b",
      filtro: { otro: 1 },
    });
    expect(r.statusCode).toBe(400);
  });

  it("«Enviarme una prueba» marca el asunto en el idioma de quien la pide (issue 38)", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await entrar(e.app, cuenta.email);
    const r = await e.app.inject({
      method: "POST",
      url: "/api/envios/prueba",
      headers: bearer(va),
      payload: { asunto: "Assaig general", cuerpo: "<p>Hola</p>", filtro: { idsSocio: ids } },
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
    const prueba = recibidos.find((m) => m.para === cuenta.email);
    expect(prueba?.datos).toMatch(/Subject: \[Prova\] Assaig general/);
  });

  it("envía un correo por destinatario con los marcadores y las cabeceras de baja; baja en un clic", async () => {
    const r = await pedir("POST", "/api/envios", {
      asunto: "Cuotas {{nombre}}",
      cuerpo,
      filtro: { conDeuda: true, idsSocio: ids },
    });
    expect(r.statusCode, r.body).toBe(202);
    const { id, idTrabajo } = r.json();
    await e.app.servicios.trabajos.esperar(idTrabajo);
    const envio = (await pedir("GET", `/api/envios/${id}`)).json();
    expect(envio).toMatchObject({ estado: "terminado", enviados: 2, fallidos: 0, sinEmail: 1 });
    // Kept sanitised: the history shows it as HTML.
    expect(envio.cuerpo).toContain("{{nombre}}");
    expect(envio.cuerpo).not.toContain("<script");
    const ana = recibidos.filter((m) => m.para === "ana-envio@fila.test");
    const berta = recibidos.filter((m) => m.para === "berta-envio@fila.test");
    expect(ana).toHaveLength(1);
    expect(berta).toHaveLength(1);
    expect(recibidos.some((m) => m.para.startsWith("dora"))).toBe(false);
    const datos = ana[0]?.datos.replace(/=\r?\n/g, "") ?? "";
    expect(datos).toContain("1.234,56");
    expect(datos).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(datos)?.[1] ?? "";
    const ruta = new URL(url).pathname;
    expect(ruta).toMatch(/^\/api\/envios\/baja\//);

    const falsa = await e.app.inject({
      method: "POST",
      url: `${ruta}x`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(falsa.statusCode).toBe(400);
    const baja = await e.app.inject({
      method: "POST",
      url: ruta,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(baja.statusCode, baja.body).toBe(200);
    const fila = await e.db
      .selectFrom("socio")
      .select("no_envios")
      .where("id", "=", ids[0] as number)
      .executeTakeFirstOrThrow();
    expect(fila.no_envios).toBe(true);

    // Later mailings skip them, also when picked by hand.
    const v = await pedir("POST", "/api/envios/vista-previa", {
      asunto: "x",
      cuerpo: "y",
      filtro: { idsSocio: [ids[0]] },
    });
    expect(v.json()).toMatchObject({ total: 1, conEmail: 0, omitidos: 1 });
    const todos = (await pedir("GET", `/api/envios/${id}/destinatarios`)).json();
    expect(todos).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(todos.items.filter((d: { estado: string }) => d.estado === "enviado")).toHaveLength(2);
    const sin = (
      await pedir("GET", `/api/envios/${id}/destinatarios?estado=sin_email&pageSize=1`)
    ).json();
    expect(sin).toMatchObject({ total: 1, pageSize: 1 });
    expect(sin.items[0]).toMatchObject({ email: null, estado: "sin_email" });
    expect((await pedir("GET", `/api/envios/${id}/destinatarios?estado=otro`)).statusCode).toBe(
      400,
    );
    expect((await pedir("GET", "/api/envios/999999/destinatarios")).statusCode).toBe(404);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "cambios"])
      .where("entidad", "=", "envio")
      .where("id_entidad", "=", id)
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0]?.accion).toBe("crear");
    const historial = await pedir("GET", "/api/envios?page=1&pageSize=5");
    expect(historial.json()).toMatchObject({ page: 1, pageSize: 5 });
    expect(historial.json().items[0]).toMatchObject({ id, estado: expect.any(String) });
    expect(historial.json().total).toBeGreaterThanOrEqual(1);
    expect((await pedir("GET", "/api/envios?pageSize=500")).statusCode).toBe(400);
  });

  it("el pie de baja y su página van en el idioma de la cuenta del socio (castellano sin cuenta); el botón de la página da de baja", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "socio" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const sinCuenta = await socio("Pepa", "pepa-pie@fila.test", 0, 9201);
    const r = await pedir("POST", "/api/envios", {
      asunto: "Assemblea",
      cuerpo: "<p>Hola {{nombre}}</p>",
      filtro: { idsSocio: [cuenta.idSocio, sinCuenta] },
    });
    expect(r.statusCode, r.body).toBe(202);
    await e.app.servicios.trabajos.esperar(r.json().idTrabajo);
    const correo = (para: string) =>
      (recibidos.find((m) => m.para === para)?.datos ?? "").replace(/=\r?\n/g, "");
    expect(correo(cuenta.email)).toContain("Per a no rebre m");
    expect(correo("pepa-pie@fila.test")).toContain("Para no recibir m");
    const url = /List-Unsubscribe:\s*<([^>]+)>/.exec(correo(cuenta.email))?.[1] ?? "";
    const ruta = new URL(url).pathname;

    // A person opening the link sees a page with the button, in Valencian.
    const pagina = await e.app.inject({ method: "GET", url: ruta });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers["content-type"]).toMatch(/^text\/html/);
    expect(pagina.body).toContain('lang="ca-ES-valencia"');
    expect(pagina.body).toContain("No vull rebre més enviaments");
    expect(pagina.body).toContain('<form method="post">');
    const alterada = await e.app.inject({ method: "GET", url: `${ruta}x` });
    expect(alterada.statusCode).toBe(400);
    expect(alterada.body).toContain("El enlace no es válido");
    // The button posts the form as a browser does (asking for HTML): the confirmation page.
    const boton = await e.app.inject({
      method: "POST",
      url: ruta,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(boton.statusCode).toBe(200);
    expect(boton.body).toContain("Fet: no rebràs més enviaments");
    const fila = await e.db
      .selectFrom("socio")
      .select("no_envios")
      .where("id", "=", cuenta.idSocio ?? 0)
      .executeTakeFirstOrThrow();
    expect(fila.no_envios).toBe(true);
  });

  it("un enlace de baja escrito de otra forma que decodifica igual es un 400 y no da de baja (issue 45 §11)", async () => {
    let idSocio = 0;
    const bueno = await conGuionEnLaFirma(async () => {
      ({ id: idSocio } = await e.db
        .insertInto("socio")
        .values({ nombre: "Canónica", apellidos: "Envío", email: "canonica@fila.test" })
        .returning("id")
        .executeTakeFirstOrThrow());
      return new URL(e.app.servicios.envios.urlBaja(idSocio)).pathname;
    });
    const baja = (url: string) =>
      e.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
    const noEnvios = async () =>
      (
        await e.db
          .selectFrom("socio")
          .select("no_envios")
          .where("id", "=", idSocio)
          .executeTakeFirstOrThrow()
      ).no_envios;
    const estados: Record<string, number> = {};
    for (const [alteracion, ruta] of Object.entries(alteracionesDe(bueno))) {
      estados[alteracion] = (await baja(ruta)).statusCode;
    }
    expect(estados).toEqual({
      bitsDeRelleno: 400,
      asterisco: 400,
      igualAlFinal: 400,
      masPorGuion: 400,
    });
    expect(await noEnvios()).toBe(false);
    expect((await baja(bueno)).statusCode).toBe(200);
    expect(await noEnvios()).toBe(true);
  });

  it("las cartas en PDF: una página por socio sin correo con su dirección y el mensaje relleno; con todos=1, una por cada uno; sin ninguna, 409", async () => {
    const conDireccion = async (nombre: string, email: string, direccion: string, n: number) => {
      const id = await socio(nombre, email, 0, n);
      await e.db
        .updateTable("socio")
        .set({ direccion, cod_postal: "03801", poblacion: "Alcoi", provincia: "Alacant" })
        .where("id", "=", id)
        .execute();
      return id;
    };
    const idsCarta = [
      await conDireccion("Lola", "", "Carrer Sant Nicolau, 3", 9301),
      await conDireccion("Manu", "", "Avinguda del País Valencià, 12", 9302),
      await conDireccion("Nuria", "nuria-carta@fila.test", "Plaça de Dins, 1", 9303),
    ];
    const r = await pedir("POST", "/api/envios", {
      asunto: "Junta general",
      cuerpo:
        '<p>Estimada {{nombre}}:</p><p>Te esperamos en la <strong>junta general</strong>; lee el <a href="https://fila.test/orden-del-dia">orden del día</a>.</p><ul><li>Cuentas</li><li>Cargos</li></ul>',
      filtro: { idsSocio: idsCarta },
    });
    expect(r.statusCode, r.body).toBe(202);
    const { id, idTrabajo } = r.json();
    await e.app.servicios.trabajos.esperar(idTrabajo);
    const paginas = async (url: string) => {
      const res = await pedir("GET", url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
      return (await extractText(pdf, { mergePages: false })).text as string[];
    };
    const sinCorreo = await paginas(`/api/envios/${id}/cartas.pdf`);
    expect(sinCorreo).toHaveLength(2);
    expect(sinCorreo[0]).toContain("Lola Envío");
    expect(sinCorreo[0]).toContain("Carrer Sant Nicolau, 3");
    expect(sinCorreo[0]).toContain("03801 Alcoi (Alacant)");
    expect(sinCorreo[0]).toContain("Estimada Lola:");
    expect(sinCorreo[0]).toContain("junta general");
    // On paper the link cannot be clicked: its address is printed; the list keeps its bullets.
    expect(sinCorreo[0]).toContain("orden del día [https://fila.test/orden-del-dia]");
    expect(sinCorreo[0]).toMatch(/• Cuentas\s+• Cargos/);
    expect(sinCorreo[1]).toContain("Manu Envío");
    expect(sinCorreo[1]).toContain("Avinguda del País Valencià, 12");
    expect(sinCorreo.join(" ")).not.toContain("Nuria");
    const todas = await paginas(`/api/envios/${id}/cartas.pdf?todos=1`);
    expect(todas).toHaveLength(3);
    expect(todas[2]).toContain("Plaça de Dins, 1");

    const soloCorreo = await pedir("POST", "/api/envios", {
      asunto: "x",
      cuerpo: "<p>y</p>",
      filtro: { idsSocio: [idsCarta[2]] },
    });
    await e.app.servicios.trabajos.esperar(soloCorreo.json().idTrabajo);
    const ninguna = await pedir("GET", `/api/envios/${soloCorreo.json().id}/cartas.pdf`);
    expect(ninguna.statusCode).toBe(409);
    expect(ninguna.json().mensaje).toContain("No hay cartas que imprimir");
    expect((await pedir("GET", "/api/envios/999999/cartas.pdf")).statusCode).toBe(404);
    expect((await pedir("GET", `/api/envios/${id}/cartas.pdf?otro=1`)).statusCode).toBe(400);
  });

  it("sin SMTP_URL lanzar un envío es un 409 en español y no crea nada", async () => {
    const sin = await crearEntorno();
    try {
      const t = await entrar(sin.app, (await crearCuenta(sin.db, { rol: "administrador" })).email);
      const r = await sin.app.inject({
        method: "POST",
        url: "/api/envios",
        payload: { asunto: "Hola", cuerpo: "<p>x</p>" },
        headers: bearer(t),
      });
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ error: "conflicto" });
      expect(r.json().mensaje).toMatch(/no tiene configurado el correo/);
      const n = await sin.db
        .selectFrom("envio")
        .select(sin.db.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(0);
    } finally {
      await sin.cerrar();
    }
  });

  it("el socio elige en Mis datos no recibir envíos: la junta lo ve y no lo cambia, y los envíos lo omiten también elegido a mano", async () => {
    const cuenta = await crearCuenta(e.db, { rol: "socio" });
    const suyo = await entrar(e.app, cuenta.email);
    const idSocio = cuenta.idSocio ?? 0;
    const yo = (metodo: "GET" | "PATCH", payload?: object) =>
      e.app.inject({ method: metodo, url: "/api/socios/yo", payload, headers: bearer(suyo) });
    expect((await yo("GET")).json().noEnvios).toBe(false);
    const filtro = { idsSocio: [idSocio] };
    const antes = (
      await pedir("POST", "/api/envios/vista-previa", { asunto: "A", cuerpo: "B", filtro })
    ).json();
    expect(antes).toMatchObject({ total: 1, conEmail: 1, omitidos: 0 });

    const r = await yo("PATCH", { noEnvios: true });
    expect(r.statusCode).toBe(200);
    expect(r.json().noEnvios).toBe(true);
    expect((await yo("PATCH", { noEnvios: "quizá" })).statusCode).toBe(400);
    // The board sees it in the record…
    const ficha = await pedir("GET", `/api/socios/${idSocio}`);
    expect(ficha.json().noEnvios).toBe(true);
    // …and cannot set it: a PATCH of the record leaves it as the member chose.
    const cambio = await e.app.inject({
      method: "PATCH",
      url: `/api/socios/${idSocio}`,
      payload: { noEnvios: false, telefono: "600000001" },
      headers: bearer(token),
    });
    expect([200, 400]).toContain(cambio.statusCode);
    expect((await pedir("GET", `/api/socios/${idSocio}`)).json().noEnvios).toBe(true);
    const auditado = await e.db
      .selectFrom("auditoria")
      .select("cambios")
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", idSocio)
      .execute();
    expect(JSON.stringify(auditado.map((a) => a.cambios))).toContain("noEnvios");

    const despues = (
      await pedir("POST", "/api/envios/vista-previa", { asunto: "A", cuerpo: "B", filtro })
    ).json();
    expect(despues).toMatchObject({ total: 1, conEmail: 0, omitidos: 1 });
    // Back to receiving them.
    expect((await yo("PATCH", { noEnvios: false })).json().noEnvios).toBe(false);
  });

  it("solo la junta", async () => {
    const r = await e.app.inject({ method: "GET", url: "/api/envios" });
    expect(r.statusCode).toBe(401);
  });
});
