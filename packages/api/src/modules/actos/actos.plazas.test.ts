import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// The places taken by each event are kept in `acto.ocupadas` (migration 0010), which the
// enrolment checks against the capacity. Whatever adds, changes or removes enrolments must
// leave it equal to the members plus guests actually enrolled.

let e: Entorno;
let token: string;

beforeAll(async () => {
  e = await crearEntorno();
  const admin = await crearCuenta(e.db, { rol: "administrador" });
  token = await entrar(e.app, admin.email);
});

afterAll(async () => {
  await e?.cerrar();
});

const dentroDe = (dias: number) =>
  new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);

type Metodo = "POST" | "PUT" | "PATCH" | "DELETE";
const llamar = (method: Metodo, url: string, payload?: object) =>
  e.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function socios(n: number, nombre: string): Promise<number[]> {
  const filas = await e.db
    .insertInto("socio")
    .values(Array.from({ length: n }, (_, i) => ({ nombre: `${nombre}${i}`, apellidos: "Plazas" })))
    .returning("id")
    .execute();
  return filas.map((f) => f.id);
}

/** The event's counter and the places its enrolments really take. */
async function plazas(idActo: number): Promise<{ contador: number; reales: number }> {
  const { ocupadas } = await e.db
    .selectFrom("acto")
    .select("ocupadas")
    .where("id", "=", idActo)
    .executeTakeFirstOrThrow();
  const { personas } = await e.db
    .selectFrom("inscripcion")
    .select((eb) =>
      eb.fn.coalesce(eb.fn.sum<number>(eb("invitados", "+", 1)), eb.lit(0)).as("personas"),
    )
    .where("id_acto", "=", idActo)
    .executeTakeFirstOrThrow();
  return { contador: Number(ocupadas), reales: Number(personas) };
}

describe("plazas ocupadas de un acto", () => {
  it("siguen a inscribir, cambiar invitados y cancelar, y la plaza liberada vuelve a ocuparse", async () => {
    const [a, b, c] = (await socios(3, "Aforo")) as [number, number, number];
    const creado = await llamar("POST", "/api/actos", {
      nombre: "Cena de cuatro",
      fecha: dentroDe(30),
      aforo: 4,
      listaEspera: false,
      invitadosMax: 2,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const id = creado.json().id as number;
    const inscribir = (idSocio: number, invitados = 0) =>
      llamar("POST", `/api/actos/${id}/inscripciones`, { idSocio, invitados });

    const deA = await inscribir(a, 2);
    expect(deA.statusCode, deA.body).toBe(201);
    expect(await plazas(id)).toEqual({ contador: 3, reales: 3 });
    const deB = await inscribir(b);
    expect(deB.statusCode).toBe(201);
    expect(await plazas(id)).toEqual({ contador: 4, reales: 4 });
    const lleno = await inscribir(c);
    expect(lleno.statusCode).toBe(409);
    expect(lleno.json().mensaje).toBe("No quedan plazas");
    expect((await inscribir(b)).statusCode).toBe(409);
    expect(await plazas(id)).toEqual({ contador: 4, reales: 4 });

    const menos = await llamar("PATCH", `/api/actos/${id}/inscripciones/${deA.json().id}`, {
      invitados: 0,
    });
    expect(menos.statusCode, menos.body).toBe(200);
    expect(await plazas(id)).toEqual({ contador: 2, reales: 2 });
    expect((await inscribir(c, 1)).statusCode).toBe(201);
    expect(await plazas(id)).toEqual({ contador: 4, reales: 4 });

    const cancelada = await llamar("DELETE", `/api/actos/${id}/inscripciones/${deB.json().id}`);
    expect(cancelada.statusCode).toBe(200);
    expect(await plazas(id)).toEqual({ contador: 3, reales: 3 });
    expect((await inscribir(b)).statusCode).toBe(201);
    expect(await plazas(id)).toEqual({ contador: 4, reales: 4 });
  });

  it("siguen a la inscripción automática y a borrar un socio inscrito", async () => {
    const creado = await llamar("POST", "/api/actos", {
      nombre: "Asamblea con plazas",
      fecha: dentroDe(10),
      inscripcionAutomatica: true,
      aforo: 5000,
    });
    expect(creado.statusCode, creado.body).toBe(201);
    const id = creado.json().id as number;
    const inicial = await plazas(id);
    expect(inicial.contador).toBe(inicial.reales);
    expect(inicial.reales).toBeGreaterThan(0);

    const nuevo = await llamar("POST", "/api/socios", { nombre: "Recién", apellidos: "Llegado" });
    expect(nuevo.statusCode, nuevo.body).toBe(201);
    expect(await plazas(id)).toEqual({ contador: inicial.reales + 1, reales: inicial.reales + 1 });

    const borrado = await llamar("DELETE", `/api/socios/${nuevo.json().id}`);
    expect(borrado.statusCode, borrado.body).toBe(204);
    expect(await plazas(id)).toEqual(inicial);
    await llamar("POST", `/api/actos/${id}/cancelacion`);
  });

  it("con el aforo reducido mientras llegan inscripciones, no se supera el nuevo aforo", async () => {
    const ids = await socios(30, "Reducido");
    const creado = await llamar("POST", "/api/actos", {
      nombre: "Aforo que se reduce",
      fecha: dentroDe(30),
      aforo: 30,
      listaEspera: false,
    });
    const id = creado.json().id as number;
    const [primero, ...resto] = ids as [number, ...number[]];
    expect(
      (await llamar("POST", `/api/actos/${id}/inscripciones`, { idSocio: primero })).statusCode,
    ).toBe(201);
    const respuestas = await Promise.all([
      ...resto.map((idSocio) => llamar("POST", `/api/actos/${id}/inscripciones`, { idSocio })),
      llamar("PUT", `/api/actos/${id}`, {
        nombre: "Aforo que se reduce",
        fecha: dentroDe(30),
        aforo: 10,
        listaEspera: false,
      }),
    ]);
    const edicion = respuestas.at(-1);
    const { contador, reales } = await plazas(id);
    expect(contador).toBe(reales);
    expect([200, 400]).toContain(edicion?.statusCode);
    expect(reales).toBeLessThanOrEqual(edicion?.statusCode === 200 ? 10 : 30);
    expect(respuestas.slice(0, -1).every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(
      true,
    );
  });
});
