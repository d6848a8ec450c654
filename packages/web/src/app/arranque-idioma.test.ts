import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The boot picture (arranque/arranque.js, inlined into index.html) shows its few texts in the
// device's language (localStorage `idioma`, issue 38), with no request: both languages' texts
// travel in DATOS_ARRANQUE (vite.config.ts).

const guion = readFileSync(path.resolve(import.meta.dirname, "../../arranque/arranque.js"), "utf8");
const texto = (idioma: string) =>
  JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, `../../public/assets/i18n/${idioma}.json`),
      "utf8",
    ),
  );
const DATOS = {
  textos: {
    es: { lang: "es", app: "Filà", saludo: "Hola", subtitulo: texto("es").login.subtitulo },
    va: {
      lang: "ca-ES-valencia",
      app: "Filà",
      saludo: "Hola",
      subtitulo: texto("va").login.subtitulo,
    },
  },
  homes: {},
  paginasSinLogin: [],
};

function arrancar() {
  document.body.innerHTML = '<div id="arranque"></div>';
  new Function("DATOS_ARRANQUE", guion)(DATOS);
  return document.querySelector(".arr-subtitulo")?.textContent;
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = "es";
});

describe("imagen de arranque", () => {
  it("en valenciano si el dispositivo lo eligió, con el lang de la página", () => {
    localStorage.setItem("idioma", "va");
    expect(arrancar()).toBe(texto("va").login.subtitulo);
    expect(document.documentElement.lang).toBe("ca-ES-valencia");
  });

  it("en castellano sin elección o con un idioma desconocido", () => {
    expect(arrancar()).toBe(texto("es").login.subtitulo);
    localStorage.setItem("idioma", "xx");
    expect(arrancar()).toBe(texto("es").login.subtitulo);
    expect(document.documentElement.lang).toBe("es");
  });
});
