import { gunzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.js";
import { ErrorDeArranque } from "../../bootstrap/fallo-arranque.js";
import { ClaveInstalacion, errorClaveDistinta } from "../../lib/clave-instalacion.js";
import { codigoTotp, hashCodigoRecuperacionAntiguo } from "../../lib/totp.js";
import { crearBaseDePruebas } from "../../test/base-de-pruebas.js";
import { bearer, crearCuenta, entrar, PASSWORD_PRUEBA } from "../../test/entorno.js";
import { crearEntornoConArchivos, type EntornoConArchivos, multipart } from "../../test/subidas.js";
import { ponerSecretosAlDia } from "./secretos.js";

/*
 * TOTP secrets at rest (issue 32, item 5): encrypted with the installation key, never in a
 * backup in clear; older data in clear is encrypted by the start-up step; data from another
 * installation asks its accounts to set TOTP up again.
 */

const PASO_MS = 30_000;
let x: EntornoConArchivos;

beforeAll(async () => {
  x = await crearEntornoConArchivos("secretos");
});
afterAll(async () => {
  await x?.cerrar();
});

const login = (app = x.e.app, email: string, codigo?: string) =>
  app.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { email, password: PASSWORD_PRUEBA, ...(codigo ? { codigo } : {}) },
  });

/** An account that started setting TOTP up; `confirmar` turns it on. */
async function cuentaConTotp(inst: EntornoConArchivos, confirmar = true) {
  const c = await crearCuenta(inst.e.db);
  const token = await entrar(inst.e.app, c.email);
  const inicio = await inst.llamar("POST", "/api/cuenta/totp", token);
  expect(inicio.statusCode, inicio.body).toBe(200);
  const secreto = inicio.json().secreto as string;
  let recuperacion: string[] = [];
  if (confirmar) {
    const r = await inst.llamar("POST", "/api/cuenta/totp/confirmacion", token, {
      codigo: codigoTotp(secreto),
    });
    expect(r.statusCode, r.body).toBe(200);
    recuperacion = r.json().codigosRecuperacion;
  }
  return { ...c, token, secreto, recuperacion };
}

/** Requests of one session on an app (JSON body when given). */
const conSesion =
  (app: FastifyInstance, token: string) =>
  (method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: bearer(token) });

/** What the database holds of an account's TOTP. */
const totpGuardado = (id: number) =>
  x.e.db
    .selectFrom("usuario")
    .select(["totp_secreto", "totp_activo", "totp_renovar"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const secretoGuardado = async (id: number) => (await totpGuardado(id)).totp_secreto;

async function descargarCopia(inst: EntornoConArchivos): Promise<string> {
  const res = await inst.e.app.inject({
    method: "GET",
    url: "/api/utilidades/copia",
    headers: bearer(inst.tokens.administrador),
  });
  expect(res.statusCode, res.body).toBe(200);
  return gunzipSync(res.rawPayload).toString("utf8");
}

const MINUTO = 60_000;

/**
 * With SMTP (another app on the same data and key): the restored account with TOTP signs in with
 * its password, asks for the link and opens it; a fixed clock shows it dies at 30 minutes, and
 * each link serves once.
 */
async function pruebaPorCorreo(destino: EntornoConArchivos, c: { id: number; email: string }) {
  const app = await buildApp({
    config: { ...destino.e.config, smtpUrl: "smtp://127.0.0.1:9" },
    db: destino.e.db,
    clave: destino.e.clave,
    logger: false,
  });
  try {
    const t0 = new Date();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t0);
    const pedir = conSesion(app, (await login(app, c.email)).json().accessToken);
    expect((await pedir("GET", "/api/cuenta/totp")).json()).toMatchObject({
      pendiente: true,
      renovar: true,
      prueba: "correo",
    });
    const sinPrueba = await pedir("POST", "/api/cuenta/totp");
    expect(sinPrueba.statusCode).toBe(403);
    expect(sinPrueba.json().mensaje).toMatch(/enlace que te enviamos por correo/);
    const enlace = async () => {
      expect((await pedir("POST", "/api/cuenta/totp/enlace")).statusCode).toBe(204);
      await app.servicios.mail.esperarEnvios();
      const correo = await destino.e.db
        .selectFrom("correo_saliente")
        .select("texto")
        .where("para", "=", c.email)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      const url = /https?:\/\/\S+/.exec(correo.texto)?.[0] ?? "";
      expect(url).toMatch(/\/#\/user-home\?totp=configurar&prueba=/);
      return decodeURIComponent(url.split("prueba=")[1] ?? "");
    };
    const caducado = await enlace();
    vi.setSystemTime(t0.getTime() + 30 * MINUTO);
    expect((await pedir("POST", "/api/cuenta/totp", { prueba: caducado })).statusCode).toBe(400);
    const vigente = await enlace();
    await enlace();
    // Three links an hour at the most.
    expect((await pedir("POST", "/api/cuenta/totp/enlace")).statusCode).toBe(429);
    vi.setSystemTime(t0.getTime() + 59 * MINUTO);
    const inicio = await pedir("POST", "/api/cuenta/totp", { prueba: vigente });
    expect(inicio.statusCode, inicio.body).toBe(200);
    expect((await pedir("POST", "/api/cuenta/totp", { prueba: vigente })).statusCode).toBe(400);
    const confirmacion = await pedir("POST", "/api/cuenta/totp/confirmacion", {
      codigo: codigoTotp(inicio.json().secreto),
    });
    expect(confirmacion.statusCode, confirmacion.body).toBe(200);
    expect((await pedir("GET", "/api/noticias")).statusCode).toBe(200);
  } finally {
    vi.useRealTimers();
    await app.close();
  }
}

/** Without SMTP: no link; only an administrator removes the old factor, and it is audited. */
async function pruebaDeAdministrador(
  destino: EntornoConArchivos,
  c: { id: number; email: string },
  admin: string,
  usuario: string,
) {
  const pedir = conSesion(destino.e.app, (await login(destino.e.app, c.email)).json().accessToken);
  expect((await pedir("GET", "/api/cuenta/totp")).json()).toMatchObject({
    renovar: true,
    prueba: "administrador",
  });
  expect((await pedir("POST", "/api/cuenta/totp")).statusCode).toBe(403);
  const sinCorreo = await pedir("POST", "/api/cuenta/totp/enlace");
  expect(sinCorreo.statusCode).toBe(409);
  expect(sinCorreo.json().mensaje).toMatch(/pide a un administrador/);
  const quitar = async (email: string) =>
    conSesion(destino.e.app, await entrar(destino.e.app, email))(
      "DELETE",
      `/api/usuarios/${c.id}/totp`,
    );
  expect((await quitar(usuario)).statusCode).toBe(403);
  expect((await pedir("GET", "/api/cuenta/totp")).json()).toMatchObject({ renovar: true });
  expect((await quitar(admin)).statusCode).toBe(204);
  const auditoria = await destino.e.db
    .selectFrom("auditoria")
    .innerJoin("usuario", "usuario.id", "auditoria.id_usuario")
    .select("usuario.email")
    .where("auditoria.accion", "=", "restablecer_totp")
    .where("auditoria.id_entidad", "=", c.id)
    .execute();
  expect(auditoria).toEqual([{ email: admin }]);
  // Vouched for by the administrator: the account goes on, and may set TOTP up again.
  expect((await pedir("GET", "/api/cuenta/totp")).json()).toMatchObject({
    renovar: false,
    pendiente: false,
  });
  expect((await pedir("POST", "/api/cuenta/totp")).statusCode).toBe(200);
}

describe("secretos TOTP cifrados con la clave de instalación", () => {
  it("la base guarda el secreto cifrado (también el pendiente) y la copia de seguridad no lo lleva", async () => {
    const activa = await cuentaConTotp(x);
    const pendiente = await cuentaConTotp(x, false);
    for (const c of [activa, pendiente]) {
      const guardado = await secretoGuardado(c.id);
      expect(guardado?.startsWith("v1.")).toBe(true);
      expect(guardado).not.toContain(c.secreto);
    }
    const copia = await descargarCopia(x);
    expect(copia).toContain(activa.email);
    expect(copia).not.toContain(activa.secreto);
    expect(copia).not.toContain(pendiente.secreto);
    // The recovery codes are hashed per account and with the key: not the old shared hash.
    expect(copia).not.toContain(hashCodigoRecuperacionAntiguo(activa.recuperacion[0] as string));
  });

  it("se sigue entrando con el código de la aplicación y con un código de recuperación", async () => {
    const c = await cuentaConTotp(x);
    expect((await login(undefined, c.email)).json().error).toBe("codigo_requerido");
    const conCodigo = await login(undefined, c.email, codigoTotp(c.secreto, Date.now() + PASO_MS));
    expect(conCodigo.statusCode, conCodigo.body).toBe(200);
    const conRecuperacion = await login(undefined, c.email, c.recuperacion[0]);
    expect(conRecuperacion.statusCode, conRecuperacion.body).toBe(200);
    expect((await login(undefined, c.email, c.recuperacion[0])).statusCode).toBe(401);
  });

  it("los secretos en claro de datos anteriores se cifran al arrancar, y los códigos de recuperación de antes siguen valiendo", async () => {
    const c = await crearCuenta(x.e.db);
    const secreto = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await x.e.db
      .updateTable("usuario")
      .set({ totp_secreto: secreto, totp_activo: true })
      .where("id", "=", c.id)
      .execute();
    await x.e.db
      .insertInto("totp_recuperacion")
      .values({ id_usuario: c.id, codigo_hash: hashCodigoRecuperacionAntiguo("ABCDE-FGHJK") })
      .execute();
    const primera = await ponerSecretosAlDia(x.e.db, x.e.clave);
    expect(primera.cifrados).toBeGreaterThanOrEqual(1);
    expect(primera.totpPorConfigurar).toBe(0);
    expect(await secretoGuardado(c.id)).toMatch(/^v1\./);
    // Idempotent: a second run finds nothing to do.
    expect(await ponerSecretosAlDia(x.e.db, x.e.clave)).toEqual({
      cifrados: 0,
      totpPorConfigurar: 0,
    });
    expect((await login(undefined, c.email, codigoTotp(secreto))).statusCode).toBe(200);
    expect((await login(undefined, c.email, "abcde fghjk")).statusCode).toBe(200);
  });

  it("el primer arranque que no encuentra huella la escribe, aunque no haya secretos (issue 45 §12)", async () => {
    const bd = await crearBaseDePruebas();
    try {
      const huella = () =>
        bd.db.selectFrom("asociacion").select("clave_huella").executeTakeFirstOrThrow();
      expect((await huella()).clave_huella).toBeNull();
      const clave = ClaveInstalacion.nueva();
      await ponerSecretosAlDia(bd.db, clave, () => errorClaveDistinta("/datos"));
      expect((await huella()).clave_huella).toBe(clave.huella);
      // The next start with another key stops.
      await expect(
        ponerSecretosAlDia(bd.db, ClaveInstalacion.nueva(), () => errorClaveDistinta("/datos")),
      ).rejects.toThrow(ErrorDeArranque);
    } finally {
      await bd.cerrar();
    }
  });

  it("arrancar con otra clave sin FILA_CLAVE_NUEVA para, nombrando DATA_DIR/clave y FILA_CLAVE, sin tocar nada (issue 45 §12)", async () => {
    const c = await cuentaConTotp(x);
    await ponerSecretosAlDia(x.e.db, x.e.clave);
    const foto = async () => ({
      usuarios: await x.e.db
        .selectFrom("usuario")
        .select(["id", "totp_secreto", "totp_activo", "totp_renovar"])
        .orderBy("id")
        .execute(),
      recuperacion: await x.e.db
        .selectFrom("totp_recuperacion")
        .selectAll()
        .orderBy("id")
        .execute(),
      huella: await x.e.db.selectFrom("asociacion").select("clave_huella").execute(),
    });
    const antes = await foto();
    expect(antes.huella).toEqual([{ clave_huella: x.e.clave.huella }]);
    const arranque = ponerSecretosAlDia(x.e.db, ClaveInstalacion.nueva(), () =>
      errorClaveDistinta("/srv/fila"),
    );
    await expect(arranque).rejects.toThrow(ErrorDeArranque);
    await expect(arranque).rejects.toThrow(
      /otra clave de instalación.*DATA_DIR\/clave \(\/srv\/fila\/clave\).*FILA_CLAVE.*FILA_CLAVE_NUEVA=1/,
    );
    expect(await foto()).toEqual(antes);
    expect((await login(undefined, c.email)).json().error).toBe("codigo_requerido");
  });

  it("con otra clave de instalación, las cuentas con TOTP tienen que volver a configurarlo antes de nada", async () => {
    const activa = await cuentaConTotp(x);
    const pendiente = await cuentaConTotp(x, false);
    const otra = ClaveInstalacion.nueva();
    const resultado = await ponerSecretosAlDia(x.e.db, otra);
    expect(resultado.totpPorConfigurar).toBeGreaterThanOrEqual(1);
    expect(await totpGuardado(activa.id)).toEqual({
      totp_secreto: null,
      totp_activo: false,
      totp_renovar: true,
    });
    expect(await totpGuardado(pendiente.id)).toMatchObject({
      totp_secreto: null,
      totp_renovar: false,
    });
    const huella = await x.e.db
      .selectFrom("asociacion")
      .select("clave_huella")
      .executeTakeFirstOrThrow();
    expect(huella.clave_huella).toBe(otra.huella);

    // The app started with the other key: the password alone opens a session that may only set
    // TOTP up again, says why, and asks for a proof first (the restore's test below).
    const app = await buildApp({ config: x.e.config, db: x.e.db, clave: otra, logger: false });
    try {
      const entrada = await login(app, activa.email);
      expect(entrada.statusCode, entrada.body).toBe(200);
      const pedir = conSesion(app, entrada.json().accessToken);
      const estado = await pedir("GET", "/api/cuenta/totp");
      expect(estado.json()).toMatchObject({ activo: false, pendiente: true, renovar: true });
      const otraCosa = await pedir("GET", "/api/noticias");
      expect(otraCosa.statusCode).toBe(403);
      expect(otraCosa.json().error).toBe("totp_pendiente");
      expect(otraCosa.json().mensaje).toMatch(/copia de otra instalación/);
      expect((await pedir("POST", "/api/cuenta/totp")).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });

  it("restaurar la copia en otra instalación pide volver a configurar TOTP y lo dice en la respuesta; la contraseña sola no da un autenticador nuevo: hace falta el enlace del correo (un uso, 30 minutos) o que un administrador quite el anterior (issue 45 §12)", async () => {
    const c = await cuentaConTotp(x);
    const otra = await cuentaConTotp(x);
    const admin = await crearCuenta(x.e.db, { rol: "administrador" });
    const usuario = await crearCuenta(x.e.db, { rol: "usuario" });
    const copia = await x.e.app.inject({
      url: "/api/utilidades/copia",
      headers: bearer(x.tokens.administrador),
    });
    const destino = await crearEntornoConArchivos("secretos-destino");
    try {
      const cuerpo = multipart([
        { campo: "password", valor: PASSWORD_PRUEBA },
        { campo: "nombre", valor: "Filà" },
        { campo: "archivo", archivo: copia.rawPayload, nombre: "copia.fila.gz" },
      ]);
      const res = await destino.e.app.inject({
        method: "POST",
        url: "/api/utilidades/restauracion",
        payload: cuerpo.payload,
        headers: { ...cuerpo.headers, ...bearer(destino.tokens.administrador) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().totpPorConfigurar).toBeGreaterThanOrEqual(1);
      // The restored data now hold this installation's fingerprint: the next start goes on.
      const huella = await destino.e.db
        .selectFrom("asociacion")
        .select("clave_huella")
        .executeTakeFirstOrThrow();
      expect(huella.clave_huella).toBe(destino.e.clave.huella);
      const entrada = await login(destino.e.app, c.email);
      expect(entrada.statusCode, entrada.body).toBe(200);
      const estado = await conSesion(destino.e.app, entrada.json().accessToken)(
        "GET",
        "/api/cuenta/totp",
      );
      expect(estado.json()).toMatchObject({ pendiente: true, renovar: true });
      await pruebaPorCorreo(destino, c);
      await pruebaDeAdministrador(destino, otra, admin.email, usuario.email);
    } finally {
      vi.useRealTimers();
      await destino.cerrar();
    }
  }, 120_000);
});
