import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { codigoTotp } from "../../lib/totp.js";
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

const PASO_MS = 30_000;

const pedir = (
  method: "GET" | "POST" | "DELETE" | "PUT",
  url: string,
  token?: string,
  payload?: object,
) => e.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const login = (email: string, codigo?: string, ip = "10.0.0.1") =>
  e.app.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: ip,
    payload:
      codigo === undefined
        ? { email, password: PASSWORD_PRUEBA }
        : { email, password: PASSWORD_PRUEBA, codigo },
  });

/** An account with TOTP on: its secret, its recovery codes and a session token. */
async function cuentaConTotp(rol: "administrador" | "usuario" | "socio" = "usuario") {
  const c = await crearCuenta(e.db, { rol });
  const token = await entrar(e.app, c.email);
  const inicio = await pedir("POST", "/api/cuenta/totp", token);
  expect(inicio.statusCode).toBe(200);
  const { secreto } = inicio.json();
  const confirmacion = await pedir("POST", "/api/cuenta/totp/confirmacion", token, {
    codigo: codigoTotp(secreto),
  });
  expect(confirmacion.statusCode).toBe(200);
  return {
    ...c,
    token,
    secreto,
    recuperacion: confirmacion.json().codigosRecuperacion as string[],
  };
}

describe("activar la verificación en dos pasos", () => {
  it("da un secreto base32 y una URL otpauth SHA-1, 6 cifras, 30 s; aún no está activa", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const res = await pedir("POST", "/api/cuenta/totp", token);
    expect(res.statusCode).toBe(200);
    const { secreto, otpauthUrl } = res.json();
    expect(secreto).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(url.searchParams.get("secret")).toBe(secreto);
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(url.pathname)).toContain(c.email);
    const estado = await pedir("GET", "/api/cuenta/totp", token);
    expect(estado.json()).toMatchObject({ activo: false, pendiente: false });
    // Not on yet: the password alone still signs in.
    expect((await login(c.email)).statusCode).toBe(200);
  });

  it("con un primer código la activa y da 10 códigos de recuperación que solo se guardan con hash", async () => {
    const c = await cuentaConTotp();
    expect(c.recuperacion).toHaveLength(10);
    expect(new Set(c.recuperacion).size).toBe(10);
    for (const codigo of c.recuperacion) expect(codigo).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const guardados = await e.db
      .selectFrom("totp_recuperacion")
      .select("codigo_hash")
      .where("id_usuario", "=", c.id)
      .execute();
    expect(guardados).toHaveLength(10);
    const texto = JSON.stringify(guardados);
    for (const codigo of c.recuperacion) {
      expect(texto).not.toContain(codigo);
      expect(texto).not.toContain(codigo.replace("-", ""));
    }
    const estado = await pedir("GET", "/api/cuenta/totp", c.token);
    expect(estado.json()).toMatchObject({ activo: true, codigosRestantes: 10 });
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("accion")
      .where("id_entidad", "=", c.id)
      .where("entidad", "=", "usuario")
      .execute();
    expect(auditoria.map((a) => a.accion)).toContain("activar_totp");
  });

  it("un código erróneo al confirmar es un 400 en español y no la activa; sin secreto es un 409", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const sinSecreto = await pedir("POST", "/api/cuenta/totp/confirmacion", token, {
      codigo: "123456",
    });
    expect(sinSecreto.statusCode).toBe(409);
    const { secreto } = (await pedir("POST", "/api/cuenta/totp", token)).json();
    const malo = String((Number(codigoTotp(secreto)) + 1) % 1_000_000).padStart(6, "0");
    const res = await pedir("POST", "/api/cuenta/totp/confirmacion", token, { codigo: malo });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "codigo_incorrecto",
      mensaje: expect.stringMatching(/código/),
    });
    expect((await pedir("GET", "/api/cuenta/totp", token)).json().activo).toBe(false);
    // Activated already: a new secret is refused until it is turned off.
    const ok = await pedir("POST", "/api/cuenta/totp/confirmacion", token, {
      codigo: codigoTotp(secreto),
    });
    expect(ok.statusCode).toBe(200);
    expect((await pedir("POST", "/api/cuenta/totp", token)).statusCode).toBe(409);
  });

  it("pide sesión y valida el cuerpo", async () => {
    expect((await pedir("POST", "/api/cuenta/totp")).statusCode).toBe(401);
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const res = await pedir("POST", "/api/cuenta/totp/confirmacion", token, { codigo: "" });
    expect(res.statusCode).toBe(400);
    const extra = await pedir("POST", "/api/cuenta/totp/confirmacion", token, {
      codigo: "1",
      otro: 1,
    });
    expect(extra.statusCode).toBe(400);
  });

  it("cinco códigos erróneos seguidos al confirmar dan 429", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    await pedir("POST", "/api/cuenta/totp", token);
    for (let i = 0; i < 5; i++) {
      const r = await pedir("POST", "/api/cuenta/totp/confirmacion", token, { codigo: "000000" });
      expect([400]).toContain(r.statusCode);
    }
    const res = await pedir("POST", "/api/cuenta/totp/confirmacion", token, { codigo: "000000" });
    expect(res.statusCode).toBe(429);
  });
});

describe("entrar con la verificación en dos pasos", () => {
  it("sin código: 401 codigo_requerido sin token ni datos de la cuenta", async () => {
    const c = await cuentaConTotp();
    const res = await login(c.email);
    expect(res.statusCode).toBe(401);
    const cuerpo = res.json();
    expect(cuerpo.error).toBe("codigo_requerido");
    expect(cuerpo.mensaje).toMatch(/código/);
    expect(Object.keys(cuerpo).sort()).toEqual(["detalles", "error", "mensaje"]);
    expect(res.body).not.toContain(c.email);
  });

  it("con la contraseña errónea sigue siendo credenciales_invalidas aunque lleve código", async () => {
    const c = await cuentaConTotp();
    const res = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: c.email, password: "otra-mala-del-todo", codigo: codigoTotp(c.secreto) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("credenciales_invalidas");
  });

  it("entra con el código del paso siguiente (±1) y no acepta el mismo código otra vez", async () => {
    const c = await cuentaConTotp();
    const siguiente = codigoTotp(c.secreto, Date.now() + PASO_MS);
    const ok = await login(c.email, siguiente);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: c.id, accessToken: expect.any(String) });
    const repetido = await login(c.email, siguiente);
    expect(repetido.statusCode).toBe(401);
    expect(repetido.json().error).toBe("codigo_incorrecto");
    // An older code than the last accepted one is refused too.
    const actual = await login(c.email, codigoTotp(c.secreto));
    expect(actual.json().error).toBe("codigo_incorrecto");
  });

  it("no acepta un código de dos pasos atrás", async () => {
    const c = await cuentaConTotp();
    const viejo = await login(c.email, codigoTotp(c.secreto, Date.now() - 2 * PASO_MS));
    expect(viejo.statusCode).toBe(401);
    expect(viejo.json().error).toBe("codigo_incorrecto");
  });

  it("un código de recuperación sirve una sola vez, con o sin guion y en minúsculas", async () => {
    const c = await cuentaConTotp();
    const codigo = c.recuperacion[3];
    const ok = await login(c.email, codigo.replace("-", "").toLowerCase());
    expect(ok.statusCode).toBe(200);
    const otra = await login(c.email, codigo);
    expect(otra.statusCode).toBe(401);
    expect(otra.json().error).toBe("codigo_incorrecto");
    const estado = await pedir("GET", "/api/cuenta/totp", c.token);
    expect(estado.json().codigosRestantes).toBe(9);
  });

  it("los códigos erróneos cuentan en el límite de intentos del login (429)", async () => {
    const c = await cuentaConTotp();
    for (let i = 0; i < 5; i++) {
      const r = await login(c.email, "000000", "10.0.0.9");
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toBe("codigo_incorrecto");
    }
    const bloqueado = await login(c.email, codigoTotp(c.secreto, Date.now() + PASO_MS), "10.0.0.9");
    expect(bloqueado.statusCode).toBe(429);
  });
});

describe("desactivar y restablecer", () => {
  it("se desactiva con un código válido; después basta la contraseña", async () => {
    const c = await cuentaConTotp();
    const malo = await pedir("DELETE", "/api/cuenta/totp", c.token, { codigo: "ZZZZZ-ZZZZZ" });
    expect(malo.statusCode).toBe(400);
    const res = await pedir("DELETE", "/api/cuenta/totp", c.token, {
      codigo: codigoTotp(c.secreto, Date.now() + PASO_MS),
    });
    expect(res.statusCode).toBe(204);
    expect((await login(c.email)).statusCode).toBe(200);
    const restantes = await e.db
      .selectFrom("totp_recuperacion")
      .select("id")
      .where("id_usuario", "=", c.id)
      .execute();
    expect(restantes).toHaveLength(0);
  });

  it("un administrador la quita de otra cuenta: queda auditado y la cuenta recibe un correo", async () => {
    const c = await cuentaConTotp("socio");
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const tokenAdmin = await entrar(e.app, admin.email);
    const noAdmin = await pedir("DELETE", `/api/usuarios/${c.id}/totp`, c.token);
    expect(noAdmin.statusCode).toBe(403);
    const res = await pedir("DELETE", `/api/usuarios/${c.id}/totp`, tokenAdmin);
    expect(res.statusCode).toBe(204);
    expect((await login(c.email)).statusCode).toBe(200);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "id_usuario"])
      .where("id_entidad", "=", c.id)
      .where("accion", "=", "restablecer_totp")
      .execute();
    expect(auditoria).toEqual([{ accion: "restablecer_totp", id_usuario: admin.id }]);
    const correos = await e.db
      .selectFrom("correo_saliente")
      .select(["asunto", "texto"])
      .where("para", "=", c.email)
      .execute();
    expect(correos.map((m) => m.asunto)).toContain("Verificación en dos pasos quitada");
    // Nothing left to reset: 409; an unknown account: 404.
    expect((await pedir("DELETE", `/api/usuarios/${c.id}/totp`, tokenAdmin)).statusCode).toBe(409);
    expect((await pedir("DELETE", "/api/usuarios/999999/totp", tokenAdmin)).statusCode).toBe(404);
  });
});

describe("obligatoria para los administradores", () => {
  it("solo un administrador la exige; entonces un administrador sin ella la tiene pendiente", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const usuario = await crearCuenta(e.db, { rol: "usuario" });
    const tokenAdmin = await entrar(e.app, admin.email);
    const tokenUsuario = await entrar(e.app, usuario.email);
    const prohibido = await pedir("PUT", "/api/asociacion/seguridad", tokenUsuario, {
      totpObligatorioAdmin: true,
    });
    expect(prohibido.statusCode).toBe(403);
    const res = await pedir("PUT", "/api/asociacion/seguridad", tokenAdmin, {
      totpObligatorioAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await pedir("GET", "/api/cuenta/totp", tokenAdmin)).json()).toMatchObject({
      obligatorio: true,
      pendiente: true,
    });
    // Other roles are not required.
    expect((await pedir("GET", "/api/cuenta/totp", tokenUsuario)).json()).toMatchObject({
      obligatorio: true,
      pendiente: false,
    });
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select("cambios")
      .where("entidad", "=", "asociacion")
      .where("id_usuario", "=", admin.id)
      .execute();
    expect(auditoria.at(-1)?.cambios).toEqual([
      { campo: "totpObligatorioAdmin", antes: false, despues: true },
    ]);
    // On the server, not only in the web: until it is on, that administrator may only set it up.
    const bloqueada = await pedir("GET", "/api/socios", tokenAdmin);
    expect(bloqueada.statusCode).toBe(403);
    expect(bloqueada.json()).toMatchObject({ error: "totp_pendiente" });
    expect(bloqueada.json().mensaje).toMatch(/verificación en dos pasos/);
    const quitar = await pedir("PUT", "/api/asociacion/seguridad", tokenAdmin, {
      totpObligatorioAdmin: false,
    });
    expect(quitar.json()).toMatchObject({ error: "totp_pendiente" });
    expect((await pedir("GET", "/api/sesion", tokenAdmin)).statusCode).toBe(200);
    // Other roles go on as before.
    expect((await pedir("GET", "/api/sesion", tokenUsuario)).statusCode).toBe(200);
    // Once set up, the same session goes on; an administrator with TOTP lifts the rule.
    const inicio = await pedir("POST", "/api/cuenta/totp", tokenAdmin);
    expect(inicio.statusCode).toBe(200);
    const confirmacion = await pedir("POST", "/api/cuenta/totp/confirmacion", tokenAdmin, {
      codigo: codigoTotp(inicio.json().secreto),
    });
    expect(confirmacion.statusCode).toBe(200);
    expect((await pedir("GET", "/api/socios", tokenAdmin)).statusCode).toBe(200);
    const levantada = await pedir("PUT", "/api/asociacion/seguridad", tokenAdmin, {
      totpObligatorioAdmin: false,
    });
    expect(levantada.statusCode).toBe(200);
  });
});

describe("el enlace para volver a configurarla (datos de otra instalación)", () => {
  let conCorreo: Entorno;
  beforeAll(async () => {
    conCorreo = await crearEntorno({ smtpUrl: "smtp://127.0.0.1:9" });
  });
  afterAll(async () => {
    await conCorreo?.cerrar();
  });

  it("muchas peticiones a la vez envían como mucho 3 enlaces en la hora (el resto, 429)", async () => {
    const c = await crearCuenta(conCorreo.db);
    await conCorreo.db
      .updateTable("usuario")
      .set({ totp_renovar: true })
      .where("id", "=", c.id)
      .execute();
    const token = await entrar(conCorreo.app, c.email);
    const correos = vi
      .spyOn(conCorreo.app.servicios.mail, "encolar")
      .mockImplementation(() => undefined);
    try {
      const respuestas = await Promise.all(
        Array.from({ length: 10 }, () =>
          conCorreo.app.inject({
            method: "POST",
            url: "/api/cuenta/totp/enlace",
            headers: bearer(token),
          }),
        ),
      );
      const estados = respuestas.map((r) => r.statusCode).sort();
      expect(estados).toEqual([204, 204, 204, 429, 429, 429, 429, 429, 429, 429]);
      expect(correos).toHaveBeenCalledTimes(3);
      const enlaces = await conCorreo.db
        .selectFrom("token_acceso")
        .select("id")
        .where("id_usuario", "=", c.id)
        .where("tipo", "=", "totp")
        .execute();
      expect(enlaces).toHaveLength(3);
    } finally {
      correos.mockRestore();
    }
  });
});
