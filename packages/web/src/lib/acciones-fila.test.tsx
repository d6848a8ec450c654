import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { AccionesFila } from "./acciones-fila";

function pintar(activo: boolean) {
  const manejadores = { onEditar: vi.fn(), onAlternar: vi.fn(), onBorrar: vi.fn() };
  render(
    <Providers client={crearQueryClient()}>
      <AccionesFila
        activo={activo}
        etiquetas={{
          editar: "Editar «Cuota»",
          alternar: activo ? "Desactivar «Cuota»" : "Activar «Cuota»",
          borrar: "Borrar «Cuota»",
        }}
        {...manejadores}
      />
    </Providers>,
  );
  return manejadores;
}

describe("AccionesFila", () => {
  it("cada botón lleva el nombre de su acción y llama a la suya", () => {
    const { onEditar, onAlternar, onBorrar } = pintar(true);
    fireEvent.click(screen.getByRole("button", { name: "Editar «Cuota»" }));
    fireEvent.click(screen.getByRole("button", { name: "Desactivar «Cuota»" }));
    fireEvent.click(screen.getByRole("button", { name: "Borrar «Cuota»" }));
    expect(onEditar).toHaveBeenCalledTimes(1);
    expect(onAlternar).toHaveBeenCalledTimes(1);
    expect(onBorrar).toHaveBeenCalledTimes(1);
  });

  it("un registro inactivo ofrece activarlo", () => {
    pintar(false);
    expect(screen.getByRole("button", { name: "Activar «Cuota»" })).toBeTruthy();
  });
});
