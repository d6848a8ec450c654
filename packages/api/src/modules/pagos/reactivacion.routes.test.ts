import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANCO_DEMO } from "../../demo/seed-remesas.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { erroresXsdPain008 } from "../../test/xsd-sepa.js";

/** Returned charges put up for collection again, and the remittance list filters. */

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
let formaDomiciliada = 0;

function dentroDe(dias: number): string {
  const d = new Date(`${hoyIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
const HASTA = "2026-12-31";

type Remesa = {
  id: number;
  mensajeId: string;
  adeudos: {
    id: number;
    idPagador: number;
    secuencia: string;
    estado: string;
    motivoDevolucion: string;
    importe: number;
    pagos: { id: number }[];
  }[];
};

function pedir(
  metodo: "GET" | "POST",
  url: string,
  payload?: unknown,
  token = tokens.administrador,
) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

let nSocio = 0;
async function crearPagador(nombre: string) {
  nSocio += 1;
  const fila = await e.db
    .insertInto("socio")
    .values({
      nombre,
      apellidos: "Peñarroja",
      iban: "ES9121000418450200051332",
      bic: "CAIXESBBXXX",
      id_forma_pago: formaDomiciliada,
      mandato_id: `REAC-${nSocio}`,
      mandato_fecha: "2024-03-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function crearCargo(idPagador: number, importe: number, estado = "pendiente" as const) {
  const fila = await e.db
    .insertInto("pago")
    .values({
      id_socio: idPagador,
      id_pagador: idPagador,
      anyo: 2026,
      concepto: "Cuota 2026",
      importe,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: "2026-03-31",
      estado,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

/** A charge as the bank left it after returning it (no remittance needed). */
async function crearDevuelto(idPagador: number, importe: number, motivo = "AM04") {
  const id = await crearCargo(idPagador, importe);
  await e.db
    .updateTable("pago")
    .set({ estado: "devuelto", motivo_devolucion: motivo, fecha_devolucion: "2026-04-05" })
    .where("id", "=", id)
    .execute();
  return id;
}

/** Leaves no eligible charge behind, so each remittance sees only its scenario's charges. */
async function sinPendientes() {
  await e.db
    .updateTable("pago")
    .set({ estado: "anulado" })
    .where("estado", "in", ["pendiente", "devuelto"])
    .where("id_remesa", "is", null)
    .execute();
}

const pagoDe = (id: number) =>
  e.db.selectFrom("pago").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A job launched (202), waited for: its state at the end. */
async function trabajo(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(202);
  const { idTrabajo } = res.json() as { idTrabajo: number };
  await e.app.servicios.trabajos.esperar(idTrabajo);
  const fin = (await pedir("GET", `/api/trabajos/${idTrabajo}`)).json();
  expect(fin.estado, fin.error).toBe("terminado");
  return fin;
}

async function generar(dias: number): Promise<Remesa> {
  const res = await pedir("POST", "/api/remesas", { fechaCobro: dentroDe(dias), hasta: HASTA });
  const { resultado } = await trabajo(res);
  return (await pedir("GET", `/api/remesas/${resultado.id}`)).json();
}

async function devolver(idRemesa: number, idPago: number, motivo: string) {
  const res = await pedir("POST", `/api/remesas/${idRemesa}/devoluciones`, {
    devoluciones: [{ idPago, motivo }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Remesa;
}

const adeudoDe = (r: Remesa, idPagador: number) => r.adeudos.find((a) => a.idPagador === idPagador);

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
  const forma = await e.db
    .insertInto("forma_pago")
    .values({ nombre: "Domiciliación reactivación", domiciliada: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  formaDomiciliada = forma.id;
  await e.db
    .updateTable("asociacion")
    .set({ ...BANCO_DEMO, nombre: "Filà Contrabandistes", cif: "B85626240" })
    .where("id", "=", 1)
    .execute();
});
afterAll(async () => {
  await e?.cerrar();
});

describe("permisos de la reactivación", () => {
  it("usuario y socio 403, sin sesión 401, y el cargo sigue devuelto", async () => {
    const pagador = await crearPagador("Permisos");
    const id = await crearDevuelto(pagador, 1000);
    const rutas: [string, unknown][] = [
      [`/api/pagos/${id}/reactivacion`, { motivo: "Lo pide" }],
      ["/api/pagos/reactivaciones", { ids: [id] }],
    ];
    for (const [url, cuerpo] of rutas) {
      for (const rol of ["usuario", "socio"] as const) {
        const res = await pedir("POST", url, cuerpo, tokens[rol]);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toBe("prohibido");
      }
      expect((await pedir("POST", url, cuerpo, "")).statusCode).toBe(401);
    }
    expect(await pagoDe(id)).toMatchObject({ estado: "devuelto", motivo_devolucion: "AM04" });
  });
});

describe("POST /api/pagos/:id/reactivacion", () => {
  it("el administrador pone al cobro un devuelto, sin cuerpo, y queda auditado", async () => {
    const pagador = await crearPagador("Sin cuerpo");
    const id = await crearDevuelto(pagador, 1234, "MS03");
    const res = await pedir("POST", `/api/pagos/${id}/reactivacion`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      estado: "pendiente",
      idRemesa: null,
      motivoDevolucion: "",
      fechaDevolucion: null,
      importe: 12.34,
    });
    const auditoria = await e.db
      .selectFrom("auditoria")
      .selectAll()
      .where("entidad", "=", "pago")
      .where("id_entidad", "=", id)
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["reactivar"]);
    expect(auditoria[0].cambios).toEqual(
      expect.arrayContaining([
        { campo: "estado", antes: "devuelto", despues: "pendiente" },
        { campo: "motivoDevolucion", antes: "MS03", despues: "" },
      ]),
    );
  });

  it("un cargo que no está devuelto da 409 en castellano y no cambia", async () => {
    const pagador = await crearPagador("Conflicto");
    const casos = [
      [await crearCargo(pagador, 100), "pendiente", /ya está pendiente/],
      [await crearCargo(pagador, 100, "pagado" as "pendiente"), "pagado", /ya está pagado/],
    ] as const;
    const anulado = await crearCargo(pagador, 100);
    await e.db.updateTable("pago").set({ estado: "anulado" }).where("id", "=", anulado).execute();
    for (const [id, estado, mensaje] of [...casos, [anulado, "anulado", /está anulado/] as const]) {
      const res = await pedir("POST", `/api/pagos/${id}/reactivacion`, { motivo: "x" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: "conflicto",
        mensaje: expect.stringMatching(mensaje),
      });
      expect(res.json().mensaje).toMatch(/solo se vuelven a poner al cobro los cargos devueltos/);
      expect((await pagoDe(id)).estado).toBe(estado);
    }
  });

  it("id no válido o motivo demasiado largo da 400; inexistente 404; nada cambia", async () => {
    const pagador = await crearPagador("Datos");
    const id = await crearDevuelto(pagador, 500);
    const largo = await pedir("POST", `/api/pagos/${id}/reactivacion`, { motivo: "x".repeat(501) });
    expect(largo.statusCode).toBe(400);
    expect(largo.json().mensaje).toBeTruthy();
    expect((await pedir("POST", "/api/pagos/abc/reactivacion", {})).statusCode).toBe(400);
    const noExiste = await pedir("POST", "/api/pagos/999999/reactivacion", {});
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.json().error).toBe("no_encontrado");
    expect((await pagoDe(id)).estado).toBe("devuelto");
  });
});

describe("POST /api/pagos/reactivaciones", () => {
  it("todos o ninguno: uno no devuelto da 409 y ninguno cambia", async () => {
    const pagador = await crearPagador("Lote");
    const a = await crearDevuelto(pagador, 1000);
    const b = await crearDevuelto(pagador, 2050);
    const pendiente = await crearCargo(pagador, 300);
    const res = await pedir("POST", "/api/pagos/reactivaciones", { ids: [a, pendiente, b] });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toMatch(new RegExp(`cargo ${pendiente} ya está pendiente`));
    expect((await pagoDe(a)).estado).toBe("devuelto");
    expect((await pagoDe(b)).estado).toBe("devuelto");

    const falta = await pedir("POST", "/api/pagos/reactivaciones", { ids: [a, 999999] });
    expect(falta.statusCode).toBe(404);
    expect(falta.json().mensaje).toMatch(/999999/);
    const repetidos = await pedir("POST", "/api/pagos/reactivaciones", { ids: [a, a] });
    expect(repetidos.statusCode).toBe(400);
    expect(JSON.stringify(repetidos.json().detalles)).toMatch(/Hay cargos repetidos/);
    expect((await pedir("POST", "/api/pagos/reactivaciones", { ids: [] })).statusCode).toBe(400);
    expect((await pagoDe(a)).estado).toBe("devuelto");

    const ok = await pedir("POST", "/api/pagos/reactivaciones", { ids: [a, b], motivo: "Llamó" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ reactivados: 2, importe: 30.5 });
    expect((await pagoDe(a)).estado).toBe("pendiente");
    expect((await pagoDe(b)).estado).toBe("pendiente");
  });
});

describe("ciclo completo: remesa → devolución → reactivación → siguiente remesa", () => {
  it("un primer adeudo devuelto se vuelve a presentar como FRST y el XML es válido", async () => {
    await sinPendientes();
    const pagador = await crearPagador("Primera");
    const cargo = await crearCargo(pagador, 4200);
    const primera = await generar(5);
    expect(adeudoDe(primera, pagador)?.secuencia).toBe("FRST");
    await devolver(primera.id, cargo, "AM04");
    expect((await pagoDe(cargo)).estado).toBe("devuelto");

    // A returned charge is not picked up by a remittance until it is reactivated.
    const sinNada = await pedir("POST", "/api/remesas", { fechaCobro: dentroDe(6), hasta: HASTA });
    expect(sinNada.statusCode).toBe(409);

    const res = await pedir("POST", `/api/pagos/${cargo}/reactivacion`, { motivo: "Tiene saldo" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pagoDe(cargo)).toMatchObject({
      estado: "pendiente",
      id_remesa: null,
      id_adeudo: null,
    });
    // The first remittance keeps the returned debit.
    const antigua = (await pedir("GET", `/api/remesas/${primera.id}`)).json() as Remesa;
    expect(adeudoDe(antigua, pagador)).toMatchObject({
      estado: "devuelto",
      motivoDevolucion: "AM04",
      importe: 42,
    });

    const segunda = await generar(7);
    expect(adeudoDe(segunda, pagador)).toMatchObject({ secuencia: "FRST", importe: 42 });
    expect(adeudoDe(segunda, pagador)?.pagos.map((p) => p.id)).toEqual([cargo]);
    expect((await pagoDe(cargo)).id_remesa).toBe(segunda.id);
    const xml = (await pedir("GET", `/api/remesas/${segunda.id}/xml`)).body;
    expect(await erroresXsdPain008(xml)).toEqual([]);
    expect(xml).toContain("<SeqTp>FRST</SeqTp>");
    expect(xml).toContain(`R${segunda.id}-${pagador}`);
  });

  it("con el mandato ya cobrado antes, el adeudo vuelto a presentar es RCUR", async () => {
    await sinPendientes();
    const pagador = await crearPagador("Recurrente");
    await crearCargo(pagador, 1000);
    const cobrada = await generar(5);
    await trabajo(await pedir("POST", `/api/remesas/${cobrada.id}/cobro`));

    const cargo = await crearCargo(pagador, 2500);
    const segunda = await generar(6);
    expect(adeudoDe(segunda, pagador)?.secuencia).toBe("RCUR");
    await devolver(segunda.id, cargo, "AM04");
    expect((await pedir("POST", `/api/pagos/${cargo}/reactivacion`)).statusCode).toBe(200);

    const tercera = await generar(8);
    expect(adeudoDe(tercera, pagador)).toMatchObject({ secuencia: "RCUR", importe: 25 });
    const xml = (await pedir("GET", `/api/remesas/${tercera.id}/xml`)).body;
    expect(await erroresXsdPain008(xml)).toEqual([]);
    expect(xml).toContain("<SeqTp>RCUR</SeqTp>");
  });
});

describe("GET /api/remesas con q y estado", () => {
  it("filtra por número de remesa, id del mensaje y estado", async () => {
    const todas = (await pedir("GET", "/api/remesas?pageSize=200")).json();
    expect(todas.total).toBeGreaterThanOrEqual(5);
    const [ultima] = todas.items as { id: number; mensajeId: string; estado: string }[];

    const porNumero = (await pedir("GET", `/api/remesas?q=${ultima.id}`)).json();
    expect(porNumero.items.map((r: { id: number }) => r.id)).toEqual([ultima.id]);
    expect(porNumero.total).toBe(1);

    const trozo = ultima.mensajeId.slice(0, ultima.mensajeId.lastIndexOf("-")).toLowerCase();
    const porMensaje = (await pedir("GET", `/api/remesas?q=${encodeURIComponent(trozo)}`)).json();
    expect(porMensaje.items.map((r: { id: number }) => r.id)).toEqual([ultima.id]);

    const cobradas = (await pedir("GET", "/api/remesas?estado=cobrada")).json();
    expect(cobradas.total).toBe(1);
    expect(cobradas.items.every((r: { estado: string }) => r.estado === "cobrada")).toBe(true);
    const generadas = (await pedir("GET", "/api/remesas?estado=generada&pageSize=2")).json();
    expect(generadas.total).toBe(todas.total - 1);
    expect(generadas.items).toHaveLength(2);

    const nada = (await pedir("GET", "/api/remesas?q=NO-EXISTE%25")).json();
    expect(nada).toMatchObject({ items: [], total: 0 });
    const malo = await pedir("GET", "/api/remesas?estado=perdida");
    expect(malo.statusCode).toBe(400);
    expect(malo.json().error).toBe("validacion");
  });
});
