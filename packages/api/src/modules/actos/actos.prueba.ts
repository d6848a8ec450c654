import { hoyIso } from "@fila/domain";
import { afterAll, beforeAll } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

/**
 * What the route tests of events (actos.routes.test.ts) and of enrolments
 * (inscripciones.routes.test.ts) share: one environment per file with two member types and some
 * accounts, set by `prepararActos()` before the tests (the bindings below are read after it).
 */
export let e: Entorno;

export type Cuenta = { token: string; idSocio: number; id: number };
export let admin: Cuenta;
export let usuarioA: Cuenta;
export let usuarioB: Cuenta;
export let socioC: Cuenta;
export let sinSocio: Cuenta;
/** A member whose charges usuarioA pays (idPagador = A), of the child type. */
export let hijoDeA: number;
export let tipoAdulto: number;
export let tipoInfantil: number;

export const hoy = hoyIso();
export function dia(desplazamiento: number): string {
  const d = new Date(`${hoy}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + desplazamiento);
  return d.toISOString().slice(0, 10);
}

export async function cuenta(rol: "administrador" | "usuario" | "socio", conSocio = true) {
  const c = await crearCuenta(e.db, { rol, conSocio });
  if (c.idSocio) {
    await e.db
      .updateTable("socio")
      .set({ id_tipo_socio: tipoAdulto })
      .where("id", "=", c.idSocio)
      .execute();
  }
  return { token: await entrar(e.app, c.email), idSocio: c.idSocio ?? 0, id: c.id };
}

export type Metodo = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const llamar = (method: Metodo, url: string, token?: string, payload?: unknown) =>
  e.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const cena = () => ({
  nombre: "Cena de gala",
  fecha: dia(30),
  hora: "21:30",
  lugar: "Casal",
  sePaga: true,
  aforo: 10,
  // Full means refused here; the wait-list has its own tests.
  listaEspera: false,
  invitadosMax: 2,
  precioInvitado: 20.25,
  menus: ["Carne", "Pescado"],
  fechaMaximaInscripcion: dia(20),
  puntos: 5,
  precios: [
    { idTipoSocio: tipoAdulto, precio: 35.5 },
    { idTipoSocio: tipoInfantil, precio: 12 },
  ],
});

export async function crearActo(datos: Record<string, unknown> = {}) {
  const res = await llamar("POST", "/api/actos", admin.token, { ...cena(), ...datos });
  if (res.statusCode !== 201) throw new Error(`crear acto ${res.statusCode}: ${res.body}`);
  return res.json() as { id: number; [k: string]: unknown };
}

/** Moves an event to today, as if it were being held (enrolments are made before). */
export async function celebrarHoy(idActo: number) {
  await e.db.updateTable("acto").set({ fecha: hoy }).where("id", "=", idActo).execute();
}

export async function inscribir(token: string, idActo: number, cuerpo: Record<string, unknown>) {
  return llamar("POST", `/api/actos/${idActo}/inscripciones`, token, cuerpo);
}

export async function contar(tabla: "inscripcion" | "pago" | "acto") {
  const r = await e.db
    .selectFrom(tabla)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function prepararActos(): void {
  beforeAll(async () => {
    e = await crearEntorno();
    for (const [nombre, color] of [
      ["Adulto", "#1971c2"],
      ["Infantil", "#e8590c"],
    ] as const) {
      const t = await e.db
        .insertInto("tipo_socio")
        .values({ nombre, descripcion: nombre, color })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (nombre === "Adulto") tipoAdulto = t.id;
      else tipoInfantil = t.id;
    }
    admin = await cuenta("administrador");
    usuarioA = await cuenta("usuario");
    usuarioB = await cuenta("usuario");
    socioC = await cuenta("socio");
    sinSocio = await cuenta("usuario", false);
    const hijo = await e.db
      .insertInto("socio")
      .values({
        nombre: "Pau",
        apellidos: "Hijo De A",
        id_pagador: usuarioA.idSocio,
        id_tipo_socio: tipoInfantil,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    hijoDeA = hijo.id;
  });

  afterAll(async () => {
    await e?.cerrar();
  });
}
