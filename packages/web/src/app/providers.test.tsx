import { Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import es from "../../public/assets/i18n/es.json";
import va from "../../public/assets/i18n/va.json";
import { cargarTextos } from "../lib/i18n";
import { crearQueryClient, Providers } from "./providers";

afterEach(() => {
  cargarTextos(es, "es");
  act(() => notifications.clean());
});

describe("tema de la aplicación", () => {
  it("el botón de cerrar de cualquier ventana tiene nombre, en el idioma de la persona, si la ventana no le da otro", () => {
    cargarTextos(es, "es");
    render(
      <Providers client={crearQueryClient()}>
        <Modal opened onClose={() => {}} title="Sin nombre propio">
          x
        </Modal>
        <Modal
          opened
          onClose={() => {}}
          title="Con nombre propio"
          closeButtonProps={{ "aria-label": "Cancelar la gallofa" }}
        >
          y
        </Modal>
      </Providers>,
    );
    expect(screen.getByRole("button", { name: "Cerrar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancelar la gallofa" })).toBeTruthy();
    act(() => cargarTextos(va, "va"));
    expect(screen.getByRole("button", { name: "Tanca" })).toBeTruthy();
  });

  it("el botón de cerrar de una notificación tiene nombre, en el idioma de la persona", async () => {
    cargarTextos(es, "es");
    render(<Providers client={crearQueryClient()}>z</Providers>);
    act(() => {
      notifications.show({ message: "Acto «Cena» cancelado", autoClose: false });
    });
    expect(await screen.findByText("Acto «Cena» cancelado")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Cerrar" })).toBeTruthy();
    act(() => cargarTextos(va, "va"));
    expect(await screen.findByRole("button", { name: "Tanca" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cerrar" })).toBeNull();
  });
});
