import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { sesionStore } from "../app/session-store";
import { pintarEnRuta, type ServidorDePaginas, servirPaginas } from "../test/listas";
import { api } from "./api";
import { BotonesExportar, CampoBusqueda, useListado } from "./listado";
import { TablaListado } from "./tabla-listado";

type Cosa = { id: number; nombre: string };

let servidor: ServidorDePaginas;

beforeEach(() => {
  servidor = servirPaginas((n) => ({ id: n, nombre: `Cosa ${n}` }), 120);
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ListaDeCosas({ enUrl }: { enUrl?: boolean }) {
  const listado = useListado({
    tamanyos: [25, 50],
    filtros: { estado: "" },
    validar: { estado: (v) => v === "activa" || v === "baja" },
    enUrl,
  });
  const query = new URLSearchParams({
    page: String(listado.page),
    pageSize: String(listado.pageSize),
  });
  if (listado.q) query.set("q", listado.q);
  if (listado.filtros.estado) query.set("estado", listado.filtros.estado);
  const lista = useQuery({
    queryKey: ["cosas", query.toString()],
    queryFn: ({ signal }) => api.get<{ items: Cosa[]; total: number }>(`/cosas?${query}`, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <CampoBusqueda busqueda={listado.busqueda} label="Buscar cosa" />
      <button type="button" onClick={() => listado.cambiar({ estado: "baja" })}>
        Solo bajas
      </button>
      <output data-testid="estado">{listado.filtros.estado}</output>
      <TablaListado<Cosa>
        lista={lista}
        listado={listado}
        titulo="Cosas"
        vacio="No hay cosas"
        columns={[{ accessor: "nombre", title: "Nombre" }]}
      />
    </>
  );
}

let consultaUrl: () => string | null;

function pintar(ruta = "/cosas", enUrl?: boolean) {
  consultaUrl = pintarEnRuta(<ListaDeCosas enUrl={enUrl} />, ruta).consulta;
}

const url = () => consultaUrl();
const ultima = () => servidor.pedidas.at(-1)?.searchParams;

describe("useListado y TablaListado", () => {
  it("pide al servidor la página que se elige y la deja en la URL", async () => {
    pintar();
    await waitFor(() => expect(ultima()?.get("page")).toBe("1"));
    expect(ultima()?.get("pageSize")).toBe("25");
    expect(url()).toBe("");

    fireEvent.click(await screen.findByRole("button", { name: "3" }));
    await waitFor(() => expect(ultima()?.get("page")).toBe("3"));
    expect(url()).toBe("?page=3");
  });

  it("la búsqueda escribe q en la URL al dejar de teclear, vuelve a la primera página y conserva lo demás", async () => {
    pintar("/cosas?pestanya=remesas&page=4");
    await waitFor(() => expect(ultima()?.get("page")).toBe("4"));

    fireEvent.change(screen.getByLabelText("Buscar cosa"), { target: { value: "  cuota " } });
    await waitFor(() => expect(url()).toBe("?pestanya=remesas&q=cuota"));
    await waitFor(() => expect(ultima()?.get("q")).toBe("cuota"));
    expect(ultima()?.get("page")).toBe("1");
  });

  it("lee los filtros de la URL (lo no válido toma el valor por defecto) y los escribe en ella", async () => {
    pintar("/cosas?q=rosa&estado=activa&pageSize=50");
    await waitFor(() => expect(ultima()?.get("estado")).toBe("activa"));
    expect(ultima()?.get("q")).toBe("rosa");
    expect(ultima()?.get("pageSize")).toBe("50");
    expect((screen.getByLabelText("Buscar cosa") as HTMLInputElement).value).toBe("rosa");

    fireEvent.click(screen.getByRole("button", { name: "Solo bajas" }));
    await waitFor(() => expect(ultima()?.get("estado")).toBe("baja"));
    expect(url()).toBe("?q=rosa&estado=baja&pageSize=50");
  });

  it("descarta en la URL lo que no es válido", async () => {
    pintar("/cosas?estado=inventado&page=-2&pageSize=7");
    await waitFor(() => expect(ultima()).toBeDefined());
    expect(ultima()?.get("estado")).toBeNull();
    expect(ultima()?.get("page")).toBe("1");
    expect(ultima()?.get("pageSize")).toBe("25");
    expect(screen.getByTestId("estado").textContent).toBe("");
  });

  it("sin resultados muestra el estado vacío y no ofrece páginas", async () => {
    servidor.total = 0;
    pintar();
    expect(await screen.findByText("No hay cosas")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "2" })).toBeNull();
  });

  it("un error al leer la página se dice en una alerta", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: "x", mensaje: "Sin permiso", detalles: null }), {
            status: 403,
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    pintar();
    expect((await screen.findByRole("alert")).textContent).toContain("Sin permiso");
  });

  it("dentro de un diálogo (enUrl: false) guarda el estado sin tocar la URL", async () => {
    pintar("/cosas?pestanya=envios", false);
    fireEvent.click(await screen.findByRole("button", { name: "2" }));
    await waitFor(() => expect(ultima()?.get("page")).toBe("2"));
    fireEvent.click(screen.getByRole("button", { name: "Solo bajas" }));
    await waitFor(() => expect(ultima()?.get("estado")).toBe("baja"));
    expect(ultima()?.get("page")).toBe("1");
    expect(url()).toBe("?pestanya=envios");
  });
});

describe("BotonesExportar", () => {
  it("descarga con los filtros de la lista y el formato elegido", async () => {
    // jsdom has no object URLs and does not follow a download link: the file is not saved here.
    const crear = vi.fn(() => "blob:x");
    Object.assign(URL, { createObjectURL: crear, revokeObjectURL: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(
      <Providers client={crearQueryClient()}>
        <BotonesExportar
          ruta="/cosas/exportar"
          consulta={new URLSearchParams({ estado: "baja" })}
          nombre="cosas"
          textos={{ xlsx: "Exportar Excel", csv: "Exportar CSV" }}
          textoError="No se ha podido exportar"
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(crear).toHaveBeenCalled());
    expect(servidor.pedidas.at(-1)?.pathname).toBe("/api/cosas/exportar");
    expect(ultima()?.toString()).toBe("estado=baja&formato=csv");
  });
});
