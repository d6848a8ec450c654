import { describe, expect, it } from "vitest";
import { descripcionActo, idiomasEscritos, textoEnMiIdioma } from "./en-mi-idioma";

describe("texto en dos idiomas para quien lo lee", () => {
  it("el suyo si está escrito; si no, el otro, en los dos sentidos", () => {
    expect(textoEnMiIdioma("Hola", "Bon dia", "va")).toBe("Bon dia");
    expect(textoEnMiIdioma("Hola", "Bon dia", "es")).toBe("Hola");
    expect(textoEnMiIdioma("Hola", " ", "va")).toBe("Hola");
    expect(textoEnMiIdioma("", "Bon dia", "es")).toBe("Bon dia");
    expect(textoEnMiIdioma("", "", "va")).toBe("");
    expect(textoEnMiIdioma("<p>Hola</p>", "<p></p>", "va")).toBe("<p>Hola</p>");
  });

  it("la descripción de un acto, también sin descripcionVa (respuestas antiguas)", () => {
    expect(descripcionActo({ descripcion: "Cena", descripcionVa: "Sopar" }, "va")).toEqual({
      texto: "Sopar",
      idioma: "va",
    });
    expect(descripcionActo({ descripcion: "Cena" }, "va")).toEqual({ texto: "Cena", idioma: "es" });
    expect(descripcionActo({ descripcion: "", descripcionVa: "Sopar" }, "es")).toEqual({
      texto: "Sopar",
      idioma: "va",
    });
  });

  it("qué idiomas tiene escritos", () => {
    expect(idiomasEscritos("<p>Hola</p>", "")).toEqual({ es: true, va: false });
    expect(idiomasEscritos(" ", "Bon dia")).toEqual({ es: false, va: true });
  });
});
