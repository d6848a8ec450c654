import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { sesionStore } from "../../app/session-store";

type Respuesta = { status: number; cuerpo?: unknown };
type Manejador = (init: RequestInit) => Respuesta;

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};

const TIPO = { id: 2, nombre: "Festero", descripcion: "", color: "#ffd43b" };

let rutasApi: Record<string, Manejador>;
let llamadas: { clave: string; init: RequestInit }[];

function servidor() {
  return vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof entrada === "string" ? entrada : entrada.toString();
    const clave = `${init.method ?? "GET"} ${url}`;
    llamadas.push({ clave, init });
    const manejador = rutasApi[clave];
    if (!manejador) return new Response(null, { status: 404, statusText: "Not Found" });
    const { status, cuerpo } = manejador(init);
    return new Response(cuerpo === undefined ? null : JSON.stringify(cuerpo), {
      status,
      statusText: "X",
      headers: { "Content-Type": "application/json" },
    });
  });
}

async function entrarComo(usuario: typeof ADMIN, ruta: string) {
  rutasApi["GET /api/sesion"] = () => ({ status: 200, cuerpo: usuario });
  sesionStore.iniciar("t-1", { ...usuario, tokenPush: "" } as never);
  await act(async () => {
    await router.navigate(ruta);
  });
  render(<App />);
}

beforeEach(() => {
  llamadas = [];
  rutasApi = {
    "GET /api/asociacion/textos": () => ({ status: 200, cuerpo: { nombre: "Filà" } }),
    "GET /api/tipossocio?pageSize=200": () => ({
      status: 200,
      cuerpo: { items: [TIPO], total: 1, page: 1, pageSize: 200 },
    }),
    "GET /api/formaspago?pageSize=200": () => ({
      status: 200,
      cuerpo: { items: [], total: 0, page: 1, pageSize: 200 },
    }),
  };
  vi.stubGlobal("fetch", servidor());
});

afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

// The record is a long form (about sixty Mantine inputs): jsdom needs seconds to render it.
describe("ficha de socio", { timeout: 30_000 }, () => {
  it("no envía un NIF con letra incorrecta y muestra los errores del servidor en su campo", async () => {
    rutasApi["POST /api/socios"] = () => ({
      status: 409,
      cuerpo: {
        error: "conflicto",
        mensaje: "Ya hay un socio con ese NIF",
        detalles: [{ campo: "nif", mensaje: "Este NIF ya es de otro socio" }],
      },
    });
    await entrarComo(ADMIN, "/socios/ficha/nuevo");
    fireEvent.change(await screen.findByLabelText(/^Nombre/, {}, { timeout: 10_000 }), {
      target: { value: "Pep" },
    });
    fireEvent.change(screen.getByLabelText(/^Apellidos/), { target: { value: "Soler Mira" } });
    fireEvent.change(screen.getByLabelText("NIF o NIE"), { target: { value: "12345678A" } });
    // The board writes its internal notes in the record.
    expect(screen.getByLabelText("Comentarios")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("El NIF o NIE no es válido", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(llamadas.some((l) => l.clave === "POST /api/socios")).toBe(false);

    fireEvent.change(screen.getByLabelText("NIF o NIE"), { target: { value: "12345678z" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("Este NIF ya es de otro socio", {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toContain("Ya hay un socio con ese NIF");
    const alta = llamadas.find((l) => l.clave === "POST /api/socios");
    const cuerpo = JSON.parse(String(alta?.init.body));
    expect(cuerpo).toMatchObject({
      nombre: "Pep",
      apellidos: "Soler Mira",
      nif: "12345678Z",
      tipo: null,
      matricula: null,
      pagarDerrama: "si",
      tipoDerrama: "no aplica",
    });
    expect(cuerpo).not.toHaveProperty("derramaAnual");
  });

  it("a un usuario le muestra el 403 del servidor en español", async () => {
    rutasApi["GET /api/socios/77"] = () => ({
      status: 403,
      cuerpo: { error: "sin_permiso", mensaje: "No tienes permiso para ver esta ficha" },
    });
    await entrarComo({ ...ADMIN, rol: "usuario" }, "/socios/ficha/77");
    const alerta = await screen.findByRole("alert");
    expect(alerta.textContent).toContain("No puedes ver esta ficha");
    expect(alerta.textContent).toContain("No tienes permiso para ver esta ficha");
  });

  it("en Mis Datos solo deja cambiar contacto y banco, y envía solo esos campos", async () => {
    const yo = {
      id: 10,
      nombre: "Pep",
      apellidos: "Soler",
      nif: "12345678Z",
      email: "pep@filademo.es",
      telefono: "600000000",
      tipo: TIPO,
      activo: true,
      matricula: 7,
      iban: "",
      bic: "",
      edad: 40,
    };
    rutasApi["GET /api/socios/yo"] = () => ({ status: 200, cuerpo: yo });
    rutasApi["PATCH /api/socios/yo"] = (init) => ({
      status: 200,
      cuerpo: { ...yo, ...JSON.parse(String(init.body)) },
    });
    await entrarComo({ ...ADMIN, rol: "usuario" }, "/socios/ficha/0");
    const telefono = await screen.findByLabelText("Teléfono", {}, { timeout: 10_000 });
    await waitFor(() => expect((telefono as HTMLInputElement).value).toBe("600000000"));
    expect(screen.getByLabelText(/^Nombre/).hasAttribute("readonly")).toBe(true);
    expect(screen.getByLabelText("Matrícula").hasAttribute("readonly")).toBe(true);
    expect(telefono.hasAttribute("readonly")).toBe(false);
    // The board's internal notes are not part of the member's own record.
    expect(screen.queryByLabelText("Comentarios")).toBeNull();

    fireEvent.change(telefono, { target: { value: "611222333" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(llamadas.some((l) => l.clave === "PATCH /api/socios/yo")).toBe(true),
    );
    const patch = llamadas.find((l) => l.clave === "PATCH /api/socios/yo");
    expect(Object.keys(JSON.parse(String(patch?.init.body))).sort()).toEqual(
      [
        "bic",
        "codPostal",
        "direccion",
        "email",
        "iban",
        "poblacion",
        "provincia",
        "telefono",
      ].sort(),
    );
    expect(JSON.parse(String(patch?.init.body)).telefono).toBe("611222333");
    expect(screen.getByRole("button", { name: "Descargar mis datos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cambiar mi contraseña" })).toBeTruthy();

    // «No quiero recibir envíos» is saved at once, on its own (issue 36).
    const interruptor = screen.getByRole("switch", {
      name: /^No quiero recibir envíos de la filà/,
    });
    expect((interruptor as HTMLInputElement).checked).toBe(false);
    fireEvent.click(interruptor);
    await waitFor(() =>
      expect(
        llamadas.filter((l) => l.clave === "PATCH /api/socios/yo").map((l) => String(l.init.body)),
      ).toContain(JSON.stringify({ noEnvios: true })),
    );
    await waitFor(() => expect((interruptor as HTMLInputElement).checked).toBe(true));
  });
});
