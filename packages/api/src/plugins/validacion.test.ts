import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../test/entorno.js";
import { camposDesconocidos, MENSAJE_CAMPO_DESCONOCIDO } from "./validacion.js";

let e: Entorno;
let admin: string;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, (await crearCuenta(e.db, { rol: "administrador" })).email);
});
afterAll(async () => e?.cerrar());

const pedir = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  e.app.inject({ method, url, payload, headers: bearer(admin) });

const desconocido = (campo: string) => ({ campo, mensaje: MENSAJE_CAMPO_DESCONOCIDO });

describe("campos desconocidos en el cuerpo", () => {
  it("camposDesconocidos encuentra las claves que el análisis quitó, también anidadas", () => {
    expect(
      camposDesconocidos(
        { a: 1, b: { c: 2, x: 3 }, l: [{ d: 1, y: 2 }, { d: 2 }], z: null },
        { a: 1, b: { c: 2 }, l: [{ d: 1 }, { d: 2 }], extra: "por defecto" },
      ),
    ).toEqual([["b", "x"], ["l", 0, "y"], ["z"]]);
    expect(camposDesconocidos({ a: 1 }, { a: 1, b: 2 })).toEqual([]);
    expect(camposDesconocidos("texto", "texto")).toEqual([]);
  });

  it("los datos de la asociación con un campo de más: 400 que lo nombra y nada cambia", async () => {
    const antes = (await pedir("GET", "/api/asociacion")).json();
    const res = await pedir("PUT", "/api/asociacion", {
      nombre: "Filà Cambiada",
      cif: "b85626240",
      iban: "ES91 2100 0418 4502 0005 1332",
      bic: "caixesbbxxx",
      sufijoAcreedor: "000",
      colorTema: "#ff0000",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "validacion",
      mensaje: "Hay datos que no son válidos. Revisa los campos marcados.",
      detalles: [desconocido("colorTema")],
    });
    expect((await pedir("GET", "/api/asociacion")).json()).toEqual(antes);
  });

  it("nombra el campo desconocido dentro de una lista (precios de un acto)", async () => {
    const tipo = await pedir("POST", "/api/tipossocio", { nombre: "Tipo para precios" });
    const res = await pedir("POST", "/api/actos", {
      nombre: "Cena con precio de más",
      fecha: "2030-05-01",
      precios: [{ idTipoSocio: tipo.json().id, precio: 10, importe: 10 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toEqual([desconocido("precios.0.importe")]);
    const actos = (await pedir("GET", "/api/actos?q=precio%20de%20m%C3%A1s")).json();
    expect(actos.total).toBe(0);
  });

  it("un error de validación y un campo desconocido: primero se corrige el error", async () => {
    const res = await pedir("POST", "/api/tipossocio", { nombre: "", sobra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toContain("nombre");
  });
});

describe("números fuera de rango", () => {
  it("un identificador más allá de lo que cabe en la base de datos es un 400, no un 500", async () => {
    for (const [metodo, url, payload] of [
      ["GET", "/api/pagos?idSocio=4715279730868224", undefined],
      ["GET", "/api/usuarios?idSocio=4715279730868224", undefined],
      ["GET", "/api/socios/4715279730868224", undefined],
      ["POST", "/api/login/psswd", { idSocio: 4715279730868224, antigua: "x", nueva: "y" }],
    ] as const) {
      const res = await pedir(metodo, url, payload);
      expect(res.statusCode, `${metodo} ${url}`).toBe(400);
      expect(res.json().error).toBe("validacion");
    }
  });
});

describe("el id de una ruta", () => {
  it("letras, fracciones, cero o de más: 400 que dice de qué es el id", async () => {
    for (const [url, campo, mensaje] of [
      ["/api/loterias/abc", "id", "El id de la lotería no es válido"],
      ["/api/loterias/1.5", "id", "El id de la lotería no es válido"],
      ["/api/loterias/0", "id", "El id de la lotería no es válido"],
      ["/api/loterias/99999999999", "id", "El id de la lotería no es válido"],
      ["/api/loterias/1/talonarios/x/pdf", "idTalonario", "El id del talonario no es válido"],
    ] as const) {
      const res = await pedir("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detalles, url).toEqual([{ campo, mensaje }]);
    }
  });
});

describe("booleanos en la query string", () => {
  const totales = async (url: string) => {
    const res = await pedir("GET", url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().total as number;
  };

  it("true/false valen lo mismo que 1/0 en todas las listas que filtran por sí o no", async () => {
    await pedir("POST", "/api/socios", { nombre: "Baja", apellidos: "De Prueba", activo: false });
    await pedir("POST", "/api/socios", { nombre: "Alta", apellidos: "De Prueba" });
    for (const [ruta, campo] of [
      ["/api/socios", "activo"],
      ["/api/productos", "activo"],
      ["/api/tipossocio", "activo"],
      ["/api/noticias", "publicada"],
      ["/api/noticias", "destacada"],
      ["/api/noticias", "publicadas"],
      ["/api/alertas/mias", "noLeidas"],
    ] as const) {
      for (const [verdad, mentira] of [
        ["true", "false"],
        ["TRUE", "False"],
      ]) {
        expect(await totales(`${ruta}?${campo}=${verdad}`), `${ruta} ${campo}`).toBe(
          await totales(`${ruta}?${campo}=1`),
        );
        expect(await totales(`${ruta}?${campo}=${mentira}`), `${ruta} ${campo}`).toBe(
          await totales(`${ruta}?${campo}=0`),
        );
      }
    }
    expect(await totales("/api/socios?activo=false")).toBeGreaterThan(0);
    expect(await totales("/api/socios?activo=true")).toBeGreaterThan(0);
  });

  it("cualquier otro valor es un 400 en español que nombra el parámetro", async () => {
    for (const url of [
      "/api/socios?activo=si",
      "/api/noticias?publicada=yes",
      "/api/tipossocio?activo=2",
    ]) {
      const res = await pedir("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detalles[0]).toEqual({
        campo: url.includes("publicada") ? "publicada" : "activo",
        mensaje: `${url.includes("publicada") ? "publicada" : "activo"} es true o false (o 1 o 0)`,
      });
    }
  });
});
