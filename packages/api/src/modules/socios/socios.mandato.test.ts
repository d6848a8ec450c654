import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

// The SEPA mandate of a member (mandatoId, mandatoFecha): the administrador writes it; the
// member may read it on their own record but cannot change it.
let e: Entorno;
let admin = "";
let usuario = { token: "", idSocio: 0 };

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
  const cuenta = await crearCuenta(e.db, { rol: "usuario" });
  usuario = { token: await entrar(e.app, cuenta.email), idSocio: cuenta.idSocio as number };
});
afterAll(async () => {
  await e?.cerrar();
});

function llamar(metodo: "GET" | "POST" | "PATCH", url: string, token: string, payload?: object) {
  return e.app.inject({ method: metodo, url, payload, headers: bearer(token) });
}

describe("mandato SEPA del socio", () => {
  it("el administrador lo da de alta, lo cambia y lo lee", async () => {
    const alta = await llamar("POST", "/api/socios", admin, {
      nombre: "Vicent",
      apellidos: "Peñarroja",
      iban: "ES9121000418450200051332",
      mandatoId: " FILA-0042 ",
      mandatoFecha: "2024-03-01",
    });
    expect(alta.statusCode, alta.body).toBe(201);
    expect(alta.json()).toMatchObject({ mandatoId: "FILA-0042", mandatoFecha: "2024-03-01" });
    const id = alta.json().id;
    const cambio = await llamar("PATCH", `/api/socios/${id}`, admin, { mandatoId: "FILA-42-B" });
    expect(cambio.json()).toMatchObject({ mandatoId: "FILA-42-B", mandatoFecha: "2024-03-01" });
    const fila = await e.db
      .selectFrom("socio")
      .select(["mandato_id", "mandato_fecha"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(fila).toEqual({ mandato_id: "FILA-42-B", mandato_fecha: "2024-03-01" });
  });

  it("rechaza una referencia fuera del juego SEPA o de más de 35 caracteres y una fecha mala", async () => {
    const res = await llamar("PATCH", `/api/socios/${usuario.idSocio}`, admin, {
      mandatoId: "MANDATO-ÑÚ",
      mandatoFecha: "31/12/2024",
    });
    expect(res.statusCode).toBe(400);
    const campos = res
      .json()
      .detalles.map((d: { campo: string }) => d.campo)
      .sort();
    expect(campos).toEqual(["mandatoFecha", "mandatoId"]);
    const largo = await llamar("PATCH", `/api/socios/${usuario.idSocio}`, admin, {
      mandatoId: "X".repeat(36),
    });
    expect(largo.statusCode).toBe(400);
  });

  it("el socio lo ve en su ficha pero no puede cambiarlo", async () => {
    await e.db
      .updateTable("socio")
      .set({ mandato_id: "FILA-7", mandato_fecha: "2023-05-05" })
      .where("id", "=", usuario.idSocio)
      .execute();
    const propio = await llamar("PATCH", "/api/socios/yo", usuario.token, {
      telefono: "600111222",
      mandatoId: "OTRO",
      mandatoFecha: "2025-01-01",
    });
    // Not a field of Mis Datos: refused, naming it, and nothing changes (not even the phone).
    expect(propio.statusCode, propio.body).toBe(400);
    expect(propio.json().detalles.map((d: { campo: string }) => d.campo)).toEqual([
      "mandatoId",
      "mandatoFecha",
    ]);
    const mio = await llamar("GET", "/api/socios/yo", usuario.token);
    expect(mio.json()).toMatchObject({ mandatoId: "FILA-7", mandatoFecha: "2023-05-05" });
    expect(mio.json().telefono).not.toBe("600111222");
    const otro = await llamar("PATCH", `/api/socios/${usuario.idSocio}`, usuario.token, {
      mandatoId: "OTRO",
    });
    // Their own record by id behaves like /socios/yo: the mandate is not theirs to change.
    expect(otro.json().mandatoId).toBe("FILA-7");
    const fila = await e.db
      .selectFrom("socio")
      .select(["mandato_id", "mandato_fecha"])
      .where("id", "=", usuario.idSocio)
      .executeTakeFirstOrThrow();
    expect(fila).toEqual({ mandato_id: "FILA-7", mandato_fecha: "2023-05-05" });
  });
});
