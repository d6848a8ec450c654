import { useForm } from "@mantine/form";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { CampoFecha, leerFecha } from "./campo-fecha";

function pintar(ui: React.ReactNode) {
  return render(<Providers client={crearQueryClient()}>{ui}</Providers>);
}

function Controlado({ inicial, alCambiar }: { inicial: string; alCambiar: (v: string) => void }) {
  const [valor, setValor] = useState(inicial);
  return (
    <>
      <CampoFecha
        label="Fecha"
        value={valor}
        onChange={(v) => {
          setValor(v);
          alCambiar(v);
        }}
      />
      <output data-testid="valor">{valor}</output>
    </>
  );
}

function FormularioNoControlado({ alEnviar }: { alEnviar: (v: { fecha: string }) => void }) {
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { fecha: "2026-03-01" },
    validate: { fecha: (v) => (v ? null : "La fecha es obligatoria") },
  });
  return (
    <form onSubmit={form.onSubmit(alEnviar)}>
      <CampoFecha
        label="Fecha de cobro"
        required
        key={form.key("fecha")}
        {...form.getInputProps("fecha")}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

const campo = (etiqueta: string | RegExp = "Fecha") =>
  screen.getByLabelText(etiqueta) as HTMLInputElement;

describe("leerFecha", () => {
  it("lee d/m/aaaa con / - o . y aaaa-mm-dd", () => {
    expect(leerFecha("15/12/2027")).toBe("2027-12-15");
    expect(leerFecha("5/1/2027")).toBe("2027-01-05");
    expect(leerFecha("15-12-2027")).toBe("2027-12-15");
    expect(leerFecha("15.12.2027")).toBe("2027-12-15");
    expect(leerFecha(" 2027-12-15 ")).toBe("2027-12-15");
  });

  it("rechaza fechas que no existen o incompletas", () => {
    expect(leerFecha("31/02/2027")).toBeNull();
    expect(leerFecha("15/13/2027")).toBeNull();
    expect(leerFecha("15/12/27")).toBeNull();
    expect(leerFecha("12/2027")).toBeNull();
    expect(leerFecha("hola")).toBeNull();
    expect(leerFecha("")).toBeNull();
  });
});

describe("CampoFecha", () => {
  it("muestra un valor ISO como dd/mm/aaaa, con el marcador dd/mm/aaaa", () => {
    pintar(<Controlado inicial="2027-12-15" alCambiar={() => {}} />);
    expect(campo().value).toBe("15/12/2027");
    expect(campo().placeholder).toBe("dd/mm/aaaa");
  });

  it("al escribir 15/12/2027 el valor pasa a 2027-12-15", () => {
    const alCambiar = vi.fn();
    pintar(<Controlado inicial="" alCambiar={alCambiar} />);
    fireEvent.change(campo(), { target: { value: "15/12/2027" } });
    expect(alCambiar).toHaveBeenLastCalledWith("2027-12-15");
    expect(screen.getByTestId("valor").textContent).toBe("2027-12-15");
    fireEvent.blur(campo());
    expect(campo().value).toBe("15/12/2027");
  });

  it("un texto que no es fecha no da valor y se descarta al salir", () => {
    const alCambiar = vi.fn();
    pintar(<Controlado inicial="" alCambiar={alCambiar} />);
    fireEvent.change(campo(), { target: { value: "31/02/2027" } });
    expect(alCambiar).not.toHaveBeenCalled();
    fireEvent.blur(campo());
    expect(campo().value).toBe("");
    expect(screen.getByTestId("valor").textContent).toBe("");
  });

  it("un texto inválido no cambia la fecha que ya había", () => {
    const alCambiar = vi.fn();
    pintar(<Controlado inicial="2027-12-15" alCambiar={alCambiar} />);
    fireEvent.change(campo(), { target: { value: "99/99/2027" } });
    fireEvent.blur(campo());
    expect(alCambiar).not.toHaveBeenCalled();
    expect(campo().value).toBe("15/12/2027");
  });

  it("vaciar el texto deja el valor vacío", () => {
    const alCambiar = vi.fn();
    pintar(<Controlado inicial="2027-12-15" alCambiar={alCambiar} />);
    fireEvent.change(campo(), { target: { value: "" } });
    expect(alCambiar).toHaveBeenLastCalledWith("");
    expect(screen.getByTestId("valor").textContent).toBe("");
  });

  it("respeta min y max", () => {
    const alCambiar = vi.fn();
    pintar(
      <CampoFecha label="Fecha" value="" min="2027-01-01" max="2027-12-31" onChange={alCambiar} />,
    );
    fireEvent.change(campo(), { target: { value: "31/12/2028" } });
    expect(alCambiar).not.toHaveBeenCalled();
    fireEvent.change(campo(), { target: { value: "01/06/2027" } });
    expect(alCambiar).toHaveBeenLastCalledWith("2027-06-01");
  });

  it("funciona con useForm no controlado: muestra, cambia, envía y valida obligatorio", () => {
    const alEnviar = vi.fn();
    pintar(<FormularioNoControlado alEnviar={alEnviar} />);
    const input = campo(/Fecha de cobro/);
    expect(input.value).toBe("01/03/2026");

    fireEvent.change(input, { target: { value: "2/4/2026" } });
    fireEvent.blur(input);
    expect(input.value).toBe("02/04/2026");
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(alEnviar).toHaveBeenLastCalledWith({ fecha: "2026-04-02" }, expect.anything());

    alEnviar.mockClear();
    fireEvent.change(input, { target: { value: "" } });
    // Submitted directly: jsdom would stop a click on the native `required` check.
    fireEvent.submit(input.closest("form") as HTMLFormElement);
    expect(alEnviar).not.toHaveBeenCalled();
    expect(screen.getByText("La fecha es obligatoria")).toBeTruthy();
  });
});
