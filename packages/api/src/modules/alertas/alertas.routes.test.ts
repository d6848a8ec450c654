import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
const cuentas: Record<keyof typeof tokens, { id: number; idSocio: number | null }> = {
  administrador: { id: 0, idSocio: null },
  usuario: { id: 0, idSocio: null },
  socio: { id: 0, idSocio: null },
};

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
    cuentas[rol] = cuenta;
  }
});
afterAll(async () => {
  await e?.cerrar();
});

type Metodo = "GET" | "POST" | "DELETE";

function pedir(metodo: Metodo, url: string, payload?: unknown, token = tokens.administrador) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

async function crearTipo(nombre: string): Promise<number> {
  const fila = await e.db
    .insertInto("tipo_socio")
    .values({ nombre: `${nombre} ${Date.now()} ${Math.random()}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function contar(tabla: "alerta" | "alerta_destinatario" | "push_envio" | "correo_saliente") {
  const fila = await e.db
    .selectFrom(tabla)
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return fila.n;
}

async function enviar(destino: unknown, extra: object = {}, token = tokens.administrador) {
  return pedir(
    "POST",
    "/api/alertas",
    { titulo: "Assaig", mensaje: "A las 22:00", destino, ...extra },
    token,
  );
}

describe("permisos de /api/alertas", () => {
  it("solo el administrador envía y consulta las enviadas; cualquier sesión ve las suyas", async () => {
    const r = await enviar({ todos: true });
    expect(r.statusCode).toBe(201);
    const id = r.json().id as number;

    const soloAdmin: [Metodo, string, unknown?][] = [
      ["POST", "/api/alertas", { titulo: "X", destino: { todos: true } }],
      ["GET", "/api/alertas"],
      ["GET", `/api/alertas/${id}`],
    ];
    for (const [metodo, url, cuerpo] of soloAdmin) {
      expect((await pedir(metodo, url, cuerpo, "")).statusCode, `${metodo} ${url} anónimo`).toBe(
        401,
      );
      expect(
        (await pedir(metodo, url, cuerpo, tokens.usuario)).statusCode,
        `${metodo} ${url}`,
      ).toBe(403);
      expect((await pedir(metodo, url, cuerpo, tokens.socio)).statusCode, `${metodo} ${url}`).toBe(
        403,
      );
    }
    expect((await pedir("GET", "/api/alertas")).statusCode).toBe(200);
    expect((await pedir("GET", `/api/alertas/${id}`)).statusCode).toBe(200);

    const deSesion: [Metodo, string][] = [
      ["GET", "/api/alertas/mias"],
      ["GET", "/api/alertas/mias/no-leidas"],
      ["GET", `/api/alertas/mias/${id}`],
      ["POST", `/api/alertas/${id}/leida`],
      ["POST", "/api/alertas/mias/leidas"],
    ];
    for (const [metodo, url] of deSesion) {
      expect((await pedir(metodo, url, undefined, "")).statusCode, `${metodo} ${url} anónimo`).toBe(
        401,
      );
      for (const rol of ["administrador", "usuario", "socio"] as const) {
        expect((await pedir(metodo, url, undefined, tokens[rol])).statusCode, `${rol} ${url}`).toBe(
          200,
        );
      }
    }
  });
});

describe("POST /api/alertas: destinatarios", () => {
  it("todos: cada cuenta activa, y no las desactivadas", async () => {
    await crearCuenta(e.db, { rol: "usuario", activo: false });
    const activas = await e.db
      .selectFrom("usuario")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("activo", "=", true)
      .executeTakeFirstOrThrow();
    const r = await enviar({ todos: true });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ titulo: "Assaig", destinatarios: activas.n, leidas: 0 });
  });

  it("rol: solo las cuentas de ese rol", async () => {
    const socios = await e.db
      .selectFrom("usuario")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("activo", "=", true)
      .where("rol", "=", "socio")
      .executeTakeFirstOrThrow();
    const r = await enviar({ rol: "socio" });
    expect(r.json().destinatarios).toBe(socios.n);
    expect(socios.n).toBeGreaterThan(0);
  });

  it("tiposSocio: las cuentas cuyo socio es de esos tipos (socios de baja no)", async () => {
    const tipoA = await crearTipo("Fester");
    const tipoB = await crearTipo("Dama");
    const tipoC = await crearTipo("Jubilat");
    const a = await crearCuenta(e.db, { rol: "usuario" });
    const b = await crearCuenta(e.db, { rol: "socio" });
    const c = await crearCuenta(e.db, { rol: "usuario" });
    const baja = await crearCuenta(e.db, { rol: "usuario" });
    for (const [cuenta, tipo] of [
      [a, tipoA],
      [b, tipoB],
      [c, tipoC],
      [baja, tipoA],
    ] as const) {
      await e.db
        .updateTable("socio")
        .set({ id_tipo_socio: tipo, activo: cuenta !== baja })
        .where("id", "=", cuenta.idSocio)
        .execute();
    }
    const r = await enviar({ tiposSocio: [tipoA, tipoB] });
    expect(r.statusCode).toBe(201);
    expect(r.json().destinatarios).toBe(2);
    const ids = await e.db
      .selectFrom("alerta_destinatario")
      .select("id_usuario")
      .where("id_alerta", "=", r.json().id)
      .orderBy("id_usuario")
      .execute();
    expect(ids.map((f) => f.id_usuario)).toEqual([a.id, b.id]);
  });

  it("idsSocio: la cuenta del socio, o la de quien le paga si el socio no tiene cuenta", async () => {
    const padre = await crearCuenta(e.db, { rol: "usuario" });
    const hijo = await e.db
      .insertInto("socio")
      .values({ nombre: "Hijo", apellidos: "Sin Cuenta", id_pagador: padre.idSocio })
      .returning("id")
      .executeTakeFirstOrThrow();
    const conCuenta = await crearCuenta(e.db, { rol: "socio" });
    const pagadorDeConCuenta = await crearCuenta(e.db, { rol: "usuario" });
    await e.db
      .updateTable("socio")
      .set({ id_pagador: pagadorDeConCuenta.idSocio })
      .where("id", "=", conCuenta.idSocio)
      .execute();
    const r = await enviar({ idsSocio: [hijo.id, conCuenta.idSocio] });
    expect(r.statusCode).toBe(201);
    const ids = await e.db
      .selectFrom("alerta_destinatario")
      .select("id_usuario")
      .where("id_alerta", "=", r.json().id)
      .orderBy("id_usuario")
      .execute();
    expect(ids.map((f) => f.id_usuario)).toEqual([padre.id, conCuenta.id].sort((x, y) => x - y));
  });

  it("idActo: los inscritos con cuenta y quien paga por un inscrito", async () => {
    const inscrito = await crearCuenta(e.db, { rol: "socio" });
    const padre = await crearCuenta(e.db, { rol: "usuario" });
    await crearCuenta(e.db, { rol: "usuario" }); // not enrolled: does not receive it
    const hijo = await e.db
      .insertInto("socio")
      .values({ nombre: "Hijo", apellidos: "Inscrito", id_pagador: padre.idSocio })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { rows } = await sql<{ id: number }>`
      insert into acto (nombre, fecha) values ('Entrada', '2026-04-22') returning id
    `.execute(e.db);
    const idActo = rows[0]?.id ?? 0;
    await sql`
      insert into inscripcion (id_acto, id_socio)
      values (${idActo}, ${inscrito.idSocio}), (${idActo}, ${hijo.id})
    `.execute(e.db);
    const r = await enviar({ idActo });
    expect(r.statusCode).toBe(201);
    const ids = await e.db
      .selectFrom("alerta_destinatario")
      .select("id_usuario")
      .where("id_alerta", "=", r.json().id)
      .orderBy("id_usuario")
      .execute();
    expect(ids.map((f) => f.id_usuario)).toEqual([inscrito.id, padre.id].sort((x, y) => x - y));
  });

  it("idActo: un acto que no existe es un 400", async () => {
    const r = await enviar({ idActo: 999_999 });
    expect(r.statusCode).toBe(400);
    expect(r.json().detalles).toEqual([{ campo: "destino.idActo", mensaje: "El acto no existe" }]);
  });
});

describe("POST /api/alertas: validación", () => {
  it("responde 400 en español y no guarda nada", async () => {
    const antes = await contar("alerta");
    const antesDest = await contar("alerta_destinatario");
    const malos: [unknown, object?][] = [
      [{}],
      [{ todos: true, rol: "socio" }],
      [{ rol: "tesorero" }],
      [{ tiposSocio: [] }],
      [{ tiposSocio: [987_654] }],
      [{ idsSocio: [987_654] }],
      [{ todos: true }, { enlace: "javascript:alert(1)" }],
      [{ todos: true }, { enlace: "https://malo.example/phish" }],
      [{ todos: true }, { enlace: "//malo.example" }],
      [{ todos: true }, { imagen: "javascript:alert(1)" }],
      [{ todos: true }, { titulo: "   " }],
    ];
    for (const [destino, extra] of malos) {
      const r = await enviar(destino, extra);
      expect(r.statusCode, JSON.stringify({ destino, extra })).toBe(400);
      const cuerpo = r.json();
      expect(cuerpo.error).toBe("validacion");
      expect(cuerpo.mensaje).toMatch(/[a-záéíóú]/);
      expect(cuerpo.detalles.length).toBeGreaterThan(0);
    }
    expect(await contar("alerta")).toBe(antes);
    expect(await contar("alerta_destinatario")).toBe(antesDest);
  });

  it("explica el motivo de un tipo de socio que no existe", async () => {
    const r = await enviar({ tiposSocio: [987_654] });
    expect(r.json().detalles).toEqual([
      { campo: "destino.tiposSocio", mensaje: "No existe el tipo de socio 987654" },
    ]);
  });
});

describe("lectura", () => {
  it("cada destinatario ve la suya con leida, la marca y el administrador ve las lecturas", async () => {
    const tipo = await crearTipo("Lectura");
    const ana = await crearCuenta(e.db, { rol: "usuario" });
    const berta = await crearCuenta(e.db, { rol: "socio" });
    const otro = await crearCuenta(e.db, { rol: "usuario" });
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: tipo })
      .where("id", "in", [ana.idSocio ?? 0, berta.idSocio ?? 0])
      .execute();
    const tokenAna = await entrar(e.app, ana.email);
    const tokenOtro = await entrar(e.app, otro.email);
    const primera = await enviar(
      { tiposSocio: [tipo] },
      { titulo: "Primera", enlace: "/vernoticias?id=3" },
    );
    const segunda = await enviar({ tiposSocio: [tipo] }, { titulo: "Segunda" });
    const idPrimera = primera.json().id as number;

    const mias = await pedir("GET", "/api/alertas/mias", undefined, tokenAna);
    expect(mias.json()).toMatchObject({ total: 2, page: 1, pageSize: 50, noLeidas: 2 });
    expect(
      mias.json().items.map((a: { titulo: string; leida: boolean }) => [a.titulo, a.leida]),
    ).toEqual([
      ["Segunda", false],
      ["Primera", false],
    ]);
    expect(mias.json().items[1].enlace).toBe("/vernoticias?id=3");
    expect((await pedir("GET", "/api/alertas/mias/no-leidas", undefined, tokenAna)).json()).toEqual(
      {
        noLeidas: 2,
      },
    );

    // Someone who did not receive it: it does not exist for them.
    expect(
      (await pedir("POST", `/api/alertas/${idPrimera}/leida`, undefined, tokenOtro)).statusCode,
    ).toBe(404);
    expect(
      (await pedir("GET", `/api/alertas/mias/${idPrimera}`, undefined, tokenOtro)).statusCode,
    ).toBe(404);
    expect((await pedir("GET", "/api/alertas/mias", undefined, tokenOtro)).json().total).toBe(0);

    const leida = await pedir("POST", `/api/alertas/${idPrimera}/leida`, undefined, tokenAna);
    expect(leida.statusCode).toBe(200);
    expect(leida.json()).toMatchObject({ id: idPrimera, leida: true });
    const primeraLectura = leida.json().leidaEn;
    // Reading it again keeps the first time.
    const otraVez = await pedir("POST", `/api/alertas/${idPrimera}/leida`, undefined, tokenAna);
    expect(otraVez.json().leidaEn).toBe(primeraLectura);

    expect(
      (await pedir("GET", "/api/alertas/mias/no-leidas", undefined, tokenAna)).json().noLeidas,
    ).toBe(1);
    expect((await pedir("GET", `/api/alertas/${idPrimera}`)).json()).toMatchObject({
      destinatarios: 2,
      leidas: 1,
    });
    const noLeidas = await pedir("GET", "/api/alertas/mias?noLeidas=1", undefined, tokenAna);
    expect(noLeidas.json().items.map((a: { titulo: string }) => a.titulo)).toEqual(["Segunda"]);

    const todas = await pedir("POST", "/api/alertas/mias/leidas", undefined, tokenAna);
    expect(todas.json()).toEqual({ marcadas: 1 });
    expect(
      (await pedir("GET", "/api/alertas/mias/no-leidas", undefined, tokenAna)).json().noLeidas,
    ).toBe(0);
    expect((await pedir("GET", `/api/alertas/${segunda.json().id}`)).json().leidas).toBe(1);
  });

  it("la lista de enviadas está paginada, ordenada y filtra por título", async () => {
    await enviar({ todos: true }, { titulo: "Buscable única" });
    const r = await pedir("GET", "/api/alertas?pageSize=2&page=1");
    expect(r.json()).toMatchObject({ page: 1, pageSize: 2 });
    expect(r.json().items).toHaveLength(2);
    expect(r.json().items[0].id).toBeGreaterThan(r.json().items[1].id);
    const q = await pedir("GET", `/api/alertas?q=${encodeURIComponent("buscable ÚNICA")}`);
    expect(q.json().items.map((a: { titulo: string }) => a.titulo)).toEqual(["Buscable única"]);
    expect((await pedir("GET", "/api/alertas?pageSize=500")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/alertas?sort=password")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/alertas/999999")).statusCode).toBe(404);
  });
});

describe("canales", () => {
  it("con email: true deja un correo por destinatario con el enlace a la aplicación", async () => {
    const tipo = await crearTipo("Correo");
    const ana = await crearCuenta(e.db, { rol: "usuario" });
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: tipo })
      .where("id", "=", ana.idSocio)
      .execute();
    const r = await enviar(
      { tiposSocio: [tipo] },
      { titulo: "Sopar", mensaje: "Apúntate", enlace: "/vernoticias?id=7", email: true },
    );
    expect(r.json().email).toBe(true);
    await e.app.servicios.alertas.esperarCorreos();
    const correos = await e.db
      .selectFrom("correo_saliente")
      .selectAll()
      .where("para", "=", ana.email)
      .execute();
    expect(correos).toHaveLength(1);
    expect(correos[0]?.asunto).toBe("Sopar");
    expect(correos[0]?.texto).toContain("Apúntate");
    expect(correos[0]?.texto).toContain("http://fila.test/#/vernoticias?id=7");
  });

  it("3.000 socios: la petición solo encola (una fila por suscripción) y no envía nada", async () => {
    const tipo = await crearTipo("Masivo");
    await sql`
      with s as (
        insert into socio (nombre, apellidos, id_tipo_socio)
        select 'Masivo' || g, 'Prueba', ${tipo} from generate_series(1, 3000) g
        returning id
      ), u as (
        insert into usuario (email, nombre, rol, id_socio)
        select 'masivo' || s.id || '@fila.test', 'Masivo', 'usuario', s.id from s
        returning id
      )
      insert into push_suscripcion (id_usuario, endpoint, p256dh, auth)
      select u.id, 'https://push.example.com/' || u.id, 'p', 'a' from u
    `.execute(e.db);
    const antesCorreos = await contar("correo_saliente");
    const r = await enviar({ tiposSocio: [tipo] });
    expect(r.statusCode).toBe(201);
    expect(r.json().destinatarios).toBe(3000);
    const cola = await e.db
      .selectFrom("push_envio")
      .select(["estado", sql<number>`count(*)::int`.as("n")])
      .where("id_alerta", "=", r.json().id)
      .groupBy("estado")
      .execute();
    expect(cola).toEqual([{ estado: "pendiente", n: 3000 }]);
    expect(await contar("correo_saliente")).toBe(antesCorreos);
  });
});

describe("OpenAPI", () => {
  it("documenta las alertas y las suscripciones push", async () => {
    const r = await pedir("GET", "/api/openapi.json");
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.paths["/api/alertas"].post.tags).toEqual(["Alertas"]);
    expect(doc.paths["/api/alertas/mias"].get.tags).toEqual(["Alertas"]);
    expect(doc.paths["/api/push/suscripcion"].post.tags).toEqual(["Notificaciones push"]);
    expect(doc.paths["/api/eventos"].post).toBeUndefined();
  });
});

describe("carga de la notificación push", () => {
  it("lleva el principio de un mensaje largo para no pasar del límite de los servicios push", async () => {
    const ana = await crearCuenta(e.db, { rol: "usuario" });
    await e.db
      .insertInto("push_suscripcion")
      .values({
        id_usuario: ana.id,
        endpoint: `https://push.example.com/largo-${ana.id}`,
        p256dh: "p",
        auth: "a",
      })
      .execute();
    const r = await enviar({ idsSocio: [ana.idSocio] }, { mensaje: "ñ".repeat(2000) });
    const envio = await e.db
      .selectFrom("push_envio")
      .select("payload")
      .where("id_alerta", "=", r.json().id)
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(envio.payload);
    expect(payload.mensaje).toHaveLength(600);
    expect(payload.mensaje.endsWith("…")).toBe(true);
    expect(Buffer.byteLength(envio.payload)).toBeLessThan(3000);
    // The app keeps the whole message.
    expect(r.json().mensaje).toHaveLength(2000);
  });
});
