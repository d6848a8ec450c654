import { hoyIso, sumarDias } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { alteracionesDe, conGuionEnLaFirma } from "../../test/codigos-alterados.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// The member card and the door (issue 34 §2): a signed, revocable code; every scan answers 200
// with its outcome, and only a valid card of a confirmed enrolment marks the attendance.

let e: Entorno;
let admin: string;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});

afterAll(async () => {
  await e?.cerrar();
});

type Metodo = "GET" | "POST" | "PUT" | "DELETE";
const llamar = (method: Metodo, url: string, token = admin, payload?: object) =>
  e.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

// Days counted from today in Madrid, like the door: UTC would be "today" again between 23:00 and 24:00 UTC.
const dentroDe = (dias: number) => sumarDias(hoyIso(), dias);

async function socioConCuenta() {
  const cuenta = await crearCuenta(e.db, { rol: "socio" });
  return { idSocio: cuenta.idSocio as number, token: await entrar(e.app, cuenta.email) };
}

async function socio(nombre: string, extra: { id_pagador?: number; matricula?: number } = {}) {
  const fila = await e.db
    .insertInto("socio")
    .values({ nombre, apellidos: "Puerta", ...extra })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function crearActo(datos: object = {}): Promise<number> {
  const res = await llamar("POST", "/api/actos", admin, {
    nombre: `Cena ${Math.random()}`,
    fecha: hoyIso(),
    puntos: 3,
    menus: ["Carne", "Pescado"],
    invitadosMax: 3,
    ...datos,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function inscribir(idActo: number, idSocio: number, extra: object = {}) {
  const res = await llamar("POST", `/api/actos/${idActo}/inscripciones`, admin, {
    idSocio,
    menu: "Carne",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; estado: string };
}

async function codigoDe(idSocio: number, token = admin): Promise<string> {
  const res = await llamar("GET", `/api/socios/${idSocio}/carnet`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().codigo as string;
}

const escanear = (idActo: number, codigo: string, token = admin) =>
  llamar("POST", `/api/actos/${idActo}/accesos`, token, { codigo });

async function asistio(idInscripcion: number): Promise<boolean> {
  const fila = await e.db
    .selectFrom("inscripcion")
    .select("asistio")
    .where("id", "=", idInscripcion)
    .executeTakeFirstOrThrow();
  return fila.asistio;
}

describe("carnet", () => {
  it("lo leen el socio, su pagador y la junta (código opaco de 16 o más caracteres); nadie más (403)", async () => {
    const pagador = await socioConCuenta();
    const hijo = await socio("Hijo", { id_pagador: pagador.idSocio, matricula: 4711 });
    const otro = await socioConCuenta();

    const propio = await codigoDe(pagador.idSocio, pagador.token);
    expect(propio.length).toBeGreaterThanOrEqual(16);
    expect(propio).not.toContain(String(pagador.idSocio).padStart(5, "x"));
    const delHijo = await codigoDe(hijo, pagador.token);
    expect(delHijo).not.toContain("4711");
    expect(await codigoDe(hijo)).toBe(delHijo);

    expect((await llamar("GET", `/api/socios/${hijo}/carnet`, otro.token)).statusCode).toBe(403);
    expect(
      (await llamar("POST", `/api/socios/${hijo}/carnet/renovacion`, otro.token)).statusCode,
    ).toBe(403);
    expect((await llamar("GET", "/api/socios/99999999/carnet", otro.token)).statusCode).toBe(403);
    expect((await llamar("GET", "/api/socios/99999999/carnet")).statusCode).toBe(404);
    expect(
      (await e.app.inject({ method: "GET", url: `/api/socios/${hijo}/carnet` })).statusCode,
    ).toBe(401);
  });

  it("renovar el carnet deja sin valor el código anterior, que no marca nada; queda auditado", async () => {
    const yo = await socioConCuenta();
    const idActo = await crearActo();
    const ins = await inscribir(idActo, yo.idSocio);
    const viejo = await codigoDe(yo.idSocio, yo.token);

    const renovado = await llamar("POST", `/api/socios/${yo.idSocio}/carnet/renovacion`, yo.token);
    expect(renovado.statusCode, renovado.body).toBe(200);
    const nuevo = renovado.json().codigo as string;
    expect(nuevo).not.toBe(viejo);
    expect(await codigoDe(yo.idSocio, yo.token)).toBe(nuevo);

    const rechazado = await escanear(idActo, viejo);
    expect(rechazado.statusCode).toBe(200);
    expect(rechazado.json()).toMatchObject({
      resultado: "carnet_no_valido",
      nombre: null,
      imagen: null,
      menu: null,
      invitados: null,
    });
    expect(await asistio(ins.id)).toBe(false);

    expect((await escanear(idActo, nuevo)).json().resultado).toBe("registrado");
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "cambios"])
      .where("entidad", "=", "socio")
      .where("id_entidad", "=", yo.idSocio)
      .where("accion", "=", "renovar_carnet")
      .execute();
    expect(auditoria).toHaveLength(1);
  });

  it("un código falsificado, de otra instalación o de otro uso es carnet_no_valido", async () => {
    const id = await socio("Falso");
    const idActo = await crearActo();
    const ins = await inscribir(idActo, id);
    const bueno = await codigoDe(id);
    const [cuerpo, firma] = bueno.split(".");
    const otroSocio = Buffer.from(`c1:${id + 1}:0`).toString("base64url");
    const falsos = [
      `${otroSocio}.${firma}`,
      // El primer carácter lleva seis bits enteros de la firma: cambiarlo siempre la cambia (los
      // dos últimos llevan bits de relleno y «AA» podía coincidir con la buena).
      `${cuerpo}.${firma.startsWith("A") ? "B" : "A"}${firma.slice(1)}`,
      ClaveInstalacion.nueva().firmar("carnet", `c1:${id}:0`),
      e.clave.firmar("baja-correo", `c1:${id}:0`),
      String(id),
      "x".repeat(40),
    ];
    for (const codigo of falsos) {
      const res = await escanear(idActo, codigo);
      expect(res.statusCode).toBe(200);
      expect(res.json().resultado, codigo).toBe("carnet_no_valido");
    }
    expect(await asistio(ins.id)).toBe(false);
  });

  it("un código escrito de otra forma que decodifica igual es carnet_no_valido (issue 45 §11)", async () => {
    const id = await socio("Canónico");
    const idActo = await crearActo();
    const ins = await inscribir(idActo, id);
    const bueno = await conGuionEnLaFirma(async () => {
      const res = await llamar("POST", `/api/socios/${id}/carnet/renovacion`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().codigo as string;
    });
    const resultados: Record<string, string> = {};
    for (const [alteracion, codigo] of Object.entries(alteracionesDe(bueno))) {
      resultados[alteracion] = (await escanear(idActo, codigo)).json().resultado;
    }
    expect(resultados).toEqual({
      bitsDeRelleno: "carnet_no_valido",
      asterisco: "carnet_no_valido",
      igualAlFinal: "carnet_no_valido",
      masPorGuion: "carnet_no_valido",
    });
    expect(await asistio(ins.id)).toBe(false);
    expect((await escanear(idActo, bueno)).json().resultado).toBe("registrado");
  });
});

describe("control de acceso", () => {
  it("registrado marca la asistencia y da los puntos; después, repetido con la hora", async () => {
    const yo = await socioConCuenta();
    const idActo = await crearActo();
    const ins = await inscribir(idActo, yo.idSocio, { menu: "Pescado", invitados: 2 });
    const codigo = await codigoDe(yo.idSocio, yo.token);

    const primero = await escanear(idActo, codigo);
    expect(primero.statusCode).toBe(200);
    expect(primero.json()).toMatchObject({
      resultado: "registrado",
      idSocio: yo.idSocio,
      idInscripcion: ins.id,
      menu: "Pescado",
      invitados: 2,
      recuento: { dentro: 1, confirmados: 1 },
    });
    expect(primero.json().nombre).toEqual(expect.any(String));
    expect(primero.json().hora).toMatch(/^\d{2}:\d{2}$/);
    expect(await asistio(ins.id)).toBe(true);
    const puntos = await llamar("GET", "/api/actos/puntos/mios", yo.token);
    expect(puntos.json().puntosAnyo).toBe(3);

    const segundo = await escanear(idActo, codigo);
    expect(segundo.json()).toMatchObject({
      resultado: "repetido",
      hora: primero.json().hora,
      recuento: { dentro: 1, confirmados: 1 },
    });
    expect((await llamar("GET", "/api/actos/puntos/mios", yo.token)).json().puntosAnyo).toBe(3);
  });

  it("en_espera, no_inscrito y otro_dia no marcan nada", async () => {
    const [a, b, c] = [await socio("A"), await socio("B"), await socio("C")];
    const lleno = await crearActo({ aforo: 1, listaEspera: true });
    await inscribir(lleno, a);
    const espera = await inscribir(lleno, b);
    expect(espera.estado).toBe("en_espera");

    const enEspera = await escanear(lleno, await codigoDe(b));
    expect(enEspera.json()).toMatchObject({
      resultado: "en_espera",
      idInscripcion: espera.id,
      puestoEspera: 1,
      recuento: { dentro: 0, confirmados: 1 },
    });
    expect(await asistio(espera.id)).toBe(false);

    const noInscrito = await escanear(lleno, await codigoDe(c));
    expect(noInscrito.json()).toMatchObject({
      resultado: "no_inscrito",
      idSocio: c,
      idInscripcion: null,
      menu: null,
      invitados: null,
    });

    const manyana = await crearActo({ fecha: dentroDe(1) });
    const insManyana = await inscribir(manyana, a);
    const otroDia = await escanear(manyana, await codigoDe(a));
    expect(otroDia.json()).toMatchObject({ resultado: "otro_dia", idSocio: a });
    expect(await asistio(insManyana.id)).toBe(false);
  });

  it("solo la junta escanea y ve la lista (403); acto inexistente 404, cancelado 409, campo de más 400", async () => {
    const yo = await socioConCuenta();
    const idActo = await crearActo();
    await inscribir(idActo, yo.idSocio);
    const codigo = await codigoDe(yo.idSocio, yo.token);
    expect((await escanear(idActo, codigo, yo.token)).statusCode).toBe(403);
    expect((await llamar("GET", `/api/actos/${idActo}/accesos`, yo.token)).statusCode).toBe(403);
    expect((await escanear(99999999, codigo)).statusCode).toBe(404);
    const extra = await llamar("POST", `/api/actos/${idActo}/accesos`, admin, {
      codigo,
      colado: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain("colado");
    expect(
      (await llamar("POST", `/api/actos/${idActo}/accesos`, admin, { codigo: "" })).statusCode,
    ).toBe(400);

    const cancelado = await crearActo();
    await inscribir(cancelado, yo.idSocio);
    const res = await llamar("POST", `/api/actos/${cancelado}/cancelacion`, admin);
    expect([200, 204]).toContain(res.statusCode);
    expect((await escanear(cancelado, codigo)).statusCode).toBe(409);
  });

  it("la lista de la puerta busca por nombre o matrícula y cuenta los que han entrado", async () => {
    const a = await socio("Lista", { matricula: 9001 });
    const b = await socio("Otra", { matricula: 9002 });
    const idActo = await crearActo();
    const insA = await inscribir(idActo, a);
    await inscribir(idActo, b);
    await escanear(idActo, await codigoDe(a));
    // The manual fallback reuses the attendance route; the door sees its time too.
    const aMano = await llamar(
      "PUT",
      `/api/actos/${idActo}/inscripciones/${(await e.db.selectFrom("inscripcion").select("id").where("id_acto", "=", idActo).where("id_socio", "=", b).executeTakeFirstOrThrow()).id}/asistencia`,
      admin,
      { asistio: true },
    );
    expect(aMano.statusCode).toBe(200);
    const lista = await llamar("GET", `/api/actos/${idActo}/accesos`);
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toMatchObject({ esHoy: true, recuento: { dentro: 2, confirmados: 2 } });
    const filaA = lista
      .json()
      .items.find((i: { idInscripcion: number }) => i.idInscripcion === insA.id);
    expect(filaA).toMatchObject({ matricula: 9001, asistio: true, estado: "confirmada" });
    for (const i of lista.json().items) expect(i.hora).toMatch(/^\d{2}:\d{2}$/);
  });

  it("dos lecturas a la vez del mismo carnet: exactamente un registrado y los demás repetido", async () => {
    const id = await socio("Carrera");
    const idActo = await crearActo();
    const ins = await inscribir(idActo, id);
    const codigo = await codigoDe(id);
    const respuestas = await Promise.all(Array.from({ length: 6 }, () => escanear(idActo, codigo)));
    const resultados = respuestas.map((r) => r.json().resultado).sort();
    expect(resultados).toEqual([
      "registrado",
      "repetido",
      "repetido",
      "repetido",
      "repetido",
      "repetido",
    ]);
    expect(await asistio(ins.id)).toBe(true);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("id")
      .where("entidad", "=", "inscripcion")
      .where("id_entidad", "=", ins.id)
      .where("accion", "=", "asistencia")
      .execute();
    expect(auditoria).toHaveLength(1);
  });
});
