import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../../lib/tokens.js";
import {
  bearer,
  crearCuenta,
  crearEntorno,
  type Entorno,
  entrar,
  PASSWORD_PRUEBA,
} from "../../test/entorno.js";
import { LIMITES_LOGIN } from "./auth.service.js";

let e: Entorno;

beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  await e?.cerrar();
});

const post = (url: string, payload: unknown, token?: string) =>
  e.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });

describe("POST /api/login", () => {
  it("devuelve el token y el usuario de la sesión", async () => {
    const c = await crearCuenta(e.db, { rol: "socio" });
    const res = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(res.statusCode).toBe(200);
    const cuerpo = res.json();
    expect(cuerpo).toMatchObject({
      id: c.id,
      email: c.email,
      rol: "socio",
      socioId: c.idSocio,
      condicionesAceptadas: "si",
    });
    expect(cuerpo.nombre).toEqual(expect.any(String));
    expect(cuerpo.accessToken.length).toBeGreaterThanOrEqual(22);
  });

  it("acepta el correo con mayúsculas y espacios", async () => {
    const c = await crearCuenta(e.db);
    const res = await post("/api/login", {
      email: `  ${c.email.toUpperCase()} `,
      password: PASSWORD_PRUEBA,
    });
    expect(res.statusCode).toBe(200);
  });

  it("da un token nuevo en cada entrada y guarda solo su hash", async () => {
    const c = await crearCuenta(e.db);
    const t1 = await entrar(e.app, c.email);
    const t2 = await entrar(e.app, c.email);
    expect(t1).not.toBe(t2);
    const sesiones = await e.db
      .selectFrom("sesion")
      .select("token_hash")
      .where("id_usuario", "=", c.id)
      .execute();
    expect(sesiones.map((s) => s.token_hash).sort()).toEqual([hashToken(t1), hashToken(t2)].sort());
    expect(sesiones.some((s) => s.token_hash === t1)).toBe(false);
  });

  it("responde igual a una contraseña errónea y a un correo desconocido", async () => {
    const c = await crearCuenta(e.db);
    const mala = await post("/api/login", { email: c.email, password: "otra-contraseña-mala" });
    const desconocido = await post("/api/login", {
      email: "nadie@fila.test",
      password: "otra-contraseña-mala",
    });
    expect(mala.statusCode).toBe(401);
    expect(desconocido.statusCode).toBe(401);
    expect(mala.body).toBe(desconocido.body);
    expect(mala.json()).toEqual({
      error: "credenciales_invalidas",
      mensaje: "Correo o contraseña incorrectos.",
      detalles: [],
    });
  });

  it("no deja entrar a una cuenta desactivada", async () => {
    const c = await crearCuenta(e.db, { activo: false });
    const res = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(res.statusCode).toBe(401);
  });

  it("rechaza datos inválidos con un 400 en español por campo", async () => {
    const res = await post("/api/login", { email: "no-es-un-correo", password: "" });
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo.error).toBe("validacion");
    expect(cuerpo.mensaje).toMatch(/datos que no son válidos/);
    expect(cuerpo.detalles.map((d: { campo: string }) => d.campo).sort()).toEqual([
      "email",
      "password",
    ]);
    const sinCuerpo = await e.app.inject({ method: "POST", url: "/api/login" });
    expect(sinCuerpo.statusCode).toBe(400);
    expect(sinCuerpo.json().mensaje).toEqual(expect.any(String));
  });

  it("limita los intentos fallidos por cuenta con un 429, también con la contraseña buena", async () => {
    const c = await crearCuenta(e.db);
    for (let i = 0; i < LIMITES_LOGIN.porCuenta; i++) {
      const r = await post("/api/login", { email: c.email, password: `mala-${i}-xxxxx` });
      expect(r.statusCode).toBe(401);
    }
    const bloqueado = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().error).toBe("demasiados_intentos");
  });

  it("limita los intentos fallidos por IP aunque cambie la cuenta", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < LIMITES_LOGIN.porIp; i++) {
      const r = await e.app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress: ip,
        payload: { email: `desconocido${i}@fila.test`, password: "lo-que-sea-123" },
      });
      expect(r.statusCode).toBe(401);
    }
    const c = await crearCuenta(e.db);
    const r = await e.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: ip,
      payload: { email: c.email, password: PASSWORD_PRUEBA },
    });
    expect(r.statusCode).toBe(429);
    const otraIp = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(otraIp.statusCode).toBe(200);
  });
});

describe("límite de intentos de entrada con peticiones a la vez", () => {
  const entrarDesde = (ip: string, email: string, password: string) =>
    e.app.inject({
      method: "POST",
      url: "/api/login",
      remoteAddress: ip,
      payload: { email, password },
    });

  it("30 contraseñas erróneas a la vez para una cuenta: se prueban exactamente las del límite, el resto 429", async () => {
    const c = await crearCuenta(e.db);
    const respuestas = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        entrarDesde(`198.51.100.${i + 1}`, c.email, `mala-${i}-xxxxx`),
      ),
    );
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 401)).toHaveLength(LIMITES_LOGIN.porCuenta);
    expect(estados.filter((s) => s === 429)).toHaveLength(30 - LIMITES_LOGIN.porCuenta);
    const buena = await entrarDesde("198.51.100.99", c.email, PASSWORD_PRUEBA);
    expect(buena.statusCode).toBe(429);
  });

  it("las entradas rechazadas por el límite (429) quedan en el registro de actividad", async () => {
    const c = await crearCuenta(e.db);
    const ip = "198.51.100.200";
    for (let i = 0; i < LIMITES_LOGIN.porCuenta; i++) {
      expect((await entrarDesde(ip, c.email, `mala-${i}-xxxxx`)).statusCode).toBe(401);
    }
    expect((await entrarDesde(ip, c.email, PASSWORD_PRUEBA)).statusCode).toBe(429);
    const registro = await e.db
      .selectFrom("auditoria")
      .select(["accion", "id_entidad", "cambios"])
      .where("entidad", "=", "acceso")
      .where("id_entidad", "=", c.id)
      .orderBy("id")
      .execute();
    expect(registro.map((r) => r.accion)).toEqual([
      ...Array(LIMITES_LOGIN.porCuenta).fill("entrada fallida"),
      "entrada rechazada",
    ]);
    expect(registro.at(-1)?.cambios).toEqual([
      { campo: "email", antes: null, despues: c.email },
      { campo: "ip", antes: null, despues: ip },
    ]);
  });

  it("una entrada buena no gasta intentos: la cuenta sigue pudiendo fallar hasta el límite", async () => {
    const c = await crearCuenta(e.db);
    const ip = "198.51.100.201";
    for (let i = 0; i < LIMITES_LOGIN.porIp + 2; i++) {
      expect((await entrarDesde(ip, c.email, PASSWORD_PRUEBA)).statusCode).toBe(200);
    }
    for (let i = 0; i < LIMITES_LOGIN.porCuenta; i++) {
      expect((await entrarDesde(ip, c.email, `mala-${i}-xxxxx`)).statusCode).toBe(401);
    }
    expect((await entrarDesde(ip, c.email, PASSWORD_PRUEBA)).statusCode).toBe(429);
  });
});

describe("GET /api/sesion y POST /api/logout", () => {
  it("sin token responde 401 con el formato de error", async () => {
    const res = await e.app.inject({ method: "GET", url: "/api/sesion" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "no_autenticado", mensaje: expect.any(String) });
  });

  it("un token inventado responde 401", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: "/api/sesion",
      headers: bearer("inventado"),
    });
    expect(res.statusCode).toBe(401);
  });

  it("logout revoca el token: después, 401", async () => {
    const c = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, c.email);
    const antes = await e.app.inject({ method: "GET", url: "/api/sesion", headers: bearer(token) });
    expect(antes.statusCode).toBe(200);
    expect(antes.json()).toMatchObject({ id: c.id, rol: "administrador" });
    const salir = await post("/api/logout", undefined, token);
    expect(salir.statusCode).toBe(204);
    const despues = await e.app.inject({
      method: "GET",
      url: "/api/sesion",
      headers: bearer(token),
    });
    expect(despues.statusCode).toBe(401);
    expect((await post("/api/logout", undefined, token)).statusCode).toBe(401);
  });

  it("muchas sesiones a la vez: cada petición recibe la suya, y la cerrada ninguna", async () => {
    // Sessions of requests that arrive together are read in one query: none may get another's.
    const roles = ["administrador", "usuario", "socio", "usuario", "socio"] as const;
    const cuentas = [];
    for (const rol of roles) cuentas.push({ ...(await crearCuenta(e.db, { rol })), rol });
    const tokens = await Promise.all(cuentas.map((c) => entrar(e.app, c.email)));
    expect((await post("/api/logout", undefined, tokens[2])).statusCode).toBe(204);
    const respuestas = await Promise.all(
      [...tokens, ...tokens, "inventado"].map((token) =>
        e.app.inject({ method: "GET", url: "/api/sesion", headers: bearer(token) }),
      ),
    );
    const esperado = [...cuentas, ...cuentas].map((c, i) =>
      i % cuentas.length === 2 ? 401 : { id: c.id, rol: c.rol },
    );
    expect(
      respuestas.map((r) => {
        if (r.statusCode !== 200) return r.statusCode;
        const { id, rol } = r.json();
        return { id, rol };
      }),
    ).toEqual([...esperado, 401]);
  });

  it("logout sin token responde 401", async () => {
    expect((await post("/api/logout", undefined)).statusCode).toBe(401);
  });
});

describe("POST /api/login/psswd", () => {
  it("la propia cuenta cambia su contraseña y se revocan sus otras sesiones", async () => {
    const c = await crearCuenta(e.db);
    const otra = await entrar(e.app, c.email);
    const actual = await entrar(e.app, c.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: c.idSocio, antigua: PASSWORD_PRUEBA, nueva: "una-clave-nueva-larga" },
      actual,
    );
    expect(res.statusCode).toBe(204);
    expect((await e.app.inject({ url: "/api/sesion", headers: bearer(otra) })).statusCode).toBe(
      401,
    );
    expect((await e.app.inject({ url: "/api/sesion", headers: bearer(actual) })).statusCode).toBe(
      200,
    );
    await entrar(e.app, c.email, "una-clave-nueva-larga");
    const vieja = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(vieja.statusCode).toBe(401);
  });

  it("idSocio 0 se refiere a la propia cuenta (cuentas sin socio)", async () => {
    const c = await crearCuenta(e.db, { rol: "administrador", conSocio: false });
    const token = await entrar(e.app, c.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: 0, antigua: PASSWORD_PRUEBA, nueva: "otra-clave-muy-buena" },
      token,
    );
    expect(res.statusCode).toBe(204);
  });

  it("con la contraseña actual equivocada responde 400 y no cambia nada", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: c.idSocio, antigua: "no-es-la-buena", nueva: "una-clave-nueva-larga" },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "password_incorrecta",
      mensaje: "La contraseña actual no es correcta.",
    });
    await entrar(e.app, c.email, PASSWORD_PRUEBA);
  });

  it.each([
    ["corta", "corta12", /al menos 8/],
    ["común", "password123", /demasiado común/],
    ["larga", "x".repeat(129), /más de 128/],
  ])("rechaza una contraseña nueva %s", async (_nombre, nueva, mensaje) => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: c.idSocio, antigua: PASSWORD_PRUEBA, nueva },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toMatch(mensaje);
    expect(res.json().detalles[0].campo).toBe("nueva");
    await entrar(e.app, c.email, PASSWORD_PRUEBA);
  });

  it("un usuario no puede cambiar la contraseña de otro socio (403)", async () => {
    const victima = await crearCuenta(e.db);
    const atacante = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, atacante.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: victima.idSocio, antigua: PASSWORD_PRUEBA, nueva: "me-quedo-tu-cuenta" },
      token,
    );
    expect(res.statusCode).toBe(403);
    await entrar(e.app, victima.email, PASSWORD_PRUEBA);
  });

  it("un administrador cambia la de otro confirmando con la suya y le cierra las sesiones", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const socio = await crearCuenta(e.db, { rol: "socio" });
    const tokenSocio = await entrar(e.app, socio.email);
    const token = await entrar(e.app, admin.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: socio.idSocio, antigua: PASSWORD_PRUEBA, nueva: "clave-puesta-por-la-junta" },
      token,
    );
    expect(res.statusCode).toBe(204);
    expect(
      (await e.app.inject({ url: "/api/sesion", headers: bearer(tokenSocio) })).statusCode,
    ).toBe(401);
    await entrar(e.app, socio.email, "clave-puesta-por-la-junta");
  });

  it("un administrador recibe 404 para un socio sin cuenta", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, admin.email);
    const res = await post(
      "/api/login/psswd",
      { idSocio: 999999, antigua: PASSWORD_PRUEBA, nueva: "clave-puesta-por-la-junta" },
      token,
    );
    expect(res.statusCode).toBe(404);
  });

  it("sin token responde 401 y con datos mal formados 400", async () => {
    expect(
      (await post("/api/login/psswd", { idSocio: 1, antigua: "a", nueva: "b" })).statusCode,
    ).toBe(401);
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const res = await post("/api/login/psswd", { idSocio: "uno", nueva: 5 }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validacion");
  });
});

describe("POST /api/login/condiciones", () => {
  it("registra la aceptación con fecha y versión", async () => {
    const c = await crearCuenta(e.db, { condiciones: false });
    const token = await entrar(e.app, c.email);
    const sesion = await e.app.inject({ url: "/api/sesion", headers: bearer(token) });
    expect(sesion.json().condicionesAceptadas).toBe("no");
    const res = await post("/api/login/condiciones", { id: c.id }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().condicionesAceptadas).toBe("si");
    // The same session reads its account again on its next call: nothing kept from before.
    const despues = await e.app.inject({ url: "/api/sesion", headers: bearer(token) });
    expect(despues.json().condicionesAceptadas).toBe("si");
    await e.db
      .updateTable("usuario")
      .set({ nombre: "Nombre nuevo" })
      .where("id", "=", c.id)
      .execute();
    const renombrada = await e.app.inject({ url: "/api/sesion", headers: bearer(token) });
    expect(renombrada.json()).toMatchObject({ id: c.id, nombre: "Nombre nuevo", email: c.email });
    const fila = await e.db
      .selectFrom("usuario")
      .select(["condiciones_aceptadas_en", "condiciones_version"])
      .where("id", "=", c.id)
      .executeTakeFirstOrThrow();
    expect(fila.condiciones_aceptadas_en).toBeInstanceOf(Date);
    expect(fila.condiciones_version).toBe("1");
    const login = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(login.json().condicionesAceptadas).toBe("si");
  });

  it("una nueva versión de las condiciones vuelve a pedir la aceptación", async () => {
    const c = await crearCuenta(e.db);
    await e.db.updateTable("asociacion").set({ version_condiciones: "2" }).execute();
    try {
      const login = await post("/api/login", { email: c.email, password: PASSWORD_PRUEBA });
      expect(login.json().condicionesAceptadas).toBe("no");
    } finally {
      await e.db.updateTable("asociacion").set({ version_condiciones: "1" }).execute();
    }
  });

  it("no se aceptan en nombre de otra cuenta (403) ni sin sesión (401)", async () => {
    const c = await crearCuenta(e.db, { condiciones: false });
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, admin.email);
    expect((await post("/api/login/condiciones", { id: c.id }, token)).statusCode).toBe(403);
    expect((await post("/api/login/condiciones", { id: c.id })).statusCode).toBe(401);
    expect((await post("/api/login/condiciones", { id: "x" }, token)).statusCode).toBe(400);
  });

  it("sin aceptarlas, la sesión solo lee la sesión y los textos, acepta, cambia la contraseña y sale", async () => {
    for (const rol of ["administrador", "usuario", "socio"] as const) {
      const c = await crearCuenta(e.db, { rol, condiciones: false });
      const token = await entrar(e.app, c.email);
      const get = (url: string) => e.app.inject({ url, headers: bearer(token) });
      for (const url of ["/api/socios", "/api/socios/yo", "/api/pagos/mios", "/api/alertas/mias"]) {
        const res = await get(url);
        expect(res.statusCode, `${rol} ${url}`).toBe(403);
        expect(res.json()).toEqual({
          error: "condiciones_pendientes",
          mensaje: "Antes de seguir tienes que aceptar las condiciones de uso.",
          detalles: [],
        });
      }
      expect((await post("/api/noticias", { titulo: "x" }, token)).statusCode).toBe(403);
      expect((await get("/api/sesion")).statusCode).toBe(200);
      expect((await e.app.inject({ url: "/api/asociacion/textos" })).statusCode).toBe(200);
      const nueva = `${PASSWORD_PRUEBA}-nueva`;
      const cambio = await post(
        "/api/login/psswd",
        { idSocio: c.idSocio, antigua: PASSWORD_PRUEBA, nueva },
        token,
      );
      expect(cambio.statusCode, cambio.body).toBe(204);
      const otro = await entrar(e.app, c.email, nueva);
      expect((await post("/api/login/condiciones", { id: c.id }, otro)).statusCode).toBe(200);
      // Accepted: the same session now reaches what its role allows.
      expect(
        (await e.app.inject({ url: "/api/socios/yo", headers: bearer(otro) })).statusCode,
      ).toBe(200);
      expect((await post("/api/logout", {}, otro)).statusCode).toBe(204);
    }
  });
});

describe("POST /api/login/psswdrst y /confirmar", () => {
  async function ultimoEnlace(email: string): Promise<string> {
    await e.app.servicios.mail.esperarEnvios();
    const correo = await e.db
      .selectFrom("correo_saliente")
      .selectAll()
      .where("para", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const enlace = correo.texto.match(/http\S+/)?.[0];
    if (!enlace) throw new Error("el correo no trae enlace");
    return enlace;
  }

  it("responde lo mismo exista o no el correo, y solo envía a la cuenta real", async () => {
    const c = await crearCuenta(e.db);
    const existe = await post("/api/login/psswdrst", { email: c.email });
    const noExiste = await post("/api/login/psswdrst", { email: "fantasma@fila.test" });
    expect(existe.statusCode).toBe(200);
    expect(existe.body).toBe(noExiste.body);
    await e.app.servicios.mail.esperarEnvios();
    const correos = await e.db
      .selectFrom("correo_saliente")
      .select(["para", "asunto", "texto", "estado"])
      .where("para", "in", [c.email, "fantasma@fila.test"])
      .execute();
    expect(correos).toHaveLength(1);
    expect(correos[0]).toMatchObject({
      para: c.email,
      asunto: "Restablecer tu contraseña",
      estado: "sin_smtp",
    });
    expect(correos[0].texto).toContain("http://fila.test/#/contrasenya-olvidada?token=");
    expect(correos[0].texto).toMatch(/caduca en una hora/);
  });

  it("el enlace pone una contraseña nueva, sirve una sola vez y cierra las sesiones", async () => {
    const c = await crearCuenta(e.db);
    const sesionVieja = await entrar(e.app, c.email);
    await post("/api/login/psswdrst", { email: c.email });
    const token = new URL((await ultimoEnlace(c.email)).replace("/#/", "/")).searchParams.get(
      "token",
    );
    const ok = await post("/api/login/psswdrst/confirmar", {
      token,
      nueva: "recuperada-con-el-enlace",
    });
    expect(ok.statusCode).toBe(204);
    await entrar(e.app, c.email, "recuperada-con-el-enlace");
    expect(
      (await e.app.inject({ url: "/api/sesion", headers: bearer(sesionVieja) })).statusCode,
    ).toBe(401);
    const otraVez = await post("/api/login/psswdrst/confirmar", {
      token,
      nueva: "otra-mas-todavia-1",
    });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json().error).toBe("enlace_invalido");
  });

  it("un enlace caducado no sirve", async () => {
    const c = await crearCuenta(e.db);
    await post("/api/login/psswdrst", { email: c.email });
    const token =
      new URL((await ultimoEnlace(c.email)).replace("/#/", "/")).searchParams.get("token") ?? "";
    await e.db
      .updateTable("token_acceso")
      .set({ expira_en: new Date(Date.now() - 1000) })
      .where("token_hash", "=", hashToken(token))
      .execute();
    const res = await post("/api/login/psswdrst/confirmar", {
      token,
      nueva: "recuperada-con-el-enlace",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().mensaje).toMatch(/caducado/);
    await entrar(e.app, c.email, PASSWORD_PRUEBA);
  });

  it("rechaza una contraseña débil sin gastar el enlace", async () => {
    const c = await crearCuenta(e.db);
    await post("/api/login/psswdrst", { email: c.email });
    const token = new URL((await ultimoEnlace(c.email)).replace("/#/", "/")).searchParams.get(
      "token",
    );
    const debil = await post("/api/login/psswdrst/confirmar", { token, nueva: "12345678" });
    expect(debil.statusCode).toBe(400);
    expect(debil.json().detalles[0]).toMatchObject({ campo: "nueva" });
    const buena = await post("/api/login/psswdrst/confirmar", {
      token,
      nueva: "ahora-si-una-buena",
    });
    expect(buena.statusCode).toBe(204);
  });

  it("un token inventado o vacío responde 400", async () => {
    expect(
      (
        await post("/api/login/psswdrst/confirmar", {
          token: "inventado",
          nueva: "ahora-si-una-buena",
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await post("/api/login/psswdrst/confirmar", { token: "", nueva: "x" })).statusCode,
    ).toBe(400);
    expect((await post("/api/login/psswdrst", { email: "no-es-correo" })).statusCode).toBe(400);
  });
});

describe("aspectos comunes", () => {
  it("GET /assets/config.json da la versión sin caché", async () => {
    const res = await e.app.inject({ url: "/assets/config.json" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: expect.any(String) });
    expect(res.headers["cache-control"]).toBe("no-cache, no-store, must-revalidate");
  });

  it("una ruta desconocida da 404 con el formato de error en español", async () => {
    const res = await e.app.inject({ url: "/api/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: "no_encontrado",
      mensaje: expect.stringContaining("No existe"),
    });
  });

  it("envía las cabeceras de seguridad", async () => {
    const res = await e.app.inject({ url: "/assets/config.json" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBeDefined();
  });

  it("publica el documento OpenAPI con las llamadas de sesión", async () => {
    const res = await e.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/login",
        "/api/login/psswd",
        "/api/login/condiciones",
        "/api/login/psswdrst",
      ]),
    );
    const docs = await e.app.inject({ url: "/api/docs" });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it("los textos de la asociación son públicos", async () => {
    const res = await e.app.inject({ url: "/api/asociacion/textos" });
    expect(res.statusCode).toBe(200);
    expect(res.json().condiciones).toMatch(/condiciones/i);
  });
});
