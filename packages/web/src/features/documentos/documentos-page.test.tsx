import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sesionStore } from "../../app/session-store";
import { pintarEnRuta, type ServidorDePaginas, servirPaginas } from "../../test/listas";
import { DocumentosPage } from "./documentos-page";

let servidor: ServidorDePaginas;
beforeEach(() => {
  servidor = servirPaginas(
    (n) => ({
      id: n,
      titulo: `Acta ${n}`,
      descripcion: "",
      categoria: "Actas",
      anyo: 2025,
      nombreArchivo: `acta-${n}.pdf`,
      tamanyo: 1000,
      subidoEn: "2026-01-01T10:00:00.000Z",
      visibilidad: "socio",
    }),
    120,
  );
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

describe("DocumentosPage", () => {
  it("lee la búsqueda, el año y la página de la URL y pide al servidor la página elegida", async () => {
    const { consulta } = pintarEnRuta(
      <DocumentosPage />,
      "/documentos?q=acta&anyo=2025&page=2",
      "socio",
    );
    const pedida = () => servidor.pedidas.at(-1)?.search;
    await waitFor(() =>
      expect(pedida()).toBe("?page=2&pageSize=50&sort=categoria&q=acta&anyo=2025"),
    );
    expect((screen.getByLabelText("Buscar documentos") as HTMLInputElement).value).toBe("acta");
    expect(await screen.findByText("Acta 51")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "3" }));
    await waitFor(() => expect(consulta()).toBe("?q=acta&anyo=2025&page=3"));
    await waitFor(() =>
      expect(pedida()).toBe("?page=3&pageSize=50&sort=categoria&q=acta&anyo=2025"),
    );
    expect(await screen.findByText("Acta 101")).toBeTruthy();

    // Another year starts again at the first page.
    fireEvent.change(screen.getByLabelText("Año"), { target: { value: "2024" } });
    await waitFor(() => expect(consulta()).toBe("?q=acta&anyo=2024"));
    await waitFor(() =>
      expect(pedida()).toBe("?page=1&pageSize=50&sort=categoria&q=acta&anyo=2024"),
    );
  });

  it("sin documentos muestra el estado vacío", async () => {
    servidor.total = 0;
    pintarEnRuta(<DocumentosPage />, "/documentos", "socio");
    expect(await screen.findByText("No hay documentos")).toBeTruthy();
  });
});
