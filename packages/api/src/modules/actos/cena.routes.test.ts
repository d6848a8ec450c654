import { instanteDeMadrid } from "@fila/domain";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { crearCuenta, entrar } from "../../test/entorno.js";
import {
  admin,
  crearActo,
  cuenta,
  dia,
  e,
  hijoDeA,
  inscribir,
  llamar,
  prepararActos,
  tipoAdulto,
  usuarioA,
  usuarioB,
} from "./actos.prueba.js";
import { InscripcionesRepository } from "./inscripciones.repository.js";
import { InscripcionesService } from "./inscripciones.service.js";
import { lanzarPlazos } from "./plazos.trabajos.js";

prepararActos();

/** `YYYY-MM-DDTHH:mm` in Madrid of an instant (the turns' format). */
function enMadrid(instante: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Madrid",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instante)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const enHoras = (h: number) => new Date(Date.now() + h * 3_600_000);

async function socioMas(antiguedad: number, idPagador: number | null = null) {
  const c = await cuenta("usuario");
  await e.db
    .updateTable("socio")
    .set({ edad_festera: antiguedad, ...(idPagador ? { id_pagador: idPagador } : {}) })
    .where("id", "=", c.idSocio)
    .execute();
  // Without periods (migration 0040) the one seniority function counts `edad_festera`.
  await e.db.deleteFrom("socio_periodo").where("id_socio", "=", c.idSocio).execute();
  return c;
}

describe("turnos", () => {
  it("antes de su turno, 409 «Tu turno abre el …» en castellano y en valenciano; el suyo abierto, 201", async () => {
    // Read once: a minute may turn between creating the event and checking the message.
    const turnoAdulto = enMadrid(enHoras(24));
    const acto = await crearActo({
      aforo: 50,
      turnos: [
        { desde: enMadrid(enHoras(-1)), antiguedadMinima: 25 },
        { desde: turnoAdulto, tipos: [tipoAdulto] },
        { desde: enMadrid(enHoras(48)) },
      ],
    });
    expect(acto.turnos).toHaveLength(3);
    const veterano = await socioMas(30);
    const nuevo = await socioMas(2);
    const ok = await inscribir(veterano.token, acto.id, {
      idSocio: veterano.idSocio,
      menu: "Carne",
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const no = await inscribir(nuevo.token, acto.id, { idSocio: nuevo.idSocio, menu: "Carne" });
    expect(no.statusCode).toBe(409);
    const cuando = `${turnoAdulto.slice(8, 10)}/${turnoAdulto.slice(5, 7)}/${turnoAdulto.slice(0, 4)} ${turnoAdulto.slice(11)}`;
    expect(no.json().mensaje).toBe(`Tu turno abre el ${cuando}.`);
    // In Valencian for an account in Valencian.
    const va = await crearCuenta(e.db, { rol: "usuario", conSocio: true });
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", va.id).execute();
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: tipoAdulto, edad_festera: 1 })
      .where("id", "=", va.idSocio as number)
      .execute();
    const tokenVa = await entrar(e.app, va.email);
    const noVa = await inscribir(tokenVa, acto.id, { idSocio: va.idSocio, menu: "Carne" });
    expect(noVa.statusCode).toBe(409);
    expect(noVa.json().mensaje).toBe(`El teu torn obri el ${cuando}.`);
    // The board enrols anyone at any time.
    expect(
      (await inscribir(admin.token, acto.id, { idSocio: nuevo.idSocio, menu: "Carne" })).statusCode,
    ).toBe(201);
    // Mis actos carries each member's turn time (data, not open/closed).
    const mios = (await llamar("GET", "/api/actos/mios", usuarioB.token)).json();
    const item = mios.items.find((i: { id: number }) => i.id === acto.id);
    expect(item.familia[0].turno).toBe(instanteDeMadrid(turnoAdulto).toISOString());
  });

  it("un turno por cargo admite a quien lo tiene en la fecha del acto (pertenenciasEn)", async () => {
    const cargo = await e.db
      .insertInto("cargo")
      .values({ codigo: `cabo-cena-${Date.now()}`, nombre: "Cabo de la cena" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const acto = await crearActo({
      aforo: 50,
      turnos: [
        { desde: enMadrid(enHoras(-1)), cargos: [cargo.id] },
        { desde: enMadrid(enHoras(30)) },
      ],
    });
    const cabo = await socioMas(1);
    const otro = await socioMas(1);
    await e.db
      .insertInto("socio_cargo")
      .values({ id_socio: cabo.idSocio, id_cargo: cargo.id, desde: dia(-10), hasta: null })
      .execute();
    expect(
      (await inscribir(cabo.token, acto.id, { idSocio: cabo.idSocio, menu: "Carne" })).statusCode,
    ).toBe(201);
    expect(
      (await inscribir(otro.token, acto.id, { idSocio: otro.idSocio, menu: "Carne" })).statusCode,
    ).toBe(409);
  });

  it("un segundo antes del turno, 409; un segundo después, 201 (reloj fijo, también en lote)", async () => {
    const abre = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 2 * 3_600_000);
    const acto = await crearActo({
      aforo: 50,
      turnos: [{ desde: enMadrid(abre), antiguedadMinima: 10 }, { desde: enMadrid(enHoras(72)) }],
    });
    const a = await socioMas(12);
    const b = await socioMas(12);
    const servicio = (ms: number) =>
      new InscripcionesService(new InscripcionesRepository(e.db), undefined, {
        ahora: () => new Date(abre.getTime() + ms),
      });
    const actor = (c: { id: number; idSocio: number }) => ({
      id: c.id,
      rol: "usuario" as const,
      socioId: c.idSocio,
    });
    const entrada = (idSocio: number) => ({
      idSocio,
      invitados: 0,
      menu: "Carne",
      alergias: "",
      dietas: [],
      acompanantes: [],
      sentarCon: [],
    });
    await expect(servicio(-1000).inscribir(actor(a), acto.id, entrada(a.idSocio))).rejects.toThrow(
      /Tu turno abre|actos.turno_abre/,
    );
    // Two at once (the batched path) a second after: both in.
    const s = servicio(1000);
    const hechas = await Promise.all([
      s.inscribir(actor(a), acto.id, entrada(a.idSocio)),
      s.inscribir(actor(b), acto.id, entrada(b.idSocio)),
    ]);
    expect(hechas.map((h) => h.estado)).toEqual(["confirmada", "confirmada"]);
  });

  it("la inscripción automática solo toma a quien tiene el turno abierto; turnos mal formados, 400", async () => {
    const veterano = await socioMas(40);
    const acto = await crearActo({
      aforo: null,
      sePaga: false,
      precios: [],
      inscripcionAutomatica: true,
      turnos: [
        { desde: enMadrid(enHoras(-2)), antiguedadMinima: 40 },
        { desde: enMadrid(enHoras(50)) },
      ],
    });
    const filas = await e.db
      .selectFrom("inscripcion")
      .innerJoin("socio", "socio.id", "inscripcion.id_socio")
      .select(["socio.edad_festera"])
      .where("id_acto", "=", acto.id)
      .execute();
    expect(filas.length).toBeGreaterThan(0);
    expect(filas.every((f) => f.edad_festera >= 40)).toBe(true);
    expect(
      await e.db
        .selectFrom("inscripcion")
        .select("id")
        .where("id_acto", "=", acto.id)
        .where("id_socio", "=", veterano.idSocio)
        .executeTakeFirst(),
    ).toBeDefined();
    const mal = await llamar("POST", "/api/actos", admin.token, {
      nombre: "Mal",
      fecha: dia(30),
      turnos: [{ desde: enMadrid(enHoras(5)), antiguedadMinima: 3 }],
    });
    expect(mal.statusCode).toBe(400);
  });
});

describe("acompañantes y dietas", () => {
  it("acompañantes como mucho los invitados, y exactamente en una cena con mesas", async () => {
    const libre = await crearActo({ aforo: 50 });
    const c = await socioMas(1);
    const mas = await inscribir(c.token, libre.id, {
      idSocio: c.idSocio,
      invitados: 1,
      menu: "Carne",
      acompanantes: [{ nombre: "Ana" }, { nombre: "Berta" }],
    });
    expect(mas.statusCode).toBe(409);
    const bien = await inscribir(c.token, libre.id, {
      idSocio: c.idSocio,
      invitados: 2,
      menu: "Carne",
      dietas: ["vegano"],
      acompanantes: [{ nombre: "Ana", dietas: ["celiaco"], alergias: "marisco" }],
    });
    expect(bien.statusCode, bien.body).toBe(201);
    expect(bien.json()).toMatchObject({
      dietas: ["vegano"],
      acompanantes: [{ nombre: "Ana", dietas: ["celiaco"], alergias: "marisco" }],
      plazoPago: null,
    });
    const mesas = await crearActo({ aforo: 50, plazasPorMesa: 6 });
    const menos = await inscribir(c.token, mesas.id, {
      idSocio: c.idSocio,
      invitados: 2,
      menu: "Carne",
      acompanantes: [{ nombre: "Ana" }],
    });
    expect(menos.statusCode).toBe(409);
    expect(menos.json().mensaje).toMatch(/indica 2 acompañantes/);
    const desconocido = await inscribir(c.token, mesas.id, {
      idSocio: c.idSocio,
      menu: "Carne",
      dietas: ["paleo"],
    });
    expect(desconocido.statusCode).toBe(400);
  });
});

async function pagoDe(idPago: number) {
  return e.db
    .selectFrom("pago")
    .select(["estado", "id_remesa"])
    .where("id", "=", idPago)
    .executeTakeFirstOrThrow();
}

describe("plazo de pago", () => {
  const servicioEn = (ahora: Date) =>
    new InscripcionesService(new InscripcionesRepository(e.db), undefined, { ahora: () => ahora });
  const revisar = (ahora: Date, id: number) =>
    e.db
      .transaction()
      .execute((trx) => servicioEn(ahora).revisarPlazoEn(new InscripcionesRepository(trx), id));

  it("sin pagar a tiempo se pierde la plaza, se anula el cargo y sube la lista de espera; avisos una vez", async () => {
    const acto = await crearActo({ aforo: 1, listaEspera: true, plazoPagoHoras: 2 });
    const c = await socioMas(1);
    const d = await socioMas(1);
    const ins = (await inscribir(c.token, acto.id, { idSocio: c.idSocio, menu: "Carne" })).json();
    expect(ins.plazoPago).not.toBeNull();
    const plazo = new Date(ins.plazoPago);
    expect(Math.abs(plazo.getTime() - enHoras(2).getTime())).toBeLessThan(60_000);
    const espera = (
      await inscribir(d.token, acto.id, { idSocio: d.idSocio, menu: "Carne" })
    ).json();
    expect(espera.estado).toBe("en_espera");
    // While the time runs: nothing; an hour before: the notice, once.
    expect((await revisar(new Date(plazo.getTime() - 3_700_000), ins.id)).resultado).toBe("nada");
    expect((await revisar(new Date(plazo.getTime() - 3_500_000), ins.id)).resultado).toBe(
      "avisada",
    );
    expect((await revisar(new Date(plazo.getTime() - 3_400_000), ins.id)).resultado).toBe("nada");
    // At the deadline: lapsed.
    const r = await revisar(new Date(plazo.getTime() + 1000), ins.id);
    expect(r.resultado).toBe("caducada");
    expect(await pagoDe(ins.idPago)).toMatchObject({ estado: "anulado" });
    expect(
      await e.db.selectFrom("inscripcion").select("id").where("id", "=", ins.id).executeTakeFirst(),
    ).toBeUndefined();
    const promovida = (await llamar("GET", `/api/actos/${acto.id}/inscripciones`, admin.token))
      .json()
      .items.find((i: { id: number }) => i.id === espera.id);
    expect(promovida).toMatchObject({ estado: "confirmada", estadoPago: "pendiente" });
    expect(promovida.plazoPago).not.toBeNull();
    // Twice: nothing more.
    expect((await revisar(new Date(plazo.getTime() + 2000), ins.id)).resultado).toBe("nada");
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "inscripcion")
      .where("id_entidad", "=", ins.id)
      .where("accion", "=", "caducar")
      .execute();
    expect(auditoria).toHaveLength(1);
  });

  it("el trabajo del servidor avisa una hora antes y al caducar, en castellano y en valenciano", async () => {
    const acto = await crearActo({
      aforo: 20,
      plazoPagoHoras: 3,
      nombre: `Cena avisos ${Date.now()}`,
    });
    const c = await socioMas(1);
    const ins = (await inscribir(c.token, acto.id, { idSocio: c.idSocio, menu: "Carne" })).json();
    const { trabajos, inscripciones } = e.app.servicios;
    const alertas = () =>
      e.db
        .selectFrom("alerta")
        .innerJoin("alerta_destinatario", "alerta_destinatario.id_alerta", "alerta.id")
        .select(["alerta.titulo", "alerta.titulo_va"])
        .where("alerta_destinatario.id_usuario", "=", c.id)
        .where("alerta.titulo", "like", `%${acto.nombre}%`)
        .orderBy("alerta.id")
        .execute();
    const correr = async () => {
      const id = await lanzarPlazos(trabajos, inscripciones, `prueba-${Date.now()}`);
      if (id !== null) await trabajos.esperar(id);
    };
    // Due within the hour: the notice.
    await e.db
      .updateTable("inscripcion")
      .set({ plazo_pago: enHoras(0.5) })
      .where("id", "=", ins.id)
      .execute();
    await correr();
    const avisos = await alertas();
    expect(avisos).toHaveLength(1);
    expect(avisos[0]?.titulo).toMatch(/^Paga Cena avisos \d+ antes de las \d\d:\d\d$/);
    expect(avisos[0]?.titulo_va).toMatch(/^Paga Cena avisos \d+ abans de les \d\d:\d\d$/);
    // Run again: the notice is not sent twice.
    await correr();
    expect(await alertas()).toHaveLength(1);
    // Past it: lapsed, and told.
    await e.db
      .updateTable("inscripcion")
      .set({ plazo_pago: enHoras(-0.01) })
      .where("id", "=", ins.id)
      .execute();
    await correr();
    const todas = await alertas();
    expect(todas.map((a) => a.titulo)).toEqual([
      expect.stringMatching(/^Paga /),
      `Plaza perdida en ${acto.nombre}`,
    ]);
    expect(todas[1]?.titulo_va).toBe(`Plaça perduda en ${acto.nombre}`);
    expect(await pagoDe(ins.idPago)).toMatchObject({ estado: "anulado" });
  });

  it("pagado en parte conserva la plaza; un pedido en línea pendiente la retiene; la junta mueve el plazo", async () => {
    const acto = await crearActo({ aforo: 20, plazoPagoHoras: 1 });
    const c = await socioMas(1);
    const ins = (await inscribir(c.token, acto.id, { idSocio: c.idSocio, menu: "Carne" })).json();
    const plazo = new Date(ins.plazoPago);
    const fp = await e.db
      .insertInto("forma_pago")
      .values({ nombre: `Caja ${Date.now()}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    // An online order pending for the charge (made a minute before the deadline) holds it.
    const pedido = await e.db
      .insertInto("pedido_online")
      .values({
        creado_en: new Date(plazo.getTime() - 60_000),
        numero: `P${Date.now()}`.slice(0, 12),
        importe: 3550,
        metodo: "tarjeta",
        id_socio: c.idSocio,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .insertInto("pedido_online_pago")
      .values({ id_pedido: pedido.id, id_pago: ins.idPago, importe: 3550 })
      .execute();
    expect((await revisar(new Date(plazo.getTime() + 1000), ins.id)).resultado).toBe(
      "pedido_pendiente",
    );
    await e.db
      .updateTable("pedido_online")
      .set({ estado: "denegado" })
      .where("id", "=", pedido.id)
      .execute();
    // Paid in part at the desk: the place is kept.
    const parte = await llamar("POST", `/api/pagos/${ins.idPago}/cobro`, admin.token, {
      fecha: dia(0),
      idFormaPago: fp.id,
      importe: 10,
    });
    expect(parte.statusCode, parte.body).toBe(200);
    expect((await revisar(new Date(plazo.getTime() + 1000), ins.id)).resultado).toBe("conservada");
    const despues = await e.db
      .selectFrom("inscripcion")
      .select("plazo_pago")
      .where("id", "=", ins.id)
      .executeTakeFirstOrThrow();
    expect(despues.plazo_pago).toBeNull();

    // The board moves another's deadline: not before now (409), later (200).
    const d = await socioMas(1);
    const otra = (await inscribir(d.token, acto.id, { idSocio: d.idSocio, menu: "Carne" })).json();
    const url = `/api/actos/${acto.id}/inscripciones/${otra.id}/plazo-pago`;
    expect(
      (await llamar("PUT", url, admin.token, { plazoPago: enHoras(-1).toISOString() })).statusCode,
    ).toBe(409);
    expect(
      (await llamar("PUT", url, d.token, { plazoPago: enHoras(5).toISOString() })).statusCode,
    ).toBe(403);
    expect(
      (await llamar("PUT", url, admin.token, { plazoPago: enHoras(5).toISOString(), x: 1 }))
        .statusCode,
    ).toBe(400);
    const movido = await llamar("PUT", url, admin.token, { plazoPago: enHoras(5).toISOString() });
    expect(movido.statusCode, movido.body).toBe(200);
    expect(new Date(movido.json().plazoPago).getTime()).toBeGreaterThan(enHoras(4.9).getTime());
    // Never in a remittance while the time runs: a debit payer's charge is not eligible.
    const elegible = await e.db
      .selectFrom("pago")
      .select("id")
      .where("id", "=", otra.idPago)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("inscripcion")
              .select("id")
              .whereRef("inscripcion.id_pago", "=", "pago.id")
              .where("inscripcion.plazo_pago", "is not", null),
          ),
        ),
      )
      .executeTakeFirst();
    expect(elegible).toBeUndefined();
  });
});

describe("mesas", () => {
  it("crear mesa desde el móvil con la familia, unirse por código hasta llenarla, la junta mueve y sienta al resto", async () => {
    const acto = await crearActo({
      aforo: 60,
      plazasPorMesa: 4,
      invitadosMax: 2,
      sePaga: false,
      precios: [],
    });
    // usuarioA and the child he pays for, as in Mis actos: one family.
    expect(
      (await inscribir(usuarioA.token, acto.id, { idSocio: usuarioA.idSocio, menu: "Carne" }))
        .statusCode,
    ).toBe(201);
    expect(
      (await inscribir(usuarioA.token, acto.id, { idSocio: hijoDeA, menu: "Carne" })).statusCode,
    ).toBe(201);
    const creada = await llamar("POST", `/api/actos/${acto.id}/mesas`, usuarioA.token);
    expect(creada.statusCode, creada.body).toBe(201);
    const mesa = creada.json();
    expect(mesa).toMatchObject({ numero: 1, plazas: 4, ocupadas: 2 });
    expect(mesa.codigo).toMatch(/^[A-Z2-9]{6}$/);
    // Not enrolled: 409; unknown code: 404.
    const c = await socioMas(1);
    expect(
      (await llamar("POST", `/api/actos/${acto.id}/mesas/union`, c.token, { codigo: mesa.codigo }))
        .statusCode,
    ).toBe(409);
    const insC = (
      await inscribir(c.token, acto.id, {
        idSocio: c.idSocio,
        invitados: 1,
        menu: "Pescado",
        acompanantes: [{ nombre: "Carla", dietas: ["celiaco"] }],
      })
    ).json();
    expect(
      (await llamar("POST", `/api/actos/${acto.id}/mesas/union`, c.token, { codigo: "ZZZZZZ" }))
        .statusCode,
    ).toBe(404);
    const unida = await llamar("POST", `/api/actos/${acto.id}/mesas/union`, c.token, {
      codigo: mesa.codigo.toLowerCase(),
    });
    expect(unida.statusCode, unida.body).toBe(200);
    expect(unida.json().ocupadas).toBe(4);
    const d = await socioMas(1);
    await inscribir(d.token, acto.id, {
      idSocio: d.idSocio,
      menu: "Carne",
      sentarCon: [c.idSocio],
    });
    const llena = await llamar("POST", `/api/actos/${acto.id}/mesas/union`, d.token, {
      codigo: mesa.codigo,
    });
    expect(llena.statusCode).toBe(409);
    expect(llena.json().mensaje).toMatch(/La mesa está completa/);
    // One more guest does not fit at the full table either.
    const otroInvitado = await llamar(
      "PATCH",
      `/api/actos/${acto.id}/inscripciones/${insC.id}`,
      c.token,
      {
        invitados: 2,
        acompanantes: [{ nombre: "Carla", dietas: ["celiaco"] }, { nombre: "Dani" }],
      },
    );
    expect(otroInvitado.statusCode).toBe(409);
    // Mis actos shows the table with its code.
    const mios = (await llamar("GET", "/api/actos/mios", c.token)).json();
    expect(mios.items.find((i: { id: number }) => i.id === acto.id).familia[0].mesa).toEqual({
      id: mesa.id,
      numero: 1,
      codigo: mesa.codigo,
    });
    // Automatic seating: the rest in new tables.
    const e1 = await socioMas(1);
    await inscribir(e1.token, acto.id, { idSocio: e1.idSocio, menu: "Carne" });
    const auto = await llamar("POST", `/api/actos/${acto.id}/mesas/automatico`, admin.token);
    expect(auto.statusCode, auto.body).toBe(200);
    expect(auto.json()).toEqual({ sentadas: 2, mesasNuevas: 1 });
    const plan = (await llamar("GET", `/api/actos/${acto.id}/mesas`, admin.token)).json();
    expect(plan.sinMesa).toEqual([]);
    expect(
      plan.mesas.map((m: { numero: number; ocupadas: number }) => [m.numero, m.ocupadas]),
    ).toEqual([
      [1, 4],
      [2, 2],
    ]);
    expect(plan.mesas[0].recuento.porDieta.celiaco).toBe(1);
    expect(plan.recuento.personas).toBe(6);
    // The board moves one: into a full table, 409; out of a table, fine.
    const idD = plan.mesas[1].comensales.find(
      (x: { idSocio: number }) => x.idSocio === d.idSocio,
    ).idInscripcion;
    expect(
      (
        await llamar("PUT", `/api/actos/${acto.id}/mesas/asignaciones`, admin.token, {
          idInscripcion: idD,
          idMesa: mesa.id,
        })
      ).statusCode,
    ).toBe(409);
    const movido = await llamar("PUT", `/api/actos/${acto.id}/mesas/asignaciones`, admin.token, {
      idInscripcion: idD,
      idMesa: null,
    });
    expect(movido.statusCode, movido.body).toBe(200);
    expect(movido.json().sinMesa).toHaveLength(1);
    // Plan and place cards in PDF.
    for (const tipo of ["plan", "tarjetas"]) {
      const pdf = await llamar("GET", `/api/actos/${acto.id}/mesas/pdf?tipo=${tipo}`, admin.token);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
        mergePages: true,
      });
      expect(text).toContain("Carla");
      expect(text).toMatch(tipo === "plan" ? /Mesa 1/ : /Tarjetas de sitio/);
    }
    // Catering: menus by diet and by table.
    const rest = (await llamar("GET", "/api/restauracion", admin.token)).json();
    const vista = rest.items.find((i: { id: number }) => i.id === acto.id);
    expect(vista.dietas.porDieta.celiaco).toBe(1);
    expect(vista.dietas.porMesa.find((m: { mesa: number | null }) => m.mesa === 1)).toMatchObject({
      personas: 4,
      porDieta: { celiaco: 1 },
    });
    // A non-seated event: 409.
    const sinMesas = await crearActo({ aforo: 5 });
    expect(
      (await llamar("POST", `/api/actos/${sinMesas.id}/mesas`, usuarioA.token)).statusCode,
    ).toBe(409);
    // Members cannot see the board's plan nor move people.
    expect((await llamar("GET", `/api/actos/${acto.id}/mesas`, c.token)).statusCode).toBe(403);
    expect(
      (await llamar("POST", `/api/actos/${acto.id}/mesas/automatico`, c.token)).statusCode,
    ).toBe(403);
  });
});
