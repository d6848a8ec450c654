import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  crearCuenta,
  crearEntorno,
  type Entorno,
  entrar,
  PASSWORD_PRUEBA,
} from "../../test/entorno.js";

let e: Entorno;

beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

const cambiar = (payload: unknown, token?: string) =>
  e.app.inject({
    method: "PUT",
    url: "/api/sesion/idioma",
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

describe("PUT /api/sesion/idioma", () => {
  it("una cuenta nueva es castellano; el cambio se guarda en la cuenta y lo ven sus otras sesiones", async () => {
    const c = await crearCuenta(e.db, { rol: "socio" });
    const login = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: c.email, password: PASSWORD_PRUEBA },
    });
    expect(login.json().idioma).toBe("es");
    const token = login.json().accessToken as string;
    const res = await cambiar({ idioma: "va" }, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, email: c.email, rol: "socio", idioma: "va" });
    // Another device: the account's language wins.
    const otro = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: c.email, password: PASSWORD_PRUEBA },
    });
    expect(otro.json().idioma).toBe("va");
    const sesion = await e.app.inject({ url: "/api/sesion", headers: bearer(token) });
    expect(sesion.json().idioma).toBe("va");
    expect((await cambiar({ idioma: "es" }, token)).json().idioma).toBe("es");
    const fila = await e.db
      .selectFrom("usuario")
      .select("idioma")
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(fila.idioma).toBe("es");
  });

  it("400 con un idioma que no existe, sin idioma o con campos de más; 401 sin sesión", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    for (const cuerpo of [
      { idioma: "en" },
      { idioma: "" },
      {},
      { idioma: 1 },
      { idioma: "va", x: 1 },
    ]) {
      const res = await cambiar(cuerpo, token);
      expect(res.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(res.json().error).toBe("validacion");
    }
    expect((await cambiar({ idioma: "va" })).statusCode).toBe(401);
  });

  it("se puede cambiar con las condiciones sin aceptar y con la verificación en dos pasos por activar", async () => {
    const sinCondiciones = await crearCuenta(e.db, { condiciones: false });
    const t1 = await entrar(e.app, sinCondiciones.email);
    expect((await e.app.inject({ url: "/api/socios/yo", headers: bearer(t1) })).statusCode).toBe(
      403,
    );
    expect((await cambiar({ idioma: "va" }, t1)).statusCode).toBe(200);

    const renovar = await crearCuenta(e.db, { rol: "usuario" });
    await e.db
      .updateTable("usuario")
      .set({ totp_renovar: true })
      .where("id", "=", renovar.id)
      .execute();
    const t2 = await entrar(e.app, renovar.email);
    const bloqueada = await e.app.inject({ url: "/api/socios/yo", headers: bearer(t2) });
    expect(bloqueada.statusCode).toBe(403);
    const res = await cambiar({ idioma: "va" }, t2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().idioma).toBe("va");
  });

  it("dos cambios a la vez dejan uno de los dos, sin error", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const respuestas = await Promise.all(
      Array.from({ length: 6 }, (_, i) => cambiar({ idioma: i % 2 ? "va" : "es" }, token)),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const fila = await e.db
      .selectFrom("usuario")
      .select("idioma")
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(["es", "va"]).toContain(fila.idioma);
  });

  it("los correos van en el idioma de la cuenta que los recibe", async () => {
    const va = await crearCuenta(e.db);
    const es = await crearCuenta(e.db);
    await e.db.updateTable("usuario").set({ idioma: "va" }).where("id", "=", va.id).execute();
    for (const c of [va, es]) {
      const res = await e.app.inject({
        method: "POST",
        url: "/api/login/psswdrst",
        payload: { email: c.email },
      });
      expect(res.statusCode).toBe(200);
    }
    await e.app.servicios.mail.esperarEnvios();
    const ultimo = (para: string) =>
      e.db
        .selectFrom("correo_saliente")
        .select(["asunto", "texto"])
        .where("para", "=", para)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
    const enVa = await ultimo(va.email);
    expect(enVa.asunto).toBe("Restablir la teua contrasenya");
    expect(enVa.texto).toContain("Hem rebut una petició per a restablir la contrasenya");
    const enEs = await ultimo(es.email);
    expect(enEs.asunto).toBe("Restablecer tu contraseña");
  });
});
