import { hoyIso } from "@fila/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANCO_DEMO } from "../../demo/seed-remesas.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import {
  comoFormulario,
  type FormularioBanco,
  notificacionDe,
  REDSYS_SIN_BANCO,
} from "../../test/redsys-simulado.js";
import { erroresXsdPain008, pain002 } from "../../test/xsd-sepa.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };
const formas = { domiciliada: 0, efectivo: 0 };

const IBAN_A = "ES9121000418450200051332";
const IBAN_B = "ES7921000813610123456789";

/** `YYYY-MM-DD`, n days from today (a collection date must not be in the past). */
function dentroDe(dias: number): string {
  const d = new Date(`${hoyIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}
const COBRO = dentroDe(7);
const HASTA = "2026-12-31";

type Metodo = "GET" | "POST" | "PUT" | "DELETE";
function pedir(metodo: Metodo, url: string, payload?: unknown, token = tokens.administrador) {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

function subir(url: string, contenido: string, campo = "archivo") {
  const limite = "----remesas-prueba";
  const payload = Buffer.concat([
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="${campo}"; filename="pain002.xml"\r\n` +
        "Content-Type: application/xml\r\n\r\n",
    ),
    Buffer.from(contenido),
    Buffer.from(`\r\n--${limite}--\r\n`),
  ]);
  return e.app.inject({
    method: "POST",
    url,
    payload,
    headers: {
      ...bearer(tokens.administrador),
      "content-type": `multipart/form-data; boundary=${limite}`,
    },
  });
}

let nSocio = 0;
async function crearSocio(
  datos: { iban?: string; mandato?: boolean; domiciliada?: boolean; nombre?: string } = {},
) {
  nSocio += 1;
  const fila = await e.db
    .insertInto("socio")
    .values({
      nombre: datos.nombre ?? `Pagador${nSocio}`,
      apellidos: "Muñoz Peñarroja",
      iban: datos.iban ?? IBAN_A,
      bic: "CAIXESBBXXX",
      id_forma_pago: datos.domiciliada === false ? formas.efectivo : formas.domiciliada,
      mandato_id: datos.mandato === false ? "" : `FILA-${nSocio}`,
      mandato_fecha: datos.mandato === false ? null : "2024-03-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function crearCargo(
  idPagador: number,
  importe: number,
  datos: {
    idSocio?: number;
    vence?: string;
    estado?: "pendiente" | "pagado";
    concepto?: string;
  } = {},
) {
  const fila = await e.db
    .insertInto("pago")
    .values({
      id_socio: datos.idSocio ?? idPagador,
      id_pagador: idPagador,
      anyo: 2026,
      concepto: datos.concepto ?? "Cuota 2026",
      importe,
      fecha_emision: "2026-01-01",
      fecha_vencimiento: datos.vence ?? "2026-03-31",
      estado: datos.estado ?? "pendiente",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

/** Leaves no eligible charge behind, so each scenario sees only its own charges. */
async function sinPendientes() {
  await e.db
    .updateTable("pago")
    .set({ estado: "anulado" })
    .where("estado", "=", "pendiente")
    .where("id_remesa", "is", null)
    .execute();
}

const pagoDe = (id: number) =>
  e.db.selectFrom("pago").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const contar = async (tabla: "remesa" | "remesa_adeudo") =>
  Number(
    (
      await e.db
        .selectFrom(tabla)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function configurarAsociacion() {
  await e.db
    .updateTable("asociacion")
    .set({ ...BANCO_DEMO, nombre: "Filà Contrabandistes", cif: "B85626240" })
    .where("id", "=", 1)
    .execute();
}

/** A job launched (202 `{idTrabajo}`), waited for: what `GET /api/trabajos/:id` says at its end. */
async function trabajo(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(202);
  const { idTrabajo } = res.json() as { idTrabajo: number };
  await e.app.servicios.trabajos.esperar(idTrabajo);
  const fin = await pedir("GET", `/api/trabajos/${idTrabajo}`);
  expect(fin.statusCode).toBe(200);
  return fin.json();
}

/** Generates (a job) and answers the whole remittance, as `GET /api/remesas/:id` does. */
async function generar(fechaCobro = COBRO, hasta = HASTA) {
  const fin = await trabajo(await pedir("POST", "/api/remesas", { fechaCobro, hasta }));
  expect(fin).toMatchObject({ tipo: "remesas.generar", estado: "terminado", progreso: 1 });
  const remesa = (await pedir("GET", `/api/remesas/${fin.resultado.id}`)).json();
  // The job's result: the summary, with its id and the excluded payers.
  const { adeudos: _a, ...resumen } = remesa;
  expect(fin.resultado).toEqual({
    id: resumen.id,
    mensajeId: resumen.mensajeId,
    fechaCobro: resumen.fechaCobro,
    hasta: resumen.hasta,
    estado: resumen.estado,
    numAdeudos: resumen.numAdeudos,
    total: resumen.total,
    creadaEn: resumen.creadaEn,
    excluidos: resumen.excluidos,
  });
  return remesa;
}

beforeAll(async () => {
  // Online payment on (a member pays a returned charge); the bank is never reached here.
  e = await crearEntorno({
    redsys: REDSYS_SIN_BANCO,
  });
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
  const [d, ef] = await e.db
    .insertInto("forma_pago")
    .values([
      { nombre: "Domiciliación prueba", domiciliada: true },
      { nombre: "Efectivo prueba", domiciliada: false },
    ])
    .returning("id")
    .execute();
  formas.domiciliada = d.id;
  formas.efectivo = ef.id;
});
afterAll(async () => {
  await e?.cerrar();
});

describe("permisos", () => {
  const rutas: [Metodo, string, unknown?][] = [
    ["GET", "/api/remesas"],
    ["POST", "/api/remesas", { fechaCobro: "2099-01-01", hasta: "2099-01-01" }],
    ["GET", "/api/remesas/1"],
    ["GET", "/api/remesas/1/xml"],
    ["DELETE", "/api/remesas/1"],
    ["POST", "/api/remesas/1/cobro"],
    ["POST", "/api/remesas/1/devoluciones", { devoluciones: [{ idPago: 1, motivo: "AM04" }] }],
  ];
  it.each(rutas)("%s %s: usuario y socio 403, sin sesión 401", async (metodo, url, cuerpo) => {
    for (const rol of ["usuario", "socio"] as const) {
      const res = await pedir(metodo, url, cuerpo, tokens[rol]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("prohibido");
    }
    const anonimo = await pedir(metodo, url, cuerpo, "");
    expect(anonimo.statusCode).toBe(401);
    expect(await contar("remesa")).toBe(0);
  });
});

describe("POST /api/remesas sin poder generar", () => {
  it("con los datos bancarios de la asociación incompletos da 409 diciendo qué falta", async () => {
    const pagador = await crearSocio();
    await crearCargo(pagador, 1000);
    const res = await pedir("POST", "/api/remesas", { fechaCobro: COBRO, hasta: HASTA });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toMatch(/datos bancarios de la asociación/);
    expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toEqual(
      expect.arrayContaining(["cif", "iban"]),
    );
    expect(await contar("remesa")).toBe(0);
    await configurarAsociacion();
    await sinPendientes();
  });

  it("sin cargos elegibles da 409 y no escribe nada", async () => {
    const efectivo = await crearSocio({ domiciliada: false });
    await crearCargo(efectivo, 1000);
    const domiciliado = await crearSocio();
    await crearCargo(domiciliado, 1000, { vence: "2027-06-30" });
    await crearCargo(domiciliado, 1000, { estado: "pagado" });
    const res = await pedir("POST", "/api/remesas", { fechaCobro: COBRO, hasta: HASTA });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe("No hay cargos pendientes domiciliados hasta esa fecha");
    expect(await contar("remesa")).toBe(0);
    expect(await contar("remesa_adeudo")).toBe(0);
    await sinPendientes();
  });

  it("si todos los pagadores quedan fuera da 409 con los motivos", async () => {
    const sinMandato = await crearSocio({ mandato: false });
    const idCargo = await crearCargo(sinMandato, 1000);
    const res = await pedir("POST", "/api/remesas", { fechaCobro: COBRO, hasta: HASTA });
    expect(res.statusCode).toBe(409);
    expect(res.json().detalles[0].mensaje).toMatch(/mandato/);
    expect((await pagoDe(idCargo)).id_remesa).toBeNull();
    expect(await contar("remesa")).toBe(0);
    await sinPendientes();
  });

  it("valida las fechas: obligatorias, formato y cobro no anterior a hoy", async () => {
    const casos: [unknown, string][] = [
      [{}, "fechaCobro"],
      [{ fechaCobro: "31/12/2026", hasta: HASTA }, "fechaCobro"],
      [{ fechaCobro: COBRO, hasta: "2026-02-30" }, "hasta"],
      [{ fechaCobro: "2020-01-01", hasta: HASTA }, "fechaCobro"],
    ];
    for (const [cuerpo, campo] of casos) {
      const res = await pedir("POST", "/api/remesas", cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toContain(campo);
    }
    expect(await contar("remesa")).toBe(0);
  });
});

describe("generar, cobrar, devolver y borrar", () => {
  const ids = {
    ana: 0,
    hijo: 0,
    blas: 0,
    sinMandato: 0,
    ibanMalo: 0,
    efectivo: 0,
    cargosAna: [] as number[],
    cargoBlas: 0,
    cargoSinMandato: 0,
    cargoIbanMalo: 0,
    cargoEfectivo: 0,
    cargoFuturo: 0,
  };
  let remesa: {
    id: number;
    adeudos: { idPagador: number; id: number; endToEndId: string; pagos: { id: number }[] }[];
  } & Record<string, unknown>;

  beforeAll(async () => {
    await sinPendientes();
    ids.ana = await crearSocio({ nombre: "Ana" });
    ids.hijo = await crearSocio({ nombre: "Hijo", iban: "", mandato: false });
    ids.blas = await crearSocio({ nombre: "Blas", iban: IBAN_B });
    ids.sinMandato = await crearSocio({ nombre: "Sin", mandato: false });
    ids.ibanMalo = await crearSocio({ nombre: "Malo", iban: "ES0000000000000000000000" });
    ids.efectivo = await crearSocio({ nombre: "Efectivo", domiciliada: false });
    ids.cargosAna = [
      await crearCargo(ids.ana, 2550, { concepto: "Cuota 2026 (1/2)" }),
      await crearCargo(ids.ana, 1001, { concepto: "Ramell «2026»" }),
      await crearCargo(ids.ana, 3333, { idSocio: ids.hijo, concepto: "Cuota infantil 2026" }),
    ];
    ids.cargoFuturo = await crearCargo(ids.ana, 2550, { vence: "2027-01-31" });
    ids.cargoBlas = await crearCargo(ids.blas, 12000);
    ids.cargoSinMandato = await crearCargo(ids.sinMandato, 500);
    ids.cargoIbanMalo = await crearCargo(ids.ibanMalo, 700);
    ids.cargoEfectivo = await crearCargo(ids.efectivo, 900);
    remesa = await generar();
  });

  it("agrupa por pagador los cargos pendientes domiciliados que vencen hasta la fecha", () => {
    expect(remesa).toMatchObject({
      fechaCobro: COBRO,
      hasta: HASTA,
      estado: "generada",
      numAdeudos: 2,
      total: 188.84,
    });
    expect(remesa.mensajeId).toMatch(new RegExp(`^FILA-R${remesa.id}-`));
    const ana = remesa.adeudos.find((a) => a.idPagador === ids.ana);
    expect(ana).toMatchObject({
      importe: 68.84,
      endToEndId: `R${remesa.id}-${ids.ana}`,
      secuencia: "FRST",
      estado: "incluido",
      mandatoId: expect.stringMatching(/^FILA-/),
      pagador: { nombre: "Ana", apellidos: "Muñoz Peñarroja" },
    });
    expect(ana?.pagos.map((p) => p.id).sort()).toEqual([...ids.cargosAna].sort());
    expect(remesa.adeudos.find((a) => a.idPagador === ids.blas)).toMatchObject({ importe: 120 });
  });

  it("lista a quien queda fuera y por qué, sin tocar sus cargos", async () => {
    expect(remesa.excluidos).toEqual(
      expect.arrayContaining([
        {
          idSocio: ids.sinMandato,
          nombre: "Sin Muñoz Peñarroja",
          motivo: expect.stringMatching(/mandato/),
          importe: 5,
        },
        {
          idSocio: ids.ibanMalo,
          nombre: "Malo Muñoz Peñarroja",
          motivo: "El IBAN no es válido",
          importe: 7,
        },
      ]),
    );
    expect(remesa.excluidos).toHaveLength(2);
    for (const id of [ids.cargoSinMandato, ids.cargoIbanMalo, ids.cargoEfectivo, ids.cargoFuturo]) {
      const p = await pagoDe(id);
      expect(p).toMatchObject({ estado: "pendiente", id_remesa: null, id_adeudo: null });
    }
  });

  it("marca los cargos incluidos con la remesa y su adeudo", async () => {
    const adeudoAna = remesa.adeudos.find((a) => a.idPagador === ids.ana);
    for (const id of ids.cargosAna) {
      expect(await pagoDe(id)).toMatchObject({
        estado: "pendiente",
        id_remesa: remesa.id,
        id_adeudo: adeudoAna?.id,
      });
    }
  });

  it("GET la remesa y la lista paginada", async () => {
    const una = await pedir("GET", `/api/remesas/${remesa.id}`);
    expect(una.statusCode).toBe(200);
    expect(una.json()).toEqual(remesa);
    const lista = await pedir("GET", "/api/remesas?page=1&pageSize=1&sort=-fechaCobro");
    expect(lista.statusCode).toBe(200);
    expect(lista.json()).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(lista.json().items[0]).toEqual({
      id: remesa.id,
      mensajeId: remesa.mensajeId,
      fechaCobro: COBRO,
      hasta: HASTA,
      estado: "generada",
      numAdeudos: 2,
      total: 188.84,
      creadaEn: remesa.creadaEn,
    });
    expect((await pedir("GET", "/api/remesas?sort=nombre")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/remesas?pageSize=500")).statusCode).toBe(400);
    expect((await pedir("GET", "/api/remesas/999999")).statusCode).toBe(404);
  });

  it("descarga el XML pain.008 válido según el XSD, con el identificador de acreedor", async () => {
    const res = await pedir("GET", `/api/remesas/${remesa.id}/xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="remesa-${remesa.id}.xml"`,
    );
    expect(await erroresXsdPain008(res.body)).toEqual([]);
    expect(res.body).toContain("<CstmrDrctDbtInitn>");
    expect(res.body).toContain("<Id>ES77000B85626240</Id>");
    expect(res.body).toContain("<CtrlSum>188.84</CtrlSum>");
    expect(res.body).toContain(`<EndToEndId>R${remesa.id}-${ids.ana}</EndToEndId>`);
    expect(res.body).toContain("<Nm>Ana Munoz Penarroja</Nm>");
    expect(res.body).toContain("<Ustrd>Cuota 2026 (1/2), Ramell 2026, Cuota infantil 2026</Ustrd>");
    expect((await pedir("GET", "/api/remesas/999999/xml")).statusCode).toBe(404);
  });

  it("el fichero es el de la remesa generada: no cambia si después cambian el socio, la asociación o los cargos", async () => {
    const antes = (await pedir("GET", `/api/remesas/${remesa.id}/xml`)).body;
    const asociacion = await e.db
      .selectFrom("asociacion")
      .select(["nombre", "iban"])
      .where("id", "=", 1)
      .executeTakeFirstOrThrow();
    await e.db.updateTable("socio").set({ nombre: "Anabel" }).where("id", "=", ids.ana).execute();
    await e.db
      .updateTable("asociacion")
      .set({ nombre: "Otra asociación", iban: IBAN_B })
      .where("id", "=", 1)
      .execute();
    await e.db
      .updateTable("pago")
      .set({ concepto: "Otro concepto" })
      .where("id", "=", ids.cargosAna[0])
      .execute();
    try {
      const despues = (await pedir("GET", `/api/remesas/${remesa.id}/xml`)).body;
      expect(despues).toBe(antes);
      expect(despues).toContain("<Nm>Ana Munoz Penarroja</Nm>");
      expect(despues).toContain("<Nm>Fila Contrabandistes</Nm>");
      expect(despues).not.toContain("Otro concepto");
    } finally {
      await e.db.updateTable("socio").set({ nombre: "Ana" }).where("id", "=", ids.ana).execute();
      await e.db.updateTable("asociacion").set(asociacion).where("id", "=", 1).execute();
      await e.db
        .updateTable("pago")
        .set({ concepto: "Cuota 2026 (1/2)" })
        .where("id", "=", ids.cargosAna[0])
        .execute();
    }
  });

  it("una remesa generada antes de escribirse al descargar se descarga con el fichero que guardó", async () => {
    const guardado = `<?xml version="1.0" encoding="UTF-8"?>\n<Document>guardado ${remesa.id}</Document>`;
    await e.db.updateTable("remesa").set({ xml: guardado }).where("id", "=", remesa.id).execute();
    try {
      expect((await pedir("GET", `/api/remesas/${remesa.id}/xml`)).body).toBe(guardado);
    } finally {
      await e.db.updateTable("remesa").set({ xml: "" }).where("id", "=", remesa.id).execute();
    }
  });

  it("no vuelve a incluir cargos ya remesados", async () => {
    const res = await pedir("POST", "/api/remesas", { fechaCobro: COBRO, hasta: HASTA });
    // Only the excluded payers' charges are left: nobody can be debited.
    expect(res.statusCode).toBe(409);
    expect(await contar("remesa")).toBe(1);
  });

  it("devoluciones incorrectas no cambian nada", async () => {
    const url = `/api/remesas/${remesa.id}/devoluciones`;
    const antes = await pagoDe(ids.cargosAna[0]);
    const malas: [unknown, number][] = [
      [{ devoluciones: [] }, 400],
      [{ devoluciones: [{ idPago: ids.cargosAna[0], motivo: "XX99" }] }, 400],
      [{ devoluciones: [{ idPago: "uno", motivo: "AM04" }] }, 400],
      [
        {
          devoluciones: [
            { idPago: ids.cargosAna[0], motivo: "AM04" },
            { idPago: ids.cargoSinMandato, motivo: "AM04" },
          ],
        },
        400,
      ],
      [{ devoluciones: [{ idPago: 999999, motivo: "AM04" }] }, 400],
      [
        {
          devoluciones: [
            { idPago: ids.cargosAna[0], motivo: "AM04" },
            { idPago: ids.cargosAna[0], motivo: "MD06" },
          ],
        },
        400,
      ],
    ];
    for (const [cuerpo, status] of malas) {
      const res = await pedir("POST", url, cuerpo);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(status);
      expect(res.json().detalles.length).toBeGreaterThan(0);
    }
    const noEsDeLaRemesa = await pedir("POST", url, {
      devoluciones: [{ idPago: ids.cargoSinMandato, motivo: "AM04" }],
    });
    expect(noEsDeLaRemesa.json().detalles[0].mensaje).toBe(
      `El cargo ${ids.cargoSinMandato} no está en esta remesa`,
    );
    expect(await pagoDe(ids.cargosAna[0])).toEqual(antes);
    expect((await pedir("POST", "/api/remesas/999999/devoluciones", malas[1][0])).statusCode).toBe(
      400,
    );
  });

  it("marcar cobrada (un trabajo) pasa los cargos a pagados con la fecha de cobro; una sola entrada de auditoría; dos veces da 409", async () => {
    const res = await pedir("POST", `/api/remesas/${remesa.id}/cobro`);
    const fin = await trabajo(res);
    expect(fin).toMatchObject({ tipo: "remesas.cobrar", estado: "terminado", error: null });
    // The summary only: the detail stays on GET /api/remesas/:id.
    expect(fin.resultado).toMatchObject({ id: remesa.id, estado: "cobrada" });
    expect(fin.resultado.adeudos).toBeUndefined();
    const detalle = (await pedir("GET", `/api/remesas/${remesa.id}`)).json();
    expect(detalle.adeudos.every((a: { estado: string }) => a.estado === "cobrado")).toBe(true);
    for (const id of ids.cargosAna) {
      expect(await pagoDe(id)).toMatchObject({
        estado: "pagado",
        fecha_pago: COBRO,
        id_forma_pago: formas.domiciliada,
        referencia: `R${remesa.id}-${ids.ana}`,
      });
    }
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "entidad", "id_entidad", "cambios"])
      .where("entidad", "in", ["remesa", "pago"])
      .where("accion", "=", "cobro")
      .execute();
    // One entry for the remittance listing its charges, none per charge.
    expect(auditoria.filter((a) => a.entidad === "pago")).toHaveLength(0);
    const [deLaRemesa, ...mas] = auditoria.filter((a) => a.entidad === "remesa");
    expect(mas).toHaveLength(0);
    expect(deLaRemesa?.id_entidad).toBe(remesa.id);
    const pagados = (
      await e.db
        .selectFrom("pago")
        .select("id")
        .where("id_remesa", "=", remesa.id)
        .where("estado", "=", "pagado")
        .orderBy("id")
        .execute()
    ).map((p) => p.id);
    expect(pagados).toHaveLength(4);
    expect(pagados).toEqual(expect.arrayContaining(ids.cargosAna));
    // What the debts report reads, folded at once after the collection (not at the hourly task).
    const sueltas = async () =>
      (
        await sql<{ n: number }>`select (select count(*) from deuda_grupo where not fija)::int
          + (select count(*) from deuda_socio where not fija)::int as n`.execute(e.db)
      ).rows[0]?.n;
    await expect.poll(sueltas, { timeout: 20_000 }).toBe(0);
    expect(deLaRemesa?.cambios).toEqual([
      { campo: "estado", antes: "generada", despues: "cobrada" },
      { campo: "cobro", antes: null, despues: `cobrado en la remesa ${remesa.id}` },
      { campo: "fechaPago", antes: null, despues: COBRO },
      { campo: "pagosCobrados", antes: null, despues: pagados.length },
      { campo: "pagos", antes: null, despues: pagados },
    ]);
    // A charge's history shows it.
    const historia = await pedir(
      "GET",
      `/api/utilidades/actividad?entidad=pago&idEntidad=${ids.cargosAna[0]}`,
    );
    expect(historia.statusCode, historia.body).toBe(200);
    expect(
      historia
        .json()
        .items.some((i: { cambios: { despues: unknown }[] }) =>
          i.cambios.some((c) => c.despues === `cobrado en la remesa ${remesa.id}`),
        ),
    ).toBe(true);
    const otraVez = await pedir("POST", `/api/remesas/${remesa.id}/cobro`);
    expect(otraVez.statusCode).toBe(409);
    expect((await pedir("POST", "/api/remesas/999999/cobro")).statusCode).toBe(404);
  });

  it("una devolución tras el cobro pasa de pagado a devuelto; el adeudo, cuando vuelve entero", async () => {
    const url = `/api/remesas/${remesa.id}/devoluciones`;
    const uno = await pedir("POST", url, {
      devoluciones: [{ idPago: ids.cargosAna[0], motivo: "am04" }],
    });
    expect(uno.statusCode, uno.body).toBe(200);
    expect(await pagoDe(ids.cargosAna[0])).toMatchObject({
      estado: "devuelto",
      motivo_devolucion: "AM04",
      fecha_devolucion: hoyIso(),
    });
    const adeudo = () =>
      uno.json().adeudos.find((a: { idPagador: number }) => a.idPagador === ids.ana);
    expect(adeudo().estado).toBe("cobrado");

    const repetida = await pedir("POST", url, {
      devoluciones: [{ idPago: ids.cargosAna[0], motivo: "AM04" }],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().detalles[0].mensaje).toMatch(/ya está devuelto/);

    const resto = await pedir("POST", url, {
      devoluciones: ids.cargosAna.slice(1).map((idPago) => ({ idPago, motivo: "MD06" })),
    });
    expect(resto.statusCode).toBe(200);
    const ana = resto.json().adeudos.find((a: { idPagador: number }) => a.idPagador === ids.ana);
    expect(ana).toMatchObject({ estado: "devuelto", motivoDevolucion: "MD06" });
    expect(
      resto.json().adeudos.find((a: { idPagador: number }) => a.idPagador === ids.blas).estado,
    ).toBe("cobrado");
    const auditadas = await e.db
      .selectFrom("auditoria")
      .select("id_entidad")
      .where("entidad", "=", "pago")
      .where("accion", "=", "devolucion")
      .execute();
    expect(auditadas.map((a) => a.id_entidad).sort()).toEqual([...ids.cargosAna].sort());
  });

  it("una remesa cobrada no se puede borrar", async () => {
    const res = await pedir("DELETE", `/api/remesas/${remesa.id}`);
    expect(res.statusCode).toBe(409);
    expect(await contar("remesa")).toBe(1);
  });

  it("el siguiente adeudo del mismo mandato es RCUR", async () => {
    await sinPendientes();
    const nuevo = await crearCargo(ids.blas, 1500, { concepto: "Cuota 2026 (2/2)" });
    const otro = await crearSocio({ nombre: "Nueva" });
    await crearCargo(otro, 1000);
    const segunda = await generar(dentroDe(10), "2026-12-31");
    expect(
      segunda.adeudos.find((a: { idPagador: number }) => a.idPagador === ids.blas),
    ).toMatchObject({
      secuencia: "RCUR",
      importe: 15,
    });
    expect(segunda.adeudos.find((a: { idPagador: number }) => a.idPagador === otro).secuencia).toBe(
      "FRST",
    );
    const xml = (await pedir("GET", `/api/remesas/${segunda.id}/xml`)).body;
    expect(await erroresXsdPain008(xml)).toEqual([]);
    expect(xml).toContain("<SeqTp>RCUR</SeqTp>");
    expect(xml).toContain("<SeqTp>FRST</SeqTp>");
    expect((await pagoDe(nuevo)).id_remesa).toBe(segunda.id);
  });
});

describe("devoluciones por fichero pain.002 y borrado", () => {
  let remesa: {
    id: number;
    adeudos: { idPagador: number; endToEndId: string; pagos: { id: number }[] }[];
  };
  let pagadorA = 0;
  let pagadorB = 0;
  let cargosA: number[] = [];
  let cargoB = 0;

  beforeAll(async () => {
    await sinPendientes();
    pagadorA = await crearSocio({ nombre: "Carla" });
    pagadorB = await crearSocio({ nombre: "Dani", iban: IBAN_B });
    cargosA = [await crearCargo(pagadorA, 1000), await crearCargo(pagadorA, 2000)];
    cargoB = await crearCargo(pagadorB, 3000);
    remesa = await generar(dentroDe(3));
  });

  const e2e = (idPagador: number) =>
    remesa.adeudos.find((a) => a.idPagador === idPagador)?.endToEndId as string;

  it("un fichero mal formado, sin archivo o con un adeudo ajeno da 400 y no cambia nada", async () => {
    const url = `/api/remesas/${remesa.id}/devoluciones`;
    const malformado = await subir(url, "<Document><roto>");
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().mensaje).toBe("El fichero de devoluciones no es un pain.002 válido");
    const otroCampo = await subir(
      url,
      pain002([{ e2e: e2e(pagadorA), estado: "RJCT", motivo: "AM04" }]),
      "otro",
    );
    expect(otroCampo.statusCode).toBe(400);
    expect(otroCampo.json().mensaje).toBe(
      "Adjunta el fichero pain.002 del banco en el campo «archivo».",
    );
    const enorme = await subir(url, "a".repeat(5 * 1024 * 1024 + 10));
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json().mensaje).toBe("El fichero no puede ocupar más de 5 MB.");
    const ajeno = await subir(
      url,
      pain002([
        { e2e: e2e(pagadorA), estado: "RJCT", motivo: "AM04" },
        { e2e: "R1-99999", estado: "RJCT", motivo: "AM04" },
      ]),
    );
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().detalles[0].mensaje).toBe("El adeudo R1-99999 no pertenece a esta remesa");
    const motivoRaro = await subir(
      url,
      pain002([{ e2e: e2e(pagadorA), estado: "RJCT", motivo: "ZZ01" }]),
    );
    expect(motivoRaro.statusCode).toBe(400);
    const sinRechazos = await subir(url, pain002([{ e2e: e2e(pagadorA), estado: "ACCP" }]));
    expect(sinRechazos.statusCode).toBe(400);
    for (const id of [...cargosA, cargoB]) expect((await pagoDe(id)).estado).toBe("pendiente");
  });

  it("devuelve todos los cargos del adeudo rechazado, también antes de marcarla cobrada", async () => {
    const res = await subir(
      `/api/remesas/${remesa.id}/devoluciones`,
      pain002([
        { e2e: e2e(pagadorA), estado: "RJCT", motivo: "MD01" },
        { e2e: e2e(pagadorB), estado: "ACCP" },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const adeudoA = res.json().adeudos.find((a: { idPagador: number }) => a.idPagador === pagadorA);
    expect(adeudoA).toMatchObject({ estado: "devuelto", motivoDevolucion: "MD01" });
    for (const id of cargosA) {
      expect(await pagoDe(id)).toMatchObject({ estado: "devuelto", motivo_devolucion: "MD01" });
    }
    expect((await pagoDe(cargoB)).estado).toBe("pendiente");
  });

  it("con devoluciones registradas no se puede borrar", async () => {
    const res = await pedir("DELETE", `/api/remesas/${remesa.id}`);
    expect(res.statusCode).toBe(409);
  });

  it("borrar una remesa generada libera sus cargos y queda auditado", async () => {
    await sinPendientes();
    const pagador = await crearSocio({ nombre: "Elena" });
    const cargo = await crearCargo(pagador, 4200);
    const tercera = await generar(dentroDe(5));
    expect((await pagoDe(cargo)).id_remesa).toBe(tercera.id);
    const res = await pedir("DELETE", `/api/remesas/${tercera.id}`);
    expect(res.statusCode).toBe(204);
    expect(await pagoDe(cargo)).toMatchObject({
      estado: "pendiente",
      id_remesa: null,
      id_adeudo: null,
    });
    expect((await pedir("GET", `/api/remesas/${tercera.id}`)).statusCode).toBe(404);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "remesa")
      .where("id_entidad", "=", tercera.id)
      .orderBy("id")
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear", "borrar"]);
    expect((await pedir("DELETE", `/api/remesas/${tercera.id}`)).statusCode).toBe(404);
    // Released, the charge goes into the next remittance; a mandate whose only debit came
    // back has never been collected, so it is still FRST.
    await crearCargo(pagadorA, 1500);
    const cuarta = await generar(dentroDe(5));
    const secuencias = Object.fromEntries(
      cuarta.adeudos.map((a: { idPagador: number; secuencia: string }) => [
        a.idPagador,
        a.secuencia,
      ]),
    );
    expect(secuencias).toEqual({ [pagador]: "FRST", [pagadorA]: "FRST" });
  });
});

describe("el mismo pain.002 importado otra vez", () => {
  let remesa: { id: number; adeudos: { idPagador: number; endToEndId: string }[] };
  let socio = { idSocio: 0, token: "" };
  let enLinea = 0;
  let enVentanilla = 0;
  let fichero = "";
  const url = () => `/api/remesas/${remesa.id}/devoluciones`;

  beforeAll(async () => {
    await configurarAsociacion();
    await sinPendientes();
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    socio = { idSocio: cuenta.idSocio ?? 0, token: await entrar(e.app, cuenta.email) };
    await e.db
      .updateTable("socio")
      .set({
        iban: IBAN_A,
        bic: "CAIXESBBXXX",
        id_forma_pago: formas.domiciliada,
        mandato_id: `FILA-S${socio.idSocio}`,
        mandato_fecha: "2024-03-01",
      })
      .where("id", "=", socio.idSocio)
      .execute();
    enLinea = await crearCargo(socio.idSocio, 1000);
    enVentanilla = await crearCargo(socio.idSocio, 2000);
    remesa = await generar(dentroDe(4));
    await trabajo(await pedir("POST", `/api/remesas/${remesa.id}/cobro`));
    const { endToEndId } = remesa.adeudos[0];
    fichero = pain002([{ e2e: endToEndId, estado: "RJCT", motivo: "AM04" }]);
    const primera = await subir(url(), fichero);
    expect(primera.statusCode, primera.body).toBe(200);
    expect(primera.json().omitidos).toEqual([]);
    for (const id of [enLinea, enVentanilla]) expect((await pagoDe(id)).estado).toBe("devuelto");
  });

  it("un cargo devuelto y pagado después (en línea o en ventanilla) no vuelve a estar devuelto", async () => {
    // The member pays one online: the bank's signed notification.
    const orden = await pedir(
      "POST",
      "/api/pagos/pago-online",
      { idsPago: [enLinea], metodo: "tarjeta" },
      socio.token,
    );
    expect(orden.statusCode, orden.body).toBe(201);
    const notificacion = await e.app.inject({
      method: "POST",
      url: "/api/pagos/redsys/notificacion",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: comoFormulario(notificacionDe(orden.json() as FormularioBanco)),
    });
    expect(notificacion.statusCode).toBe(200);
    // The other is paid at the desk.
    const ventanilla = await pedir("POST", `/api/pagos/${enVentanilla}/cobro`, {
      fecha: hoyIso(),
      idFormaPago: formas.efectivo,
    });
    expect(ventanilla.statusCode, ventanilla.body).toBe(200);

    const otraVez = await subir(url(), fichero);
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    for (const id of [enLinea, enVentanilla]) expect((await pagoDe(id)).estado).toBe("pagado");
    expect(otraVez.json().omitidos).toEqual([
      { endToEndId: remesa.adeudos[0].endToEndId, idPago: null, motivo: "adeudo_devuelto" },
    ]);
    // Owed again nowhere: nothing pending for the member.
    const mios = await pedir("GET", "/api/pagos/mios", undefined, socio.token);
    expect(mios.statusCode, mios.body).toBe(200);
    expect(mios.json().totalPendiente).toBe(0);
  });

  it("de un adeudo aún no devuelto, solo devuelve los cargos que no se han devuelto nunca", async () => {
    await sinPendientes();
    const pagador = await crearSocio({ nombre: "Fina" });
    const [pagadoDespues, devuelto, sinDevolver] = [
      await crearCargo(pagador, 1100),
      await crearCargo(pagador, 1200),
      await crearCargo(pagador, 1300),
    ];
    const otra = await generar(dentroDe(6));
    await trabajo(await pedir("POST", `/api/remesas/${otra.id}/cobro`));
    const aMano = await pedir("POST", `/api/remesas/${otra.id}/devoluciones`, {
      devoluciones: [
        { idPago: pagadoDespues, motivo: "AM04" },
        { idPago: devuelto, motivo: "AM04" },
      ],
    });
    expect(aMano.statusCode, aMano.body).toBe(200);
    expect(aMano.json().omitidos).toEqual([]);
    const cobro = await pedir("POST", `/api/pagos/${pagadoDespues}/cobro`, {
      fecha: hoyIso(),
      idFormaPago: formas.efectivo,
    });
    expect(cobro.statusCode, cobro.body).toBe(200);

    // By hand, a charge paid after its return cannot be returned again.
    const otraVezAMano = await pedir("POST", `/api/remesas/${otra.id}/devoluciones`, {
      devoluciones: [{ idPago: pagadoDespues, motivo: "AM04" }],
    });
    expect(otraVezAMano.statusCode).toBe(400);
    expect(otraVezAMano.json().detalles[0].mensaje).toBe(
      `El cargo ${pagadoDespues} se devolvió y se ha pagado después: no se puede devolver otra vez`,
    );

    const { endToEndId } = otra.adeudos[0];
    const res = await subir(
      `/api/remesas/${otra.id}/devoluciones`,
      pain002([{ e2e: endToEndId, estado: "RJCT", motivo: "MD06" }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().omitidos).toEqual([
      { endToEndId, idPago: pagadoDespues, motivo: "pagado_tras_devolucion" },
      { endToEndId, idPago: devuelto, motivo: "cargo_devuelto" },
    ]);
    expect(await pagoDe(pagadoDespues)).toMatchObject({
      estado: "pagado",
      motivo_devolucion: "AM04",
    });
    expect(await pagoDe(devuelto)).toMatchObject({ estado: "devuelto", motivo_devolucion: "AM04" });
    expect(await pagoDe(sinDevolver)).toMatchObject({
      estado: "devuelto",
      motivo_devolucion: "MD06",
    });
  });
});

describe("el concepto de cada adeudo", () => {
  it("junta los de sus cargos sin espacios de más, cada uno una vez, en su orden y sin los vacíos", async () => {
    await configurarAsociacion();
    await sinPendientes();
    const id = await crearSocio({ nombre: "Conceptos" });
    for (const concepto of [" Derrama 2026 ", "Derrama 2026", "", "Cuota 2026", "  "]) {
      await crearCargo(id, 1000, { concepto });
    }
    const remesa = await generar();
    const xml = (await pedir("GET", `/api/remesas/${remesa.id}/xml`)).body;
    expect(await erroresXsdPain008(xml)).toEqual([]);
    expect(xml).toContain('<InstdAmt Ccy="EUR">50.00</InstdAmt>');
    expect(xml).toContain("<Ustrd>Derrama 2026, Cuota 2026</Ustrd>");
  });
});
