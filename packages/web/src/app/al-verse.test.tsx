import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AlVerse } from "./al-verse";

type Aviso = (entradas: { isIntersecting: boolean }[]) => void;

/** The browser's IntersectionObserver, driven by the test (jsdom has none). */
class ObservadorDePrueba {
  static todos: ObservadorDePrueba[] = [];
  observados: Element[] = [];
  desconectado = false;
  constructor(
    readonly aviso: Aviso,
    readonly opciones: { rootMargin?: string },
  ) {
    ObservadorDePrueba.todos.push(this);
  }
  observe(el: Element) {
    this.observados.push(el);
  }
  disconnect() {
    this.desconectado = true;
  }
}

afterEach(() => {
  ObservadorDePrueba.todos = [];
  Reflect.deleteProperty(globalThis, "IntersectionObserver");
});

describe("AlVerse", () => {
  it("guarda el sitio sin dibujar hasta que se acerca a la pantalla, y entonces lo dibuja", async () => {
    Object.assign(globalThis, { IntersectionObserver: ObservadorDePrueba });
    const { container } = render(
      <AlVerse alto={220}>
        <p>gráfico</p>
      </AlVerse>,
    );
    expect(screen.queryByText("gráfico")).toBeNull();
    const sitio = container.firstElementChild as HTMLElement;
    expect(sitio.style.minHeight).toBe("220px");
    const [observador] = ObservadorDePrueba.todos;
    expect(observador?.observados).toEqual([sitio]);
    expect(observador?.opciones.rootMargin).toBe("300px");

    await act(async () => observador?.aviso([{ isIntersecting: false }]));
    expect(screen.queryByText("gráfico")).toBeNull();
    await act(async () => observador?.aviso([{ isIntersecting: true }]));
    expect(screen.getByText("gráfico")).toBeTruthy();
    expect(observador?.desconectado).toBe(true);
  });

  it("con conTeclado, la primera tecla pulsada en la página lo dibuja aunque no se vea", async () => {
    Object.assign(globalThis, { IntersectionObserver: ObservadorDePrueba });
    render(
      <AlVerse alto={300} conTeclado>
        <a href="#/market">mercadillo</a>
      </AlVerse>,
    );
    expect(screen.queryByText("mercadillo")).toBeNull();
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    });
    expect(screen.getByText("mercadillo")).toBeTruthy();
    expect(ObservadorDePrueba.todos[0]?.desconectado).toBe(true);
  });

  it("muestra el marcador en su sitio hasta que lo dibuja", async () => {
    Object.assign(globalThis, { IntersectionObserver: ObservadorDePrueba });
    render(
      <AlVerse alto={300} marcador={<span>Cargando…</span>}>
        <p>apartados</p>
      </AlVerse>,
    );
    expect(screen.getByText("Cargando…")).toBeTruthy();
    await act(async () => ObservadorDePrueba.todos[0]?.aviso([{ isIntersecting: true }]));
    expect(screen.getByText("apartados")).toBeTruthy();
    expect(screen.queryByText("Cargando…")).toBeNull();
  });

  it("sin conTeclado, una tecla no lo dibuja", async () => {
    Object.assign(globalThis, { IntersectionObserver: ObservadorDePrueba });
    render(
      <AlVerse alto={300}>
        <p>gráfico</p>
      </AlVerse>,
    );
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    });
    expect(screen.queryByText("gráfico")).toBeNull();
  });

  it("sin IntersectionObserver lo dibuja en seguida", () => {
    render(
      <AlVerse alto={100}>
        <p>gráfico</p>
      </AlVerse>,
    );
    expect(screen.getByText("gráfico")).toBeTruthy();
  });
});
