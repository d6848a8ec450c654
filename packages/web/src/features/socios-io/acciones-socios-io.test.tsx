import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
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

  it("comprueba el fichero, enseña columnas, avisos y rechazos y solo deja importar un fichero sin errores", async () => {
    const columnas = [
      { cabecera: "Nombre", campo: "nombre", ejemplos: ["Pep", "Rosa"] },
      { cabecera: "Apellidos", campo: "apellidos", ejemplos: ["Gil", "Mira"] },
      { cabecera: "Talla", campo: null, ejemplos: ["M", "L"] },
    ];
    const informe = (cambios: object) => ({
      columnas,
      avisos: [],
      rechazadas: [],
      filas: 2,
      validas: 2,
      importadas: 0,
      nuevas: 2,
      actualizadas: 0,
      sinCambios: 0,
      ...cambios,
    });
    respuestas.push((url) => {
      if (!url.includes("/socios/importar")) return undefined;
      const fichero = llamadas.at(-1)?.init.body as FormData;
      const nombre = (fichero.get("archivo") as File).name;
      if (url.includes("confirmar=1")) return json(200, informe({ importadas: 2 }));
      if (nombre === "malo.csv") {
        return json(
          200,
          informe({
            validas: 1,
            nuevas: 1,
            rechazadas: [
              {
                fila: 3,
                errores: [
                  { campo: "NIF", mensaje: "El NIF o NIE no es válido" },
                  { campo: "Apellidos", mensaje: "Los apellidos son obligatorios" },
                ],
              },
            ],
          }),
        );
      }
      return json(
        200,
        informe({
          avisos: [
            { fila: 2, campo: "Apellidos", mensaje: "Se han quitado los espacios repetidos" },
          ],
        }),
      );
    });
    pintar();
    fireEvent.click(screen.getByRole("button", { name: "Importar socios" }));
    await screen.findByText("Importar socios desde CSV o Excel");

    elegirFichero("malo.csv");
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    expect(await screen.findByText("El NIF o NIE no es válido")).toBeTruthy();
    expect(screen.getByText("Los apellidos son obligatorios")).toBeTruthy();
    expect(
      screen.getByText("Filas: 2 · Nuevas: 1 · Actualizadas: 0 · Sin cambios: 0 · Con errores: 1"),
    ).toBeTruthy();
    expect(screen.getByText("Estas columnas no se importarán: Talla")).toBeTruthy();
    expect(
      screen.getByRole("table", { name: "Columnas del fichero y campo al que van" }),
    ).toBeTruthy();
    expect(screen.getByText("M · L")).toBeTruthy();
    expect(
      (
        screen.getByLabelText("Campo de la columna «Talla»", {
          selector: "input",
        }) as HTMLInputElement
      ).value,
    ).toBe("No importar");
    const importar1 = screen.getByRole("button", { name: "Importar 1 socio" }) as HTMLButtonElement;
    expect(importar1.disabled).toBe(true);

    elegirFichero("bueno.csv");
    fireEvent.click(screen.getByRole("radio", { name: /^Actualizar los que ya existen/ }));
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    await screen.findByText("Todas las filas son correctas. Ya puedes importarlas.");
    expect(screen.getByText("Se han quitado los espacios repetidos")).toBeTruthy();
    const importar2 = screen.getByRole("button", {
      name: "Importar 2 socios",
    }) as HTMLButtonElement;
    expect(importar2.disabled).toBe(false);
    fireEvent.click(importar2);
    expect(await screen.findAllByText("Se han importado 2 socios.")).not.toHaveLength(0);
    expect(llamadas.map((l) => l.url)).toEqual([
      "/api/socios/importar?confirmar=0&modo=altas",
      "/api/socios/importar?confirmar=0&modo=actualizar",
      "/api/socios/importar?confirmar=1&modo=actualizar",
    ]);
    // The import sends the mapping it showed, and remembers it for the next file.
    const mapa = { Nombre: "nombre", Apellidos: "apellidos", Talla: null };
    expect(JSON.parse((llamadas[2].init.body as FormData).get("mapa") as string)).toEqual(mapa);
    expect(JSON.parse(localStorage.getItem("importarSocios.mapa") ?? "{}")).toEqual(mapa);
  }, 30_000);

  it("propone el mapa recordado y vuelve a comprobar con él y con cada columna que cambia la junta", async () => {
    localStorage.setItem("importarSocios.mapa", JSON.stringify({ Talla: "comentarios" }));
    respuestas.push((url) => {
      if (!url.includes("/socios/importar")) return undefined;
      const mapa = JSON.parse(
        ((llamadas[llamadas.length - 1].init.body as FormData).get("mapa") as string | null) ??
          "{}",
      );
      const campoDe = (cabecera: string, reconocido: string | null) =>
        cabecera in mapa ? mapa[cabecera] : reconocido;
      return json(200, {
        filas: 1,
        validas: 1,
        nuevas: 1,
        actualizadas: 0,
        sinCambios: 0,
        rechazadas: [],
        columnas: [
          { cabecera: "Nombre", campo: campoDe("Nombre", "nombre"), ejemplos: ["Pep"] },
          { cabecera: "Apellidos", campo: campoDe("Apellidos", "apellidos"), ejemplos: ["Gil"] },
          { cabecera: "Talla", campo: campoDe("Talla", null), ejemplos: ["M"] },
        ],
        avisos: [],
        importadas: 0,
      });
    });
    pintar();
    fireEvent.click(screen.getByRole("button", { name: "Importar socios" }));
    await screen.findByText("Importar socios desde CSV o Excel");
    elegirFichero("hoja.xlsx");
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    const talla = (await screen.findByLabelText("Campo de la columna «Talla»", {
      selector: "input",
    })) as HTMLInputElement;
    await waitFor(() => expect(talla.value).toBe("Comentarios"));
    expect(llamadas).toHaveLength(2);
    expect((llamadas[0].init.body as FormData).get("mapa")).toBeNull();
    expect(JSON.parse((llamadas[1].init.body as FormData).get("mapa") as string)).toEqual({
      Nombre: "nombre",
      Apellidos: "apellidos",
      Talla: "comentarios",
    });

    fireEvent.click(talla);
    fireEvent.change(talla, { target: { value: "No imp" } });
    await waitFor(() => expect(talla.getAttribute("aria-controls")).toBeTruthy());
    const lista = document.getElementById(talla.getAttribute("aria-controls") ?? "") as HTMLElement;
    fireEvent.click(within(lista).getByRole("option", { name: "No importar", hidden: true }));
    await waitFor(() => expect(llamadas).toHaveLength(3));
    expect(JSON.parse((llamadas[2].init.body as FormData).get("mapa") as string)).toMatchObject({
      Talla: null,
    });
    expect(await screen.findByText("Estas columnas no se importarán: Talla")).toBeTruthy();
  }, 30_000);

  it("si nada cambia, lo dice y no deja importar", async () => {
    respuestas.push((url) =>
      url.includes("/socios/importar")
        ? json(200, {
            filas: 2,
            validas: 2,
            nuevas: 0,
            actualizadas: 0,
            sinCambios: 2,
            rechazadas: [],
            columnas: [{ cabecera: "Matrícula", campo: "matricula", ejemplos: ["1", "2"] }],
            avisos: [],
            importadas: 0,
          })
        : undefined,
    );
    pintar();
    fireEvent.click(screen.getByRole("button", { name: "Importar socios" }));
    await screen.findByText("Importar socios desde CSV o Excel");
    elegirFichero("igual.xlsx");
    fireEvent.click(screen.getByRole("button", { name: "Comprobar fichero" }));
    expect(
      await screen.findByText(
        "Todas las filas son correctas y no hay nada que cambiar: los socios ya tienen estos datos.",
      ),
    ).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Importar 0 socios" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  }, 30_000);
});
