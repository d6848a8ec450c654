import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { crearQueryClient, Providers } from "../app/providers";
import { CampoHora } from "./campo-hora";

function Controlado({ inicial }: { inicial: string }) {
  const [valor, setValor] = useState(inicial);
  return (
    <Providers client={crearQueryClient()}>
      <CampoHora label="Hora" value={valor} onChange={setValor} />
      <output data-testid="valor">{valor}</output>
    </Providers>
  );
}

describe("CampoHora", () => {
  it("muestra la hora en 24 h y devuelve HH:mm al escribirla", () => {
    render(<Controlado inicial="09:05" />);
    const horas = screen.getByRole("spinbutton", { name: "Horas" }) as HTMLInputElement;
    const minutos = screen.getByRole("spinbutton", { name: "Minutos" }) as HTMLInputElement;
    expect([horas.value, minutos.value]).toEqual(["09", "05"]);
    expect(screen.queryByText(/AM|PM/)).toBeNull();

    fireEvent.change(horas, { target: { value: "21" } });
    fireEvent.change(minutos, { target: { value: "30" } });
    expect(screen.getByTestId("valor").textContent).toBe("21:30");
  });
});

/** Every source file of the web app (tests aside). */
function fuentes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [ruta] : [];
  });
}

describe("los campos de fecha y hora", () => {
  it("no queda ningún input nativo de fecha u hora, que sigue el idioma del navegador", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const sinComentarios = (texto: string) =>
      texto.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const nativos = fuentes(src).filter((f) =>
      /type\s*[=:]\s*\{?\s*["'`](date|time|datetime-local|month|week)["'`]/.test(
        sinComentarios(readFileSync(f, "utf8")),
      ),
    );
    expect(nativos).toEqual([]);
  });
});
