import { describe, expect, it } from "vitest";
import { textoNoticia } from "./texto-noticia";

const n = {
  titulo: "Fiesta",
  resumen: "Resumen",
  contenido: "<p>Texto</p>",
  tituloVa: "Festa",
  resumenVa: "Resum",
  contenidoVa: "<p>Text</p>",
};

describe("texto de una noticia para quien la lee", () => {
  it("en valenciano si lo tiene; si no, el castellano", () => {
    expect(textoNoticia(n, "va")).toEqual({
      titulo: "Festa",
      resumen: "Resum",
      contenido: "<p>Text</p>",
    });
    expect(textoNoticia(n, "es")).toEqual({
      titulo: "Fiesta",
      resumen: "Resumen",
      contenido: "<p>Texto</p>",
    });
    expect(textoNoticia({ ...n, tituloVa: " ", resumenVa: "", contenidoVa: "" }, "va").titulo).toBe(
      "Fiesta",
    );
    expect(textoNoticia({ ...n, contenidoVa: "" }, "va").contenido).toBe("<p>Texto</p>");
  });
});
