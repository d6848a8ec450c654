import { digitosControlCcc, hoyIso, ibanDeCcc } from "@fila/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANCO_DEMO } from "../../demo/seed-remesas.js";
import { bearer, type Entorno } from "../../test/entorno.js";
import {
  type Apunte,
  type Ccc,
  camt053,
  cifras,
  cuentaN43,
  norma43,
} from "../../test/extractos-prueba.js";
import {
  comoFormulario,
  type FormularioBanco,
  notificacionDe,
} from "../../test/redsys-simulado.js";
import {
  type BaseTesoreria,
  prepararTesoreria,
  utilidadesTesoreria,
} from "../../test/tesoreria-prueba.js";

/**
 * The bank's statement imported and reconciled (issue 47). The files are written field by field
 * from the standards (test/extractos-prueba.ts), never from what the reader produces.
 */

// ——— The environment ———

let t: BaseTesoreria;
let e: Entorno;
let admin: string;
let socio: BaseTesoreria["socio"];
const cuentas = { caja: 0, banco: 0, sabadell: 0, popular: 0 };
const categorias: Record<string, number> = {};
let transferencia = 0;
let domiciliada = 0;
const T = hoyIso();
const dia = (n: number) => {
  const d = new Date(`${T}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const SABADELL: Ccc = { entidad: "0081", oficina: "0001", cuenta: "0001234567" };
const POPULAR: Ccc = { entidad: "3045", oficina: "2611", cuenta: "2810012345" };
const ibanDe = (c: Ccc) =>
  ibanDeCcc({ ...c, dc: digitosControlCcc(c.entidad, c.oficina, c.cuenta) });
/** The association's bank (BANCO_DEMO's IBAN: 2100 0418 40 1234567891). */
const BANCO: Ccc = { entidad: "2100", oficina: "0418", cuenta: "1234567891" };

function subir(
  archivo: Buffer,
  opciones: {
    confirmar?: boolean;
    campos?: Record<string, string>;
    token?: string;
    nombre?: string;
  } = {},
) {
  const limite = "----fila-extracto";
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(opciones.campos ?? {})) {
    partes.push(
      Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  partes.push(
    Buffer.from(
      `--${limite}\r\nContent-Disposition: form-data; name="archivo"; filename="${opciones.nombre ?? "extracto.n43"}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    archivo,
    Buffer.from(`\r\n--${limite}--\r\n`),
  );
  return e.app.inject({
    method: "POST",
    url: `/api/tesoreria/extractos?confirmar=${opciones.confirmar ? 1 : 0}`,
    payload: Buffer.concat(partes),
    headers: {
      ...bearer(opciones.token ?? admin),
      "content-type": `multipart/form-data; boundary=${limite}`,
    },
  });
}

const { pedir, ok, trabajo, movimientos, lineasDe } = utilidadesTesoreria(() => t);

async function crearCargo(idSocio: number, importe: number, tipo: "cuota" | "derrama") {
  const producto = await e.db
    .selectFrom("producto")
    .select("id")
    .where("tipo", "=", tipo)
    .executeTakeFirst();
  const fila = await e.db
    .insertInto("pago")
    .values({
      id_socio: idSocio,
      id_pagador: idSocio,
      id_producto: producto?.id ?? null,
      anyo: Number(T.slice(0, 4)),
      concepto: `Cargo ${tipo} ${importe}`,
      importe,
      fecha_emision: dia(-30),
      fecha_vencimiento: dia(-1),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return fila.id;
}

async function saldoSql(idCuenta: number) {
  const { rows } = await sql<{ saldo: string }>`
    SELECT (c.saldo_inicial + coalesce((SELECT sum(importe) FROM tesoreria_movimiento m
      WHERE m.id_cuenta = c.id), 0))::text AS saldo
    FROM tesoreria_cuenta c WHERE c.id = ${idCuenta}`.execute(e.db);
  return Number(rows[0]?.saldo);
}

beforeAll(async () => {
  t = await prepararTesoreria("Filà Contrabandistes");
  ({ e, admin, socio, domiciliada } = t);
  Object.assign(cuentas, t.cuentas);
  await ok("PUT", `/api/tesoreria/cuentas/${cuentas.banco}`, {
    nombre: "Banco",
    tipo: "banco",
    iban: BANCO_DEMO.iban,
    saldoInicial: 3000,
    fechaSaldoInicial: dia(-40),
  });
  for (const [clave, ccc, nombre, desde] of [
    ["sabadell", SABADELL, "Sabadell", dia(-90)],
    ["popular", POPULAR, "Caixa Popular", dia(-300)],
  ] as const) {
    cuentas[clave] = (
      await ok(
        "POST",
        "/api/tesoreria/cuentas",
        { nombre, tipo: "banco", iban: ibanDe(ccc), saldoInicial: 0, fechaSaldoInicial: desde },
        201,
      )
    ).id;
  }
  // The POS pays into the association's bank account.
  await ok("PUT", "/api/tesoreria/ajustes", {
    idCuentaBanco: cuentas.banco,
    idCuentaTpv: cuentas.banco,
  });
  transferencia = (await ok("POST", "/api/formaspago", { nombre: "Transferencia" }, 201)).id;
  for (const tipo of ["cuota", "derrama"] as const) {
    await ok(
      "POST",
      "/api/productos",
      {
        nombre: `Extracto ${tipo}`,
        anyo: Number(T.slice(0, 4)),
        tipo,
        precio: 10,
        precios: [],
        activo: true,
      },
      201,
    );
  }
  const cats = (await ok("GET", "/api/tesoreria/categorias?pageSize=200")).items as {
    id: number;
    clave: string | null;
  }[];
  for (const x of cats) if (x.clave) categorias[x.clave] = x.id;
  await ok(
    "POST",
    "/api/tesoreria/reglas",
    { texto: "comisión", tipo: "gasto", idCategoria: categorias.comisiones_bancarias },
    201,
  );
  await ok(
    "POST",
    "/api/tesoreria/reglas",
    { texto: "SUBVENCION", tipo: "ingreso", idCategoria: categorias.subvenciones },
    201,
  );
});

afterAll(async () => {
  await e?.cerrar();
});

describe("el fichero", () => {
  const uno = () =>
    cuentaN43(SABADELL, dia(-60), dia(-50), 0, [
      { fecha: dia(-55), importe: 12345, concepto: "INGRESO" },
    ]);

  it("un registro que no mide 80 bytes es 400 nombrando la línea", async () => {
    const r = uno();
    r[1] = `${r[1]}X`;
    const res = await subir(norma43(r));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().detalles)).toMatch(/Línea 2/);
  });

  it("los totales del 33 que no cuadran con los movimientos son 400 nombrando la línea", async () => {
    const r = uno();
    // Record 33 (line 4): total del haber 123,46 instead of 123,45.
    r[3] = `${(r[3] as string).slice(0, 44)}${cifras(12346, 14)}${(r[3] as string).slice(58)}`;
    const res = await subir(norma43(r));
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().detalles)).toMatch(/Línea 4/);
    expect(await e.db.selectFrom("tesoreria_extracto").select("id").execute()).toEqual([]);
  });

  it("campos desconocidos, decisiones mal formadas o sin confirmar e idCuenta con varias cuentas son 400 nombrándolos", async () => {
    const f = norma43(uno());
    const extra = await subir(f, { campos: { foo: "1" } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detalles).toEqual([expect.objectContaining({ campo: "foo" })]);
    const sobra = await subir(f, {
      confirmar: true,
      campos: { decisiones: JSON.stringify([{ n: 1, accion: "omitir", extra: true }]) },
    });
    expect(sobra.statusCode).toBe(400);
    expect(sobra.json().detalles).toEqual([
      expect.objectContaining({ campo: "decisiones.0.extra" }),
    ]);
    const mala = await subir(f, { confirmar: true, campos: { decisiones: "[{" } });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().detalles[0].campo).toBe("decisiones");
    const accion = await subir(f, {
      confirmar: true,
      campos: { decisiones: JSON.stringify([{ n: 1, accion: "borrar" }]) },
    });
    expect(accion.statusCode).toBe(400);
    const sinConfirmar = await subir(f, { campos: { decisiones: "[]" } });
    expect(sinConfirmar.statusCode).toBe(400);
    const varias = await subir(norma43(uno(), cuentaN43(POPULAR, dia(-60), dia(-50), 0, [])), {
      campos: { idCuenta: String(cuentas.popular) },
    });
    expect(varias.statusCode).toBe(400);
    expect(varias.json().detalles[0].campo).toBe("idCuenta");
    const otra = await subir(f, { campos: { idCuenta: String(cuentas.popular) } });
    expect(otra.statusCode).toBe(400);
    expect(otra.json().detalles[0].campo).toBe("idCuenta");
    const sinArchivo = await e.app.inject({
      method: "POST",
      url: "/api/tesoreria/extractos",
      payload: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="idCuenta"\r\n\r\n1\r\n--x--\r\n',
      ),
      headers: { ...bearer(admin), "content-type": "multipart/form-data; boundary=x" },
    });
    expect(sinArchivo.statusCode).toBe(400);
    expect(sinArchivo.json().detalles[0].campo).toBe("archivo");
  });

  it("una cuenta que no es de la tesorería es 400 con su IBAN; con idCuenta entra en esa", async () => {
    const ajena: Ccc = { entidad: "0049", oficina: "1500", cuenta: "0512345678" };
    const f = norma43(
      cuentaN43(ajena, dia(-200), dia(-190), 1000, [
        { fecha: dia(-195), importe: -1000, concepto: "CANCELACION" },
      ]),
    );
    const res = await subir(f);
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toContain(ibanDe(ajena));
    const conId = await subir(f, { campos: { idCuenta: String(cuentas.popular) } });
    expect(conId.statusCode, conId.body).toBe(200);
    expect(conId.json().cuentas[0]).toMatchObject({ idCuenta: cuentas.popular, idExtracto: null });
  });

  it("solo la junta", async () => {
    const f = norma43(uno());
    expect((await subir(f, { token: socio.token })).statusCode).toBe(403);
    const sin = await e.app.inject({ method: "GET", url: "/api/tesoreria/extractos" });
    expect(sin.statusCode).toBe(401);
  });
});

describe("un mes del banco conciliado", () => {
  it("remesa, devolución, cobros en la mesa, el TPV con su comisión, un gasto a mano, comisiones y una subvención: propone, aplica y cuadra al céntimo", async () => {
    // ——— The book ———
    const [a, b] = [0, 1].map(async (i) => {
      const s = await e.db
        .insertInto("socio")
        .values({
          nombre: `Domiciliat${i}`,
          apellidos: "Extracte",
          iban: "ES9121000418450200051332",
          bic: "CAIXESBBXXX",
          id_forma_pago: domiciliada,
          mandato_id: `EXT-${i}`,
          mandato_fecha: "2024-03-01",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return s.id;
    });
    const cargoA = await crearCargo(await (a as Promise<number>), 10000, "cuota");
    const cargoB = await crearCargo(await (b as Promise<number>), 7000, "derrama");
    const generada = await trabajo(
      await pedir("POST", "/api/remesas", { fechaCobro: dia(7), hasta: dia(30) }),
    );
    const idRemesa = generada.resultado.id as number;
    await trabajo(await pedir("POST", `/api/remesas/${idRemesa}/cobro`));
    await ok("POST", `/api/remesas/${idRemesa}/devoluciones`, {
      devoluciones: [{ idPago: cargoB, motivo: "AM04" }],
    });
    expect(cargoA).toBeGreaterThan(0);
    // Two desk payments by transfer of the same amount: the reference tells them apart.
    const pagador = await crearCargo(socio.idSocio, 4500, "cuota");
    const otro = await crearCargo(socio.idSocio, 4500, "cuota");
    await ok("POST", `/api/pagos/${pagador}/cobro`, {
      fecha: dia(-5),
      idFormaPago: transferencia,
      referencia: "TRF-88231",
    });
    await ok("POST", `/api/pagos/${otro}/cobro`, {
      fecha: dia(-5),
      idFormaPago: transferencia,
      referencia: "TRF-99170",
    });
    // Two online payments today: the POS pays them in one credit tomorrow, less its fee.
    for (const importe of [1500, 2500]) {
      const id = await crearCargo(socio.idSocio, importe, "cuota");
      const orden = await e.app.inject({
        method: "POST",
        url: "/api/pagos/pago-online",
        headers: bearer(socio.token),
        payload: { idsPago: [id], metodo: "tarjeta" },
      });
      expect(orden.statusCode, orden.body).toBe(201);
      const n = await e.app.inject({
        method: "POST",
        url: "/api/pagos/redsys/notificacion",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: comoFormulario(notificacionDe(orden.json() as FormularioBanco)),
      });
      expect(n.statusCode).toBe(200);
    }
    // The gunpowder invoice, paid by transfer and entered by hand.
    const polvora = await ok(
      "POST",
      "/api/tesoreria/movimientos",
      {
        idCuenta: cuentas.banco,
        fecha: dia(-2),
        concepto: "Pirotecnia Ricasa, factura 2026/118",
        importe: -300,
        lineas: [{ idCategoria: categorias.polvora, importe: -300 }],
      },
      201,
    );
    const [mRemesa] = await movimientos("remesa");
    const [mDevolucion] = await movimientos("devolucion");
    const cobros = await movimientos("cobro");
    const mPagador = cobros.find((m) => m.origen_id === pagador);
    const mOtro = cobros.find((m) => m.origen_id === otro);
    const online = await movimientos("pago_online");
    expect(mRemesa?.importe).toBe(17000);
    expect(mDevolucion?.importe).toBe(-7000);
    expect(online.map((m) => m.importe)).toEqual([1500, 2500]);

    // ——— The bank's month ———
    const apuntes: Apunte[] = [
      {
        fecha: dia(-4),
        importe: 4500,
        concepto: "TRANSFERENCIA DE SOCI",
        mas: "REF TRF-99170",
        comun: "02",
      },
      {
        fecha: dia(-4),
        importe: 4500,
        concepto: "TRANSFERENCIA DE SOCI",
        mas: "REF TRF-88231",
        comun: "02",
      },
      {
        fecha: dia(-1),
        importe: -30000,
        concepto: "TRANSFERENCIA A PIROTECNIA RICASA",
        comun: "04",
      },
      {
        fecha: dia(1),
        importe: 3940,
        concepto: "ABONO TPV VIRTUAL COMERCIO 999008881",
        comun: "12",
      },
      {
        fecha: dia(1),
        importe: -7000,
        concepto: "DEVOLUCION RECIBO SEPA",
        mas: "AM04",
        comun: "03",
      },
      { fecha: dia(3), importe: 150000, concepto: "SUBVENCIÓN AYUNTAMIENTO ALCOI", comun: "02" },
      { fecha: dia(4), importe: -1234, concepto: "RECIBO DESCONOCIDO", comun: "03" },
      { fecha: dia(8), importe: 17000, concepto: "ABONO REMESA SEPA CORE", comun: "03" },
      { fecha: dia(10), importe: -550, concepto: "COMISION MANTENIMIENTO", comun: "17" },
    ];
    const inicial = 300000;
    const final = apuntes.reduce((s, x) => s + x.importe, inicial);
    const fichero = norma43(cuentaN43(BANCO, dia(-10), dia(10), inicial, apuntes));

    // ——— Dry run: proposals, nothing written ———
    const prueba = await subir(fichero);
    expect(prueba.statusCode, prueba.body).toBe(200);
    const cuenta = prueba.json().cuentas[0];
    expect(cuenta).toMatchObject({
      idExtracto: null,
      idCuenta: cuentas.banco,
      iban: BANCO_DEMO.iban,
      saldoInicial: 3000,
      saldoFinal: final / 100,
    });
    const propuestas = cuenta.lineas.map(
      (l: { propuesta: Record<string, unknown> & { movimientos?: { id: number }[] } }) => {
        const p = l.propuesta;
        return p.accion === "conciliar"
          ? [p.regla, (p.movimientos ?? []).map((m) => m.id), p.comision]
          : [p.accion, p.categoria];
      },
    );
    expect(propuestas).toEqual([
      ["cobro", [mOtro?.id], 0],
      ["cobro", [mPagador?.id], 0],
      ["movimiento", [polvora.id], 0],
      ["pago_online", online.map((m) => m.id), 0.6],
      ["devolucion", [mDevolucion?.id], 0],
      ["nuevo", "Subvenciones"],
      ["nuevo", null],
      ["remesa", [mRemesa?.id], 0],
      ["nuevo", "Comisiones bancarias"],
    ]);
    expect(cuenta.lineas[0]).toMatchObject({ n: 1, linea: 2, importe: 45, estado: "pendiente" });
    expect(await e.db.selectFrom("tesoreria_extracto").select("id").execute()).toEqual([]);

    // ——— Confirmed without decisions: the proposals ———
    const confirmado = await subir(fichero, { confirmar: true, nombre: "banco-mes.n43" });
    expect(confirmado.statusCode, confirmado.body).toBe(201);
    const hecho = confirmado.json().cuentas[0];
    const idExtracto = hecho.idExtracto as number;
    expect(hecho.lineas.map((l: { estado: string }) => l.estado)).toEqual([
      "conciliada",
      "conciliada",
      "conciliada",
      "conciliada",
      "conciliada",
      "conciliada",
      "pendiente",
      "conciliada",
      "conciliada",
    ]);
    const leido = await ok("GET", `/api/tesoreria/movimientos/${polvora.id}`);
    expect(leido.idLineaExtracto).toBe(hecho.lineas[2].id);
    expect(prueba.json().cuentas[0].lineas[2].id).toBeNull();
    // The POS line: the two payments and the fee, a bank expense.
    const tpv = hecho.lineas[3];
    expect(tpv.movimientos.map((m: { importe: number }) => m.importe)).toEqual([15, 25, -0.6]);
    const [comision] = (await movimientos("extracto")).filter((m) => m.importe === -60);
    expect(comision?.clave_origen).toMatch(/:comision$/);
    const lineasComision = await e.db
      .selectFrom("tesoreria_linea")
      .select(["id_categoria", "importe"])
      .where("id_movimiento", "=", comision?.id as number)
      .execute();
    expect(lineasComision).toEqual([
      { id_categoria: categorias.comisiones_bancarias, importe: -60 },
    ]);
    expect(hecho.lineas[5].movimientos[0]).toMatchObject({
      importe: 1500,
      fecha: dia(3),
      origen: { tipo: "extracto" },
    });
    // The unknown line is still pending: the bank and the book differ by it.
    expect(hecho).toMatchObject({ saldoFinal: final / 100, diferencia: -12.34 });
    const conciliacion = (await ok("GET", "/api/tesoreria/conciliacion")) as {
      idCuenta: number;
      diferencia: number | null;
      lineasPendientes: number;
      saldoBanco: number | null;
    }[];
    expect(conciliacion.find((x) => x.idCuenta === cuentas.banco)).toMatchObject({
      idExtracto,
      fechaExtracto: dia(10),
      saldoBanco: final / 100,
      diferencia: -12.34,
      lineasPendientes: 1,
    });

    // ——— Deciding the pending line later ———
    const url = `/api/tesoreria/extractos/${idExtracto}/decisiones`;
    const noSuma = await pedir("POST", url, {
      decisiones: [{ n: 7, accion: "conciliar", idsMovimiento: [polvora.id] }],
    });
    expect(noSuma.statusCode).toBe(409);
    const decidido = await ok("POST", url, {
      decisiones: [
        {
          n: 7,
          accion: "nuevo",
          idCategoria: categorias.otros_gastos,
          concepto: "Recibo de la luz del casal",
        },
      ],
    });
    expect(decidido).toMatchObject({ diferencia: 0, numPendientes: 0, numConciliadas: 9 });
    expect(decidido.lineas[6].movimientos[0]).toMatchObject({
      concepto: "Recibo de la luz del casal",
      importe: -12.34,
    });
    expect(
      (await pedir("POST", url, { decisiones: [{ n: 7, accion: "omitir" }] })).statusCode,
    ).toBe(409);
    expect(
      (await pedir("POST", url, { decisiones: [{ n: 99, accion: "omitir" }] })).statusCode,
    ).toBe(400);

    // ——— The bank and the book agree, to the cent ———
    const banco = await ok("GET", `/api/tesoreria/cuentas/${cuentas.banco}`);
    expect(banco.saldo).toBe(final / 100);
    expect(await saldoSql(cuentas.banco)).toBe(final);
    const resumen = (await ok("GET", "/api/tesoreria/conciliacion")).find(
      (x: { idCuenta: number }) => x.idCuenta === cuentas.banco,
    );
    expect(resumen).toMatchObject({
      saldoBanco: final / 100,
      saldoLibro: final / 100,
      diferencia: 0,
      lineasPendientes: 0,
    });
    // Each line's movements add up to it.
    const { rows } = await sql<{ orden: number; importe: string; suma: string }>`
      SELECT l.orden, l.importe::text, sum(m.importe)::text AS suma
      FROM tesoreria_extracto_linea l
      JOIN tesoreria_conciliacion k ON k.id_linea = l.id
      JOIN tesoreria_movimiento m ON m.id = k.id_movimiento
      WHERE l.id_extracto = ${idExtracto} GROUP BY l.id ORDER BY l.orden`.execute(e.db);
    expect(rows).toHaveLength(9);
    for (const r of rows) expect(r.suma).toBe(r.importe);

    // ——— Imported once ———
    for (const confirmar of [false, true]) {
      const otra = await subir(fichero, { confirmar });
      expect(otra.statusCode).toBe(409);
      expect(otra.json().mensaje).toContain(`extracto ${idExtracto}`);
    }
    const lista = await ok("GET", `/api/tesoreria/extractos?idCuenta=${cuentas.banco}&pageSize=1`);
    expect(lista).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(lista.items[0]).toMatchObject({
      id: idExtracto,
      formato: "norma43",
      nombreArchivo: "banco-mes.n43",
      numLineas: 9,
      numConciliadas: 9,
      numPendientes: 0,
    });
    const auditado = await e.db
      .selectFrom("auditoria")
      .select(["entidad", "accion"])
      .where("entidad", "in", ["extracto", "extracto_linea"])
      .execute();
    expect(auditado.filter((x) => x.entidad === "extracto")).toHaveLength(1);
    expect(auditado.filter((x) => x.accion === "conciliar")).toHaveLength(9);
  });
});

describe("varias cuentas y camt.053", () => {
  it("una norma 43 de dos cuentas y un camt.053: cada una a su cuenta por su IBAN, decisiones por línea y el duplicado 409", async () => {
    const desde = dia(-80);
    const hasta = dia(-71);
    const n43 = norma43(
      cuentaN43(SABADELL, desde, hasta, 50000, [
        { fecha: dia(-79), importe: -1500, concepto: "COMISIÓN TRANSFERENCIA" },
        { fecha: dia(-75), importe: 20000, concepto: "PATROCINIO FORN LA CIUTAT" },
      ]),
      cuentaN43(POPULAR, desde, hasta, 0, [
        { fecha: dia(-72), importe: 99999, concepto: "SUBVENCION FEDERACIO" },
      ]),
    );
    const prueba = await subir(n43);
    expect(prueba.statusCode, prueba.body).toBe(200);
    expect(
      prueba
        .json()
        .cuentas.map((c: { idCuenta: number; lineas: { n: number }[] }) => [
          c.idCuenta,
          c.lineas.map((l) => l.n),
        ]),
    ).toEqual([
      [cuentas.sabadell, [1, 2]],
      [cuentas.popular, [3]],
    ]);
    const decisiones = [
      { n: 1, accion: "nuevo", idCategoria: categorias.comisiones_bancarias },
      { n: 2, accion: "nuevo", idCategoria: categorias.patrocinio },
      { n: 3, accion: "omitir" },
    ];
    const sinCategoria = await subir(n43, {
      confirmar: true,
      campos: { decisiones: JSON.stringify([{ n: 1, accion: "nuevo", idCategoria: 999999 }]) },
    });
    expect(sinCategoria.statusCode).toBe(400);
    expect(sinCategoria.json().detalles[0].campo).toBe("decisiones.0.idCategoria");
    expect(
      await e.db
        .selectFrom("tesoreria_extracto")
        .select("id")
        .where("id_cuenta", "=", cuentas.sabadell)
        .execute(),
    ).toEqual([]);
    const hecho = await subir(n43, {
      confirmar: true,
      campos: { decisiones: JSON.stringify(decisiones) },
    });
    expect(hecho.statusCode, hecho.body).toBe(201);
    const [sab, pop] = hecho.json().cuentas;
    expect(sab.lineas.map((l: { estado: string }) => l.estado)).toEqual([
      "conciliada",
      "conciliada",
    ]);
    expect(sab).toMatchObject({ saldoInicial: 500, saldoFinal: 685 });
    expect(pop.lineas[0]).toMatchObject({ estado: "omitida", movimientos: [], propuesta: null });
    // The opening balance was 0 before the statement's 500 €: the book says so.
    expect(sab.diferencia).toBe(500);

    // camt.053 of the Sabadell's next days, recognised by its IBAN.
    const camt = camt053(ibanDe(SABADELL), dia(-70), dia(-61), 68500, [
      {
        fecha: dia(-66),
        importe: 25050,
        concepto: "Bar de la festa, caixa",
        ref: "AS1",
        e2e: "BAR-01",
      },
      { fecha: dia(-64), importe: -4000, concepto: "Comision custodia", ref: "AS2" },
    ]);
    const leida = await subir(camt, { nombre: "sabadell.xml" });
    expect(leida.statusCode, leida.body).toBe(200);
    const lineas = leida.json().cuentas[0].lineas;
    expect(leida.json()).toMatchObject({ formato: "camt053" });
    expect(lineas[0]).toMatchObject({
      n: 1,
      linea: null,
      importe: 250.5,
      endToEndId: "BAR-01",
      referenciaBanco: "AS1",
    });
    expect(lineas[1].propuesta).toMatchObject({
      accion: "nuevo",
      categoria: "Comisiones bancarias",
    });
    const aplicada = await subir(camt, {
      confirmar: true,
      nombre: "sabadell.xml",
      campos: {
        decisiones: JSON.stringify([{ n: 1, accion: "nuevo", idCategoria: categorias.bar }]),
      },
    });
    expect(aplicada.statusCode, aplicada.body).toBe(201);
    expect(aplicada.json().cuentas[0].lineas.map((l: { estado: string }) => l.estado)).toEqual([
      "conciliada",
      "pendiente",
    ]);
    expect((await subir(camt, { confirmar: true })).statusCode).toBe(409);
    // The same period with other lines is another statement, not a duplicate.
    const distinto = camt053(ibanDe(SABADELL), dia(-70), dia(-61), 68500, [
      { fecha: dia(-65), importe: 100, concepto: "Otra cosa", ref: "AS9" },
    ]);
    expect((await subir(distinto)).statusCode).toBe(200);
    // Nor is the same file of the Popular a duplicate of the Sabadell's.
    const lista = await ok("GET", "/api/tesoreria/extractos");
    expect(lista.items.length).toBeGreaterThanOrEqual(3);
    const detalle = await ok(
      "GET",
      `/api/tesoreria/extractos/${aplicada.json().cuentas[0].idExtracto}`,
    );
    expect(detalle.lineas[1]).toMatchObject({
      estado: "pendiente",
      propuesta: { accion: "nuevo", categoria: "Comisiones bancarias" },
    });
    expect((await pedir("GET", "/api/tesoreria/extractos/999999")).statusCode).toBe(404);
  });

  it("dos importaciones a la vez del mismo extracto: una entra y la otra es 409", async () => {
    const f = norma43(
      cuentaN43(POPULAR, dia(-150), dia(-140), 0, [
        { fecha: dia(-145), importe: 5000, concepto: "INGRESO EFECTIVO" },
      ]),
    );
    const res = await Promise.all([subir(f, { confirmar: true }), subir(f, { confirmar: true })]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("dos decisiones a la vez sobre la misma línea: una la decide y la otra es 409, con un solo movimiento", async () => {
    const fecha = dia(-130);
    const f = norma43(
      cuentaN43(POPULAR, fecha, fecha, 0, [{ fecha, importe: 2222, concepto: "INGRESO CAJERO" }]),
    );
    const importado = await subir(f, { confirmar: true });
    expect(importado.statusCode, importado.body).toBe(201);
    const { idExtracto, lineas } = importado.json().cuentas[0];
    expect(lineas[0].estado).toBe("pendiente");
    const decidir = () =>
      pedir("POST", `/api/tesoreria/extractos/${idExtracto}/decisiones`, {
        decisiones: [{ n: 1, accion: "nuevo", idCategoria: categorias.bar }],
      });
    const res = await Promise.all([decidir(), decidir(), decidir()]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const creados = (await movimientos("extracto")).filter((m) => m.origen_id === lineas[0].id);
    expect(creados).toHaveLength(1);
  });

  it("un movimiento conciliado no se concilia otra vez (409) y los movimientos tienen que sumar la línea (400)", async () => {
    const mov = await ok(
      "POST",
      "/api/tesoreria/movimientos",
      {
        idCuenta: cuentas.popular,
        fecha: dia(-120),
        concepto: "Cuota federación",
        importe: -80,
        lineas: [{ idCategoria: categorias.federacion, importe: -80 }],
      },
      201,
    );
    const f = (ref: string, fecha: string) =>
      norma43(
        cuentaN43(POPULAR, fecha, fecha, 0, [
          { fecha, importe: -8000, concepto: `CUOTA FEDERACIO ${ref}` },
        ]),
      );
    const mal = await subir(f("A", dia(-119)), {
      confirmar: true,
      campos: {
        decisiones: JSON.stringify([
          { n: 1, accion: "conciliar", idsMovimiento: [mov.id], comision: 1 },
        ]),
      },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().detalles[0].campo).toBe("decisiones.0");
    const bien = await subir(f("A", dia(-119)), {
      confirmar: true,
      campos: {
        decisiones: JSON.stringify([{ n: 1, accion: "conciliar", idsMovimiento: [mov.id] }]),
      },
    });
    expect(bien.statusCode, bien.body).toBe(201);
    const otra = await subir(f("B", dia(-118)), {
      confirmar: true,
      campos: {
        decisiones: JSON.stringify([{ n: 1, accion: "conciliar", idsMovimiento: [mov.id] }]),
      },
    });
    expect(otra.statusCode).toBe(409);
    // Without decisions the matched movement is not proposed again.
    const sola = await subir(f("B", dia(-118)));
    expect(sola.json().cuentas[0].lineas[0].propuesta.accion).toBe("nuevo");
  });
});

describe("un extracto largo", () => {
  it("300 líneas decididas de una vez: todo o nada, y cada movimiento nuevo, omisión y conciliación en la auditoría", async () => {
    const LARGO: Ccc = { entidad: "2038", oficina: "9999", cuenta: "0000000123" };
    const idCuenta = (
      await ok(
        "POST",
        "/api/tesoreria/cuentas",
        {
          nombre: "Cuenta del extracto largo",
          tipo: "banco",
          iban: ibanDe(LARGO),
          saldoInicial: 0,
          fechaSaldoInicial: dia(-200),
        },
        201,
      )
    ).id;
    const fecha = dia(-150);
    const apuntes: Apunte[] = Array.from({ length: 300 }, (_, i) => ({
      fecha,
      importe: (i % 2 === 1 ? 1 : -1) * (100 + i),
      concepto: `APUNTE LARGO ${i + 1}`,
    }));
    const subido = await subir(norma43(cuentaN43(LARGO, fecha, fecha, 0, apuntes)), {
      confirmar: true,
    });
    expect(subido.statusCode, subido.body).toBe(201);
    const idExtracto = subido.json().cuentas[0].idExtracto as number;
    const decidir = (decisiones: unknown[]) =>
      pedir("POST", `/api/tesoreria/extractos/${idExtracto}/decisiones`, { decisiones });
    const libro = () =>
      e.db
        .selectFrom("tesoreria_movimiento")
        .select(["id", "concepto", "importe"])
        .where("id_cuenta", "=", idCuenta)
        .orderBy("id")
        .execute();
    const categoria = (n: number) =>
      (apuntes[n - 1]?.importe ?? 0) > 0 ? categorias.otros_ingresos : categorias.otros_gastos;

    // Line 1 first; a manual movement for line 300.
    expect((await decidir([{ n: 1, accion: "nuevo", idCategoria: categoria(1) }])).statusCode).toBe(
      200,
    );
    const [primero] = await libro();
    const manual = await ok(
      "POST",
      "/api/tesoreria/movimientos",
      {
        idCuenta,
        fecha,
        concepto: "Apunte a mano",
        importe: 3.99,
        lineas: [{ idCategoria: categorias.otros_ingresos, importe: 3.99 }],
      },
      201,
    );
    const decisiones = (ultima: number) => [
      ...Array.from({ length: 99 }, (_, i) => ({
        n: i + 2,
        accion: "nuevo",
        idCategoria: categoria(i + 2),
      })),
      ...Array.from({ length: 199 }, (_, i) => ({ n: i + 101, accion: "omitir" })),
      { n: 300, accion: "conciliar", idsMovimiento: [ultima] },
    ];

    // The last decision names a movement matched already: 409, and nothing of the rest is written.
    const mal = await decidir(decisiones(primero?.id as number));
    expect(mal.statusCode, mal.body).toBe(409);
    expect(await libro()).toHaveLength(2);
    const pendientes = await e.db
      .selectFrom("tesoreria_extracto_linea")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("id_extracto", "=", idExtracto)
      .where("estado", "=", "pendiente")
      .executeTakeFirstOrThrow();
    expect(Number(pendientes.n)).toBe(299);

    const bien = await decidir(decisiones(manual.id));
    expect(bien.statusCode, bien.body).toBe(200);
    const lineas = bien.json().lineas as {
      id: number;
      n: number;
      estado: string;
      movimientos: { id: number; importe: number; concepto: string }[];
    }[];
    expect(lineas.filter((l) => l.estado === "conciliada")).toHaveLength(101);
    expect(lineas.filter((l) => l.estado === "omitida")).toHaveLength(199);
    expect(lineas[1]?.movimientos).toEqual([
      expect.objectContaining({ importe: 1.01, concepto: "APUNTE LARGO 2" }),
    ]);
    expect(lineas[299]?.movimientos).toEqual([expect.objectContaining({ id: manual.id })]);
    const movimientosNuevos = (await libro()).slice(2);
    expect(movimientosNuevos).toHaveLength(99);
    expect(await lineasDe(movimientosNuevos[0]?.id as number)).toEqual({ otros_ingresos: 101 });
    expect(await lineasDe(movimientosNuevos[1]?.id as number)).toEqual({ otros_gastos: -102 });

    // Each written thing audited, once.
    const auditado = await e.db
      .selectFrom("auditoria")
      .select(["entidad", "accion", "id_entidad"])
      .where((eb) =>
        eb.or([
          eb.and([
            eb("entidad", "=", "extracto_linea"),
            eb(
              "id_entidad",
              "in",
              lineas.map((l) => l.id),
            ),
          ]),
          eb.and([
            eb("entidad", "=", "movimiento"),
            eb(
              "id_entidad",
              "in",
              movimientosNuevos.map((m) => m.id),
            ),
          ]),
        ]),
      )
      .execute();
    const cuenta = (entidad: string, accion: string) =>
      new Set(
        auditado
          .filter((a) => a.entidad === entidad && a.accion === accion)
          .map((a) => a.id_entidad),
      ).size;
    expect(cuenta("movimiento", "crear")).toBe(99);
    expect(cuenta("extracto_linea", "omitir")).toBe(199);
    expect(cuenta("extracto_linea", "conciliar")).toBe(101);
    expect(auditado).toHaveLength(99 + 199 + 101);
  });
});

describe("reglas", () => {
  it("CRUD auditado; categoría inexistente 400; campo desconocido 400", async () => {
    const creada = await ok(
      "POST",
      "/api/tesoreria/reglas",
      { texto: "IBERDROLA", tipo: "gasto", idCategoria: categorias.local, orden: 5 },
      201,
    );
    expect(creada).toMatchObject({
      texto: "IBERDROLA",
      categoria: "Local y suministros",
      activo: true,
    });
    const cambiada = await ok("PUT", `/api/tesoreria/reglas/${creada.id}`, {
      texto: "IBERDROLA CLIENTES",
      tipo: null,
      idCategoria: categorias.local,
      orden: 1,
      activo: false,
    });
    expect(cambiada).toMatchObject({ tipo: null, activo: false, orden: 1 });
    const lista = await ok("GET", "/api/tesoreria/reglas?pageSize=2");
    expect(lista).toMatchObject({ total: 3, pageSize: 2 });
    // By order, then id: the two of order 0 first.
    expect(lista.items.map((r: { orden: number }) => r.orden)).toEqual([0, 0]);
    const mala = await pedir("POST", "/api/tesoreria/reglas", { texto: "X", idCategoria: 999999 });
    expect(mala.statusCode).toBe(400);
    expect(mala.json().detalles[0].campo).toBe("idCategoria");
    const extra = await pedir("POST", "/api/tesoreria/reglas", {
      texto: "X",
      idCategoria: categorias.local,
      categoria: "Local",
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().detalles[0].campo).toBe("categoria");
    expect((await pedir("DELETE", `/api/tesoreria/reglas/${creada.id}`)).statusCode).toBe(204);
    expect((await pedir("DELETE", `/api/tesoreria/reglas/${creada.id}`)).statusCode).toBe(404);
    expect((await pedir("GET", `/api/tesoreria/reglas/${creada.id}`)).statusCode).toBe(404);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("entidad", "=", "regla_tesoreria")
      .where("id_entidad", "=", creada.id)
      .orderBy("id")
      .execute();
    expect(auditoria.map((x) => x.accion)).toEqual(["crear", "modificar", "borrar"]);
  });
});

describe("lo que no se puede anotar solo", () => {
  it("sin decisiones, una línea de un año cerrado queda pendiente y una de 0 € se omite; decidida a mano en el año cerrado es 409", async () => {
    const fecha = dia(-250);
    const anyo = Number(fecha.slice(0, 4));
    await ok("POST", "/api/tesoreria/cierres", { anyo }, 201);
    try {
      const f = norma43(
        cuentaN43(POPULAR, fecha, fecha, 0, [
          { fecha, importe: -990, concepto: "COMISION EMISION TARJETA" },
          { fecha, importe: 0, concepto: "AVISO SIN IMPORTE" },
        ]),
      );
      const manual = await subir(f, {
        confirmar: true,
        campos: {
          decisiones: JSON.stringify([
            { n: 1, accion: "nuevo", idCategoria: categorias.comisiones_bancarias },
          ]),
        },
      });
      expect(manual.statusCode, manual.body).toBe(409);
      const solo = await subir(f, { confirmar: true });
      expect(solo.statusCode, solo.body).toBe(201);
      expect(solo.json().cuentas[0].lineas.map((l: { estado: string }) => l.estado)).toEqual([
        "pendiente",
        "omitida",
      ]);
      expect(solo.json().cuentas[0].lineas[0].propuesta).toMatchObject({
        accion: "nuevo",
        categoria: "Comisiones bancarias",
      });
    } finally {
      expect((await pedir("DELETE", `/api/tesoreria/cierres/${anyo}`)).statusCode).toBe(204);
    }
  });
});
