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
import { MENSAJES_USUARIOS } from "./usuarios.service.js";

const NUEVA = "la-entrada-de-moros-2027";
const HORA = 60 * 60_000;
const DIA = 24 * HORA;

let e: Entorno;
let admin: Awaited<ReturnType<typeof crearCuenta>>;
let tokenAdmin: string;
let tokenUsuario: string;
let tokenSocio: string;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await crearCuenta(e.db, { rol: "administrador" });
  tokenAdmin = await entrar(e.app, admin.email);
  tokenUsuario = await entrar(e.app, (await crearCuenta(e.db, { rol: "usuario" })).email);
  tokenSocio = await entrar(e.app, (await crearCuenta(e.db, { rol: "socio" })).email);
});
afterAll(async () => {
  await e?.cerrar();
});

type Metodo = "GET" | "POST" | "PATCH";

const pedir = (metodo: Metodo, url: string, payload?: unknown, token: string | null = tokenAdmin) =>
  e.app.inject({
    method: metodo,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? bearer(token) : {},
  });

let contador = 0;
async function crearSocio(datos: { nombre?: string; apellidos?: string; email?: string } = {}) {
  contador += 1;
  const fila = await e.db
    .insertInto("socio")
    .values({
      nombre: datos.nombre ?? `Festera${contador}`,
      apellidos: datos.apellidos ?? "Llorens Miró",
      email: datos.email ?? `festera${contador}@fila.test`,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
  return fila;
}

/** A member with a new account created through the API, and the invitation link it received. */
async function invitar(rol = "usuario", datos: Parameters<typeof crearSocio>[0] = {}) {
  const socio = await crearSocio(datos);
  const res = await pedir("POST", "/api/usuarios", { idSocio: socio.id, email: socio.email, rol });
  expect(res.statusCode).toBe(201);
  const cuenta = res.json();
  return { socio, cuenta, token: await ultimoToken(socio.email) };
}

async function correosA(email: string) {
  await e.app.servicios.mail.esperarEnvios();
  return e.db
    .selectFrom("correo_saliente")
    .selectAll()
    .where("para", "=", email)
    .orderBy("id")
    .execute();
}

async function ultimoToken(email: string): Promise<string> {
  const correos = await correosA(email);
  const ultimo = correos.at(-1);
  const token = ultimo?.texto.match(/contrasenya-olvidada\?token=([^&\s]+)/)?.[1];
  if (!token) throw new Error(`sin enlace en el correo a ${email}`);
  return decodeURIComponent(token);
}

const confirmar = (token: string, nueva = NUEVA) =>
  pedir("POST", "/api/login/psswdrst/confirmar", { token, nueva }, null);

describe("POST /api/usuarios", () => {
  it("crea la cuenta sin contraseña, con el nombre del socio, y envía la invitación", async () => {
    const socio = await crearSocio({ nombre: "Ana", apellidos: "García López" });
    const antes = Date.now();
    const res = await pedir("POST", "/api/usuarios", {
      idSocio: socio.id,
      email: socio.email,
      rol: "usuario",
    });
    expect(res.statusCode).toBe(201);
    const cuenta = res.json();
    expect(cuenta).toEqual({
      id: expect.any(Number),
      email: socio.email,
      nombre: "Ana García López",
      rol: "usuario",
      idSocio: socio.id,
      activo: true,
      condicionesAceptadas: "no",
      invitacionPendiente: true,
      totpActivo: false,
      totpRenovar: false,
    });
    const fila = await e.db
      .selectFrom("usuario")
      .select(["password_hash", "activo"])
      .where("id", "=", cuenta.id)
      .executeTakeFirstOrThrow();
    expect(fila.password_hash).toBeNull();

    const correos = await correosA(socio.email);
    expect(correos).toHaveLength(1);
    expect(correos[0].asunto).toBe("Activa tu cuenta de la Filà");
    expect(correos[0].texto).toMatch(
      /http:\/\/fila\.test\/#\/contrasenya-olvidada\?token=[\w-]+&invitacion=1/,
    );
    expect(correos[0].texto).toContain("7 días");
    expect(correos[0].html).toContain("&#38;invitacion=1");

    const token = await ultimoToken(socio.email);
    const tokens = await e.db
      .selectFrom("token_acceso")
      .selectAll()
      .where("id_usuario", "=", cuenta.id)
      .execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0].tipo).toBe("invitacion");
    expect(tokens[0].token_hash).toBe(hashToken(token));
    const caduca = tokens[0].expira_en.getTime() - antes;
    expect(caduca).toBeGreaterThan(7 * DIA - HORA);
    expect(caduca).toBeLessThanOrEqual(7 * DIA + HORA);
  });

  it("la invitación deja al socio elegir contraseña y entrar con las condiciones sin aceptar", async () => {
    const { socio, cuenta, token } = await invitar("socio");
    expect((await confirmar(token)).statusCode).toBe(204);
    const login = await pedir("POST", "/api/login", { email: socio.email, password: NUEVA }, null);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      id: cuenta.id,
      rol: "socio",
      socioId: socio.id,
      condicionesAceptadas: "no",
    });
    const lista = await pedir("GET", `/api/usuarios?idSocio=${socio.id}`);
    expect(lista.json().items[0].invitacionPendiente).toBe(false);
  });

  it("el enlace de invitación sirve una sola vez", async () => {
    const { token } = await invitar();
    expect((await confirmar(token)).statusCode).toBe(204);
    const otra = await confirmar(token, "otra-frase-distinta-2027");
    expect(otra.statusCode).toBe(400);
    expect(otra.json().error).toBe("enlace_invalido");
  });

  it("normaliza el correo y rechaza uno repetido sin distinguir mayúsculas", async () => {
    const socio = await crearSocio();
    const res = await pedir("POST", "/api/usuarios", {
      idSocio: socio.id,
      email: "  Pepa.Mira@Fila.TEST ",
      rol: "usuario",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe("pepa.mira@fila.test");

    const otro = await crearSocio();
    const repetido = await pedir("POST", "/api/usuarios", {
      idSocio: otro.id,
      email: "PEPA.MIRA@fila.test",
      rol: "socio",
    });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json()).toMatchObject({
      error: "conflicto",
      mensaje: "Ya existe una cuenta con ese correo.",
    });
  });

  it("rechaza el correo de una cuenta guardada con mayúsculas", async () => {
    await crearCuenta(e.db, { email: "Mayusculas.Viejas@Fila.test", conSocio: false });
    const socio = await crearSocio();
    const res = await pedir("POST", "/api/usuarios", {
      idSocio: socio.id,
      email: "mayusculas.viejas@fila.test",
      rol: "usuario",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(MENSAJES_USUARIOS.emailDuplicado);
  });

  it("responde 409 si el socio ya tiene cuenta", async () => {
    const { socio } = await invitar();
    const res = await pedir("POST", "/api/usuarios", {
      idSocio: socio.id,
      email: "otro-correo@fila.test",
      rol: "usuario",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: "conflicto",
      mensaje: MENSAJES_USUARIOS.socioConCuenta,
      detalles: [{ campo: "idSocio", mensaje: MENSAJES_USUARIOS.socioConCuenta }],
    });
  });

  it("responde 400 si el socio no existe", async () => {
    const res = await pedir("POST", "/api/usuarios", {
      idSocio: 999_999,
      email: "nadie-aun@fila.test",
      rol: "usuario",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "validacion",
      detalles: [{ campo: "idSocio", mensaje: MENSAJES_USUARIOS.socioInexistente }],
    });
  });

  it("valida cada campo con un mensaje en español", async () => {
    const res = await pedir("POST", "/api/usuarios", { idSocio: 0, email: "no-es", rol: "root" });
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json();
    expect(cuerpo.error).toBe("validacion");
    const porCampo = Object.fromEntries(
      cuerpo.detalles.map((d: { campo: string; mensaje: string }) => [d.campo, d.mensaje]),
    );
    expect(porCampo).toEqual({
      idSocio: "Indica el socio",
      email: "Introduce un correo electrónico válido",
      rol: "Elige un rol: administrador, usuario o socio",
    });
    const vacio = await pedir("POST", "/api/usuarios", {});
    expect(vacio.statusCode).toBe(400);
    expect(
      vacio
        .json()
        .detalles.map((d: { campo: string }) => d.campo)
        .sort(),
    ).toEqual(["email", "idSocio", "rol"]);
  });

  it("rechaza con 400 los campos que no le corresponden (contraseña, activo) sin crear la cuenta", async () => {
    const socio = await crearSocio();
    const datos = { idSocio: socio.id, email: socio.email, rol: "socio" };
    const ajenos = {
      activo: false,
      password_hash: "x",
      passwordHash: "x",
      condicionesAceptadas: "si",
    };
    const rechazo = await pedir("POST", "/api/usuarios", { ...datos, ...ajenos });
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().detalles).toEqual(
      Object.keys(ajenos).map((campo) => ({
        campo,
        mensaje: "Este campo no existe en esta petición.",
      })),
    );
    const ninguna = await e.db
      .selectFrom("usuario")
      .select("id")
      .where("email", "=", socio.email)
      .executeTakeFirst();
    expect(ninguna).toBeUndefined();
    const res = await pedir("POST", "/api/usuarios", datos);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ activo: true, condicionesAceptadas: "no" });
    const fila = await e.db
      .selectFrom("usuario")
      .select("password_hash")
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(fila.password_hash).toBeNull();
  });
});

describe("GET /api/usuarios", () => {
  it("lista con filtro por socio, búsqueda sin acentos y paginación", async () => {
    const { socio, cuenta } = await invitar("usuario", {
      nombre: "Remedios",
      apellidos: "Pérez Ñíguez",
    });
    const porSocio = await pedir("GET", `/api/usuarios?idSocio=${socio.id}`);
    expect(porSocio.statusCode).toBe(200);
    expect(porSocio.json()).toEqual({ items: [cuenta], total: 1, page: 1, pageSize: 50 });

    const buscado = await pedir("GET", "/api/usuarios?q=perez%20niguez");
    expect(buscado.json().items.map((c: { id: number }) => c.id)).toEqual([cuenta.id]);
    const porCorreo = await pedir("GET", `/api/usuarios?q=${encodeURIComponent(socio.email)}`);
    expect(porCorreo.json().total).toBe(1);

    const pagina = await pedir("GET", "/api/usuarios?page=2&pageSize=1&sort=-id");
    const todas = await pedir("GET", "/api/usuarios?pageSize=200&sort=-id");
    expect(pagina.json().items).toEqual([todas.json().items[1]]);
    expect(pagina.json().total).toBe(todas.json().total);
    expect(pagina.json()).toMatchObject({ page: 2, pageSize: 1 });
  });

  it("rechaza parámetros fuera de rango", async () => {
    for (const q of ["pageSize=500", "page=0", "sort=password_hash", "idSocio=abc"]) {
      const res = await pedir("GET", `/api/usuarios?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it("GET /api/usuarios/:id devuelve la cuenta o 404", async () => {
    const { cuenta } = await invitar();
    const res = await pedir("GET", `/api/usuarios/${cuenta.id}`);
    expect(res.json()).toEqual(cuenta);
    const falta = await pedir("GET", "/api/usuarios/999999");
    expect(falta.statusCode).toBe(404);
    expect(falta.json().mensaje).toBe("La cuenta no existe.");
  });
});

describe("PATCH /api/usuarios/:id", () => {
  it("cambia el rol y lo audita", async () => {
    const { cuenta } = await invitar("usuario");
    const res = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, { rol: "socio" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...cuenta, rol: "socio" });
    const auditoria = await e.db
      .selectFrom("auditoria")
      .selectAll()
      .where("entidad", "=", "usuario")
      .where("id_entidad", "=", cuenta.id)
      .orderBy("id")
      .execute();
    expect(auditoria.map((a) => a.accion)).toEqual(["crear", "modificar"]);
    expect(auditoria[1].id_usuario).toBe(admin.id);
    expect(auditoria[1].cambios).toEqual([{ campo: "rol", antes: "usuario", despues: "socio" }]);
  });

  it("desactivar revoca sus sesiones al momento; reactivar le deja entrar de nuevo", async () => {
    const c = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, c.email);
    expect((await pedir("GET", "/api/sesion", undefined, token)).statusCode).toBe(200);

    const res = await pedir("PATCH", `/api/usuarios/${c.id}`, { activo: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().activo).toBe(false);
    expect((await pedir("GET", "/api/sesion", undefined, token)).statusCode).toBe(401);
    const sesiones = await e.db
      .selectFrom("sesion")
      .select("revocada_en")
      .where("id_usuario", "=", c.id)
      .execute();
    expect(sesiones.every((s) => s.revocada_en !== null)).toBe(true);
    const login = await pedir("POST", "/api/login", { email: c.email, password: PASSWORD_PRUEBA });
    expect(login.statusCode).toBe(401);

    expect((await pedir("PATCH", `/api/usuarios/${c.id}`, { activo: true })).statusCode).toBe(200);
    expect(await entrar(e.app, c.email)).toEqual(expect.any(String));
  });

  it("desactivar invalida la invitación pendiente", async () => {
    const { cuenta, token } = await invitar();
    await pedir("PATCH", `/api/usuarios/${cuenta.id}`, { activo: false });
    await pedir("PATCH", `/api/usuarios/${cuenta.id}`, { activo: true });
    expect((await confirmar(token)).statusCode).toBe(400);
  });

  it("un administrador no puede desactivarse a sí mismo", async () => {
    const res = await pedir("PATCH", `/api/usuarios/${admin.id}`, { activo: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(MENSAJES_USUARIOS.desactivarseASiMismo);
  });

  it("cambia el correo (normalizado), rechaza uno repetido e invalida el enlace enviado", async () => {
    const { cuenta, token } = await invitar();
    const otra = await crearCuenta(e.db);
    const repetido = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, {
      email: otra.email.toUpperCase(),
    });
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().mensaje).toBe("Ya existe una cuenta con ese correo.");

    const res = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, {
      email: " Nuevo.Correo@Fila.test",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("nuevo.correo@fila.test");
    expect((await confirmar(token)).statusCode).toBe(400);
  });

  it("valida el cuerpo y responde 404 a una cuenta que no existe", async () => {
    const { cuenta } = await invitar();
    const vacio = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, {});
    expect(vacio.statusCode).toBe(400);
    expect(vacio.json().detalles[0].mensaje).toBe(
      "Indica qué quieres cambiar: rol, activo o email",
    );
    const soloAjenos = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, { password_hash: "x" });
    expect(soloAjenos.statusCode).toBe(400);
    const malo = await pedir("PATCH", `/api/usuarios/${cuenta.id}`, {
      rol: "ninguno",
      activo: "no",
      email: "x",
    });
    expect(malo.statusCode).toBe(400);
    expect(
      malo
        .json()
        .detalles.map((d: { campo: string }) => d.campo)
        .sort(),
    ).toEqual(["activo", "email", "rol"]);
    expect((await pedir("PATCH", "/api/usuarios/999999", { rol: "socio" })).statusCode).toBe(404);
  });
});

describe("el último administrador", () => {
  let e2: Entorno;
  beforeAll(async () => {
    e2 = await crearEntorno();
  });
  afterAll(async () => {
    await e2?.cerrar();
  });

  it("no se puede quitar, ni cambiándole el rol ni desactivándolo", async () => {
    const a = await crearCuenta(e2.db, { rol: "administrador" });
    const b = await crearCuenta(e2.db, { rol: "administrador" });
    const inactivo = await crearCuenta(e2.db, { rol: "administrador", activo: false });
    const tA = await entrar(e2.app, a.email);
    const tB = await entrar(e2.app, b.email);
    const patch = (id: number, payload: object, token: string) =>
      e2.app.inject({
        method: "PATCH",
        url: `/api/usuarios/${id}`,
        payload,
        headers: bearer(token),
      });

    // With two active administrators, one may be disabled.
    expect((await patch(b.id, { activo: false }, tA)).statusCode).toBe(200);
    // Now `a` is the last active one (the inactive administrator does not count).
    const rol = await patch(a.id, { rol: "usuario" }, tA);
    expect(rol.statusCode).toBe(409);
    expect(rol.json()).toMatchObject({
      error: "conflicto",
      mensaje: "No se puede quitar el último administrador.",
    });
    expect((await patch(inactivo.id, { rol: "socio" }, tA)).statusCode).toBe(200);
    // Reactivated, `b` can take over: then `a` may step down, and `b` becomes the last one.
    expect((await patch(b.id, { activo: true }, tA)).statusCode).toBe(200);
    expect((await patch(a.id, { rol: "usuario" }, tA)).statusCode).toBe(200);
    const tB2 = await entrar(e2.app, b.email);
    expect(tB).not.toBe(tB2);
    const desactivar = await e2.app.inject({
      method: "PATCH",
      url: `/api/usuarios/${b.id}`,
      payload: { rol: "socio" },
      headers: bearer(tB2),
    });
    expect(desactivar.statusCode).toBe(409);
    expect(desactivar.json().mensaje).toBe("No se puede quitar el último administrador.");
    const estado = await e2.db
      .selectFrom("usuario")
      .select(["rol", "activo"])
      .where("id", "=", b.id)
      .executeTakeFirstOrThrow();
    expect(estado).toEqual({ rol: "administrador", activo: true });
  });
});

describe("POST /api/usuarios/:id/invitacion", () => {
  it("reenvía la invitación y el enlace anterior deja de valer", async () => {
    const { socio, cuenta, token: viejo } = await invitar();
    const res = await pedir("POST", `/api/usuarios/${cuenta.id}/invitacion`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(cuenta);
    expect(await correosA(socio.email)).toHaveLength(2);
    const nuevo = await ultimoToken(socio.email);
    expect(nuevo).not.toBe(viejo);
    const conViejo = await confirmar(viejo);
    expect(conViejo.statusCode).toBe(400);
    expect(conViejo.json().error).toBe("enlace_invalido");
    expect((await confirmar(nuevo)).statusCode).toBe(204);
    expect(await entrar(e.app, socio.email, NUEVA)).toEqual(expect.any(String));
  });

  it("no reenvía a una cuenta ya activada ni a una desactivada; 404 si no existe", async () => {
    const activada = await crearCuenta(e.db);
    const res = await pedir("POST", `/api/usuarios/${activada.id}/invitacion`);
    expect(res.statusCode).toBe(409);
    expect(res.json().mensaje).toBe(MENSAJES_USUARIOS.yaActivada);

    const { cuenta } = await invitar();
    await pedir("PATCH", `/api/usuarios/${cuenta.id}`, { activo: false });
    const desactivada = await pedir("POST", `/api/usuarios/${cuenta.id}/invitacion`);
    expect(desactivada.statusCode).toBe(409);
    expect(desactivada.json().mensaje).toBe(MENSAJES_USUARIOS.desactivada);

    expect((await pedir("POST", "/api/usuarios/999999/invitacion")).statusCode).toBe(404);
  });
});

describe("POST /api/usuarios/:id/restablecer", () => {
  it("cierra sus sesiones y le envía un enlace de una hora; la contraseña actual sigue valiendo", async () => {
    const c = await crearCuenta(e.db);
    const token = await entrar(e.app, c.email);
    const antes = Date.now();
    const res = await pedir("POST", `/api/usuarios/${c.id}/restablecer`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.id, invitacionPendiente: false });
    expect((await pedir("GET", "/api/sesion", undefined, token)).statusCode).toBe(401);

    const correos = await correosA(c.email);
    expect(correos).toHaveLength(1);
    expect(correos[0].asunto).toBe("Restablecer tu contraseña");
    expect(correos[0].texto).not.toContain("invitacion=1");
    const enlace = await ultimoToken(c.email);
    const fila = await e.db
      .selectFrom("token_acceso")
      .selectAll()
      .where("token_hash", "=", hashToken(enlace))
      .executeTakeFirstOrThrow();
    expect(fila.tipo).toBe("reset");
    expect(fila.expira_en.getTime() - antes).toBeLessThanOrEqual(HORA + 60_000);
    expect(fila.expira_en.getTime() - antes).toBeGreaterThan(HORA - 60_000);

    expect(await entrar(e.app, c.email)).toEqual(expect.any(String));
    expect((await confirmar(enlace)).statusCode).toBe(204);
    expect(await entrar(e.app, c.email, NUEVA)).toEqual(expect.any(String));
  });

  it("responde 404 a una cuenta que no existe y 409 a una desactivada", async () => {
    expect((await pedir("POST", "/api/usuarios/999999/restablecer")).statusCode).toBe(404);
    const c = await crearCuenta(e.db, { activo: false });
    expect((await pedir("POST", `/api/usuarios/${c.id}/restablecer`)).statusCode).toBe(409);
  });
});

describe("auditoría", () => {
  it("registra cada cambio sin guardar nunca enlaces ni hashes", async () => {
    const { cuenta, token } = await invitar();
    await pedir("POST", `/api/usuarios/${cuenta.id}/invitacion`);
    await pedir("POST", `/api/usuarios/${cuenta.id}/restablecer`);
    const filas = await e.db
      .selectFrom("auditoria")
      .selectAll()
      .where("entidad", "=", "usuario")
      .where("id_entidad", "=", cuenta.id)
      .orderBy("id")
      .execute();
    expect(filas.map((f) => f.accion)).toEqual([
      "crear",
      "reenviar_invitacion",
      "forzar_restablecimiento",
    ]);
    const texto = JSON.stringify(filas);
    const tokens = await e.db
      .selectFrom("token_acceso")
      .select("token_hash")
      .where("id_usuario", "=", cuenta.id)
      .execute();
    for (const t of tokens) expect(texto).not.toContain(t.token_hash);
    expect(texto).not.toContain(token);
    expect(texto).not.toMatch(/token|hash|password/i);
  });
});

describe("permisos", () => {
  const rutas: [Metodo, string, unknown][] = [
    ["GET", "/api/usuarios", undefined],
    ["GET", "/api/usuarios/1", undefined],
    ["POST", "/api/usuarios", { idSocio: 1, email: "x@fila.test", rol: "administrador" }],
    ["PATCH", "/api/usuarios/1", { rol: "administrador" }],
    ["POST", "/api/usuarios/1/invitacion", undefined],
    ["POST", "/api/usuarios/1/restablecer", undefined],
  ];

  it.each(rutas)("%s %s: usuario y socio 403, sin sesión 401", async (metodo, url, cuerpo) => {
    for (const [token, estado] of [
      [tokenUsuario, 403],
      [tokenSocio, 403],
      [null, 401],
    ] as const) {
      const res = await pedir(metodo, url, cuerpo, token);
      expect(res.statusCode).toBe(estado);
      expect(res.json().error).toBe(estado === 401 ? "no_autenticado" : "prohibido");
    }
  });

  it("un 403 tampoco valida el cuerpo ni revela nada", async () => {
    const res = await pedir("POST", "/api/usuarios", { basura: true }, tokenSocio);
    expect(res.statusCode).toBe(403);
  });
});
