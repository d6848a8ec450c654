import { expect } from "vitest";
import { BANCO_DEMO } from "../demo/seed-remesas.js";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "./entorno.js";
import { REDSYS_SIN_BANCO } from "./redsys-simulado.js";

/**
 * The set-up the treasury's tests share (issue 47): the app with online payment on (the
 * simulated merchant), the association with the demo bank (its IBAN is the «Banco» account's), a
 * board session and a member with a session, the «Caja» and «Banco» accounts the installation
 * starts with, and a direct-debit payment method. Each file adds its own accounts and masters.
 */
export type BaseTesoreria = {
  e: Entorno;
  admin: string;
  socio: { token: string; idSocio: number };
  cuentas: { caja: number; banco: number };
  domiciliada: number;
};

export async function prepararTesoreria(nombreFila: string): Promise<BaseTesoreria> {
  const e = await crearEntorno({ redsys: REDSYS_SIN_BANCO });
  await e.db
    .updateTable("asociacion")
    .set({ ...BANCO_DEMO, nombre: nombreFila, cif: "B85626240" })
    .where("id", "=", 1)
    .execute();
  const admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const c = await crearCuenta(e.db, { rol: "socio" });
  const socio = { token: await entrar(e.app, c.email), idSocio: c.idSocio as number };
  const base: BaseTesoreria = { e, admin, socio, cuentas: { caja: 0, banco: 0 }, domiciliada: 0 };
  const { ok } = utilidadesTesoreria(() => base);
  const lista = (await ok("GET", "/api/tesoreria/cuentas")).items as { id: number; tipo: string }[];
  base.cuentas.caja = lista.find((x) => x.tipo === "caja")?.id as number;
  base.cuentas.banco = lista.find((x) => x.tipo === "banco")?.id as number;
  base.domiciliada = (
    await ok("POST", "/api/formaspago", { nombre: "Domiciliación", domiciliada: true }, 201)
  ).id;
  return base;
}

export type Metodo = "GET" | "POST" | "PUT" | "DELETE";

/** Requests as the board (or `token`), a background job awaited, and the book read from the rows. */
export function utilidadesTesoreria(base: () => BaseTesoreria) {
  const pedir = (method: Metodo, url: string, payload?: unknown, token = base().admin) =>
    base().e.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** The request answered `estado` (200 unless told), or the test fails showing the body. */
  async function ok(method: Metodo, url: string, payload?: unknown, estado = 200) {
    const res = await pedir(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(estado);
    return res.json();
  }

  /** A 202 job (a remittance generated or collected) run to its end; its final state. */
  async function trabajo(res: { statusCode: number; body: string; json: () => unknown }) {
    expect(res.statusCode, res.body).toBe(202);
    const { idTrabajo } = res.json() as { idTrabajo: number };
    await base().e.app.servicios.trabajos.esperar(idTrabajo);
    return (await pedir("GET", `/api/trabajos/${idTrabajo}`)).json();
  }

  /** The book's movements of one origin, in order. */
  const movimientos = (origen: string) =>
    base()
      .e.db.selectFrom("tesoreria_movimiento")
      .selectAll()
      .where("origen_tipo", "=", origen as never)
      .orderBy("id")
      .execute();

  /** A movement's lines as {clave of the category: cents}. */
  async function lineasDe(idMovimiento: number) {
    const filas = await base()
      .e.db.selectFrom("tesoreria_linea as l")
      .innerJoin("tesoreria_categoria as c", "c.id", "l.id_categoria")
      .select(["c.clave", "l.importe"])
      .where("l.id_movimiento", "=", idMovimiento)
      .orderBy("l.id")
      .execute();
    return Object.fromEntries(filas.map((f) => [f.clave, Number(f.importe)]));
  }

  return { pedir, ok, trabajo, movimientos, lineasDe };
}
