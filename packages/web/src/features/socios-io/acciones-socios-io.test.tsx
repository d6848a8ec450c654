import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sesionStore } from "../../app/session-store";
import { AccionesSociosIo, consultaExportacion, nombreDeDescarga } from "./acciones-socios-io";

type Llamada = { url: string; init: RequestInit };
let llamadas: Llamada[];
let respuestas: ((url: string) => Response | undefined)[];

function json(status: number, cuerpo: unknown): Response {
  return new Response(JSON.stringify(cuerpo), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

function pintar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AccionesSociosIo filtros={{ q: "pérez", activo: 1, tipo: undefined, page: 2 }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function elegirFichero(nombre: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const fichero = new File(["Nombre;Apellidos\r\n"], nombre, { type: "text/csv" });
  fireEvent.change(input, { target: { files: [fichero] } });
}

beforeEach(() => {
  llamadas = [];
  respuestas = [];
  sesionStore.iniciar("t-admin", {
    id: 1,
    nombre: "Marta",
    email: "admin@fila.test",
    rol: "administrador",
    socioId: 1,
    condicionesAceptadas: "si",
    tokenPush: "",
  } as never);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (entrada: RequestInfo | URL, init: RequestInit = {}) => {
      const url = entrada.toString();
      llamadas.push({ url, init });
      for (const r of respuestas) {
        const res = r(url);
        if (res) return res;
      }
      return json(404, { error: "no_encontrado", mensaje: "No existe", detalles: [] });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("consultaExportacion", () => {
  it("pasa los filtros de la lista y deja fuera los vacíos y la paginación", () => {
    expect(
      consultaExportacion("xlsx", { q: "pérez", activo: 0, sexo: "", page: 3, pageSize: 50 }),
    ).toBe("formato=xlsx&q=p%C3%A9rez&activo=0");
  });

  it("toma el nombre del fichero que da el servidor", () => {
    expect(nombreDeDescarga('attachment; filename="socios-2026-05-01.csv"', "csv")).toBe(
      "socios-2026-05-01.csv",
    );
    expect(nombreDeDescarga(null, "xlsx")).toBe("socios.xlsx");
  });
});

describe("AccionesSociosIo", () => {
  it("exporta con el token y guarda el fichero con el nombre del servidor", async () => {
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => "blob:socios", revokeObjectURL: () => {} });
    const clic = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    respuestas.push((url) =>
      url.includes("/socios/exportar")
        ? new Response("\uFEFFMatrícula;Nombre\r\n", {
            status: 200,
            headers: { "Content-Disposition": 'attachment; filename="socios-2026-05-01.csv"' },
          })
        : undefined,
    );
    pintar();
    fireEvent.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(clic).toHaveBeenCalled());
    expect(llamadas[0].url).toBe("/api/socios/exportar?formato=csv&q=p%C3%A9rez&activo=1");
    expect((llamadas[0].init.headers as Record<string, string>).Authorization).toBe(
      "Bearer t-admin",
    );
    const enlace = clic.mock.contexts[0] as HTMLAnchorElement;
    expect(enlace.download).toBe("socios-2026-05-01.csv");
    expect(enlace.href).toBe("blob:socios");
    clic.mockRestore();
  });

  it("comprueba el fichero, enseña los rechazos y solo deja importar un fichero sin errores", async () => {
    respuestas.push((url) => {
      if (!url.includes("/socios/importar")) return undefined;
      const fichero = llamadas.at(-1)?.init.body as FormData;
      const nombre = (fichero.get("archivo") as File).name;
      if (url.endsWith("confirmar=1")) {
        return json(200, { filas: 2, validas: 2, rechazadas: [], importadas: 2 });
      }
      if (nombre === "malo.csv") {
        return json(200, {
          filas: 2,
          validas: 1,
          importadas: 0,
          rechazadas: [
            {
              fila: 3,
              errores: [
                { campo: "NIF", mensaje: "El NIF o NIE no es válido" },
                { campo: "Apellidos", mensaje: "Los apellidos son obligatorios" },
              ],
            },
          ],
        });
      }
      return json(200, { filas: 2, validas: 2, rechazadas: [], importadas: 0 });
    });
    pintar();
    fireEvent.click(screen.getByRole("button", { name: "Importar socios" }));
    await screen.findByText("Importar socios desde CSV o Excel");

    elegirFichero("malo.csv");
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    expect(await screen.findByText("El NIF o NIE no es válido")).toBeTruthy();
    expect(screen.getByText("Los apellidos son obligatorios")).toBeTruthy();
    expect(screen.getByText("Filas: 2 · Correctas: 1 · Con errores: 1")).toBeTruthy();
    const importar1 = screen.getByRole("button", { name: "Importar 1 socio" }) as HTMLButtonElement;
    expect(importar1.disabled).toBe(true);

    elegirFichero("bueno.csv");
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    await screen.findByText("Todas las filas son correctas. Ya puedes importarlas.");
    const importar2 = screen.getByRole("button", {
      name: "Importar 2 socios",
    }) as HTMLButtonElement;
    expect(importar2.disabled).toBe(false);
    fireEvent.click(importar2);
    expect(await screen.findAllByText("Se han importado 2 socios.")).not.toHaveLength(0);
    expect(llamadas.map((l) => l.url)).toEqual([
      "/api/socios/importar?confirmar=0",
      "/api/socios/importar?confirmar=0",
      "/api/socios/importar?confirmar=1",
    ]);
  });
});
