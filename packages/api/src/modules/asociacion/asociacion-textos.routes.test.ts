import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUENTAS_DEMO, cargarDemo, PASSWORD_DEMO } from "../../demo/seed-demo.js";
import { bearer, crearCuenta, entrar } from "../../test/entorno.js";
import {
  crearEntornoConArchivos,
  type EntornoConArchivos,
  multipart,
  type Parte,
} from "../../test/subidas.js";
import { siguienteVersion } from "./asociacion-textos.service.js";

let x: EntornoConArchivos;
let admin: string;

beforeAll(async () => {
  x = await crearEntornoConArchivos("textos");
  await cargarDemo(x.e.db, x.dataDir);
  admin = x.tokens.administrador;
}, 120_000);
afterAll(async () => {
  await x?.cerrar();
});

const imagen = (formato: "png" | "jpeg" | "webp") =>
  sharp({ create: { width: 900, height: 300, channels: 3, background: "#1971c2" } })
    [formato]()
    .toBuffer();
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

function subirLogo(archivo: Buffer, nombre: string, token = admin) {
  const cuerpo = multipart([{ campo: "archivo", archivo, nombre } satisfies Parte]);
  return x.e.app.inject({
    method: "PUT",
    url: "/api/asociacion/logo",
    payload: cuerpo.payload,
    headers: { ...cuerpo.headers, ...(token ? bearer(token) : {}) },
  });
}

const tieneImagen = (pdf: Buffer) => pdf.toString("latin1").includes("/Subtype /Image");

describe("textos de la asociación", () => {
  it("numera las versiones nuevas de las condiciones", () => {
    expect(siguienteVersion("1")).toBe("2");
    expect(siguienteVersion("2026.3")).toBe("2026.4");
    expect(siguienteVersion("v1")).toBe("v1.2");
  });

  it("solo el administrador los cambia; leerlos es público", async () => {
    const cuerpo = { condiciones: "<p>Hola</p>", privacidad: "<p>Priv</p>" };
    for (const rol of ["usuario", "socio", "sinFicha"] as const) {
      const res = await x.llamar("PUT", "/api/asociacion/textos", x.tokens[rol], cuerpo);
      expect(res.statusCode).toBe(403);
      expect((await subirLogo(await imagen("png"), "logo.png", x.tokens[rol])).statusCode).toBe(
        403,
      );
      expect((await x.llamar("DELETE", "/api/asociacion/logo", x.tokens[rol])).statusCode).toBe(
        403,
      );
    }
    expect((await x.llamar("PUT", "/api/asociacion/textos", "", cuerpo)).statusCode).toBe(401);
    expect((await subirLogo(await imagen("png"), "logo.png", "")).statusCode).toBe(401);
    const textos = await x.llamar("GET", "/api/asociacion/textos");
    expect(textos.statusCode).toBe(200);
    expect(textos.json().condiciones).not.toBe("<p>Hola</p>");
  });

  it("guarda el texto enriquecido saneado como las noticias, lo audita y no cambia la versión si no se pide", async () => {
    const antes = (await x.llamar("GET", "/api/asociacion/textos")).json();
    const res = await x.llamar("PUT", "/api/asociacion/textos", admin, {
      condiciones:
        '<h2>Condiciones</h2><p onclick="robar()">Acepto <strong>todo</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
      privacidad: "<p>Tus datos son tuyos.</p><iframe src='https://mal.example'></iframe>",
    });
    expect(res.statusCode, res.body).toBe(200);
    const textos = res.json();
    expect(textos.condiciones).toContain("<h2>Condiciones</h2>");
    expect(textos.condiciones).toContain("<strong>todo</strong>");
    expect(textos.condiciones).not.toMatch(/onclick|script|javascript/);
    expect(textos.privacidad).toBe("<p>Tus datos son tuyos.</p>");
    expect(textos.versionCondiciones).toBe(antes.versionCondiciones);
    const auditoria = await x.e.db
      .selectFrom("auditoria")
      .select("cambios")
      .where("entidad", "=", "asociacion")
      .execute();
    expect(auditoria.flatMap((a) => a.cambios.map((c) => c.campo))).toContain("texto_condiciones");
    const extra = await x.llamar("PUT", "/api/asociacion/textos", admin, {
      condiciones: "",
      privacidad: "",
      otro: 1,
    });
    expect(extra.statusCode).toBe(400);
  });

  it("una versión nueva de las condiciones hace que cada cuenta las acepte otra vez al entrar", async () => {
    const cuenta = await crearCuenta(x.e.db, { rol: "usuario" });
    const token = await entrar(x.e.app, cuenta.email);
    expect((await x.llamar("GET", "/api/documentos", token)).statusCode).toBe(200);

    const res = await x.llamar("PUT", "/api/asociacion/textos", admin, {
      condiciones: "<p>Condiciones de 2027</p>",
      privacidad: "<p>Privacidad</p>",
      nuevaVersion: true,
    });
    expect(res.statusCode).toBe(200);
    const version = res.json().versionCondiciones;
    const login = await x.e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: cuenta.email, password: cuenta.password },
    });
    expect(login.json().condicionesAceptadas).toBe("no");
    const nuevoToken = login.json().accessToken;
    const bloqueada = await x.llamar("GET", "/api/documentos", nuevoToken);
    expect(bloqueada.statusCode).toBe(403);
    expect(bloqueada.json().error).toBe("condiciones_pendientes");
    const acepta = await x.llamar("POST", "/api/login/condiciones", nuevoToken, {
      id: login.json().id,
    });
    expect(acepta.statusCode).toBeLessThan(300);
    const fila = await x.e.db
      .selectFrom("usuario")
      .select("condiciones_version")
      .where("id", "=", cuenta.id)
      .executeTakeFirstOrThrow();
    expect(fila.condiciones_version).toBe(version);
    expect((await x.llamar("GET", "/api/documentos", nuevoToken)).statusCode).toBe(200);
    // The board signs the new terms too before going on.
    await x.e.db.updateTable("usuario").set({ condiciones_version: version }).execute();
  });
});

describe("textos en castellano y en valenciano (issue 38)", () => {
  it("guarda la traducción saneada, la conserva si no se envía y no pide aceptar otra vez", async () => {
    const cuenta = await crearCuenta(x.e.db, { rol: "usuario" });
    const antes = (await x.llamar("GET", "/api/asociacion/textos")).json();
    expect(antes).toMatchObject({ condicionesVa: "", privacidadVa: "" });

    const res = await x.llamar("PUT", "/api/asociacion/textos", admin, {
      condiciones: antes.condiciones,
      privacidad: antes.privacidad,
      condicionesVa: '<h2>Condicions</h2><p onclick="robar()">Accepte</p><script>alert(1)</script>',
      privacidadVa: "<p></p>",
    });
    expect(res.statusCode, res.body).toBe(200);
    const textos = res.json();
    expect(textos.condicionesVa).toContain("<h2>Condicions</h2>");
    expect(textos.condicionesVa).not.toContain("onclick");
    expect(textos.condicionesVa).not.toContain("<script");
    // An emptied editor is no text: a reader in Valencian gets the Spanish one.
    expect(textos.privacidadVa).toBe("");
    expect(textos.condiciones).toBe(antes.condiciones);
    // Adding the translation keeps the version: nobody accepts the terms again for it.
    expect(textos.versionCondiciones).toBe(antes.versionCondiciones);
    const login = await x.e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: cuenta.email, password: cuenta.password },
    });
    expect(login.json().condicionesAceptadas).toBe("si");

    const auditoria = await x.e.db
      .selectFrom("auditoria")
      .select("cambios")
      .where("entidad", "=", "asociacion")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(auditoria.cambios)).toContain("texto_condiciones_va");

    // A client that does not send the Valencian texts leaves them as they were.
    const sinVa = await x.llamar("PUT", "/api/asociacion/textos", admin, {
      condiciones: antes.condiciones,
      privacidad: "<p>Privacidad corregida</p>",
    });
    expect(sinVa.statusCode).toBe(200);
    expect(sinVa.json().condicionesVa).toContain("<h2>Condicions</h2>");
    expect(sinVa.json().versionCondiciones).toBe(antes.versionCondiciones);

    for (const malo of [
      { condiciones: "", privacidad: "", condicionesVa: 3 },
      { condiciones: "", privacidad: "", privacidadVa: "x".repeat(200_001) },
      { condiciones: "", privacidad: "", idioma: "va" },
    ]) {
      expect((await x.llamar("PUT", "/api/asociacion/textos", admin, malo)).statusCode).toBe(400);
    }
  });
});

describe("logotipo", () => {
  it("rechaza el SVG y lo que no es imagen aunque el nombre diga .png", async () => {
    for (const [contenido, nombre] of [
      [SVG, "logo.svg"],
      [SVG, "logo.png"],
      [Buffer.from("no soy una imagen"), "logo.png"],
    ] as const) {
      const res = await subirLogo(contenido, nombre);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().mensaje).toMatch(/PNG, JPEG o WebP/);
    }
    expect((await x.llamar("GET", "/api/asociacion/logo")).statusCode).toBe(404);
    expect((await x.llamar("GET", "/api/asociacion/textos")).json().logo).toBeNull();
  });

  it("acepta PNG, JPEG y WebP, lo guarda como PNG de 512 px y lo da como icono de la app", async () => {
    for (const formato of ["jpeg", "webp", "png"] as const) {
      const res = await subirLogo(await imagen(formato), `logo.${formato}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().logo).toMatch(/^\/api\/asociacion\/logo\?v=\d+$/);
    }
    const logo = await x.llamar("GET", "/api/asociacion/logo");
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({
      format: "png",
      width: 512,
      height: 171,
    });
    const icono = await x.llamar("GET", "/api/asociacion/logo?tamanyo=192");
    expect(await sharp(icono.rawPayload).metadata()).toMatchObject({ width: 192, height: 192 });
    expect((await x.llamar("GET", "/api/asociacion/logo?tamanyo=100")).statusCode).toBe(400);

    const manifiesto = (await x.llamar("GET", "/manifest.webmanifest")).json();
    expect(manifiesto.icons[0]).toMatchObject({
      sizes: "192x192",
      src: expect.stringMatching(/^\/api\/asociacion\/logo\?tamanyo=192&v=\d+$/),
    });
  });

  it("sale en los recibos y en el listado de inscritos en PDF", async () => {
    const tokenDemo = await entrar(x.e.app, CUENTAS_DEMO.administrador, PASSWORD_DEMO);
    const pagado = await x.e.db
      .selectFrom("pago")
      .select("id")
      .where("estado", "=", "pagado")
      .executeTakeFirstOrThrow();
    const acto = await x.e.db.selectFrom("acto").select("id").executeTakeFirstOrThrow();
    const pdfs = async () => {
      const recibo = await x.llamar("GET", `/api/pagos/${pagado.id}/recibo.pdf`, tokenDemo);
      const listado = await x.llamar(
        "GET",
        `/api/actos/${acto.id}/inscripciones/export?formato=pdf`,
        tokenDemo,
      );
      expect(recibo.statusCode, recibo.body).toBe(200);
      expect(listado.statusCode, listado.body).toBe(200);
      return [tieneImagen(recibo.rawPayload), tieneImagen(listado.rawPayload)];
    };
    expect(await pdfs()).toEqual([true, true]);

    const quitado = await x.llamar("DELETE", "/api/asociacion/logo", admin);
    expect(quitado.statusCode).toBe(200);
    expect(quitado.json().logo).toBeNull();
    expect(await pdfs()).toEqual([false, false]);
    expect((await x.llamar("GET", "/manifest.webmanifest")).json().icons[0].src).toBe(
      "/icons/icono-192.png",
    );
  });
});
