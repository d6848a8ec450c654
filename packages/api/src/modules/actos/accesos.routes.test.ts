import { formatearFechaHora, hoyIso, sumarDias } from "@fila/domain";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
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

const asistencia = (idInscripcion: number) =>
  e.db
    .selectFrom("inscripcion")
    .select(["asistio", "asistio_en"])
    .where("id", "=", idInscripcion)
    .executeTakeFirstOrThrow();
const asistio = async (idInscripcion: number) => (await asistencia(idInscripcion)).asistio;

/** How many times the attendance of an enrolment was audited. */
const auditadas = async (idInscripcion: number) =>
  (
    await e.db
      .selectFrom("auditoria")
      .select("id")
      .where("entidad", "=", "inscripcion")
      .where("id_entidad", "=", idInscripcion)
      .where("accion", "=", "asistencia")
      .execute()
  ).length;

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
    expect(await auditadas(ins.id)).toBe(1);
  });
});

describe("asistencia a mano", () => {
  const marcar = (idActo: number, idInscripcion: number, asistio: boolean, token = admin) =>
    llamar("PUT", `/api/actos/${idActo}/inscripciones/${idInscripcion}/asistencia`, token, {
      asistio,
    });

  it("solo asiste quien tiene plaza: la lista de espera da 409 y no marca nada ni da puntos", async () => {
    const [conPlaza, esperando] = [await socio("Con plaza"), await socio("Esperando")];
    const idActo = await crearActo({ aforo: 1, listaEspera: true });
    const confirmada = await inscribir(idActo, conPlaza);
    const espera = await inscribir(idActo, esperando);
    expect(espera.estado).toBe("en_espera");

    const res = await marcar(idActo, espera.id, true);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "conflicto",
      mensaje:
        "Solo se marca la asistencia de quien tiene plaza: esta inscripción está en la lista de espera.",
    });
    expect(await asistio(espera.id)).toBe(false);
    expect(await auditadas(espera.id)).toBe(0);

    // In Valencian for a Valencian account.
    const cuenta = await crearCuenta(e.db, { rol: "administrador" });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", cuenta.id).execute();
    const va = await marcar(idActo, espera.id, true, await entrar(e.app, cuenta.email));
    expect(va.statusCode).toBe(409);
    expect(va.json().mensaje).toBe(
      "Només es marca l'assistència de qui té plaça: esta inscripció està en la llista d'espera.",
    );

    // Unmarking changes nothing and is always possible; the confirmed one attends.
    expect((await marcar(idActo, espera.id, false)).statusCode).toBe(200);
    expect((await marcar(idActo, confirmada.id, true)).json()).toMatchObject({ asistio: true });
  });
});

/** The instant of `hora` (hh:mm) on `dia` in Madrid, whichever its offset that day. */
function enMadrid(dia: string, hora: string): Date {
  const instante = ["+01:00", "+02:00"]
    .map((desfase) => new Date(`${dia}T${hora}:00${desfase}`))
    .find((d) => hoyIso(d) === dia && formatearFechaHora(d).slice(11) === hora);
  if (!instante) throw new Error(`${dia} ${hora} no existe en Madrid`);
  return instante;
}

describe("lecturas guardadas sin conexión (leidoEn)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The server's clock (only Date: the database and the timers keep theirs). */
  const relojEn = (instante: Date) => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(instante);
  };

  const asistioEn = async (idInscripcion: number) => (await asistencia(idInscripcion)).asistio_en;

  it("una lectura de las 23:59 enviada pasada la medianoche cuenta para el acto de ese día, a esa hora", async () => {
    const hoy = hoyIso();
    const [trasnochador, tardio] = [await socio("Trasnochador"), await socio("Tardío")];
    const idActo = await crearActo({ fecha: hoy });
    const ins = await inscribir(idActo, trasnochador);
    const insTardio = await inscribir(idActo, tardio);
    const [codigo, codigoTardio] = [await codigoDe(trasnochador), await codigoDe(tardio)];

    relojEn(enMadrid(sumarDias(hoy, 1), "00:02"));
    const leidoEn = enMadrid(hoy, "23:59").toISOString();
    const res = await llamar("POST", `/api/actos/${idActo}/accesos`, admin, { codigo, leidoEn });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ resultado: "registrado", hora: "23:59" });
    expect(await asistioEn(ins.id)).toEqual(new Date(leidoEn));

    // Read now (after midnight), it is another day's scan: nothing marked.
    const ahora = await escanear(idActo, codigoTardio);
    expect(ahora.json().resultado).toBe("otro_dia");
    expect(await asistio(insTardio.id)).toBe(false);
  });

  it("hasta 5 minutos por delante cuenta como ahora; más adelante o de hace más de 24 horas, 400 sin marcar nada", async () => {
    const ahora = enMadrid(hoyIso(), "12:00");
    relojEn(ahora);
    const idActo = await crearActo({ fecha: hoyIso(ahora) });
    const ids = [await socio("Adelantado"), await socio("Futuro"), await socio("Viejo")];
    const [adelantado, futuro, viejo] = await Promise.all(ids.map((id) => inscribir(idActo, id)));
    const [cAdelantado, cFuturo, cViejo] = await Promise.all(ids.map((id) => codigoDe(id)));
    const desde = (ms: number) => new Date(ahora.getTime() + ms).toISOString();
    const enviar = (codigo: string, leidoEn: string) =>
      llamar("POST", `/api/actos/${idActo}/accesos`, admin, { codigo, leidoEn });

    const casiAhora = await enviar(cAdelantado, desde(4 * 60_000));
    expect(casiAhora.json()).toMatchObject({ resultado: "registrado", hora: "12:00" });
    expect(await asistioEn(adelantado.id)).toEqual(ahora);

    for (const [codigo, leidoEn, ins] of [
      [cFuturo, desde(6 * 60_000), futuro],
      [cViejo, desde(-24 * 3_600_000 - 60_000), viejo],
    ] as const) {
      const res = await enviar(codigo, leidoEn);
      expect(res.statusCode, leidoEn).toBe(400);
      expect(res.json()).toMatchObject({
        error: "validacion",
        mensaje:
          "La hora de lectura no puede ser de hace más de 24 horas ni de más de 5 minutos después de la hora del servidor.",
        detalles: [{ campo: "leidoEn" }],
      });
      expect(await asistio(ins.id)).toBe(false);
    }
    const sinFormato = await enviar(cViejo, "ayer a las diez");
    expect(sinFormato.statusCode).toBe(400);
    expect(sinFormato.body).toContain("ISO 8601");
  });
});
