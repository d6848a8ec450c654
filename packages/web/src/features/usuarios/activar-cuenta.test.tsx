import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { crearQueryClient, Providers } from "../../app/providers";
import { ContrasenyaOlvidadaPage } from "../contrasenya-olvidada/contrasenya-olvidada-page";

function pintar(ruta: string) {
  return render(
    <Providers client={crearQueryClient()}>
      <MemoryRouter initialEntries={[ruta]}>
        <Routes>
          <Route path="/contrasenya-olvidada" element={<ContrasenyaOlvidadaPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

describe("el enlace de invitación", () => {
  it("habla de activar la cuenta y elegir la contraseña", async () => {
    pintar("/contrasenya-olvidada?token=abc&invitacion=1");
    expect(await screen.findByRole("heading", { name: "Activa tu cuenta" })).toBeTruthy();
    expect(screen.getByText(/^Elige tu contraseña/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activar la cuenta" })).toBeTruthy();
  });

  it("sin invitacion=1 mantiene el texto del restablecimiento", async () => {
    pintar("/contrasenya-olvidada?token=abc");
    expect(await screen.findByRole("heading", { name: "Elige una contraseña nueva" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Activa tu cuenta" })).toBeNull();
  });
});
