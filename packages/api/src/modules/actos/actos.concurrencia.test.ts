import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
let token: string;

const AFORO = 30;
const PETICIONES = 100;

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
});

afterAll(async () => {
  await e?.cerrar();
});

function dentroDe(dias: number): string {
  return new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
}

describe("aforo bajo concurrencia", () => {
  it(`con aforo ${AFORO} y ${PETICIONES} inscripciones simultáneas se ocupan exactamente ${AFORO} plazas`, async () => {
    const socios = await e.db
      .insertInto("socio")
      .values(
        Array.from({ length: PETICIONES }, (_, i) => ({
          nombre: `Concurrente${i}`,
          apellidos: "Carrera",
        })),
      )
      .returning("id")
      .execute();
    const creado = await e.app.inject({
      method: "POST",
      url: "/api/actos",
      headers: bearer(token),
      payload: { nombre: "Cena con aforo", fecha: dentroDe(30), aforo: AFORO, sePaga: false },
    });
    expect(creado.statusCode).toBe(201);
    const idActo = creado.json().id as number;

    const respuestas = await Promise.all(
      socios.map((s) =>
        e.app.inject({
          method: "POST",
          url: `/api/actos/${idActo}/inscripciones`,
          headers: bearer(token),
          payload: { idSocio: s.id },
        }),
      ),
    );
    const creadas = respuestas.filter((r) => r.statusCode === 201);
    const rechazadas = respuestas.filter((r) => r.statusCode === 409);
    expect(creadas).toHaveLength(AFORO);
    expect(rechazadas).toHaveLength(PETICIONES - AFORO);
    expect(new Set(rechazadas.map((r) => r.json().mensaje))).toEqual(new Set(["No quedan plazas"]));

    const filas = await e.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(Number(filas.n)).toBe(AFORO);
  });

  it("con invitados también: nunca se supera el aforo contando socios e invitados", async () => {
    const socios = await e.db
      .insertInto("socio")
      .values(
        Array.from({ length: 40 }, (_, i) => ({ nombre: `Invitador${i}`, apellidos: "Carrera" })),
      )
      .returning("id")
      .execute();
    const creado = await e.app.inject({
      method: "POST",
      url: "/api/actos",
      headers: bearer(token),
      payload: { nombre: "Cena con invitados", fecha: dentroDe(30), aforo: 25, invitadosMax: 2 },
    });
    const idActo = creado.json().id as number;
    const respuestas = await Promise.all(
      socios.map((s, i) =>
        e.app.inject({
          method: "POST",
          url: `/api/actos/${idActo}/inscripciones`,
          headers: bearer(token),
          payload: { idSocio: s.id, invitados: i % 3 },
        }),
      ),
    );
    expect(respuestas.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const { personas } = await e.db
      .selectFrom("inscripcion")
      .select((eb) => eb.fn.sum<number>(eb("invitados", "+", 1)).as("personas"))
      .where("id_acto", "=", idActo)
      .executeTakeFirstOrThrow();
    expect(Number(personas)).toBeLessThanOrEqual(25);
    expect(Number(personas)).toBeGreaterThanOrEqual(23);
  });
});
