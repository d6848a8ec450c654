import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";
import { endpointPermitido } from "./push.routes.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };

/** A fake push service on loopback: answers with the next status queued, 201 by default. */
type Recibido = { url: string; headers: IncomingHttpHeaders; cuerpo: Buffer };
let servidor: Server;
let basePush = "";
const recibidos: Recibido[] = [];
const respuestas: number[] = [];

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
  servidor = createServer((req, res) => {
    const trozos: Buffer[] = [];
    req.on("data", (t: Buffer) => trozos.push(t));
    req.on("end", () => {
      recibidos.push({ url: req.url ?? "", headers: req.headers, cuerpo: Buffer.concat(trozos) });
      res.statusCode = respuestas.shift() ?? 201;
      res.end();
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, "127.0.0.1", ok));
  basePush = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await e?.cerrar();
  await new Promise((ok) => servidor?.close(ok));
});

/** A browser's subscription: an ECDH P-256 pair and a 16-byte auth secret. */
function nuevaSuscripcion(ruta: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    // What the browser's PushSubscription.toJSON() sends, expirationTime included.
    cuerpo: {
      endpoint: `${basePush}/${ruta}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    },
  };
}

/** RFC 8291 / RFC 8188 (aes128gcm, one record) decryption, as the browser does it. */
function descifrar(cuerpo: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = cuerpo.subarray(0, 16);
  const idlen = cuerpo.readUInt8(20);
  const clavePublicaServidor = cuerpo.subarray(21, 21 + idlen);
  const cifrado = cuerpo.subarray(21 + idlen);
  const secreto = ecdh.computeSecret(clavePublicaServidor);
  const info = Buffer.concat([
    Buffer.from("WebPush: info\0"),
    ecdh.getPublicKey(),
    clavePublicaServidor,
  ]);
  const ikm = Buffer.from(hkdfSync("sha256", secreto, auth, info, 32));
  const cek = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
  );
  const nonce = Buffer.from(
    hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12),
  );
  const descifrador = createDecipheriv("aes-128-gcm", cek, nonce);
  descifrador.setAuthTag(cifrado.subarray(cifrado.length - 16));
  const claro = Buffer.concat([
    descifrador.update(cifrado.subarray(0, cifrado.length - 16)),
    descifrador.final(),
  ]);
  // Padding: a 0x02 delimiter (last record) followed by zeros.
  let fin = claro.length - 1;
  while (fin >= 0 && claro[fin] === 0) fin -= 1;
  expect(claro[fin]).toBe(2);
  return claro.subarray(0, fin).toString("utf8");
}

function pedir(metodo: "GET" | "POST" | "DELETE", url: string, payload?: unknown, token = "") {
  return e.app.inject({
    method: metodo,
    url,
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

async function enviosDe(endpoint: string) {
  return e.db
    .selectFrom("push_envio as e")
    .innerJoin("push_suscripcion as s", "s.id", "e.id_suscripcion")
    .select(["e.id", "e.estado", "e.intentos", "e.siguiente_intento_en", "e.ultimo_error"])
    .where("s.endpoint", "=", endpoint)
    .execute();
}

describe("permisos de /api/push", () => {
  it("cualquier sesión lee la clave y guarda o quita su suscripción; sin sesión, 401", async () => {
    const s = nuevaSuscripcion("permisos");
    for (const [metodo, url, cuerpo] of [
      ["GET", "/api/push/clave", undefined],
      ["POST", "/api/push/suscripcion", s.cuerpo],
      ["DELETE", "/api/push/suscripcion", { endpoint: s.cuerpo.endpoint }],
    ] as const) {
      expect((await pedir(metodo, url, cuerpo)).statusCode, `${metodo} ${url}`).toBe(401);
      for (const rol of ["administrador", "usuario", "socio"] as const) {
        const r = await pedir(metodo, url, cuerpo, tokens[rol]);
        expect(r.statusCode, `${rol} ${metodo} ${url}`).toBe(metodo === "DELETE" ? 204 : 200);
      }
    }
  });
});

describe("VAPID", () => {
  it("genera el par una sola vez, lo guarda en la base de datos y siempre da la misma clave", async () => {
    const a = (await pedir("GET", "/api/push/clave", undefined, tokens.usuario)).json().publicKey;
    const b = (await pedir("GET", "/api/push/clave", undefined, tokens.socio)).json().publicKey;
    expect(a).toBe(b);
    expect(Buffer.from(a, "base64url")).toHaveLength(65);
    const fila = await e.db
      .selectFrom("clave_servidor")
      .select("valor")
      .where("nombre", "=", "vapid")
      .executeTakeFirstOrThrow();
    expect((fila.valor as { publicKey: string }).publicKey).toBe(a);
  });
});

describe("suscripción", () => {
  it("la guarda (una por endpoint) y la quita solo su dueño", async () => {
    const s = nuevaSuscripcion("propia");
    expect(
      (await pedir("POST", "/api/push/suscripcion", s.cuerpo, tokens.usuario)).statusCode,
    ).toBe(200);
    // Weekly refresh: same endpoint, no duplicate.
    expect(
      (await pedir("POST", "/api/push/suscripcion", s.cuerpo, tokens.usuario)).statusCode,
    ).toBe(200);
    const filas = await e.db
      .selectFrom("push_suscripcion")
      .selectAll()
      .where("endpoint", "=", s.cuerpo.endpoint)
      .execute();
    expect(filas).toHaveLength(1);
    // Another user's DELETE leaves it.
    await pedir("DELETE", "/api/push/suscripcion", { endpoint: s.cuerpo.endpoint }, tokens.socio);
    expect(
      await e.db
        .selectFrom("push_suscripcion")
        .select("id")
        .where("endpoint", "=", s.cuerpo.endpoint)
        .execute(),
    ).toHaveLength(1);
    await pedir("DELETE", "/api/push/suscripcion", { endpoint: s.cuerpo.endpoint }, tokens.usuario);
    expect(
      await e.db
        .selectFrom("push_suscripcion")
        .select("id")
        .where("endpoint", "=", s.cuerpo.endpoint)
        .execute(),
    ).toHaveLength(0);
  });

  it("rechaza direcciones que no son https o claves mal formadas, sin guardar nada", async () => {
    const s = nuevaSuscripcion("mala");
    const antes = await e.db
      .selectFrom("push_suscripcion")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    for (const cuerpo of [
      { ...s.cuerpo, endpoint: "http://push.example.com/x" },
      { ...s.cuerpo, endpoint: "javascript:alert(1)" },
      { ...s.cuerpo, endpoint: "https://10.0.0.5/x" },
      { ...s.cuerpo, keys: { p256dh: "corta", auth: s.cuerpo.keys.auth } },
      { ...s.cuerpo, keys: { p256dh: s.cuerpo.keys.p256dh, auth: "" } },
      { endpoint: s.cuerpo.endpoint },
    ]) {
      const r = await pedir("POST", "/api/push/suscripcion", cuerpo, tokens.usuario);
      expect(r.statusCode, JSON.stringify(cuerpo)).toBe(400);
      expect(r.json().error).toBe("validacion");
    }
    const despues = await e.db
      .selectFrom("push_suscripcion")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it("http solo en loopback y nunca en producción", () => {
    expect(endpointPermitido("http://127.0.0.1:9/x", true)).toBe(true);
    expect(endpointPermitido("http://127.0.0.1:9/x", false)).toBe(false);
    expect(endpointPermitido("https://fcm.googleapis.com/fcm/send/abc", false)).toBe(true);
    expect(endpointPermitido("https://localhost/x", false)).toBe(false);
    expect(endpointPermitido("https://192.168.1.10/x", false)).toBe(false);
  });
});

describe("cola de envíos", () => {
  async function cuentaSuscrita(ruta: string) {
    const cuenta = await crearCuenta(e.db, { rol: "usuario" });
    const token = await entrar(e.app, cuenta.email);
    const s = nuevaSuscripcion(ruta);
    expect((await pedir("POST", "/api/push/suscripcion", s.cuerpo, token)).statusCode).toBe(200);
    return { cuenta, token, s };
  }

  async function alerta(idsSocio: number[], titulo: string) {
    const r = await pedir(
      "POST",
      "/api/alertas",
      {
        titulo,
        mensaje: "Esta noche",
        imagen: "/img/a.png",
        enlace: "/vernoticias?id=3",
        destino: { idsSocio },
      },
      tokens.administrador,
    );
    expect(r.statusCode).toBe(201);
    return r.json().id as number;
  }

  it("entrega el mensaje cifrado y firmado con VAPID al servicio push y lo marca enviado", async () => {
    const { cuenta, s } = await cuentaSuscrita("entrega");
    const idAlerta = await alerta([cuenta.idSocio ?? 0], "Assaig general");
    expect(recibidos.filter((r) => r.url === "/entrega")).toHaveLength(0);

    const resultado = await e.app.servicios.push.procesarCola();
    expect(resultado.enviados).toBeGreaterThanOrEqual(1);
    const peticion = recibidos.find((r) => r.url === "/entrega");
    if (!peticion) throw new Error("el servicio push no ha recibido nada");
    const clave = (await pedir("GET", "/api/push/clave", undefined, tokens.usuario)).json()
      .publicKey;
    expect(peticion.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${clave}$`),
    );
    expect(peticion.headers["content-encoding"]).toBe("aes128gcm");
    expect(peticion.headers.urgency).toBe("normal");
    expect(Number(peticion.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(descifrar(peticion.cuerpo, s.ecdh, s.auth))).toEqual({
      titulo: "Assaig general",
      mensaje: "Esta noche",
      imagen: "/img/a.png",
      enlace: "/vernoticias?id=3",
      idAlerta,
    });
    expect((await enviosDe(s.cuerpo.endpoint)).map((f) => f.estado)).toEqual(["enviado"]);
    // Nothing left: a second pass sends nothing again.
    const antes = recibidos.length;
    await e.app.servicios.push.procesarCola();
    expect(recibidos.length).toBe(antes);
  });

  it("404 o 410 del servicio push: borra la suscripción caducada", async () => {
    for (const estado of [410, 404]) {
      const { cuenta, s } = await cuentaSuscrita(`caducada-${estado}`);
      await alerta([cuenta.idSocio ?? 0], "Caducada");
      respuestas.push(estado);
      const r = await e.app.servicios.push.procesarCola();
      expect(r.borradas).toBe(1);
      const quedan = await e.db
        .selectFrom("push_suscripcion")
        .select("id")
        .where("endpoint", "=", s.cuerpo.endpoint)
        .execute();
      expect(quedan).toHaveLength(0);
    }
  });

  it("otro error: reintenta más tarde con espera 1000 ms × 2ⁿ y tras 10 intentos lo da por fallido", async () => {
    const { cuenta, s } = await cuentaSuscrita("error");
    await alerta([cuenta.idSocio ?? 0], "Con error");
    respuestas.push(500);
    const inicio = Date.now();
    expect((await e.app.servicios.push.procesarCola()).reintentos).toBe(1);
    let [envio] = await enviosDe(s.cuerpo.endpoint);
    expect(envio).toMatchObject({ estado: "pendiente", intentos: 1 });
    expect(envio?.ultimo_error).toContain("500");
    const espera1 = (envio?.siguiente_intento_en.getTime() ?? 0) - inicio;
    expect(espera1).toBeGreaterThan(500);
    expect(espera1).toBeLessThan(5000);
    // Not due yet: nothing is sent.
    const antes = recibidos.length;
    await e.app.servicios.push.procesarCola();
    expect(recibidos.length).toBe(antes);

    const vencer = () =>
      e.db
        .updateTable("push_envio")
        .set({ siguiente_intento_en: new Date(Date.now() - 1000) })
        .where("id", "=", envio?.id ?? 0)
        .execute();
    await vencer();
    respuestas.push(503);
    const inicio2 = Date.now();
    await e.app.servicios.push.procesarCola();
    [envio] = await enviosDe(s.cuerpo.endpoint);
    expect(envio?.intentos).toBe(2);
    const espera2 = (envio?.siguiente_intento_en.getTime() ?? 0) - inicio2;
    expect(espera2).toBeGreaterThan(1500);
    expect(espera2).toBeLessThan(6000);

    for (let i = 3; i <= 10; i++) {
      await vencer();
      respuestas.push(500);
      await e.app.servicios.push.procesarCola();
    }
    [envio] = await enviosDe(s.cuerpo.endpoint);
    expect(envio).toMatchObject({ estado: "fallido", intentos: 10 });
  });
});

describe("manifiesto", () => {
  it("GET /manifest.webmanifest sale de los datos de la asociación", async () => {
    await e.db
      .updateTable("asociacion")
      .set({ nombre: "Filà Mudéjares de Alcoi", nombre_corto: "Mudéjares", color: "#123456" })
      .execute();
    const r = await e.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toMatch(/application\/manifest\+json/);
    const m = r.json();
    expect(m).toMatchObject({
      name: "Filà Mudéjares de Alcoi",
      short_name: "Mudéjares",
      start_url: "/#/inicio",
      display: "standalone",
      lang: "es",
      theme_color: "#123456",
      background_color: "#123456",
    });
    expect(
      m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`),
    ).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  });

  it("el administrador cambia nombre corto y color en PUT /api/asociacion y el manifiesto los usa", async () => {
    const admin = await crearCuenta(e.db, { rol: "administrador" });
    const token = await entrar(e.app, admin.email);
    const datos = {
      nombre: "Filà Llana",
      cif: "B85626240",
      iban: "ES9121000418450200051332",
    };
    const poner = (cuerpo: object) =>
      e.app.inject({
        method: "PUT",
        url: "/api/asociacion",
        payload: cuerpo,
        headers: bearer(token),
      });
    const manifiesto = async () =>
      (await e.app.inject({ method: "GET", url: "/manifest.webmanifest" })).json();

    const r = await poner({ ...datos, nombreCorto: "Llana", color: "#0B7285" });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ nombreCorto: "Llana", color: "#0b7285" });
    expect(await manifiesto()).toMatchObject({
      name: "Filà Llana",
      short_name: "Llana",
      theme_color: "#0b7285",
    });

    const malo = await poner({ ...datos, nombreCorto: "Un nombre demasiado largo", color: "rojo" });
    expect(malo.statusCode).toBe(400);
    expect(
      malo
        .json()
        .detalles.map((d: { campo: string }) => d.campo)
        .sort(),
    ).toEqual(["color", "nombreCorto"]);
    // Saving the bank form without them keeps the app's name and colour.
    expect((await poner({ ...datos, nombre: "Filà Llana de Alcoi" })).statusCode).toBe(200);
    expect(await manifiesto()).toMatchObject({
      name: "Filà Llana de Alcoi",
      short_name: "Llana",
      theme_color: "#0b7285",
    });
  });
});
