import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sesionStore } from "../../app/session-store";
import { pintarEnRuta, type ServidorDePaginas, servirPaginas } from "../../test/listas";
import { NoticiasPage } from "./noticias-page";

let servidor: ServidorDePaginas;
beforeEach(() => {
  servidor = servirPaginas();
});
afterEach(() => {
  sesionStore.cerrar();
  vi.unstubAllGlobals();
});

describe("NoticiasPage", () => {
  it("lee la búsqueda, el estado y la página de la URL y escribe en ella el estado elegido", async () => {
    const { consulta } = pintarEnRuta(<NoticiasPage />, "/noticias?q=fiesta&estado=0&page=2");
    const pedida = () => servidor.pedidas.at(-1)?.search;
    await waitFor(() =>
      expect(pedida()).toBe("?page=2&pageSize=25&q=fiesta&sort=-fecha&publicada=0"),
    );
    const buscar = screen.getByRole("textbox", { name: "Buscar noticias" }) as HTMLInputElement;
    expect(buscar.value).toBe("fiesta");
    expect(await screen.findByText("No hay noticias")).toBeTruthy();

    fireEvent.click(screen.getByRole("radio", { name: "Publicadas" }));
    await waitFor(() => expect(consulta()).toBe("?q=fiesta&estado=1"));
    await waitFor(() =>
      expect(pedida()).toBe("?page=1&pageSize=25&q=fiesta&sort=-fecha&publicada=1"),
    );
  });
});
