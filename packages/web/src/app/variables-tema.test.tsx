import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Providers } from "./providers";
import { theme, variablesCss } from "./theme";
import { cssDeLasVariablesDelTema } from "./variables-tema";

const estilosDeMantine = () =>
  [...document.querySelectorAll("style[data-mantine-styles]")].map((s) => s.innerHTML);

describe("las variables CSS del tema, escritas al construir", () => {
  it("son las mismas que el proveedor de Mantine escribiría al arrancar", () => {
    // What MantineProvider puts in a <style> with our resolver (what the app did before).
    const { unmount } = render(
      <MantineProvider theme={theme} cssVariablesResolver={variablesCss}>
        <p>hola</p>
      </MantineProvider>,
    );
    const delProveedor = estilosDeMantine().find((css) => css.startsWith(":root, :host{"));
    unmount();
    const css = cssDeLasVariablesDelTema();
    expect(css).toBe(delProveedor);
    // Ours, with their contrast fixes, are among them.
    expect(css).toContain("--mantine-color-dimmed: rgba(91, 97, 102, 1);");
    expect(css).toContain("--mantine-color-yellow-light-color");
    expect(css).toContain("--mantine-primary-color-filled");
  });

  it("la aplicación no las vuelve a calcular al arrancar", () => {
    const { unmount } = render(
      <Providers>
        <p>hola</p>
      </Providers>,
    );
    expect(estilosDeMantine().some((css) => css.includes("--mantine-color-dimmed"))).toBe(false);
    unmount();
  });
});
