import { createSign, generateKeyPairSync } from "node:crypto";
import type { CustomFetch } from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { type Config, leerConfig } from "../../config.js";
import { ClaveInstalacion } from "../../lib/clave-instalacion.js";
import { codigoTotp } from "../../lib/totp.js";
import { crearBaseDePruebas } from "../../test/base-de-pruebas.js";
import {
  bearer,
  crearCuenta,
  crearEntorno,
  type Entorno,
  entrar,
  PASSWORD_PRUEBA,
} from "../../test/entorno.js";
import { arrancarProveedorOidc, type ProveedorOidc } from "../../test/proveedor-oidc.js";

const PUBLIC_URL = "http://fila.test";
const RETORNO = `${PUBLIC_URL}/api/login/oidc/retorno`;
const PUERTO_PROVEEDOR = 3881;

let proveedor: ProveedorOidc;
let e: Entorno;
/** When on, the network between the API and the provider swaps the ID token for a forged one. */
let forjar = false;

const b64url = (datos: Buffer | string) => Buffer.from(datos).toString("base64url");

/** The same ID token (same header, kid and claims) signed with a key the provider never had. */
function falsificar(idToken: string): string {
  const [cabecera, cuerpo] = idToken.split(".");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const firma = createSign("RSA-SHA256").update(`${cabecera}.${cuerpo}`).sign(privateKey);
  return `${cabecera}.${cuerpo}.${b64url(firma)}`;
}

const redFalsificadora: CustomFetch = async (url, opciones) => {
  const res = await fetch(url, opciones as RequestInit);
  if (!forjar || !new URL(url).pathname.endsWith("/token")) return res;
  const cuerpo = await res.json();
  cuerpo.id_token = falsificar(cuerpo.id_token);
  return new Response(JSON.stringify(cuerpo), {
    status: res.status,
    headers: { "content-type": "application/json" },
  });
};

beforeAll(async () => {
  proveedor = await arrancarProveedorOidc({ puerto: PUERTO_PROVEEDOR, redirectUri: RETORNO });
  const bd = await crearBaseDePruebas();
  const config: Config = {
    ...leerConfig(
      {
        LOG_LEVEL: "silent",
        PUBLIC_URL,
        OIDC_ISSUER: proveedor.issuer,
        OIDC_CLIENT_ID: proveedor.clientId,
        OIDC_CLIENT_SECRET: proveedor.clientSecret,
        OIDC_LABEL: "Pruebas",
      },
      [],
    ),
    webDist: null,
    pushWorker: false,
  };
  const clave = ClaveInstalacion.nueva();
  const app = await buildApp({
    config,
    db: bd.db,
    clave,
    logger: false,
    oidcFetch: redFalsificadora,
  });
  await app.ready();
  e = {
    app,
    db: bd.db,
    config,
    clave,
    cerrar: async () => {
      await app.close();
      await bd.cerrar();
    },
  };
});
afterAll(async () => {
  await e?.cerrar();
  await proveedor?.cerrar();
});

/** A browser's cookie jar, enough for one provider on one host. */
class Tarro {
  private readonly cookies = new Map<string, string>();
  guardar(res: Response) {
    for (const linea of res.headers.getSetCookie()) {
      const [par] = linea.split(";");
      const i = par.indexOf("=");
      this.cookies.set(par.slice(0, i), par.slice(i + 1));
    }
  }
  get cabecera() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

type EnProveedor = {
  email?: string;
  verificado?: boolean | "xms";
  sub?: string;
  rechazar?: boolean;
};

/**
 * The browser's trip: our API sends it to the provider, the person signs in there, and the
 * provider sends it back to our return URL (not followed: returned with our state cookie).
 */
async function irAlProveedor(persona: EnProveedor) {
  const inicio = await e.app.inject({ method: "GET", url: "/api/login/oidc/inicio" });
  expect(inicio.statusCode).toBe(302);
  const cookieEstado = String(inicio.headers["set-cookie"]).split(";")[0];
  const tarro = new Tarro();
  let url = String(inicio.headers.location);
  for (let saltos = 0; saltos < 10 && !url.startsWith(PUBLIC_URL); saltos++) {
    let res: Response;
    if (new URL(url).pathname.startsWith("/interaction/")) {
      await fetch(url, { headers: { cookie: tarro.cabecera } }).then((r) => r.text());
      const campos = new URLSearchParams({ email: persona.email ?? "" });
      if (persona.verificado !== false) {
        campos.set("verificado", persona.verificado === "xms" ? "xms" : "si");
      }
      if (persona.sub) campos.set("sub", persona.sub);
      if (persona.rechazar) campos.set("rechazar", "si");
      res = await fetch(url, {
        method: "POST",
        body: campos,
        headers: { cookie: tarro.cabecera },
        redirect: "manual",
      });
    } else {
      res = await fetch(url, { headers: { cookie: tarro.cabecera }, redirect: "manual" });
    }
    tarro.guardar(res);
    await res.text();
    url = new URL(String(res.headers.get("location")), url).href;
  }
  expect(url.startsWith(RETORNO)).toBe(true);
  return { retorno: url, cookieEstado };
}

async function volver(retorno: string, cookie: string | undefined) {
  const res = await e.app.inject({
    method: "GET",
    url: retorno.slice(PUBLIC_URL.length),
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(302);
  const destino = new URL(String(res.headers.location));
  expect(destino.origin + destino.pathname).toBe(`${PUBLIC_URL}/`);
  const consulta = new URLSearchParams(destino.hash.split("?")[1] ?? "");
  return { vale: consulta.get("oidc"), error: consulta.get("oidcError"), hash: destino.hash };
}

async function entrarConProveedor(persona: EnProveedor) {
  const { retorno, cookieEstado } = await irAlProveedor(persona);
  return volver(retorno, cookieEstado);
}

const canjear = (vale: string, codigo?: string) =>
  e.app.inject({
    method: "POST",
    url: "/api/login/oidc",
    payload: codigo ? { vale, codigo } : { vale },
  });

describe("entrar con el proveedor de identidad", () => {
  it("dice si está configurado y con qué nombre", async () => {
    const res = await e.app.inject({ method: "GET", url: "/api/login/oidc" });
    expect(res.json()).toEqual({ activo: true, etiqueta: "Pruebas" });
  });

  it("va al proveedor con código, PKCE S256, state, nonce y la URI de retorno de PUBLIC_URL", async () => {
    const res = await e.app.inject({
      method: "GET",
      url: "/api/login/oidc/inicio",
      headers: { host: "atacante.example" },
    });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(proveedor.issuer);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("client_id")).toBe(proveedor.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe(RETORNO);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("scope")).toContain("openid");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toContain(`fila_oidc=${url.searchParams.get("state")}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/login\/oidc/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it("la vuelta lee la cookie aunque lleguen otras y la borra", async () => {
    const c = await crearCuenta(e.db);
    const { retorno, cookieEstado } = await irAlProveedor({ email: c.email });
    const res = await e.app.inject({
      method: "GET",
      url: retorno.slice(PUBLIC_URL.length),
      headers: { cookie: `otra=1; ${cookieEstado}; ultima=x=y` },
    });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).hash).toMatch(/oidc=/);
    const borrada = String(res.headers["set-cookie"]);
    expect(borrada).toMatch(/^fila_oidc=;/);
    expect(borrada).toMatch(/Path=\/api\/login\/oidc/);
    expect(borrada).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("entra con el correo verificado de una cuenta activa: la misma sesión que el login, con un vale de un solo uso", async () => {
    const c = await crearCuenta(e.db, { rol: "socio" });
    const { vale, hash } = await entrarConProveedor({ email: c.email });
    expect(vale).toMatch(/^[\w-]{40,}$/);
    const res = await canjear(vale as string);
    expect(res.statusCode).toBe(200);
    const porPassword = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: c.email, password: PASSWORD_PRUEBA },
    });
    const { accessToken, ...datos } = res.json();
    const { accessToken: otro, ...datosPassword } = porPassword.json();
    expect(datos).toEqual(datosPassword);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(porPassword.json()).sort());
    // The token is a real session, and it never travelled in a URL.
    const sesion = await e.app.inject({
      method: "GET",
      url: "/api/sesion",
      headers: bearer(accessToken),
    });
    expect(sesion.json().id).toBe(c.id);
    expect(hash).not.toContain(accessToken);
    expect(otro).not.toBe(accessToken);
    // The one-time code is spent.
    const otraVez = await canjear(vale as string);
    expect(otraVez.statusCode).toBe(401);
    expect(otraVez.json()).toMatchObject({ error: "vale_invalido", mensaje: expect.any(String) });
    const enlace = await e.db
      .selectFrom("identidad_externa")
      .select(["proveedor", "sub"])
      .where("id_usuario", "=", c.id)
      .execute();
    expect(enlace).toEqual([{ proveedor: proveedor.issuer, sub: `sub-${c.email}` }]);
  });

  it("el enlace guardado encuentra la cuenta aunque cambie el correo en el proveedor", async () => {
    const c = await crearCuenta(e.db);
    const sub = `sub-fijo-${c.id}`;
    const primera = await entrarConProveedor({ email: c.email, sub });
    expect((await canjear(primera.vale as string)).statusCode).toBe(200);
    const despues = await entrarConProveedor({ email: `nuevo-${c.email}`, sub });
    const res = await canjear(despues.vale as string);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(c.id);
  });

  it("otro sub con el mismo correo no entra", async () => {
    const c = await crearCuenta(e.db);
    const primera = await entrarConProveedor({ email: c.email, sub: `sub-a-${c.id}` });
    expect(primera.vale).toBeTruthy();
    const otra = await entrarConProveedor({ email: c.email, sub: `sub-b-${c.id}` });
    expect(otra).toMatchObject({ vale: null, error: "otra_identidad" });
  });

  it("rechaza un correo sin verificar, sin cuenta o con la cuenta desactivada", async () => {
    const c = await crearCuenta(e.db);
    expect(await entrarConProveedor({ email: c.email, verificado: false })).toMatchObject({
      vale: null,
      error: "no_verificado",
    });
    expect(await entrarConProveedor({ email: "nadie-en-la-fila@fila.test" })).toMatchObject({
      vale: null,
      error: "sin_cuenta",
    });
    const baja = await crearCuenta(e.db, { activo: false });
    expect(await entrarConProveedor({ email: baja.email })).toMatchObject({
      vale: null,
      error: "desactivada",
    });
    const nada = await e.db
      .selectFrom("identidad_externa")
      .select("id")
      .where("sub", "=", `sub-${c.email}`)
      .execute();
    expect(nada).toHaveLength(0);
  });

  it("acepta como verificado el correo que Microsoft marca con xms_edov", async () => {
    const c = await crearCuenta(e.db);
    const { vale } = await entrarConProveedor({ email: c.email, verificado: "xms" });
    expect((await canjear(vale as string)).json()).toMatchObject({ id: c.id });
  });

  it("rechaza un state repetido y una vuelta sin la cookie del navegador que empezó", async () => {
    const c = await crearCuenta(e.db);
    const { retorno, cookieEstado } = await irAlProveedor({ email: c.email });
    const sinCookie = await volver(retorno, undefined);
    expect(sinCookie).toMatchObject({ vale: null, error: "estado" });
    const primera = await volver(retorno, cookieEstado);
    expect(primera.vale).toBeTruthy();
    const repetida = await volver(retorno, cookieEstado);
    expect(repetida).toMatchObject({ vale: null, error: "estado" });
  });

  it("rechaza un ID token falsificado (firma de otra clave)", async () => {
    const c = await crearCuenta(e.db);
    forjar = true;
    try {
      expect(await entrarConProveedor({ email: c.email })).toMatchObject({
        vale: null,
        error: "respuesta",
      });
    } finally {
      forjar = false;
    }
    // The same person with the provider's own token gets in.
    expect((await entrarConProveedor({ email: c.email })).vale).toBeTruthy();
  });

  it("cuando la persona no acepta en el proveedor vuelve al login con el motivo", async () => {
    expect(await entrarConProveedor({ rechazar: true })).toMatchObject({
      vale: null,
      error: "proveedor",
    });
  });

  it("con TOTP activado pide el código antes de dar la sesión", async () => {
    const c = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, c.email);
    const { secreto } = (
      await e.app.inject({ method: "POST", url: "/api/cuenta/totp", headers: bearer(token) })
    ).json();
    await e.app.inject({
      method: "POST",
      url: "/api/cuenta/totp/confirmacion",
      headers: bearer(token),
      payload: { codigo: codigoTotp(secreto) },
    });
    const { vale } = await entrarConProveedor({ email: c.email });
    const sinCodigo = await canjear(vale as string);
    expect(sinCodigo.statusCode).toBe(401);
    expect(sinCodigo.json().error).toBe("codigo_requerido");
    expect(sinCodigo.body).not.toContain("accessToken");
    const malo = await canjear(vale as string, "000000");
    expect(malo.json().error).toBe("codigo_incorrecto");
    const ok = await canjear(vale as string, codigoTotp(secreto, Date.now() + 30_000));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: c.id, rol: "administrador" });
  });

  it("un vale inventado es 401 y cuenta como intento fallido", async () => {
    const res = await canjear("vale-que-no-existe");
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("vale_invalido");
  });
});

describe("sin OIDC_ISSUER", () => {
  it("no se ofrece y el inicio vuelve al login con el motivo", async () => {
    const sin = await crearEntorno();
    try {
      const res = await sin.app.inject({ method: "GET", url: "/api/login/oidc" });
      expect(res.json()).toEqual({ activo: false, etiqueta: "" });
      const inicio = await sin.app.inject({ method: "GET", url: "/api/login/oidc/inicio" });
      expect(inicio.statusCode).toBe(302);
      expect(inicio.headers.location).toBe(
        `${sin.config.publicUrl}/#/login?oidcError=no_configurado`,
      );
    } finally {
      await sin.cerrar();
    }
  });
});
