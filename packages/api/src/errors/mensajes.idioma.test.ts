import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { DomainError } from "./domain-error.js";
import { mensajeCon, texto } from "./mensajes.js";
import { MENSAJES_VA } from "./mensajes.va.js";
import { textoDominioEnValenciano } from "./textos-dominio.va.js";

describe("catálogo en valenciano", () => {
  it("da el texto valenciano de una clave, con sus marcadores rellenos", () => {
    expect(texto("no_encontrado.noticia", "va")).toBe("La notícia no existix.");
    expect(texto(mensajeCon("pagos.no_existe_cargo", { ids: "3, 7" }), "va")).toBe(
      "No existix el càrrec 3, 7.",
    );
    expect(texto("sesion.condiciones_pendientes", "va")).toBe(
      MENSAJES_VA["sesion.condiciones_pendientes"],
    );
  });

  it("un texto de una regla del dominio se traduce (exacto o con su valor) y uno desconocido queda igual", () => {
    expect(textoDominioEnValenciano("El nombre es obligatorio")).toBe("El nom és obligatori");
    expect(textoDominioEnValenciano("No puede tener más de 70 caracteres")).toBe(
      "No pot tindre més de 70 caràcters",
    );
    expect(textoDominioEnValenciano("Texto nuevo sin traducir")).toBe("Texto nuevo sin traducir");
    const e = new DomainError(
      "validacion",
      mensajeCon("dominio.texto", { texto: "Introduce un IBAN válido" }),
      [{ campo: "iban", mensaje: "Introduce un IBAN válido" }],
    );
    expect(e.mensajeEn("va")).toBe("Introduïx un IBAN vàlid");
    expect(e.detallesEn("va")).toEqual([{ campo: "iban", mensaje: "Introduïx un IBAN vàlid" }]);
    expect(e.mensaje).toBe("Introduce un IBAN válido");
  });
});

describe("respuestas de error en el idioma de la cuenta", () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  });
  afterAll(async () => {
    await e?.cerrar();
  });

  async function sesionEn(idioma: "es" | "va", rol: "socio" | "administrador" = "socio") {
    const c = await crearCuenta(e.db, { rol });
    await e.db.updateTable("usuario").set({ idioma }).where("id", "=", c.id).execute();
    return entrar(e.app, c.email);
  }

  it("un error del catálogo sale en valenciano para una cuenta en valenciano y en castellano por defecto", async () => {
    const va = await sesionEn("va");
    const es = await sesionEn("es");
    const url = "/api/noticias/999999";
    const enVa = await e.app.inject({ url, headers: bearer(va) });
    expect(enVa.statusCode).toBe(404);
    expect(enVa.json()).toEqual({
      error: "no_encontrado",
      mensaje: "La notícia no existix.",
      detalles: [],
    });
    const enEs = await e.app.inject({ url, headers: bearer(es) });
    expect(enEs.json().mensaje).toBe("La noticia no existe.");
    // Without a session: Spanish.
    const anonimo = await e.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "x@y.es", password: "z" },
    });
    expect(anonimo.json().mensaje).toBe("Correo o contraseña incorrectos.");
    const ruta = await e.app.inject({ url: "/api/no-existe", headers: bearer(va) });
    expect(ruta.json().mensaje).toBe("No existix la ruta GET /api/no-existe.");
  });

  it("la validación: textos de zod, de los esquemas del dominio y campos desconocidos, en valenciano", async () => {
    const va = await sesionEn("va", "administrador");
    const res = await e.app.inject({
      method: "POST",
      url: "/api/actos",
      headers: bearer(va),
      payload: { nombre: "", fecha: "no-es-fecha", raro: 1 },
    });
    expect(res.statusCode).toBe(400);
    const cuerpo = res.json() as {
      mensaje: string;
      detalles: { campo: string; mensaje: string }[];
    };
    expect(cuerpo.mensaje).toBe("Hi ha dades que no són vàlides. Revisa els camps marcats.");
    const por = Object.fromEntries(cuerpo.detalles.map((d) => [d.campo, d.mensaje]));
    expect(por.nombre).toBe("El nom és obligatori");
    expect(por.fecha).toBe("Introduïx una data vàlida (AAAA-MM-DD)");

    const desconocido = await e.app.inject({
      method: "PUT",
      url: "/api/sesion/idioma",
      headers: bearer(va),
      payload: { idioma: "va", raro: 1 },
    });
    expect(desconocido.json().detalles).toEqual([
      { campo: "raro", mensaje: "Este camp no existix en esta petició." },
    ]);
    // zod's own text (no message in the schema): Catalan locale of zod, not Spanish.
    const tipo = await e.app.inject({
      method: "PUT",
      url: "/api/sesion/idioma",
      headers: bearer(va),
      payload: { idioma: 3 },
    });
    const mensaje = tipo.json().detalles[0].mensaje as string;
    expect(mensaje).toMatch(/s'esperava/);
    const enEs = await e.app.inject({
      method: "PUT",
      url: "/api/sesion/idioma",
      headers: bearer(await sesionEn("es")),
      payload: { idioma: 3 },
    });
    expect(enEs.json().detalles[0].mensaje).toMatch(/esperaba|[Oo]pción/);

    // A field left out says so plainly, in each language (not «recibido undefined»).
    for (const [idioma, esperado] of [
      ["es", "Falta este dato"],
      ["va", "Falta aquesta dada"],
    ] as const) {
      const falta = await e.app.inject({
        method: "PUT",
        url: "/api/sesion/idioma",
        headers: bearer(idioma === "va" ? va : await sesionEn("es")),
        payload: {},
      });
      expect(falta.statusCode).toBe(400);
      expect(falta.json().detalles).toEqual([{ campo: "idioma", mensaje: esperado }]);
    }
  });
});
