import { ErrorHttp, mensajeDeError } from "@fila/domain";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import es from "../../../public/assets/i18n/es.json";
import va from "../../../public/assets/i18n/va.json";
import { App, router } from "../../app/app";
import { queryClient } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { cambiarIdioma, cargarTextos, idiomaActual, t } from "../../lib/i18n";

type Respuesta = { status: number; cuerpo?: unknown };

const SOCIO = {
  id: 5,
  nombre: "Pep Ferrer",
  email: "pep@filademo.es",
  rol: "socio",
  socioId: 12,
  condicionesAceptadas: "si",
};

let rutasApi: Record<string, (cuerpo: unknown) => Respuesta>;
let llamadas: { clave: string; cuerpo: unknown }[];

beforeEach(() => {
  llamadas = [];
  rutasApi = {
    "GET /api/asociacion/textos": () => ({
      status: 200,
      cuerpo: {
        nombre: "Filà Els Verds",
        condiciones: "",
        privacidad: "",
        versionCondiciones: "1",
      },
    }),
    "GET /api/login/oidc": () => ({ status: 200, cuerpo: { activo: false, etiqueta: "" } }),
    "PUT /api/sesion/idioma": (cuerpo) => ({
      status: 200,
      cuerpo: { ...SOCIO, idioma: (cuerpo as { idioma: string }).idioma },
    }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(entrada);
      const fichero = url.match(/^\/assets\/i18n\/(es|va)\.json/)?.[1];
      if (fichero) return new Response(JSON.stringify(fichero === "va" ? va : es), { status: 200 });
      const clave = `${init.method ?? "GET"} ${url}`;
      const cuerpo = init.body ? JSON.parse(String(init.body)) : undefined;
      llamadas.push({ clave, cuerpo });
      const manejador = rutasApi[clave];
      if (!manejador) return new Response(null, { status: 404 });
      const r = manejador(cuerpo);
      return new Response(r.cuerpo === undefined ? null : JSON.stringify(r.cuerpo), {
        status: r.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  sesionStore.cerrar();
  localStorage.clear();
  cargarTextos(es, "es");
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  cargarTextos(es, "es");
});

async function alLogin() {
  render(<App />);
  await act(async () => {
    await router.navigate("/login");
  });
  await screen.findByText("Entra con tu cuenta de festero");
}

async function entrar(boton: string) {
  fireEvent.change(screen.getByLabelText(/Correu electrònic|Correo electrónico/), {
    target: { value: SOCIO.email },
  });
  fireEvent.change(screen.getByLabelText(/Contrasenya|Contraseña/), {
    target: { value: "una-clau-2026" },
  });
  fireEvent.click(screen.getByRole("button", { name: boton }));
}

describe("elegir el idioma", () => {
  it("en la entrada se cambia a valenciano sin recargar, se recuerda y se guarda en la cuenta al entrar", async () => {
    rutasApi["POST /api/login"] = () => ({
      status: 200,
      cuerpo: { accessToken: "t-1", ...SOCIO, idioma: "es" },
    });
    await alLogin();
    expect(document.documentElement.lang).toBe("es");
    fireEvent.click(screen.getByRole("button", { name: "Valencià" }));
    expect(await screen.findByText("Entra amb el teu compte de fester")).toBeTruthy();
    expect(document.documentElement.lang).toBe("ca-ES-valencia");
    expect(localStorage.getItem("idioma")).toBe("va");
    expect(localStorage.getItem("idiomaPendiente")).toBe("va");
    // No account yet: nothing is sent until the sign-in.
    expect(llamadas.some((l) => l.clave === "PUT /api/sesion/idioma")).toBe(false);

    await entrar("Entrar");
    await waitFor(() =>
      expect(llamadas.filter((l) => l.clave === "PUT /api/sesion/idioma")).toEqual([
        { clave: "PUT /api/sesion/idioma", cuerpo: { idioma: "va" } },
      ]),
    );
    await waitFor(() => expect(localStorage.getItem("idiomaPendiente")).toBeNull());
    expect(idiomaActual()).toBe("va");
  }, 20_000);

  it("en otro dispositivo, sin elegir nada en la entrada, gana el idioma de la cuenta", async () => {
    rutasApi["POST /api/login"] = () => ({
      status: 200,
      cuerpo: { accessToken: "t-2", ...SOCIO, idioma: "va" },
    });
    await alLogin();
    await entrar("Entrar");
    await waitFor(() => expect(idiomaActual()).toBe("va"));
    expect(t("login.subtitulo")).toBe("Entra amb el teu compte de fester");
    expect(document.documentElement.lang).toBe("ca-ES-valencia");
    expect(llamadas.some((l) => l.clave === "PUT /api/sesion/idioma")).toBe(false);
    // Signing out keeps the device's language.
    sesionStore.cerrar();
    expect(localStorage.getItem("idioma")).toBe("va");
  }, 20_000);

  it("los textos propios de los errores (SPEC) siguen el idioma: castellano tal cual, valenciano traducido", () => {
    cargarTextos(va, "va");
    expect(mensajeDeError(new Error("x"))).toBe("S'ha produït un error desconegut");
    expect(mensajeDeError(new ErrorHttp(502, "Bad Gateway", null))).toBe(
      "Error en la petició amb 502 Bad Gateway",
    );
    cargarTextos(es, "es");
    expect(mensajeDeError(new Error("x"))).toBe("Ha ocurrido un error desconocido");
  });

  it("las formas del plural siguen las reglas del idioma", () => {
    cargarTextos(va, "va");
    expect(t("inicioAdmin.socios.activos", { count: 1 })).toBe("1 soci actiu");
    expect(t("inicioAdmin.socios.activos", { count: 3 })).toBe("3 socis actius");
  }, 20_000);
});

describe("condiciones y privacidad en dos idiomas (issue 38)", () => {
  it("cada lector lee la suya; si falta, la del otro idioma, marcada con su lang", async () => {
    rutasApi["GET /api/asociacion/textos"] = () => ({
      status: 200,
      cuerpo: {
        nombre: "Filà Els Verds",
        condiciones: "<p>Condiciones en castellano</p>",
        condicionesVa: "<p>Condicions en valencià</p>",
        privacidad: "<p>Privacidad en castellano</p>",
        privacidadVa: "",
        versionCondiciones: "1",
      },
    });
    // The texts read by the tests above are still in the cache (10 minutes fresh).
    queryClient.clear();
    await cambiarIdioma("va");
    render(<App />);
    await act(async () => {
      await router.navigate("/condiciones");
    });
    expect(await screen.findByText("Condicions en valencià")).toBeTruthy();
    expect(screen.queryByText("Condiciones en castellano")).toBeNull();
    await act(async () => {
      await router.navigate("/privacidad");
    });
    const privacidad = await screen.findByText("Privacidad en castellano");
    expect(privacidad.closest("[lang]")?.getAttribute("lang")).toBe("es");
    await act(async () => {
      await cambiarIdioma("es");
      await router.navigate("/condiciones");
    });
    expect(await screen.findByText("Condiciones en castellano")).toBeTruthy();
  }, 20_000);
});
