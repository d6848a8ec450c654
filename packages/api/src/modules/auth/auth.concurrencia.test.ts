import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crearCuenta, crearEntorno, type Entorno } from "../../test/entorno.js";
import { ENLACES_RESET_POR_HORA } from "./auth.service.js";

/**
 * The limit of password-reset links per account and hour under simultaneous requests: on
 * PostgreSQL (DATABASE_URL) every request has its own connection and transaction, and counting
 * the account's recent links and adding one happen with the account's row locked, so that no two
 * requests both count below the limit and both add.
 */
let e: Entorno;

beforeAll(async () => {
  e = await crearEntorno();
});

afterAll(async () => {
  await e?.cerrar();
});

const PETICIONES = 24;

describe("enlaces para restablecer la contraseña, con peticiones simultáneas", () => {
  it(`${PETICIONES} peticiones a la vez para una cuenta dan ${ENLACES_RESET_POR_HORA} enlaces y ${ENLACES_RESET_POR_HORA} correos, no más`, async () => {
    const c = await crearCuenta(e.db);
    const respuestas = await Promise.all(
      Array.from({ length: PETICIONES }, (_, i) =>
        e.app.inject({
          method: "POST",
          url: "/api/login/psswdrst",
          payload: { email: c.email },
          // Each from its own address: the limit per address is another one.
          remoteAddress: `10.7.${i}.1`,
        }),
      ),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(PETICIONES).fill(200));
    const enlaces = await e.db
      .selectFrom("token_acceso")
      .select("id")
      .where("id_usuario", "=", c.id)
      .where("tipo", "=", "reset")
      .execute();
    expect(enlaces).toHaveLength(ENLACES_RESET_POR_HORA);
    await e.app.servicios.mail.esperarEnvios();
    const correos = await e.db
      .selectFrom("correo_saliente")
      .select("id")
      .where("para", "=", c.email)
      .execute();
    expect(correos).toHaveLength(ENLACES_RESET_POR_HORA);
  });
});
