// The emission computed by the database (PagosRepository.emitirProducto, issue 37 goal 4)
// against the rules of @fila/domain (`cargosDeEmision`), charge by charge, on members and
// products chosen for the edges: every payment frequency, prices by member type (0 and a few
// cents spread over 12 instalments), the levy's years (inside, outside, no year, one year), the
// ramell in one or five instalments, payers, members no longer active.
import { cargosDeEmision, hoyIso, type TipoProducto } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "../../test/entorno.js";
import { PagosRepository } from "./pagos.repository.js";

const ANYO = 2031;
const actor = { id: 0, rol: "administrador" as const, socioId: 0 };

let e: Entorno;
const productos: number[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  const usuario = await e.db
    .insertInto("usuario")
    .values({ email: "tesoreria@fila.test", rol: "administrador" })
    .returning("id")
    .executeTakeFirstOrThrow();
  actor.id = usuario.id;
  const tipos = (
    await e.db
      .insertInto("tipo_socio")
      .values([{ nombre: "Fester" }, { nombre: "Infantil" }, { nombre: "Juvenil" }])
      .returning("id")
      .execute()
  ).map((t) => t.id);
  const [fester, infantil, juvenil] = tipos as [number, number, number];
  const nuevo = async (
    nombre: string,
    tipo: TipoProducto,
    precio: number,
    precios: [number, number][] = [],
  ) => {
    const p = await e.db
      .insertInto("producto")
      .values({ nombre, anyo: ANYO, tipo, precio })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (precios.length > 0) {
      await e.db
        .insertInto("producto_precio")
        .values(precios.map(([t, c]) => ({ id_producto: p.id, id_tipo_socio: t, precio: c })))
        .execute();
    }
    productos.push(p.id);
  };
  // Cents: 100 € in general; 5 cents for the infantil (12 monthly instalments: 5 of 1 cent, the
  // rest 0 and not emitted); 0 for the juvenil (nothing).
  await nuevo(`Cuota ${ANYO}`, "cuota", 10000, [
    [infantil, 5],
    [juvenil, 0],
  ]);
  await nuevo(`Derrama ${ANYO}`, "derrama", 0);
  await nuevo(`Ramell ${ANYO}`, "ramell", 25003, [[juvenil, 3]]);
  await nuevo(`Lotería ${ANYO}`, "loteria", 2000, [[fester, 0]]);
  await nuevo(`Cena ${ANYO}`, "otro", 0, [[infantil, 777]]);
  await nuevo(`Entrada ${ANYO}`, "acto", 1250);

  const derramas = [
    { pagar_derrama: "no" },
    { pagar_derrama: "si", importe_derrama: 100000, anyo_derrama: 2030, anyos_pago_derrama: 3 },
    { pagar_derrama: "si", importe_derrama: 100, anyo_derrama: 2025, anyos_pago_derrama: 7 },
    { pagar_derrama: "si", importe_derrama: 5000, anyo_derrama: ANYO, anyos_pago_derrama: 1 },
    { pagar_derrama: "si", importe_derrama: 5000, anyo_derrama: null, anyos_pago_derrama: 3 },
    { pagar_derrama: "si", importe_derrama: 5000, anyo_derrama: 2028, anyos_pago_derrama: 3 },
    { pagar_derrama: "si", importe_derrama: 5000, anyo_derrama: ANYO + 1, anyos_pago_derrama: 2 },
    { pagar_derrama: "si", importe_derrama: 0, anyo_derrama: ANYO, anyos_pago_derrama: 2 },
    { pagar_derrama: "si", importe_derrama: 5000, anyo_derrama: ANYO, anyos_pago_derrama: 0 },
  ];
  const filas = [];
  let n = 0;
  for (const tipoPago of ["anual", "semestral", "trimestral", "mensual"]) {
    for (const idTipo of [fester, infantil, juvenil, null]) {
      for (const derrama of derramas) {
        n++;
        filas.push({
          nombre: `Socio ${n}`,
          apellidos: "Emisión",
          id_tipo_socio: idTipo,
          tipo_pago: tipoPago,
          ramell: n % 3 === 0 ? "no" : "si",
          tipo_pago_ramell: n % 2 === 0 ? "fraccionado" : "completo",
          activo: n % 11 !== 0,
          ...derrama,
        });
      }
    }
  }
  const socios = await e.db.insertInto("socio").values(filas).returning("id").execute();
  // Some pay for others.
  for (const [i, s] of socios.entries()) {
    if (i % 5 === 1) {
      await e.db
        .updateTable("socio")
        .set({ id_pagador: socios[i - 1]?.id ?? null })
        .where("id", "=", s.id)
        .execute();
    }
  }
});

afterAll(async () => {
  await e?.cerrar();
});

/** What the rules of @fila/domain give, read from the same members and products. */
async function esperados() {
  const repo = new PagosRepository(e.db);
  const [socios, prods] = await Promise.all([repo.sociosParaEmision(), repo.productos(productos)]);
  return prods.flatMap((p) =>
    socios.flatMap((s) =>
      cargosDeEmision(
        s,
        {
          id: p.id,
          nombre: p.nombre,
          tipo: p.tipo,
          precioCentimos: p.precio,
          preciosPorTipo: p.preciosPorTipo,
        },
        ANYO,
      ),
    ),
  );
}

const emitidos = () =>
  e.db
    .selectFrom("pago")
    .select([
      "id",
      "id_socio",
      "id_pagador",
      "id_producto",
      "anyo",
      "concepto",
      "importe",
      "fecha_emision",
      "fecha_vencimiento",
      "plazo",
      "plazos",
      "clave_emision",
      "estado",
    ])
    .where("anyo", "=", ANYO)
    .orderBy("id")
    .execute();

describe("emisión calculada por la base de datos", () => {
  it("da los mismos cargos que las reglas del dominio, en céntimos, y la vista previa los mismos totales", async () => {
    const esperado = await esperados();
    expect(esperado.length).toBeGreaterThan(300);
    const socioConCargo = new Set(esperado.map((c) => c.idSocio));

    const pagos = e.app.servicios.pagos;
    const previa = await pagos.emitir(actor, { anyo: ANYO, productos, confirmar: false });
    expect(await emitidos()).toEqual([]);
    const importe = esperado.reduce((t, c) => t + c.importeCentimos, 0);
    expect(previa).toMatchObject({
      numCargos: esperado.length,
      nuevos: esperado.length,
      yaExistian: 0,
      numSocios: socioConCargo.size,
      importe: importe / 100,
      importeNuevos: importe / 100,
    });

    const avances: number[] = [];
    const r = await pagos.emitir(actor, { anyo: ANYO, productos, confirmar: true }, (f) =>
      avances.push(f),
    );
    expect(avances).toEqual(productos.map((_, i) => (i + 1) / productos.length));
    const { confirmado: _c, ...sinConfirmar } = previa;
    const { confirmado: _r, ...confirmada } = r;
    expect(confirmada).toEqual(sinConfirmar);

    const filas = await emitidos();
    const hoy = hoyIso();
    const comoDominio = filas.map((f) => ({
      idSocio: f.id_socio,
      idPagador: f.id_pagador,
      idProducto: f.id_producto,
      anyo: f.anyo,
      concepto: f.concepto,
      importeCentimos: Number(f.importe),
      plazo: f.plazo,
      plazos: f.plazos,
      fechaVencimiento: f.fecha_vencimiento,
      claveEmision: f.clave_emision,
    }));
    // Same charges, in the same order (product, member, instalment) as the ids were given.
    expect(comoDominio).toEqual(esperado);
    expect(filas.every((f) => f.fecha_emision === hoy && f.estado === "pendiente")).toBe(true);
    // The edges are there: 1-cent instalments, a levy's 7th year, a single-year levy.
    expect(comoDominio.some((c) => c.importeCentimos === 1 && c.plazos === 12)).toBe(true);
    expect(comoDominio.some((c) => c.concepto === `Derrama ${ANYO} (año 7/7)`)).toBe(true);
    expect(comoDominio.some((c) => c.concepto === `Derrama ${ANYO}`)).toBe(true);
    expect(comoDominio.some((c) => c.concepto === `Ramell ${ANYO} (plazo 5/5)`)).toBe(true);
  });

  it("emitida otra vez no crea nada; un socio con parte de sus cargos cuenta como ya emitido", async () => {
    const antes = await emitidos();
    const uno = antes.find((f) => f.plazos === 12);
    await e.db.deleteFrom("pago").where("id", "=", Number(uno?.id)).execute();
    const r = await e.app.servicios.pagos.emitir(actor, {
      anyo: ANYO,
      productos,
      confirmar: true,
    });
    expect(r).toMatchObject({ nuevos: 0, importeNuevos: 0, yaExistian: r.numCargos });
    expect(r.numCargos).toBe(antes.length);
    expect(await emitidos()).toHaveLength(antes.length - 1);
  });
});
