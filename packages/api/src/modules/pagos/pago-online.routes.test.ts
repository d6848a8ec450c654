import { sql } from "kysely";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { AVISO_REDSYS_EN_PRUEBAS } from "../../config.js";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { crearBaseDePruebas } from "../../test/base-de-pruebas.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import {
  arrancarRedsysSimulado,
  COMERCIO_PUBLICO_PRUEBAS,
  COMERCIO_SIMULADO,
  comoFormulario,
  type FormularioBanco,
  notificacionDe,
} from "../../test/redsys-simulado.js";
import { RemesasRepository } from "../remesas/remesas.repository.js";
import { PagoOnlineRepository } from "./pago-online.repository.js";
import { decodificarParametros } from "./redsys.js";

let e: Entorno;
let banco: Awaited<ReturnType<typeof arrancarRedsysSimulado>>;
type Cuenta = { id: number; token: string; idSocio: number };
let admin: Cuenta;
let padre: Cuenta;
let otro: Cuenta;
let hijo = 0;

async function cuenta(rol: "administrador" | "usuario" | "socio") {
  const c = await crearCuenta(e.db, { rol });
  return { id: c.id, token: await entrar(e.app, c.email), idSocio: c.idSocio ?? 0 };
}

const pedir = (method: "GET" | "POST", url: string, token: string, payload?: unknown) =>
  e.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The bank's notification, as the bank posts it (urlencoded). */
const notificar = (f: FormularioBanco) =>
  e.app.inject({
    method: "POST",
    url: "/api/pagos/redsys/notificacion",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: comoFormulario(f),
  });

async function cargo(idSocio: number, importe = 45.5) {
  const res = await pedir("POST", "/api/pagos", admin.token, {
    idSocio,
    concepto: "Cuota 2026",
    importe,
    fechaVencimiento: "2026-05-01",
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

/** The board collects a charge at the desk with a new payment method; the method's id. */
async function cobrarEnCaja(id: number, forma: string) {
  const fp = await e.db
    .insertInto("forma_pago")
    .values({ nombre: forma })
    .returning("id")
    .executeTakeFirstOrThrow();
  const res = await pedir("POST", `/api/pagos/${id}/cobro`, admin.token, {
    fecha: "2026-03-01",
    idFormaPago: fp.id,
  });
  expect(res.statusCode).toBe(200);
  return fp.id;
}

async function pedido(token: string, idsPago: number[], metodo = "tarjeta") {
  const res = await pedir("POST", "/api/pagos/pago-online", token, { idsPago, metodo });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FormularioBanco & { url: string; pedido: string };
}

const filaPago = (id: number) =>
  e.db.selectFrom("pago").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const filaPedido = (numero: string) =>
  e.db
    .selectFrom("pedido_online")
    .selectAll()
    .where("numero", "=", numero)
    .executeTakeFirstOrThrow();
/** The board's alert about an order (the one whose message names it). */
const alertaDe = (numero: string) =>
  e.db
    .selectFrom("alerta")
    .select(["titulo", "mensaje", "titulo_va", "mensaje_va"])
    .where("mensaje", "like", `%${numero}%`)
    .executeTakeFirstOrThrow();
const cobrosEnLinea = async (id: number) =>
  (
    await e.db
      .selectFrom("auditoria")
      .select("id")
      .where("entidad", "=", "pago")
      .where("id_entidad", "=", id)
      .where("accion", "=", "cobro en línea")
      .execute()
  ).length;

beforeAll(async () => {
  banco = await arrancarRedsysSimulado({
    enviar: async (url, cuerpo) =>
      (
        await e.app.inject({
          method: "POST",
          url: new URL(url).pathname,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: cuerpo,
        })
      ).statusCode,
  });
  e = await crearEntorno({ redsys: { ...COMERCIO_SIMULADO, url: banco.url } });
  admin = await cuenta("administrador");
  padre = await cuenta("usuario");
  otro = await cuenta("usuario");
  const s = await e.db
    .insertInto("socio")
    .values({ nombre: "Pau", apellidos: "Soler", id_pagador: padre.idSocio })
    .returning("id")
    .executeTakeFirstOrThrow();
  hijo = s.id;
});
afterAll(async () => {
  await e?.cerrar();
  await banco?.cerrar();
});

describe("pago en línea activo", () => {
  it("la web sabe que está activo y la CSP deja enviar el formulario al banco", async () => {
    const res = await pedir("GET", "/api/pagos/pago-online", padre.token);
    expect(res.json()).toEqual({ activo: true, prueba: false });
    expect(String(res.headers["content-security-policy"])).toContain(
      `form-action 'self' ${banco.origen}`,
    );
  });

  it("un usuario paga con Bizum la cuota de su hijo en el banco simulado y recibe el recibo", async () => {
    const id = await cargo(hijo, 45.5);
    const correos = vi.spyOn(e.app.servicios.mail, "encolar");
    const f = await pedido(padre.token, [id], "bizum");
    expect(f.url).toBe(banco.url);
    expect(f.Ds_SignatureVersion).toBe("HMAC_SHA256_V1");
    expect(f.pedido).toMatch(/^\d{12}$/);
    const orden = decodificarParametros(f.Ds_MerchantParameters);
    expect(orden).toMatchObject({
      Ds_Merchant_Amount: "4550",
      Ds_Merchant_Order: f.pedido,
      Ds_Merchant_MerchantCode: COMERCIO_SIMULADO.merchantCode,
      Ds_Merchant_Terminal: "1",
      Ds_Merchant_Currency: "978",
      Ds_Merchant_PayMethods: "z",
      Ds_Merchant_ConsumerLanguage: "001",
      Ds_Merchant_MerchantURL: "http://fila.test/api/pagos/redsys/notificacion",
      Ds_Merchant_UrlOK: `http://fila.test/#/pago-online/${f.pedido}`,
    });
    // The browser posts the form to the bank, which checks the signature and shows its page.
    const paginaBanco = await fetch(f.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: comoFormulario(f),
    });
    expect(paginaBanco.status).toBe(200);
    const html = await paginaBanco.text();
    expect(html).toContain("Pago con Bizum");
    expect(html).toContain("45,50 €");
    const idOperacion = /name="id" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const vuelta = await fetch(`${banco.origen}/sis/decidir`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: idOperacion, respuesta: "0000" }).toString(),
      redirect: "manual",
    });
    expect(vuelta.status).toBe(302);
    expect(vuelta.headers.get("location")).toBe(`http://fila.test/#/pago-online/${f.pedido}`);
    expect(banco.notificaciones.at(-1)?.status).toBe(200);

    const p = await filaPago(id);
    expect(p.estado).toBe("pagado");
    expect(p.referencia).toContain(f.pedido);
    const forma = await e.db
      .selectFrom("forma_pago")
      .select("nombre")
      .where("id", "=", p.id_forma_pago ?? 0)
      .executeTakeFirstOrThrow();
    expect(forma.nombre).toBe("Pago en línea");
    expect(await cobrosEnLinea(id)).toBe(1);
    const resultado = await pedir("GET", `/api/pagos/pago-online/${f.pedido}`, padre.token);
    expect(resultado.json()).toMatchObject({
      estado: "pagado",
      metodo: "bizum",
      importe: 45.5,
      respuesta: "0000",
      cargos: [{ id, importe: 45.5 }],
    });
    expect(resultado.json().codigoAutorizacion).toMatch(/^\d{6}$/);
    const recibo = await pedir("GET", `/api/pagos/${id}/recibo.pdf`, padre.token);
    expect(recibo.statusCode).toBe(200);
    await e.app.servicios.mail.esperarEnvios();
    const correo = await e.db
      .selectFrom("correo_saliente")
      .select(["asunto", "texto"])
      .where("asunto", "like", `%${f.pedido}%`)
      .executeTakeFirst();
    expect(correo?.texto).toContain("45,50 €");
    // The receipt goes attached: the same PDF as /api/pagos/:id/recibo.pdf.
    const conRecibo = correos.mock.calls.find(([c]) => c.asunto.includes(f.pedido))?.[0];
    expect(conRecibo?.adjuntos?.map((a) => a.nombre)).toEqual([`recibo-${id}.pdf`]);
    expect(conRecibo?.adjuntos?.[0]?.contenido.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    correos.mockRestore();
  });

  it("la misma notificación dos veces paga una sola vez", async () => {
    const id = await cargo(hijo, 10);
    const f = await pedido(padre.token, [id]);
    const n = notificacionDe(f);
    expect((await notificar(n)).statusCode).toBe(200);
    expect((await notificar(n)).statusCode).toBe(200);
    expect(await cobrosEnLinea(id)).toBe(1);
    expect((await filaPedido(f.pedido)).estado).toBe("pagado");
  });

  it("dos notificaciones idénticas a la vez pagan una sola vez", async () => {
    const ids = [await cargo(hijo, 3), await cargo(padre.idSocio, 4)];
    const f = await pedido(padre.token, ids);
    const n = notificacionDe(f);
    const respuestas = await Promise.all([notificar(n), notificar(n), notificar(n)]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const id of ids) expect(await cobrosEnLinea(id)).toBe(1);
    const alertas = await e.db
      .selectFrom("alerta")
      .select("id")
      .where("mensaje", "like", `%${f.pedido}%`)
      .execute();
    expect(alertas).toHaveLength(0);
  });

  it("una remesa que se genera a la vez se lleva el cargo o lo deja pagado en línea, nunca las dos cosas", async () => {
    const domiciliado = await cuenta("usuario");
    const fp = await e.db
      .insertInto("forma_pago")
      .values({ nombre: "Domiciliación", domiciliada: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .updateTable("socio")
      .set({ id_forma_pago: fp.id })
      .where("id", "=", domiciliado.idSocio)
      .execute();
    const id = await cargo(domiciliado.idSocio, 18);
    const f = await pedido(domiciliado.token, [id]);
    let notificacion: Promise<{ statusCode: number }> | undefined;
    // The remittance takes the charge first: it locks it as it does, and the bank's notification
    // arrives while it still holds the lock.
    await e.db.transaction().execute(async (trx) => {
      const remesa = await trx
        .insertInto("remesa")
        .values({ mensaje_id: "R-A-LA-VEZ", fecha_cobro: "2026-06-01", hasta: "2099-12-31" })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The generation's statement: it locks every eligible charge (this payer has no IBAN, so
      // it is left out and the charge is then taken by hand below).
      const { excluidos } = await new RemesasRepository(trx).incluirEnRemesa(
        remesa.id,
        "2099-12-31",
        () => true,
      );
      expect(excluidos).toContainEqual(
        expect.objectContaining({ idPagador: domiciliado.idSocio, total: 1800 }),
      );
      notificacion = notificar(notificacionDe(f));
      await new Promise((ok) => setTimeout(ok, 200));
      await trx.updateTable("pago").set({ id_remesa: remesa.id }).where("id", "=", id).execute();
    });
    expect((await notificacion)?.statusCode).toBe(200);
    const p = await filaPago(id);
    expect(p.estado).toBe("pendiente");
    expect(p.id_remesa).not.toBeNull();
    expect(await cobrosEnLinea(id)).toBe(0);
    const alerta = await alertaDe(f.pedido);
    expect(alerta.titulo).toBe("Pago duplicado");
    expect(alerta.mensaje).toContain("18,00 €");
    // And the other way round: a paid charge is no longer eligible for the next remittance.
    const otro = await cargo(domiciliado.idSocio, 9);
    const g = await pedido(domiciliado.token, [otro]);
    expect((await notificar(notificacionDe(g))).statusCode).toBe(200);
    const despues = await new RemesasRepository(e.db).pagadoresElegibles("2099-12-31");
    expect(despues.map((p) => p.idPagador)).not.toContain(domiciliado.idSocio);
  });

  // Two connections holding locks at once need PostgreSQL: PGlite has only one.
  if (process.env.DATABASE_URL)
    it("una notificación y una remesa que bloquean los mismos cargos a la vez no se interbloquean: los dos los toman en orden de id", async () => {
      const fp = await e.db
        .insertInto("forma_pago")
        .values({ nombre: "Domiciliación (orden)", domiciliada: true })
        .returning("id")
        .executeTakeFirstOrThrow();
      const nuevo = (apellidos: string) =>
        e.db
          .insertInto("socio")
          .values({ nombre: "Orden", apellidos, id_forma_pago: fp.id })
          .returning("id")
          .executeTakeFirstOrThrow();
      const primero = await nuevo("Primero");
      const segundo = await nuevo("Segundo");
      // X (lower id) is the second payer's; Y (higher id) the first's: the remittance's own order
      // (payer first) meets Y before X, the notification's (id) X before Y.
      const x = await cargo(segundo.id, 11);
      const y = await cargo(primero.id, 12);
      let remesa: Promise<number[]> | undefined;
      await e.db.transaction().execute(async (trx) => {
        const cobro = new PagoOnlineRepository(trx);
        await cobro.bloquearCargos([x]);
        // The generation's statement, which locks every eligible charge.
        remesa = e.db.transaction().execute(async (t2) => {
          const r = await t2
            .insertInto("remesa")
            .values({ mensaje_id: "R-ORDEN", fecha_cobro: "2026-06-01", hasta: "2099-12-31" })
            .returning("id")
            .executeTakeFirstOrThrow();
          const { adeudos, excluidos } = await new RemesasRepository(t2).incluirEnRemesa(
            r.id,
            "2099-12-31",
            () => true,
          );
          return [...adeudos, ...excluidos].map((p) => p.idPagador);
        });
        // Wait until the remittance is queued behind the lock on X.
        for (let i = 0; i < 100; i++) {
          const { n } = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks where not granted`
            .execute(e.db)
            .then((r) => r.rows[0] ?? { n: 0 });
          if (n > 0) break;
          await new Promise((ok) => setTimeout(ok, 20));
        }
        // Before, the remittance already held Y here, and this second lock closed the circle.
        await cobro.bloquearCargos([y]);
      });
      // Both charges taken: their payers are there.
      const tomados = await remesa;
      expect(tomados).toEqual(expect.arrayContaining([segundo.id, primero.id]));
    });

  it("un pedido hecho en modo de pruebas no paga aunque la notificación llegue con la configuración real", async () => {
    const id = await cargo(hijo, 14);
    const f = await pedido(padre.token, [id]);
    await e.db
      .updateTable("pedido_online")
      .set({ prueba: true })
      .where("numero", "=", f.pedido)
      .execute();
    expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
    expect((await filaPago(id)).estado).toBe("pendiente");
    expect(await cobrosEnLinea(id)).toBe(0);
    expect((await filaPedido(f.pedido)).respuesta).toBe("0000");
  });

  it("una firma alterada es 400 y no cambia nada", async () => {
    const id = await cargo(hijo, 12);
    const f = await pedido(padre.token, [id]);
    const n = notificacionDe(f);
    const mala = `${n.Ds_Signature.slice(0, -2)}${n.Ds_Signature.endsWith("A") ? "B" : "A"}`;
    const res = await notificar({ ...n, Ds_Signature: mala });
    expect(res.statusCode).toBe(400);
    const firmadaConOtraClave = notificacionDe(f, {
      clave: Buffer.alloc(24, 7).toString("base64"),
    });
    expect((await notificar(firmadaConOtraClave)).statusCode).toBe(400);
    expect((await filaPago(id)).estado).toBe("pendiente");
    expect((await filaPedido(f.pedido)).estado).toBe("pendiente");
  });

  it("otro importe, otra moneda o un pedido desconocido (bien firmados) son 400 y no cambian nada", async () => {
    const id = await cargo(hijo, 20);
    const f = await pedido(padre.token, [id]);
    expect((await notificar(notificacionDe(f, { cambios: { Ds_Amount: "1" } }))).statusCode).toBe(
      400,
    );
    expect(
      (await notificar(notificacionDe(f, { cambios: { Ds_Currency: "840" } }))).statusCode,
    ).toBe(400);
    const desconocido = notificacionDe({
      ...f,
      Ds_MerchantParameters: Buffer.from(
        JSON.stringify({
          ...decodificarParametros(f.Ds_MerchantParameters),
          Ds_Merchant_Order: "999999999999",
        }),
      ).toString("base64"),
    });
    expect((await notificar(desconocido)).statusCode).toBe(400);
    expect((await filaPago(id)).estado).toBe("pendiente");
    expect((await filaPedido(f.pedido)).estado).toBe("pendiente");
  });

  it("un pago denegado queda registrado con su motivo y el cargo sigue pendiente", async () => {
    const id = await cargo(hijo, 30);
    const f = await pedido(padre.token, [id]);
    const res = await notificar(notificacionDe(f, { respuesta: "0116" }));
    expect(res.statusCode).toBe(200);
    expect((await filaPago(id)).estado).toBe("pendiente");
    const resultado = await pedir("GET", `/api/pagos/pago-online/${f.pedido}`, padre.token);
    expect(resultado.json()).toMatchObject({
      estado: "denegado",
      respuesta: "0116",
      motivo: "No hay saldo suficiente.",
    });
    // A later authorised notification of a refused order changes nothing.
    expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
    expect((await filaPago(id)).estado).toBe("pendiente");
  });

  it("si la junta cobró a mano un cargo mientras tanto, el pago entra y avisa del pago duplicado", async () => {
    const a = await cargo(hijo, 25);
    const b = await cargo(hijo, 15);
    const f = await pedido(padre.token, [a, b]);
    const fp = await cobrarEnCaja(a, "Efectivo");
    expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
    expect((await filaPago(b)).estado).toBe("pagado");
    expect((await filaPago(a)).id_forma_pago).toBe(fp);
    expect((await filaPedido(f.pedido)).estado).toBe("pagado");
    const alerta = await alertaDe(f.pedido);
    expect(alerta.titulo).toBe("Pago duplicado");
    expect(alerta.mensaje).toContain("25,00 €");
  });

  describe("un cargo que crece después del pedido (invitados añadidos a la inscripción)", () => {
    /** A 20 € dinner (20 € a guest, up to 3) and a member enrolled alone: a 20 € charge. */
    async function inscripcionDe20(socio: Cuenta) {
      const tipo = await e.db
        .insertInto("tipo_socio")
        .values({ nombre: `Adulto ${socio.idSocio}`, descripcion: "", color: "#1971c2" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await e.db
        .updateTable("socio")
        .set({ id_tipo_socio: tipo.id })
        .where("id", "=", socio.idSocio)
        .execute();
      const acto = await pedir("POST", "/api/actos", admin.token, {
        nombre: `Cena ${socio.idSocio}`,
        fecha: "2099-06-01",
        hora: "21:30",
        lugar: "Casal",
        sePaga: true,
        aforo: null,
        invitadosMax: 3,
        precioInvitado: 20,
        menus: [],
        fechaMaximaInscripcion: "2099-05-01",
        precios: [{ idTipoSocio: tipo.id, precio: 20 }],
      });
      expect(acto.statusCode, acto.body).toBe(201);
      const ins = await pedir("POST", `/api/actos/${acto.json().id}/inscripciones`, socio.token, {
        idSocio: socio.idSocio,
      });
      expect(ins.statusCode, ins.body).toBe(201);
      const { id, idPago } = ins.json() as { id: number; idPago: number };
      expect((await filaPago(idPago)).importe).toBe(2000);
      return { url: `/api/actos/${acto.json().id}/inscripciones/${id}`, id, idPago };
    }

    const partes = (idOrigen: number) =>
      e.db
        .selectFrom("pago")
        .select(["id", "importe", "estado", "referencia"])
        .where("id_pago_origen", "=", idOrigen)
        .execute();

    for (const quien of ["el socio", "la junta"] as const) {
      it(`${quien} añade 3 invitados tras pedir el pago: la notificación de 20 € paga 20 €, quedan 60 € pendientes y la junta lo sabe`, async () => {
        const socio = await cuenta("usuario");
        const { url, idPago } = await inscripcionDe20(socio);
        const f = await pedido(socio.token, [idPago]);
        const cambio = await e.app.inject({
          method: "PATCH",
          url,
          headers: bearer(quien === "el socio" ? socio.token : admin.token),
          payload: { invitados: 3 },
        });
        expect(cambio.statusCode, cambio.body).toBe(200);
        expect((await filaPago(idPago)).importe).toBe(8000);

        expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
        const resto = await filaPago(idPago);
        expect(resto).toMatchObject({ estado: "pendiente", importe: 6000 });
        const pagadas = await partes(idPago);
        expect(pagadas).toHaveLength(1);
        expect(pagadas[0]).toMatchObject({ estado: "pagado", importe: 2000 });
        expect(pagadas[0]?.referencia).toContain(f.pedido);
        expect(await cobrosEnLinea(pagadas[0]?.id ?? 0)).toBe(1);
        expect((await filaPedido(f.pedido)).estado).toBe("pagado");
        const alerta = await alertaDe(f.pedido);
        expect(alerta.titulo).toBe("Pago en línea por menos del cargo");
        expect(alerta.mensaje).toContain("20,00 €");
        expect(alerta.mensaje).toContain("60,00 €");
        // The same notification again pays nothing more.
        expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
        expect(await partes(idPago)).toHaveLength(1);
        expect((await filaPago(idPago)).estado).toBe("pendiente");
      });
    }

    it("con una parte pagada, cambiar los invitados deja pendiente el nuevo importe menos lo pagado; hasta lo pagado justo no queda nada por pagar; por debajo es de la junta (409)", async () => {
      const socio = await cuenta("usuario");
      const { url, id, idPago } = await inscripcionDe20(socio);
      const f = await pedido(socio.token, [idPago]);
      const patch = (invitados: number) =>
        e.app.inject({
          method: "PATCH",
          url,
          headers: bearer(socio.token),
          payload: { invitados },
        });
      expect((await patch(3)).statusCode).toBe(200);
      expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
      expect((await filaPago(idPago)).importe).toBe(6000);

      // 2 guests: 60 € in all, 20 € paid, 40 € owed (not 60 €).
      const dos = await patch(2);
      expect(dos.statusCode, dos.body).toBe(200);
      expect(await filaPago(idPago)).toMatchObject({ estado: "pendiente", importe: 4000 });
      // 20 € more at the desk: 40 € paid in two parts, 20 € owed.
      const fp = await e.db
        .insertInto("forma_pago")
        .values({ nombre: `Caja ${idPago}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      const caja = await pedir("POST", `/api/pagos/${idPago}/cobro`, admin.token, {
        fecha: "2026-03-01",
        idFormaPago: fp.id,
        importe: 20,
      });
      expect(caja.statusCode, caja.body).toBe(200);
      const pagadas = () =>
        partes(idPago).then((ps) => ps.map((p) => [p.estado, p.importe]).sort());
      expect(await pagadas()).toEqual([
        ["pagado", 2000],
        ["pagado", 2000],
      ]);

      // No guests: 20 €, below the 40 € paid: a refund, the board's.
      const ninguno = await patch(0);
      expect(ninguno.statusCode).toBe(409);
      expect(ninguno.json().mensaje).toBe(
        "Ya se han pagado 40,00 € de esta inscripción y con esos invitados costaría 20,00 €: no se puede bajar de lo pagado. La devolución la gestiona la junta en pagos.",
      );
      expect(await filaPago(idPago)).toMatchObject({ estado: "pendiente", importe: 2000 });

      // 1 guest: 40 €, exactly what is paid: nothing left to pay.
      const uno = await patch(1);
      expect(uno.statusCode, uno.body).toBe(200);
      expect(await filaPago(idPago)).toMatchObject({
        estado: "anulado",
        motivo_anulacion: "Inscripción ya pagada con lo cobrado en partes",
      });
      // Paid neither twice nor short: the two parts, 40 €, and nothing owed.
      expect(await pagadas()).toEqual([
        ["pagado", 2000],
        ["pagado", 2000],
      ]);
      const ultima = Math.max(...(await partes(idPago)).map((p) => p.id));
      expect(uno.json()).toMatchObject({
        invitados: 1,
        importe: 40,
        idPago: ultima,
        estadoPago: "pagado",
      });
      const debe = await e.db
        .selectFrom("pago")
        .select("id")
        .where("id_socio", "=", socio.idSocio)
        .where("estado", "in", ["pendiente", "devuelto"])
        .execute();
      expect(debe).toEqual([]);
      const auditado = await e.db
        .selectFrom("auditoria")
        .select("cambios")
        .where("entidad", "=", "inscripcion")
        .where("id_entidad", "=", id)
        .where("accion", "=", "modificar")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(auditado.cambios)).toContain("idPago");
      // The bank's notification again pays nothing more.
      expect((await notificar(notificacionDe(f))).statusCode).toBe(200);
      expect(await partes(idPago)).toHaveLength(2);
    });

    it("la notificación y el cambio de invitados a la vez: se paga lo del pedido, nunca más, y lo que falta queda pendiente", async () => {
      const socio = await cuenta("usuario");
      const { url, idPago } = await inscripcionDe20(socio);
      const f = await pedido(socio.token, [idPago]);
      const [n, cambio] = await Promise.all([
        notificar(notificacionDe(f)),
        e.app.inject({
          method: "PATCH",
          url,
          headers: bearer(socio.token),
          payload: { invitados: 3 },
        }),
      ]);
      expect(n.statusCode).toBe(200);
      const original = await filaPago(idPago);
      const pagadas = await partes(idPago);
      if (cambio.statusCode === 200) {
        // The guests first: the bank's 20 € pay a part and 60 € stay owed.
        expect(original).toMatchObject({ estado: "pendiente", importe: 6000 });
        expect(pagadas.map((p) => [p.estado, p.importe])).toEqual([["pagado", 2000]]);
      } else {
        // The payment first: the 20 € charge is paid and the paid charge no longer changes.
        expect(cambio.statusCode).toBe(409);
        expect(original).toMatchObject({ estado: "pagado", importe: 2000 });
        expect(pagadas).toHaveLength(0);
      }
    });
  });

  it("una cuenta en valenciano: la página del banco, el recibo (correo y PDF) y el aviso de pago duplicado, en valenciano", async () => {
    const va = await cuenta("usuario");
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", va.id).execute();
    const a = await cargo(va.idSocio, 25);
    const b = await cargo(va.idSocio, 15);
    const correos = vi.spyOn(e.app.servicios.mail, "encolar");
    const f = await pedido(va.token, [a, b]);
    expect(decodificarParametros(f.Ds_MerchantParameters)).toMatchObject({
      Ds_Merchant_ConsumerLanguage: "010",
      Ds_Merchant_ProductDescription: `Quotes de la filà (comanda ${f.pedido})`,
    });
    await cobrarEnCaja(a, "Efectiu");
    expect((await notificar(notificacionDe(f))).statusCode).toBe(200);

    const correo = correos.mock.calls.find(([c]) => c.asunto.includes(f.pedido))?.[0];
    correos.mockRestore();
    expect(correo?.asunto).toBe(`Rebut del teu pagament en línia (comanda ${f.pedido})`);
    expect(correo?.texto).toContain("Hem rebut el teu pagament de 40,00 €");
    expect(correo?.texto).toContain("Els meus pagaments");
    const pdf = correo?.adjuntos?.[0]?.contenido ?? Buffer.alloc(0);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    expect(text).toContain(`Rebut n.º ${b}`);
    expect(text).toContain("Hem rebut de");
    const alerta = await alertaDe(f.pedido);
    expect(alerta.titulo).toBe("Pago duplicado");
    expect(alerta.titulo_va).toBe("Pagament duplicat");
    expect(alerta.mensaje_va).toContain(`La comanda en línia ${f.pedido}`);
    expect(alerta.mensaje_va).toContain("Cal tornar 25,00 €");
  });

  it("los cargos de otro son 404; uno pagado, 409; uno en una remesa sin cobrar, 409", async () => {
    const ajeno = await cargo(otro.idSocio, 5);
    const mio = await cargo(padre.idSocio, 5);
    let res = await pedir("POST", "/api/pagos/pago-online", padre.token, {
      idsPago: [mio, ajeno],
      metodo: "tarjeta",
    });
    expect(res.statusCode).toBe(404);
    res = await pedir("POST", "/api/pagos/pago-online", admin.token, {
      idsPago: [mio],
      metodo: "tarjeta",
    });
    expect(res.statusCode).toBe(404);

    const pagado = await cargo(padre.idSocio, 5);
    await cobrarEnCaja(pagado, "Caja");
    res = await pedir("POST", "/api/pagos/pago-online", padre.token, {
      idsPago: [pagado],
      metodo: "tarjeta",
    });
    expect(res.statusCode).toBe(409);

    const enRemesa = await cargo(padre.idSocio, 5);
    const remesa = await e.db
      .insertInto("remesa")
      .values({ mensaje_id: "R-1", fecha_cobro: "2026-06-01", hasta: "2026-06-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await e.db
      .updateTable("pago")
      .set({ id_remesa: remesa.id })
      .where("id", "=", enRemesa)
      .execute();
    res = await pedir("POST", "/api/pagos/pago-online", padre.token, {
      idsPago: [enRemesa],
      metodo: "bizum",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message ?? res.json().mensaje).toMatch(/^Este cargo ya está en una remesa/);
    const numeros = await e.db.selectFrom("pedido_online").select("id").execute();
    res = await pedir("POST", "/api/pagos/pago-online", padre.token, {
      idsPago: [mio],
      metodo: "tarjeta",
      extra: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(await e.db.selectFrom("pedido_online").select("id").execute()).toHaveLength(
      numeros.length,
    );
  });

  it("el pedido de otro no se ve (404) y la junta lista y exporta los pedidos", async () => {
    const id = await cargo(hijo, 7);
    const f = await pedido(padre.token, [id]);
    expect((await pedir("GET", `/api/pagos/pago-online/${f.pedido}`, otro.token)).statusCode).toBe(
      404,
    );
    expect((await pedir("GET", "/api/pagos/pedidos-online", padre.token)).statusCode).toBe(403);
    const lista = await pedir(
      "GET",
      "/api/pagos/pedidos-online?estado=pendiente&metodo=tarjeta",
      admin.token,
    );
    expect(lista.statusCode).toBe(200);
    expect(lista.json().items.map((p: { numero: string }) => p.numero)).toContain(f.pedido);
    expect(lista.json().items.every((p: { estado: string }) => p.estado === "pendiente")).toBe(
      true,
    );
    const pagados = await pedir("GET", "/api/pagos/pedidos-online?estado=pagado", admin.token);
    expect(pagados.json().items.map((p: { numero: string }) => p.numero)).not.toContain(f.pedido);
    const csv = await pedir(
      "GET",
      "/api/pagos/pedidos-online/export?formato=csv&estado=pendiente",
      admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(f.pedido);
    expect(csv.body).toContain("Pendiente de confirmar");
  });
});

/** Another app on its own database for a `describe`, closed after it. */
function otroEntorno(cambios: Parameters<typeof crearEntorno>[0] = {}): () => Entorno {
  const ref: { e?: Entorno } = {};
  beforeAll(async () => {
    ref.e = await crearEntorno(cambios);
  });
  afterAll(async () => {
    await ref.e?.cerrar();
  });
  return () => ref.e as Entorno;
}

/** The board's alerts on `en` whose message names an order. */
const alertasDe = (en: Entorno, numero: string) =>
  en.db
    .selectFrom("alerta")
    .select(["titulo", "mensaje", "titulo_va", "mensaje_va"])
    .where("mensaje", "like", `%${numero}%`)
    .execute();

/** An account signed in on `en`, and what `GET /api/pagos/pago-online` tells it. */
async function usuarioEn(en: Entorno) {
  const c = await crearCuenta(en.db, { rol: "usuario" });
  const token = await entrar(en.app, c.email);
  const estado = await en.app.inject({ url: "/api/pagos/pago-online", headers: bearer(token) });
  return { c, token, estado };
}

/** A charge of `importe` cents for `idSocio` on `en`, and the order of it made by `token`. */
async function cargoYPedido(en: Entorno, idSocio: number, token: string, importe: number) {
  const { id } = await en.db
    .insertInto("pago")
    .values({
      id_socio: idSocio,
      id_pagador: idSocio,
      concepto: "Cuota 2026",
      anyo: 2026,
      importe,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: "2026-05-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const res = await en.app.inject({
    method: "POST",
    url: "/api/pagos/pago-online",
    headers: bearer(token),
    payload: { idsPago: [id], metodo: "tarjeta" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id, f: res.json() as FormularioBanco & { pedido: string } };
}

describe("modo de pruebas de Redsys (su clave pública o su dirección de pruebas)", () => {
  const entorno = otroEntorno({
    redsys: { ...COMERCIO_PUBLICO_PRUEBAS, url: "http://127.0.0.1:9/sis/realizarPago" },
  });

  it("con la clave pública de pruebas la web lo sabe, el pedido queda marcado de prueba y su notificación se guarda sin pagar el cargo", async () => {
    const pruebas = entorno();
    const { c, token, estado } = await usuarioEn(pruebas);
    expect(estado.json()).toEqual({ activo: true, prueba: true });
    const { id, f } = await cargoYPedido(pruebas, c.idSocio ?? 0, token, 2000);
    const correos = vi.spyOn(pruebas.app.servicios.mail, "encolar");
    // Anyone can sign with the published key: the notification is kept and pays nothing.
    const n = await pruebas.app.inject({
      method: "POST",
      url: "/api/pagos/redsys/notificacion",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: comoFormulario(notificacionDe(f, { clave: COMERCIO_PUBLICO_PRUEBAS.secretKey })),
    });
    expect(n.statusCode).toBe(200);
    const cargo = await pruebas.db
      .selectFrom("pago")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(cargo).toMatchObject({ estado: "pendiente", importe: 2000, fecha_pago: null });
    const pedidoFila = await pruebas.db
      .selectFrom("pedido_online")
      .selectAll()
      .where("numero", "=", f.pedido)
      .executeTakeFirstOrThrow();
    expect(pedidoFila).toMatchObject({ prueba: true, respuesta: "0000" });
    expect(pedidoFila.notificacion).toContain(f.pedido);
    expect(correos).not.toHaveBeenCalled();
    correos.mockRestore();
    // A test order paid with the test card: nothing for the board to check.
    expect(await alertasDe(pruebas, f.pedido)).toEqual([]);
    const visto = await pruebas.app.inject({
      url: `/api/pagos/pago-online/${f.pedido}`,
      headers: bearer(token),
    });
    expect(visto.json()).toMatchObject({ prueba: true, cargos: [{ id, importe: 20 }] });
  });

  it("un pedido real (hecho con la configuración real) que se notifica ya en modo de pruebas no paga, y avisa a la junta una vez en español y en valenciano", async () => {
    const pruebas = entorno();
    const { c, token } = await usuarioEn(pruebas);
    const { id, f } = await cargoYPedido(pruebas, c.idSocio ?? 0, token, 3550);
    // Ordered while the installation still had the bank's real key and address.
    await pruebas.db
      .updateTable("pedido_online")
      .set({ prueba: false })
      .where("numero", "=", f.pedido)
      .execute();
    const notificar = () =>
      pruebas.app.inject({
        method: "POST",
        url: "/api/pagos/redsys/notificacion",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: comoFormulario(notificacionDe(f, { clave: COMERCIO_PUBLICO_PRUEBAS.secretKey })),
      });
    expect((await notificar()).statusCode).toBe(200);
    const cargo = () =>
      pruebas.db.selectFrom("pago").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(await cargo()).toMatchObject({ estado: "pendiente", importe: 3550, fecha_pago: null });
    const alertas = await alertasDe(pruebas, f.pedido);
    expect(alertas).toHaveLength(1);
    expect(alertas[0]?.titulo).toBe("Pago real notificado en modo de pruebas");
    expect(alertas[0]?.mensaje).toContain("35,50 €");
    expect(alertas[0]?.mensaje).toContain(`cargo ${id}`);
    expect(alertas[0]?.mensaje).toContain("no se ha dado por pagado ningún cargo");
    expect(alertas[0]?.titulo_va).toBe("Pagament real notificat en mode de proves");
    expect(alertas[0]?.mensaje_va).toContain(`la comanda en línia ${f.pedido}`);
    expect(alertas[0]?.mensaje_va).toContain("no s'ha donat per pagat cap càrrec");
    // The bank repeats its notification: nothing paid, and no second alert.
    expect((await notificar()).statusCode).toBe(200);
    expect((await cargo()).estado).toBe("pendiente");
    expect(await alertasDe(pruebas, f.pedido)).toHaveLength(1);
  });

  it("avisa al arrancar de que está en modo de pruebas", async () => {
    const bd = await crearBaseDePruebas();
    const lineas: string[] = [];
    const app = await buildApp({
      config: { ...entorno().config },
      db: bd.db,
      clave: ClaveInstalacion.nueva(),
      logger: { level: "warn", stream: { write: (l: string) => lineas.push(l) } },
    });
    try {
      expect(lineas.map((l) => JSON.parse(l).msg)).toContain(AVISO_REDSYS_EN_PRUEBAS);
    } finally {
      await app.close();
      await bd.cerrar();
    }
  });
});

describe("pago en línea sin configurar", () => {
  const entorno = otroEntorno();

  it("la web lo sabe, las rutas no existen (404) y la CSP solo deja enviar formularios a sí misma", async () => {
    const apagado = entorno();
    const { token, estado } = await usuarioEn(apagado);
    expect(estado.json()).toEqual({ activo: false, prueba: false });
    expect(String(estado.headers["content-security-policy"])).toContain("form-action 'self';");
    const crear = await apagado.app.inject({
      method: "POST",
      url: "/api/pagos/pago-online",
      headers: bearer(token),
      payload: { idsPago: [1], metodo: "tarjeta" },
    });
    expect(crear.statusCode).toBe(404);
    const n = await apagado.app.inject({
      method: "POST",
      url: "/api/pagos/redsys/notificacion",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "Ds_SignatureVersion=HMAC_SHA256_V1&Ds_MerchantParameters=e30&Ds_Signature=x",
    });
    expect(n.statusCode).toBe(404);
  });
});
