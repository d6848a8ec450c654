import { describe, expect, it } from "vitest";
import { htmlATexto } from "./html-a-texto.js";

describe("htmlATexto", () => {
  it("deja la dirección de un enlace tras su texto: en papel no se puede pulsar", () => {
    expect(
      htmlATexto('<p>Inscríbete en <a href="https://fila.test/actos/3">la cena</a>.</p>'),
    ).toBe("Inscríbete en la cena [https://fila.test/actos/3].");
    // Once when the text is the address itself.
    expect(htmlATexto('<p><a href="https://fila.test">https://fila.test</a></p>')).toBe(
      "https://fila.test",
    );
  });

  it("conserva las viñetas y los números de las listas", () => {
    const texto = htmlATexto(
      "<p>Trae:</p><ul><li>el carnet</li><li>la <strong>chilaba</strong></li></ul><ol><li>primero</li><li>segundo</li></ol>",
    );
    expect(texto).toContain(" • el carnet\n • la chilaba");
    expect(texto).toMatch(/1\. primero\n\s*2\. segundo/);
  });

  it("separa los párrafos, respeta los saltos de línea y las mayúsculas de los títulos y deshace las entidades", () => {
    expect(
      htmlATexto("<h2>Junta general</h2><p>Hola &amp; adiós<br>hasta el &lt;lunes&gt;</p>"),
    ).toBe("Junta general\n\nHola & adiós\nhasta el <lunes>");
  });
});
