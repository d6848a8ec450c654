import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { erroresXsdPain008 } from "../test/xsd-sepa.js";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "./seed-demo.js";

// The demo filà can generate a SEPA remittance right after start: complete bank settings and
// a mandate for every member who pays by direct debit.
let e: Entorno;
let token = "";

beforeAll(async () => {
  e = await crearEntorno();
  await cargarDemo(e.db);
  token = await entrar(e.app, CUENTAS_DEMO.administrador, PASSWORD_DEMO);
});
afterAll(async () => {
  await e?.cerrar();
});

describe("demo de remesas", () => {
  it("la asociación tiene datos bancarios completos y su identificador de acreedor", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: "/api/asociacion",
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      iban: expect.stringMatching(/^ES\d{22}$/),
      bic: "CAIXESBBXXX",
      sufijoAcreedor: "000",
      identificadorAcreedor: expect.stringMatching(/^ES\d{2}000G\d{8}$/),
    });
  });

  it("todo socio que paga domiciliado tiene mandato FILA-<matrícula> con fecha", async () => {
    const domiciliados = await e.db
      .selectFrom("socio")
      .innerJoin("forma_pago", "forma_pago.id", "socio.id_forma_pago")
      .select(["socio.matricula", "socio.mandato_id", "socio.mandato_fecha", "socio.iban"])
      .where("forma_pago.domiciliada", "=", true)
      .execute();
    expect(domiciliados.length).toBeGreaterThan(10);
    for (const s of domiciliados) {
      expect(s.iban).not.toBe("");
      expect(s.mandato_id).toBe(`FILA-${String(s.matricula).padStart(4, "0")}`);
      expect(s.mandato_fecha).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it("con cargos pendientes se genera una remesa válida sin excluidos", async () => {
    const pagadores = await e.db
      .selectFrom("socio")
      .innerJoin("forma_pago", "forma_pago.id", "socio.id_forma_pago")
      .select("socio.id")
      .where("forma_pago.domiciliada", "=", true)
      .where("socio.id_pagador", "is", null)
      .limit(20)
      .execute();
    await e.db
      .insertInto("pago")
      .values(
        pagadores.map((p) => ({
          id_socio: p.id,
          id_pagador: p.id,
          anyo: 2026,
          concepto: "Quota 2026 · Filà",
          importe: 12345,
          fecha_emision: "2026-01-01",
          fecha_vencimiento: "2026-01-31",
        })),
      )
      .execute();
    const lanzado = await e.app.inject({
      method: "POST",
      url: "/api/remesas",
      headers: bearer(token),
      payload: { fechaCobro: hoyIso(), hasta: "2026-12-31" },
    });
    // A background job (202 {idTrabajo}): its result is the summary, with `id` and `excluidos`.
    expect(lanzado.statusCode, lanzado.body).toBe(202);
    const { idTrabajo } = lanzado.json();
    await e.app.servicios.trabajos.esperar(idTrabajo);
    const fin = await e.app.servicios.trabajos.leer(idTrabajo);
    expect(fin?.estado, fin?.error ?? "").toBe("terminado");
    const resumen = fin?.resultado as { id: number; excluidos: unknown[] };
    expect(resumen.excluidos).toEqual([]);
    const res = await e.app.inject({ url: `/api/remesas/${resumen.id}`, headers: bearer(token) });
    // The demo's own fees (seed-pagos) may add more debits: ours are there too.
    const incluidos = new Set(res.json().adeudos.map((a: { idPagador: number }) => a.idPagador));
    for (const p of pagadores) expect(incluidos.has(p.id)).toBe(true);
    const xml = await e.app.inject({
      method: "GET",
      url: `/api/remesas/${res.json().id}/xml`,
      headers: bearer(token),
    });
    expect(await erroresXsdPain008(xml.body)).toEqual([]);
  });
});
