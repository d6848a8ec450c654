import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, crearCuenta, crearEntorno, type Entorno, entrar } from "../../test/entorno.js";

let e: Entorno;
const tokens = { administrador: "", usuario: "", socio: "" };

beforeAll(async () => {
  e = await crearEntorno();
  for (const rol of ["administrador", "usuario", "socio"] as const) {
    const cuenta = await crearCuenta(e.db, { rol });
    tokens[rol] = await entrar(e.app, cuenta.email);
  }
});
afterAll(async () => {
  await e?.cerrar();
});

function pedir(metodo: "GET" | "PUT", payload?: unknown, token = tokens.administrador) {
  return e.app.inject({
    method: metodo,
    url: "/api/asociacion",
    payload: payload as object | undefined,
    headers: token ? bearer(token) : {},
  });
}

const completa = {
  nombre: "Filà Contrabandistes",
  cif: "b85626240",
  direccion: "Carrer Sant Nicolau, 37",
  poblacion: "Alcoi",
  codPostal: "03801",
  provincia: "Alacant",
  telefono: "965 54 12 34",
  email: "Tresoreria@FilaDemo.es",
  iban: "ES91 2100 0418 4502 0005 1332",
  bic: "caixesbbxxx",
  sufijoAcreedor: "000",
};

describe("/api/asociacion", () => {
  it("solo el administrador la lee y la cambia (usuario y socio 403, sin sesión 401)", async () => {
    for (const rol of ["usuario", "socio"] as const) {
      expect((await pedir("GET", undefined, tokens[rol])).statusCode).toBe(403);
      expect((await pedir("PUT", completa, tokens[rol])).statusCode).toBe(403);
    }
    expect((await pedir("GET", undefined, "")).statusCode).toBe(401);
    expect((await pedir("PUT", completa, "")).statusCode).toBe(401);
    const res = await pedir("GET");
    expect(res.statusCode).toBe(200);
    expect(res.json().iban).toBe("");
  });

  it("guarda normalizado, devuelve el identificador de acreedor calculado y lo audita", async () => {
    const res = await pedir("PUT", completa);
    expect(res.statusCode, res.body).toBe(200);
    const esperado = {
      ...completa,
      cif: "B85626240",
      email: "tresoreria@filademo.es",
      iban: "ES9121000418450200051332",
      bic: "CAIXESBBXXX",
      identificadorAcreedor: "ES77000B85626240",
      nombreCorto: "",
      color: "#c92a2a",
    };
    expect(res.json()).toEqual(esperado);
    expect((await pedir("GET")).json()).toEqual(esperado);
    const auditoria = await e.db
      .selectFrom("auditoria")
      .select(["accion", "cambios"])
      .where("entidad", "=", "asociacion")
      .execute();
    expect(auditoria).toHaveLength(1);
    expect(auditoria[0].cambios.map((c) => c.campo)).toContain("iban");
    // The public texts stay public.
    const textos = await e.app.inject({ method: "GET", url: "/api/asociacion/textos" });
    expect(textos.statusCode).toBe(200);
    expect(textos.json().nombre).toBe("Filà Contrabandistes");
  });

  it("rechaza CIF, IBAN, BIC y sufijo no válidos campo a campo y no cambia nada", async () => {
    const res = await pedir("PUT", {
      ...completa,
      nombre: "",
      cif: "B85626241",
      iban: "ES9121000418450200051333",
      bic: "NOVALE",
      sufijoAcreedor: "00",
    });
    expect(res.statusCode).toBe(400);
    const campos = res
      .json()
      .detalles.map((d: { campo: string }) => d.campo)
      .sort();
    expect(campos).toEqual(["bic", "cif", "iban", "nombre", "sufijoAcreedor"]);
    expect(res.json().detalles.find((d: { campo: string }) => d.campo === "cif").mensaje).toBe(
      "Introduce un CIF o NIF válido",
    );
    expect((await pedir("GET")).json().cif).toBe("B85626240");
  });

  it("el sufijo cambia el identificador de acreedor", async () => {
    const res = await pedir("PUT", { ...completa, sufijoAcreedor: "001" });
    expect(res.json().identificadorAcreedor).toBe("ES77001B85626240");
  });

  it("aparece en el documento OpenAPI junto a las remesas", async () => {
    const res = await e.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        "/api/asociacion",
        "/api/remesas",
        "/api/remesas/{id}",
        "/api/remesas/{id}/xml",
        "/api/remesas/{id}/cobro",
        "/api/remesas/{id}/devoluciones",
      ]),
    );
  });
});
