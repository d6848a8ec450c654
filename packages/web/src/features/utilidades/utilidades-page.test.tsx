import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
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

const ASOCIACION = {
  nombre: "Filà Contrabandistes",
  cif: "B85626240",
  direccion: "",
  poblacion: "Alcoi",
  codPostal: "03801",
  provincia: "Alacant",
  telefono: "",
  email: "",
  iban: "ES9121000418450200051332",
  bic: "CAIXESBBXXX",
  sufijoAcreedor: "000",
  identificadorAcreedor: "ES77000B85626240",
};

const RESUMEN = {
  id: 3,
  mensajeId: "FILA-R3-20261121T100000",
  fechaCobro: "2026-12-01",
  hasta: "2026-11-30",
  estado: "generada",
  numAdeudos: 2,
  total: 1234.56,
  creadaEn: "2026-11-21T10:00:00.000Z",
};

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

async function entrar(ruta: string, usuario = ADMIN) {
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
    "GET /api/asociacion": () => ({ status: 200, cuerpo: ASOCIACION }),
    "GET /api/remesas?page=1&pageSize=25&sort=-id": () => ({
      status: 200,
      cuerpo: { items: [RESUMEN], total: 1, page: 1, pageSize: 25 },
    }),
  };
  vi.stubGlobal("fetch", servidor());
});

afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

describe("utilidades", { timeout: 30_000 }, () => {
  // The list (mantine-datatable renders no cells in jsdom) is checked by e2e/specs/remesas.spec.ts.
  it("genera una remesa y muestra a quién deja fuera y por qué", async () => {
    // Generating is a background job (ADR 0020): 202 with the job, then the job's result.
    rutasApi["POST /api/remesas"] = () => ({ status: 202, cuerpo: { idTrabajo: 9 } });
    rutasApi["GET /api/trabajos/9"] = () => ({
      status: 200,
      cuerpo: {
        tipo: "remesas.generar",
        estado: "terminado",
        progreso: 1,
        error: null,
        resultado: {
          ...RESUMEN,
          excluidos: [{ idSocio: 7, nombre: "Pep Soler", motivo: "No tiene IBAN", importe: 25.5 }],
        },
      },
    });
    await entrar("/utilidades");
    fireEvent.click(await screen.findByRole("button", { name: "Nueva remesa" }));
    const dialogo = await screen.findByRole("dialog", { name: "Nueva remesa" });
    fireEvent.change(within(dialogo).getByLabelText(/Incluir cargos que vencen hasta/), {
      target: { value: "2026-11-30" },
    });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Generar remesa" }));
    await within(dialogo).findByText(/Remesa 3 generada: 2 adeudos por 1\.234,56\s€/);
    const excluidos = within(dialogo).getByRole("table", { name: "Quedan fuera (1)" });
    expect(excluidos.textContent).toContain("Pep Soler");
    expect(excluidos.textContent).toContain("No tiene IBAN");
    expect(excluidos.textContent).toMatch(/25,50\s€/);
    const envio = llamadas.find((l) => l.clave === "POST /api/remesas");
    expect(JSON.parse(String(envio?.init.body))).toMatchObject({ hasta: "2026-11-30" });
  });

  it("muestra el 409 del servidor con lo que falta", async () => {
    rutasApi["POST /api/remesas"] = () => ({
      status: 409,
      cuerpo: {
        error: "conflicto",
        mensaje: "Completa los datos bancarios de la asociación antes de generar una remesa.",
        detalles: [{ campo: "iban", mensaje: "Falta un IBAN válido de la asociación" }],
      },
    });
    await entrar("/utilidades");
    fireEvent.click(await screen.findByRole("button", { name: "Nueva remesa" }));
    const dialogo = await screen.findByRole("dialog", { name: "Nueva remesa" });
    fireEvent.click(within(dialogo).getByRole("button", { name: "Generar remesa" }));
    const alerta = await within(dialogo).findByRole("alert");
    expect(alerta.textContent).toContain("Completa los datos bancarios");
    expect(alerta.textContent).toContain("Falta un IBAN válido de la asociación");
  });

  it("los datos de la asociación muestran el identificador de acreedor y los errores por campo", async () => {
    rutasApi["PUT /api/asociacion"] = () => ({
      status: 400,
      cuerpo: {
        error: "validacion",
        mensaje: "Hay datos que no son válidos. Revisa los campos marcados.",
        detalles: [{ campo: "cif", mensaje: "Introduce un CIF o NIF válido" }],
      },
    });
    const errores = vi.spyOn(console, "error");
    await entrar("/utilidades?pestanya=asociacion");
    expect(
      (await screen.findByTestId("identificador-acreedor", {}, { timeout: 10_000 })).textContent,
    ).toBe("ES77000B85626240");
    const cif = screen.getByLabelText(/^CIF/) as HTMLInputElement;
    await waitFor(() => expect(cif.value).toBe("B85626240"));
    fireEvent.change(cif, { target: { value: "B85626241" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar los datos" }));
    expect(await screen.findByText("Introduce un CIF o NIF válido")).toBeTruthy();
    const envio = llamadas.find((l) => l.clave === "PUT /api/asociacion");
    expect(JSON.parse(String(envio?.init.body)).cif).toBe("B85626241");
    // React warns when a `key` travels inside spread props (Mantine's form.key() must go apart).
    const avisosKey = errores.mock.calls.filter((c) => String(c[0]).includes('"key" prop'));
    expect(avisosKey).toEqual([]);
    errores.mockRestore();
  });

  it("las remesas leen la búsqueda, el estado y la página de la URL; buscar vuelve a la primera página", async () => {
    await entrar("/utilidades?q=3&estado=cobrada&page=2");
    const buscar = await screen.findByLabelText("Buscar remesa", {}, { timeout: 15_000 });
    expect((buscar as HTMLInputElement).value).toBe("3");
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain(
        "GET /api/remesas?page=2&pageSize=25&sort=-id&q=3&estado=cobrada",
      ),
    );
    fireEvent.change(buscar, { target: { value: "FILA-R3" } });
    await waitFor(() => expect(router.state.location.search).toBe("?q=FILA-R3&estado=cobrada"));
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain(
        "GET /api/remesas?page=1&pageSize=25&sort=-id&q=FILA-R3&estado=cobrada",
      ),
    );
  });

  it("el historial de envíos pide al servidor la página y el tamaño de la URL", async () => {
    await entrar("/utilidades?pestanya=envios&page=2&pageSize=50");
    await screen.findByRole("button", { name: "Nuevo envío" }, { timeout: 15_000 });
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain("GET /api/envios?page=2&pageSize=50"),
    );
  });

  it("el correo saliente lee la búsqueda, el estado y la página de la URL y escribe en ella el filtro", async () => {
    const pedida = "GET /api/utilidades/correos?page=2&pageSize=50&q=ana&estado=error";
    rutasApi[pedida] = () => ({ status: 200, cuerpo: { items: [], total: 0, conSmtp: true } });
    await entrar("/utilidades?pestanya=correo&q=ana&estado=error&page=2&pageSize=50");
    const buscar = await screen.findByLabelText("Buscar", {}, { timeout: 15_000 });
    expect((buscar as HTMLInputElement).value).toBe("ana");
    await waitFor(() => expect(llamadas.map((l) => l.clave)).toContain(pedida));

    // Another state: back to the first page, the rest of the URL kept.
    fireEvent.click(screen.getByRole("combobox", { name: "Estado" }));
    fireEvent.click(await screen.findByRole("option", { name: "Enviado", hidden: true }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        "?pestanya=correo&q=ana&estado=enviado&pageSize=50",
      ),
    );
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain(
        "GET /api/utilidades/correos?page=1&pageSize=50&q=ana&estado=enviado",
      ),
    );
  });

  it("el registro de actividad lee sus filtros de la URL y exporta con ellos", async () => {
    await entrar("/utilidades?pestanya=actividad&idUsuario=x&entidad=socios&desde=2026-01-01");
    // The first page drawn in a file loads the whole app: on a busy machine it takes a while.
    const exportar = await screen.findByRole(
      "button",
      { name: "Exportar a CSV" },
      { timeout: 15_000 },
    );
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain(
        "GET /api/utilidades/actividad?entidad=socios&desde=2026-01-01&page=1&pageSize=25",
      ),
    );
    fireEvent.click(exportar);
    await waitFor(() =>
      expect(llamadas.map((l) => l.clave)).toContain(
        "GET /api/utilidades/actividad/exportar?entidad=socios&desde=2026-01-01&formato=csv",
      ),
    );
  });

  it("un usuario que no es administrador vuelve al inicio", async () => {
    await entrar("/utilidades", { ...ADMIN, rol: "usuario" });
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/utilidades"));
    expect(llamadas.some((l) => l.clave.startsWith("GET /api/remesas"))).toBe(false);
  });
});
