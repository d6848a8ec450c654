import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contraste, legibleSobre, theme, variablesCss } from "./theme";

const completo = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string> = variablesCss(completo).light;
const gris = completo.colors.gray;

describe("los colores del tema", () => {
  it("oscurece un color hasta 4,5:1 y deja igual el que ya se lee", () => {
    expect(contraste("#868e96", "#ffffff")).toBeLessThan(4.5);
    expect(contraste(legibleSobre("#868e96", ["#ffffff"]), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(legibleSobre("#212529", ["#ffffff"])).toBe("#212529");
  });

  it("el texto atenuado, el de error y el marcador se leen sobre blanco y gris claro", () => {
    for (const variable of [
      "--mantine-color-dimmed",
      "--mantine-color-error",
      "--mantine-color-placeholder",
    ]) {
      const color = light[variable] ?? "";
      for (const fondo of ["#ffffff", gris[0]]) {
        expect(contraste(color, fondo), `${variable} sobre ${fondo}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(contraste(light["--mantine-color-dimmed"] ?? "", "#fff3bf")).toBeGreaterThanOrEqual(4.5);
  });

  it("cada insignia o aviso «light» se lee sobre su fondo (Pendiente, Pagado…)", () => {
    for (const [nombre, tono] of Object.entries(completo.colors)) {
      const color = light[`--mantine-color-${nombre}-light-color`] ?? "";
      expect(contraste(color, tono[1]), nombre).toBeGreaterThanOrEqual(4.5);
      expect(
        contraste(light[`--mantine-color-${nombre}-text`] ?? "", "#ffffff"),
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("los enlaces (rojo principal) se leen sobre el gris de filas y cabeceras", () => {
    const rojo = completo.colors.red[9];
    expect(contraste(rojo, gris[0])).toBeGreaterThanOrEqual(4.5);
    expect(contraste("#ffffff", rojo)).toBeGreaterThanOrEqual(4.5);
  });
});
