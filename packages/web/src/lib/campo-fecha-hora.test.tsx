import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { CampoFechaHora } from "./campo-fecha-hora";

function Controlado({ inicial }: { inicial: string }) {
  const [valor, setValor] = useState(inicial);
  return (
    <Providers client={crearQueryClient()}>
      <CampoFechaHora label="Abre" value={valor} onChange={setValor} />
      <output data-testid="valor">{valor}</output>
    </Providers>
  );
}

describe("CampoFechaHora", () => {
  it("muestra dd/mm/aaaa y hh:mm y devuelve AAAA-MM-DDTHH:mm al cambiar la hora", () => {
    render(<Controlado inicial="2027-04-20T09:05" />);
    expect((screen.getByRole("textbox", { name: "Abre" }) as HTMLInputElement).value).toBe(
      "20/04/2027",
    );
    const horas = screen.getByRole("spinbutton", { name: "Abre: hora" }) as HTMLInputElement;
    const minutos = screen.getByRole("spinbutton", { name: "Abre: minuto" }) as HTMLInputElement;
    expect([horas.value, minutos.value]).toEqual(["09", "05"]);
    fireEvent.change(horas, { target: { value: "21" } });
    fireEvent.change(minutos, { target: { value: "30" } });
    expect(screen.getByTestId("valor").textContent).toBe("2027-04-20T21:30");
  });
});
