import { describe, expect, it } from "vitest";
import { HOME_POR_ROL, homeDeRol, menuPorRol } from "./menu";

const textosYUrls = (rol: string) => menuPorRol(rol).map(({ texto, url }) => [texto, url]);

describe("menuPorRol", () => {
  it("da al administrador sus doce entradas en el orden de la especificación", () => {
    expect(textosYUrls("administrador")).toEqual([
      ["Cambiar a Fester", "/user-home"],
      ["Inicio", "/admin-home"],
      ["Festeros", "/socios"],
      ["Noticias", "/noticias"],
      ["Mercadillo", "/market"],
      ["Cuotas", "/productos"],
      ["Actos", "/actos"],
      ["Documentos", "/documentos"],
      ["Alertas", "/alertas"],
      ["Informes", "/informes"],
      ["Utilidades", "/utilidades"],
      ["Maestros", ""],
    ]);
  });

  it("agrupa los tres maestros en el submenú de Maestros", () => {
    const maestros = menuPorRol("administrador").at(-1);
    expect(maestros?.texto).toBe("Maestros");
    expect(maestros?.submenu?.map(({ texto, url }) => [texto, url])).toEqual([
      ["Tipos de socio", "/tipossocio"],
      ["Tipos de acto", "/tiposacto"],
      ["Formas de pago", "/formaspago"],
    ]);
  });

  it("solo Maestros tiene submenú", () => {
    const conSubmenu = menuPorRol("administrador").filter((item) => item.submenu !== undefined);
    expect(conSubmenu.map((item) => item.texto)).toEqual(["Maestros"]);
  });

  it("da al usuario Inicio, Mis Datos, Actos, Noticias y Pagos", () => {
    expect(textosYUrls("usuario")).toEqual([
      ["Inicio", "/user-home"],
      ["Mis Datos", "/socios/ficha/0"],
      ["Actos", "/misactos"],
      ["Noticias", "/vernoticias"],
      ["Pagos", "/mispagos"],
    ]);
  });

  it("da al socio Inicio, Actos y Pagos", () => {
    expect(textosYUrls("socio")).toEqual([
      ["Inicio", "/socio-home"],
      ["Actos", "/misactos"],
      ["Pagos", "/mispagos"],
    ]);
  });

  it("pone un icono de Tabler en cada entrada", () => {
    const items = ["administrador", "usuario", "socio"].flatMap((rol) => menuPorRol(rol));
    const todos = items.flatMap((item) => [item, ...(item.submenu ?? [])]);
    for (const item of todos) expect(item.icono).toMatch(/^Icon[A-Z][A-Za-z]+$/);
    expect(menuPorRol("administrador")[0].icono).toBe("IconArrowsExchange");
  });

  it.each(["ninguno", "", "Administrador", "constructor", "__proto__", null, undefined])(
    "no da menú al rol %s",
    (rol) => {
      expect(menuPorRol(rol)).toEqual([]);
    },
  );

  it("devuelve copias nuevas que se pueden modificar sin afectar a la siguiente llamada", () => {
    const primero = menuPorRol("administrador");
    primero[0].texto = "cambiado";
    primero.at(-1)?.submenu?.pop();
    primero.pop();
    const segundo = menuPorRol("administrador");
    expect(segundo).toHaveLength(12);
    expect(segundo[0].texto).toBe("Cambiar a Fester");
    expect(segundo.at(-1)?.submenu).toHaveLength(3);
  });
});

describe("homeDeRol", () => {
  it("lleva a cada rol a su página de inicio", () => {
    expect(homeDeRol("administrador")).toBe("admin-home");
    expect(homeDeRol("usuario")).toBe("user-home");
    expect(homeDeRol("socio")).toBe("socio-home");
    expect(HOME_POR_ROL).toEqual({
      administrador: "admin-home",
      usuario: "user-home",
      socio: "socio-home",
    });
  });

  it.each(["ninguno", "", "toString", null, undefined])("lleva al login con el rol %s", (rol) => {
    expect(homeDeRol(rol)).toBe("login");
  });
});
