import { menuPorRol, ROLES } from "@fila/domain";
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGINAS_CON_ACCESO, puedeAbrir } from "./acceso-rutas";
import { App, router } from "./app";
import { hojasDelMenu } from "./menu";
import { rutas } from "./router";
import { sesionStore } from "./session-store";

const SOLO_ADMINISTRADOR = [
  "/admin-home",
  "/socios",
  "/socios?q=pep",
  "/noticias",
  "/pagos",
  "/actos",
  "/tipossocio",
  "/tiposacto",
  "/formaspago",
  "/productos",
  "/informes",
  "/listado-inscritos?acto=3",
  "/gallofa",
  "/utilidades",
  "/restauracion-home",
];

describe("puedeAbrir", () => {
  it("deja a cada rol abrir todo lo de su menú", () => {
    for (const rol of ROLES) {
      for (const item of hojasDelMenu(menuPorRol(rol))) {
        expect(puedeAbrir(rol, item.url), `${rol} ${item.url}`).toBe(true);
      }
    }
  });

  it("no deja a usuario ni a socio abrir ninguna página del administrador", () => {
    for (const rol of ["usuario", "socio"]) {
      for (const ruta of SOLO_ADMINISTRADOR) {
        const [pathname = "", query = ""] = ruta.split("?");
        expect(puedeAbrir(rol, pathname, query ? `?${query}` : ""), `${rol} ${ruta}`).toBe(false);
      }
    }
  });

  it("deja al administrador todo, los dos inicios de los otros roles incluidos", () => {
    for (const ruta of [
      ...SOLO_ADMINISTRADOR,
      "/user-home",
      "/socio-home",
      "/misactos",
      "/socios/ficha/0",
    ]) {
      expect(puedeAbrir("administrador", ruta.split("?")[0] ?? ""), ruta).toBe(true);
    }
    expect(puedeAbrir("usuario", "/user-home")).toBe(true);
    expect(puedeAbrir("socio", "/user-home")).toBe(false);
    expect(puedeAbrir("socio", "/socio-home")).toBe(true);
    expect(puedeAbrir("usuario", "/socio-home")).toBe(false);
  });

  it("abre a todos la ficha propia, las alertas y el enlace del restaurador con token", () => {
    for (const rol of ROLES) {
      expect(puedeAbrir(rol, "/socios/ficha/0")).toBe(true);
      expect(puedeAbrir(rol, "/alertas")).toBe(true);
      expect(puedeAbrir(rol, "/vernoticias")).toBe(true);
      expect(puedeAbrir(rol, "/restauracion-home", "?token=abc")).toBe(true);
    }
    expect(puedeAbrir("usuario", "/restauracion-home", "?token=")).toBe(false);
    expect(puedeAbrir("ninguno", "/alertas")).toBe(false);
  });

  it("conoce cada página del router", () => {
    const raiz = rutas[0]?.children ?? [];
    const segmentos = raiz
      .map((r) => r.path)
      .filter((p): p is string => typeof p === "string" && p !== "*" && p !== "login")
      .map((p) => p.split("/")[0]);
    expect(segmentos.length).toBeGreaterThan(25);
    for (const segmento of segmentos) expect(PAGINAS_CON_ACCESO, segmento).toContain(segmento);
  });
});

type Llamada = { metodo: string; url: string; status: number };

const PEP = {
  id: 7,
  nombre: "Pep Ferrándiz",
  email: "usuario@filademo.es",
  rol: "usuario",
  socioId: 12,
  condicionesAceptadas: "si",
};

/** API paths only the administrador may read: the API answers them with 403. */
const API_SOLO_ADMINISTRADOR =
  /^\/api\/(informes|usuarios|tipos|formaspago|remesas|asociacion\/datos)|^\/api\/(socios|pagos|actos|productos)(\?|$)/;

let llamadas: Llamada[];
let usuario: typeof PEP;

function servidor() {
  return vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof entrada === "string" ? entrada : entrada.toString();
    const metodo = init.method ?? "GET";
    const responder = (status: number, cuerpo: unknown) => {
      llamadas.push({ metodo, url, status });
      return new Response(JSON.stringify(cuerpo), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    };
    if (url === "/api/sesion") return responder(200, usuario);
    if (usuario.rol !== "administrador" && API_SOLO_ADMINISTRADOR.test(url)) {
      return responder(403, { error: "sin_permiso", mensaje: "No tienes permiso.", detalles: [] });
    }
    return responder(200, { items: [], total: 0, page: 1, pageSize: 50 });
  });
}

async function abrirComo(rol: string, ruta: string) {
  usuario = { ...PEP, rol };
  sesionStore.iniciar("t-guarda", { ...usuario, tokenPush: "" } as never);
  await act(async () => {
    await router.navigate(ruta);
  });
  return render(<App />);
}

beforeEach(async () => {
  llamadas = [];
  usuario = PEP;
  vi.stubGlobal("fetch", servidor());
  sesionStore.cerrar();
  await act(async () => {
    await router.navigate("/login");
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("la guarda de rutas", () => {
  for (const [rol, home, rutasAjenas] of [
    [
      "usuario",
      "/user-home",
      ["/admin-home", "/utilidades", "/informes", "/socios", "/socio-home"],
    ],
    ["socio", "/socio-home", ["/admin-home", "/pagos", "/tipossocio", "/user-home"]],
  ] as const) {
    for (const ruta of rutasAjenas) {
      it(`${rol} que abre ${ruta} llega a ${home} sin pedir nada prohibido a la API`, async () => {
        const { unmount } = await abrirComo(rol, ruta);
        expect(await screen.findByRole("heading", { name: "Hola, Pep Ferrándiz" })).toBeTruthy();
        expect(router.state.location.pathname).toBe(home);
        await waitFor(() => expect(llamadas.some((l) => l.url === "/api/sesion")).toBe(true));
        expect(llamadas.filter((l) => l.status === 403)).toEqual([]);
        expect(screen.queryByText("No tienes permiso.")).toBeNull();
        unmount();
      });
    }
  }

  it("deja al usuario abrir Mis Datos y al administrador el inicio de usuario", async () => {
    const primera = await abrirComo("usuario", "/socios/ficha/0");
    await waitFor(() =>
      expect(llamadas.some((l) => l.url.startsWith("/api/socios/yo"))).toBe(true),
    );
    expect(router.state.location.pathname).toBe("/socios/ficha/0");
    primera.unmount();

    await abrirComo("administrador", "/user-home");
    expect(await screen.findByRole("heading", { name: "Hola, Pep Ferrándiz" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/user-home");
  });
});
