import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import es from "../../../public/assets/i18n/es.json";
import va from "../../../public/assets/i18n/va.json";
import { cargarTextos } from "../../lib/i18n";
import { IdiomasDelTexto } from "./idiomas-del-texto";

function pintar(textoEs: string, textoVa: string) {
  return render(
    <MantineProvider>
      <IdiomasDelTexto es={textoEs} va={textoVa} />
    </MantineProvider>,
  );
}

afterEach(() => cargarTextos(es, "es"));

describe("insignia de los idiomas de un texto (issue 38)", () => {
  it("dice con una frase qué idiomas tiene y marca el que falta", () => {
    const { container } = pintar("<p>Hola</p>", "<p></p>");
    expect(screen.getByText("Solo en castellano; falta en valenciano")).toBeTruthy();
    const insignias = [...container.querySelectorAll("[data-escrito]")];
    expect(insignias.map((b) => [b.textContent, b.getAttribute("data-escrito")])).toEqual([
      ["ES", "si"],
      ["VA", "no"],
    ]);
    // The abbreviations are for the eye; the sentence is what a screen reader hears.
    expect(insignias.every((b) => b.getAttribute("aria-hidden") === "true")).toBe(true);
  });

  it("en valenciano, y con los dos idiomas o ninguno", () => {
    cargarTextos(va, "va");
    pintar("Cena", "Sopar");
    expect(screen.getByText("En castellà i en valencià")).toBeTruthy();
    cargarTextos(es, "es");
    pintar("", " ");
    expect(screen.getByText("Sin texto en ningún idioma")).toBeTruthy();
  });
});
