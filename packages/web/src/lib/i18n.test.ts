import { afterAll, describe, expect, it } from "vitest";
import es from "../../public/assets/i18n/es.json";
import { cargarTextos, t } from "./i18n";

afterAll(() => cargarTextos(es));

describe("textos de la interfaz", () => {
  it("da el texto de una clave con puntos y rellena sus marcas", () => {
    cargarTextos({ a: { saludo: "Hola, {{nombre}}", vacio: "" } });
    expect(t("a.saludo", { nombre: "Pep" })).toBe("Hola, Pep");
    expect(t("a.vacio")).toBe("");
  });

  it("elige la forma del plural por count y cae en la clave sin plural", () => {
    cargarTextos({
      n: { socios_one: "{{count}} socio", socios_other: "{{count}} socios" },
      s: "sin",
    });
    expect(t("n.socios", { count: 1 })).toBe("1 socio");
    expect(t("n.socios", { count: 0 })).toBe("0 socios");
    expect(t("n.socios", { count: 2 })).toBe("2 socios");
    expect(t("n.socios", { count: 1_000_000 })).toBe("1000000 socios");
    expect(t("s", { count: 3 })).toBe("sin");
  });

  it("prueba las claves en orden y, sin ninguna, muestra el valor por defecto o la clave", () => {
    cargarTextos({ login: { oidc: { desconocido: "Error" } }, obj: { hijo: "x" } });
    expect(t(["login.oidc.raro", "login.oidc.desconocido"])).toBe("Error");
    expect(t("no.existe", { defaultValue: "por {{x}}", x: "defecto" })).toBe("por defecto");
    expect(t("no.existe")).toBe("no.existe");
    expect(t("obj")).toBe("obj");
  });

  it("una marca sin valor queda vacía", () => {
    cargarTextos({ m: "a{{falta}}b" });
    expect(t("m", { otra: 1 })).toBe("ab");
  });

  it("los textos reales traen las formas one y other de los plurales", () => {
    cargarTextos(es);
    expect(t("inicioAdmin.socios.activos", { count: 1 })).toBe("1 socio activo");
    expect(t("inicioAdmin.socios.activos", { count: 5 })).toBe("5 socios activos");
  });
});
