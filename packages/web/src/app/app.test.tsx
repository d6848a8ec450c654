import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "./app";
import { sesionStore } from "./session-store";

type Respuesta = { status: number; cuerpo?: unknown };
type Manejador = (init: RequestInit) => Respuesta;

const TEXTOS = {
  nombre: "Filà Els Verds",
  condiciones: "Primer párrafo de las condiciones.\n\nSegundo párrafo.",
  privacidad: "Tus datos se tratan con cuidado.",
  versionCondiciones: "2026-1",
};

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};

let rutasApi: Record<string, Manejador>;
let llamadas: { clave: string; init: RequestInit }[];
let flujo: ReadableStream<Uint8Array> | null;

function servidor() {
  return vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof entrada === "string" ? entrada : entrada.toString();
    const clave = `${init.method ?? "GET"} ${url}`;
    llamadas.push({ clave, init });
    if (clave === "GET /api/eventos" && flujo) return new Response(flujo, { status: 200 });
    const manejador = rutasApi[clave];
    if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
    const { status, cuerpo } = manejador(init);
    return new Response(cuerpo === undefined ? null : JSON.stringify(cuerpo), {
      status,
      statusText: status === 401 ? "Unauthorized" : "OK",
      headers: { "Content-Type": "application/json" },
    });
  });
}

async function irA(ruta: string) {
  await act(async () => {
    await router.navigate(ruta);
  });
}

function cabecera(init: RequestInit, nombre: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[nombre];
}

beforeEach(async () => {
  llamadas = [];
  flujo = null;
  rutasApi = {
    "GET /api/asociacion/textos": () => ({ status: 200, cuerpo: TEXTOS }),
    "POST /api/logout": () => ({ status: 204 }),
    "GET /api/sesion": () => ({ status: 200, cuerpo: ADMIN }),
  };
  vi.stubGlobal("fetch", servidor());
  sesionStore.cerrar();
  await irA("/login");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("la aplicación", () => {
  it("muestra el error en español y limpia la sesión si el login falla", async () => {
    localStorage.setItem("token", "viejo");
    rutasApi["POST /api/login"] = () => ({
      status: 401,
      cuerpo: { error: "no_autenticado", mensaje: "Correo o contraseña incorrectos" },
    });
    render(<App />);
    fireEvent.change(await screen.findByLabelText("Correo electrónico"), {
      target: { value: "nadie@filademo.es" },
    });
    fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "mala-clave" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("Correo o contraseña incorrectos"),
    );
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("entra, guarda token y usuario, va al inicio del rol y abre el menú lateral", async () => {
    rutasApi["POST /api/login"] = () => ({ status: 200, cuerpo: { accessToken: "t-1", ...ADMIN } });
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Filà Els Verds" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Correo electrónico"), {
      target: { value: "admin@filademo.es" },
    });
    fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "demo-fila-2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Entrar" }));

    expect(await screen.findByRole("heading", { name: "Hola, Marta Soler" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin-home");
    expect(localStorage.getItem("token")).toBe("t-1");
    expect(JSON.parse(localStorage.getItem("user") ?? "{}")).toEqual(ADMIN);

    expect(screen.queryByRole("navigation", { name: "Menú principal" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Menú" }));
    const nav = screen.getByRole("navigation", { name: "Menú principal" });
    const enlaces = within(nav).getAllByRole("link");
    expect(enlaces.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Cambiar a Fester", "#/user-home"],
      ["Inicio", "#/admin-home"],
      ["Festeros", "#/socios"],
      ["Noticias", "#/noticias"],
      ["Mercadillo", "#/market"],
      ["Cuotas", "#/productos"],
      ["Actos", "#/actos"],
      ["Documentos", "#/documentos"],
      ["Alertas", "#/alertas"],
      ["Informes", "#/informes"],
      ["Utilidades", "#/utilidades"],
    ]);
    fireEvent.click(within(nav).getByRole("button", { name: "Maestros" }));
    expect(
      (await within(nav).findByRole("link", { name: "Tipos de socio" })).getAttribute("href"),
    ).toBe("#/tipossocio");
    expect(within(nav).getByRole("link", { name: "Formas de pago" }).getAttribute("href")).toBe(
      "#/formaspago",
    );

    const login = llamadas.find((l) => l.clave === "POST /api/login");
    expect(JSON.parse(String(login?.init.body))).toEqual({
      email: "admin@filademo.es",
      password: "demo-fila-2026",
    });
  });

  it("lleva cada llamada con el token y cierra la sesión vaciando el almacenamiento", async () => {
    sesionStore.iniciar("t-2", { ...ADMIN, rol: "administrador", tokenPush: "" } as never);
    localStorage.setItem("otra-cosa", "x");
    await irA("/alertas");
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Alertas" })).toBeTruthy();
    const sesion = llamadas.find((l) => l.clave === "GET /api/sesion");
    expect(cabecera(sesion?.init ?? {}, "Authorization")).toBe("Bearer t-2");

    fireEvent.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByRole("button", { name: "Entrar" })).toBeTruthy();
    const logout = llamadas.find((l) => l.clave === "POST /api/logout");
    expect(cabecera(logout?.init ?? {}, "Authorization")).toBe("Bearer t-2");
    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe("/login");
  });

  it("con un token caducado acaba en el login", async () => {
    localStorage.setItem("token", "caducado");
    localStorage.setItem("user", JSON.stringify(ADMIN));
    sesionStore.recargar();
    rutasApi["GET /api/sesion"] = () => ({
      status: 401,
      cuerpo: { error: "no_autenticado", mensaje: "Tu sesión ha caducado" },
    });
    await irA("/admin-home");
    render(<App />);
    expect(await screen.findByRole("button", { name: "Entrar" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("sin condiciones aceptadas solo deja ver las condiciones hasta aceptarlas", async () => {
    const nuevo = { ...ADMIN, rol: "usuario", nombre: "Pep", condicionesAceptadas: "no" };
    rutasApi["GET /api/sesion"] = () => ({ status: 200, cuerpo: nuevo });
    rutasApi["POST /api/login/condiciones"] = () => ({
      status: 200,
      cuerpo: { ...nuevo, condicionesAceptadas: "si" },
    });
    sesionStore.iniciar("t-3", { ...nuevo, tokenPush: "" } as never);
    await irA("/mispagos");
    render(<App />);
    expect(await screen.findByRole("heading", { name: "Condiciones de uso" })).toBeTruthy();
    expect(await screen.findByText("Segundo párrafo.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Menú" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Acepto las condiciones" }));
    expect(await screen.findByRole("heading", { name: "Hola, Pep" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/user-home");
    const aceptar = llamadas.find((l) => l.clave === "POST /api/login/condiciones");
    expect(JSON.parse(String(aceptar?.init.body))).toEqual({ id: 1 });
    expect(JSON.parse(localStorage.getItem("user") ?? "{}").condicionesAceptadas).toBe("si");
  });

  it("manda las rutas desconocidas al login sin sesión y al inicio del rol con ella", async () => {
    await irA("/no-existe");
    const { unmount } = render(<App />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    unmount();

    sesionStore.iniciar("t-4", { ...ADMIN, rol: "socio", tokenPush: "" } as never);
    rutasApi["GET /api/sesion"] = () => ({ status: 200, cuerpo: { ...ADMIN, rol: "socio" } });
    await irA("/tampoco");
    render(<App />);
    await waitFor(() => expect(router.state.location.pathname).toBe("/socio-home"));
  });

  it("pide el correo para recuperar la contraseña y muestra la respuesta del servidor", async () => {
    rutasApi["POST /api/login/psswdrst"] = () => ({
      status: 200,
      cuerpo: { mensaje: "Si el correo existe, recibirás un enlace." },
    });
    await irA("/contrasenya-olvidada");
    render(<App />);
    fireEvent.change(await screen.findByLabelText("Correo electrónico"), {
      target: { value: "alguien@filademo.es" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Enviar el enlace" }));
    expect(await screen.findByText("Si el correo existe, recibirás un enlace.")).toBeTruthy();
  });

  it("con el enlace del correo fija la contraseña nueva", async () => {
    rutasApi["POST /api/login/psswdrst/confirmar"] = () => ({ status: 204 });
    await irA("/contrasenya-olvidada?token=abc123");
    render(<App />);
    fireEvent.change(await screen.findByLabelText("Nueva contraseña"), {
      target: { value: "una frase larga de fiesta" },
    });
    fireEvent.change(screen.getByLabelText("Repite la contraseña"), {
      target: { value: "otra cosa distinta" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar la contraseña" }));
    expect(await screen.findByText("Las contraseñas no coinciden")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Repite la contraseña"), {
      target: { value: "una frase larga de fiesta" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar la contraseña" }));
    expect(await screen.findByText("Contraseña cambiada. Ya puedes entrar.")).toBeTruthy();
    const confirmar = llamadas.find((l) => l.clave === "POST /api/login/psswdrst/confirmar");
    expect(JSON.parse(String(confirmar?.init.body))).toEqual({
      token: "abc123",
      nueva: "una frase larga de fiesta",
    });
  });

  it("muestra cada mensaje del flujo de eventos en la tarjeta, que se cierra con la X", async () => {
    let emitir: (texto: string) => void = () => {};
    flujo = new ReadableStream<Uint8Array>({
      start(control) {
        const codificador = new TextEncoder();
        emitir = (texto) => control.enqueue(codificador.encode(texto));
      },
    });
    sesionStore.iniciar("t-5", { ...ADMIN, rol: "administrador", tokenPush: "" } as never);
    await irA("/admin-home");
    render(<App />);
    await screen.findByRole("heading", { name: "Hola, Marta Soler" });
    await waitFor(() => expect(llamadas.some((l) => l.clave === "GET /api/eventos")).toBe(true));
    const eventos = llamadas.find((l) => l.clave === "GET /api/eventos");
    expect(cabecera(eventos?.init ?? {}, "Authorization")).toBe("Bearer t-5");

    const mensaje = (title: string) =>
      `event: mensaje\ndata: ${JSON.stringify({ notification: { title, body: "En el casal", image: "" } })}\n\n`;
    act(() => emitir(`: conectado\n\n${mensaje("Ensayo a las 20:00")}`));
    const tarjeta = await screen.findByRole("status", { name: "Notificación" });
    expect(tarjeta.textContent).toContain("Ensayo a las 20:00");
    expect(tarjeta.textContent).toContain("En el casal");

    fireEvent.click(within(tarjeta).getByRole("button", { name: "Cerrar notificación" }));
    expect(screen.queryByRole("status", { name: "Notificación" })).toBeNull();

    act(() => emitir(mensaje("Cena de hermandad")));
    expect((await screen.findByRole("status", { name: "Notificación" })).textContent).toContain(
      "Cena de hermandad",
    );
  });
});
