import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearEntorno, type Entorno } from "../../test/entorno.js";

let e: Entorno;

beforeAll(async () => {
  e = await crearEntorno();
});

afterAll(async () => {
  await e?.cerrar();
});

describe("la limpieza de los límites de intentos", () => {
  it("olvida las claves cuya ventana de 15 minutos ya terminó y deja las que siguen contando", async () => {
    await e.db
      .insertInto("limite_intento")
      .values([
        {
          clave: "login:ip:203.0.113.7",
          intentos: 20,
          desde: sql<Date>`now() - interval '16 minutes'`,
        },
        { clave: "login:cuenta:9", intentos: 3, desde: sql<Date>`now() - interval '5 minutes'` },
      ])
      .execute();
    expect(await e.app.servicios.limitesIntento.olvidarCaducados()).toBe(1);
    const quedan = await e.db.selectFrom("limite_intento").select(["clave", "intentos"]).execute();
    expect(quedan).toEqual([{ clave: "login:cuenta:9", intentos: 3 }]);
  });
});
