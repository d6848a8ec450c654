import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App, router } from "../../app/app";
import { queryClient } from "../../app/providers";
import { sesionStore } from "../../app/session-store";
import { fechasDe } from "./use-resumen-analitica";

const ADMIN = {
  id: 1,
  nombre: "Marta Soler",
  email: "admin@filademo.es",
  rol: "administrador",
  socioId: 10,
  condicionesAceptadas: "si",
};

const dia = (fecha: string, visitantes: number, vistas: number) => ({ fecha, visitantes, vistas });

let porDia: (desde: string, hasta: string) => ReturnType<typeof dia>[];

function resumen(desde: string, hasta: string) {
  return {
    desde,
    hasta,
    porDia: porDia(desde, hasta),
    porSemana: [dia(desde, 5, 9)],
    paginas: [
      { ruta: "/socio-home", vistas: 6 },
      { ruta: "/mispagos", vistas: 3 },
    ],
    dispositivos: [
      { dispositivo: "movil", visitantes: 4 },
      { dispositivo: "tableta", visitantes: 0 },
      { dispositivo: "ordenador", visitantes: 1 },
    ],
    eventos: [
      { nombre: "alerta_abierta_push", total: 1 },
      { nombre: "recibo_descargado", total: 2 },
      { nombre: "inscripcion_hecha", total: 7 },
      { nombre: "app_instalada", total: 0 },
    ],
    push: { entregadas: 4, abiertas: 1 },
  };
}

let pedidas: string[];

beforeEach(() => {
  pedidas = [];
  porDia = (desde, hasta) => [dia(desde, 2, 4), dia(hasta, 3, 5)];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof entrada === "string" ? entrada : entrada.toString();
      const metodo = init.method ?? "GET";
      let cuerpo: unknown = null;
      if (metodo === "GET" && url === "/api/sesion") cuerpo = ADMIN;
      else if (metodo === "GET" && url.startsWith("/api/analitica/resumen?")) {
        pedidas.push(url);
        const query = new URLSearchParams(url.split("?")[1]);
        cuerpo = resumen(query.get("desde") ?? "", query.get("hasta") ?? "");
      } else return new Response(null, { status: 404, statusText: "Not Found" });
      return new Response(JSON.stringify(cuerpo), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  sesionStore.cerrar();
  queryClient.clear();
  vi.unstubAllGlobals();
});

async function abrirInicio() {
  sesionStore.iniciar("t-1", { ...ADMIN, tokenPush: "" } as never);
  await act(async () => {
    await router.navigate("/admin-home");
  });
  render(<App />);
}

const tarjeta = async (titulo: string) =>
  within(await screen.findByRole("region", { name: titulo }, { timeout: 10_000 }));

describe("uso de la aplicación en el inicio del administrador", { timeout: 30_000 }, () => {
  it("muestra visitantes, páginas más vistas, dispositivos, acciones y push con formato español", async () => {
    await abrirInicio();
    const { desde, hasta } = fechasDe("4s");
    const [a, m, d] = desde.split("-");
    const [ah, mh, dh] = hasta.split("-");

    const dias = await tarjeta("Visitantes y vistas por día");
    expect(dias.getByTestId("analitica-totales").textContent).toBe(
      `Del ${d}/${m}/${a} al ${dh}/${mh}/${ah}: 5 visitantes (sumando los de cada día) y 9 páginas vistas.`,
    );
    expect(pedidas).toEqual([`/api/analitica/resumen?desde=${desde}&hasta=${hasta}`]);

    const paginas = await tarjeta("Páginas más vistas");
    const filas = paginas.getAllByRole("row").slice(1);
    expect(filas.map((f) => f.textContent)).toEqual(["/socio-home6", "/mispagos3"]);
    expect(paginas.getByRole("progressbar", { name: "/socio-home: 6 vistas" })).toBeTruthy();

    const dispositivos = await tarjeta("Dispositivos");
    expect(dispositivos.getByText(/Móvil:/).textContent).toBe("Móvil: 4");
    expect(dispositivos.getByText(/Ordenador:/).textContent).toBe("Ordenador: 1");

    const push = await tarjeta("Alertas push");
    expect(push.getByTestId("analitica-push-texto").textContent).toBe(
      "Entregadas: 4. Abiertas desde la notificación: 1 (25 %).",
    );

    const acciones = await tarjeta("Acciones");
    expect(acciones.getByText("Inscripciones en actos").nextSibling?.textContent).toBe("7");
    expect(acciones.getByText("Recibos descargados").nextSibling?.textContent).toBe("2");
  });

  it("concuerda en singular con un visitante y una vista", async () => {
    porDia = (desde) => [dia(desde, 1, 1)];
    await abrirInicio();
    const dias = await tarjeta("Visitantes y vistas por día");
    expect(dias.getByTestId("analitica-totales").textContent).toMatch(
      /: 1 visitante \(sumando los de cada día\) y 1 página vista\.$/,
    );
  });

  it("cambia de periodo y pide el resumen de ese periodo", async () => {
    await abrirInicio();
    await tarjeta("Visitantes y vistas por día");
    fireEvent.click(screen.getByLabelText("12 meses"));
    const { desde, hasta } = fechasDe("12m");
    await waitFor(() =>
      expect(pedidas).toContain(`/api/analitica/resumen?desde=${desde}&hasta=${hasta}`),
    );
  });

  it("si el resumen falla lo dice en su sitio sin romper el panel", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (entrada: RequestInfo | URL) => {
        const url = typeof entrada === "string" ? entrada : entrada.toString();
        if (url === "/api/sesion") return new Response(JSON.stringify(ADMIN), { status: 200 });
        return new Response(
          JSON.stringify({ error: "prohibido", mensaje: "No tienes permiso.", detalles: [] }),
          { status: 403, headers: { "Content-Type": "application/json" } },
        );
      }),
    );
    await abrirInicio();
    const region = await tarjetaSeccion();
    expect(
      await region.findByText(
        "No se ha podido cargar el uso de la aplicación",
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(region.getByText("No tienes permiso.")).toBeTruthy();
  });
});

async function tarjetaSeccion() {
  return within(
    await screen.findByRole("region", { name: "Uso de la aplicación" }, { timeout: 10_000 }),
  );
}
