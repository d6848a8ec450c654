import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { sesionStore } from "../../app/session-store";

type Respuesta = { status: number; cuerpo?: unknown };
type Manejador = (cuerpo: unknown) => Respuesta | Promise<Respuesta>;

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};
const USUARIO = { ...ADMIN, id: 2, nombre: "Pep Ferrer", email: "pep@filademo.es", rol: "usuario" };

let rutasApi: Record<string, Manejador>;
let llamadas: { clave: string; cuerpo: unknown }[];

beforeEach(async () => {
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
    "GET /api/login/oidc": () => ({ status: 200, cuerpo: { activo: true, etiqueta: "Google" } }),
    "GET /api/sesion": () => ({ status: 200, cuerpo: ADMIN }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const clave = `${init.method ?? "GET"} ${String(entrada)}`;
      const cuerpo = init.body ? JSON.parse(String(init.body)) : undefined;
      llamadas.push({ clave, cuerpo });
      const manejador = rutasApi[clave];
      if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
      const r = await manejador(cuerpo);
      return new Response(r.cuerpo === undefined ? null : JSON.stringify(r.cuerpo), {
        status: r.status,
        statusText: r.status === 401 ? "Unauthorized" : "OK",
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  sesionStore.cerrar();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function irA(ruta: string) {
  await act(async () => {
    await router.navigate(ruta);
  });
}

/** Fills the form with the administrator's address and password and presses «Entrar». */
async function entrarComoAdministrador() {
  fireEvent.change(await screen.findByLabelText("Correo electrónico"), {
    target: { value: "admin@filademo.es" },
  });
  fireEvent.change(screen.getByLabelText("Contraseña"), { target: { value: "demo-fila-2026" } });
  fireEvent.click(screen.getByRole("button", { name: "Entrar" }));
}

describe("página de entrada", () => {
  it("con TOTP pide el código, entra con él y lleva al administrador obligado a configurarlo", async () => {
    rutasApi["POST /api/login"] = (cuerpo) =>
      (cuerpo as { codigo?: string }).codigo === "123456"
        ? { status: 200, cuerpo: { accessToken: "t-1", ...ADMIN } }
        : {
            status: 401,
            cuerpo: { error: "codigo_requerido", mensaje: "Escribe el código", detalles: [] },
          };
    rutasApi["GET /api/cuenta/totp"] = () => ({
      status: 200,
      cuerpo: { activo: false, obligatorio: true, pendiente: true, codigosRestantes: 0 },
    });
    await irA("/login");
    render(<App />);
    await entrarComoAdministrador();

    const campo = await screen.findByLabelText(/Código de verificación/);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(localStorage.getItem("token")).toBeNull();
    fireEvent.change(campo, { target: { value: " 123456 " } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar y entrar" }));

    // The shell, the home and the dialog are loaded lazily: give them time on a busy machine.
    const dialogo = await screen.findByRole(
      "dialog",
      { name: "Verificación en dos pasos" },
      { timeout: 10_000 },
    );
    expect(router.state.location.pathname).toBe("/admin-home");
    expect(
      await within(dialogo).findByText(
        /exige la verificación en dos pasos a los administradores/,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(llamadas.filter((l) => l.clave === "POST /api/login").map((l) => l.cuerpo)).toEqual([
      { email: "admin@filademo.es", password: "demo-fila-2026" },
      { email: "admin@filademo.es", password: "demo-fila-2026", codigo: "123456" },
    ]);
    // Its waits above add up to 15 s on a busy machine: the test is allowed as long.
  }, 20_000);

  it("la comprobación de TOTP, si llega tarde, no saca al administrador de la página que ya abrió", async () => {
    rutasApi["POST /api/login"] = () => ({ status: 200, cuerpo: { accessToken: "t-1", ...ADMIN } });
    let soltar: () => void = () => {};
    const respuestaTardia = new Promise<void>((ok) => {
      soltar = ok;
    });
    rutasApi["GET /api/cuenta/totp"] = async () => {
      await respuestaTardia;
      return {
        status: 200,
        cuerpo: { activo: false, obligatorio: false, pendiente: false, codigosRestantes: 0 },
      };
    };
    await irA("/login");
    render(<App />);
    await entrarComoAdministrador();
    // Signed in, the app shows the home at once; the person opens another page from there.
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin-home"), {
      timeout: 10_000,
    });
    window.location.hash = "#/actos";
    await waitFor(() => expect(router.state.location.pathname).toBe("/actos"));

    await act(async () => {
      soltar();
      await respuestaTardia;
      await new Promise((ok) => setTimeout(ok, 50));
    });
    expect(router.state.location.pathname).toBe("/actos");
  });

  it("ofrece entrar con el proveedor configurado", async () => {
    await irA("/login");
    render(<App />);
    const enlace = await screen.findByRole("link", { name: "Entrar con Google" });
    expect(enlace.getAttribute("href")).toBe("/api/login/oidc/inicio");
  });

  it("a la vuelta del proveedor canjea el vale, lo quita de la dirección y entra", async () => {
    rutasApi["POST /api/login/oidc"] = () => ({
      status: 200,
      cuerpo: { accessToken: "t-oidc", ...USUARIO },
    });
    rutasApi["GET /api/sesion"] = () => ({ status: 200, cuerpo: USUARIO });
    await irA("/login?oidc=vale-de-un-solo-uso");
    render(<App />);
    expect(
      await screen.findByRole("heading", { name: "Hola, Pep Ferrer" }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/user-home");
    expect(router.state.location.search).toBe("");
    expect(localStorage.getItem("token")).toBe("t-oidc");
    expect(llamadas.filter((l) => l.clave === "POST /api/login/oidc").map((l) => l.cuerpo)).toEqual(
      [{ vale: "vale-de-un-solo-uso" }],
    );
  });

  it("explica en español por qué el proveedor no ha dejado entrar", async () => {
    await irA("/login?oidcError=sin_cuenta");
    render(<App />);
    const alerta = await screen.findByRole("alert");
    expect(alerta.textContent).toContain("No hay ninguna cuenta de la filà con ese correo.");
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});
