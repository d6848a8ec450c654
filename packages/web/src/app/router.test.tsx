import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { usePaginaCargando } from "./carga-pagina";
import { Providers } from "./providers";
import { paginaInicial } from "./root-layout";
import { LimiteDeRuta, pagina } from "./router";

function Rompe(): never {
  throw new Error("el trozo de la página ya no existe");
}

function Indicador() {
  return <p>{usePaginaCargando() ? "cargando" : "quieta"}</p>;
}

describe("las páginas del router", () => {
  it("una página que no se puede pintar muestra el aviso de recargar y la siguiente ruta vuelve a probar", () => {
    const consola = console.error;
    console.error = () => {};
    try {
      const { rerender } = render(
        <Providers>
          <LimiteDeRuta ruta="/socios">
            <Rompe />
          </LimiteDeRuta>
        </Providers>,
      );
      expect(screen.getByRole("button", { name: "Recargar la página" })).toBeTruthy();
      rerender(
        <Providers>
          <LimiteDeRuta ruta="/pagos">
            <p>Pagos</p>
          </LimiteDeRuta>
        </Providers>,
      );
      expect(screen.getByText("Pagos")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Recargar la página" })).toBeNull();
    } finally {
      console.error = consola;
    }
  });

  it("mientras baja el código de una página lo dice, y deja de decirlo al llegar", async () => {
    let llegar: (modulo: { Pagina: () => React.JSX.Element }) => void = () => {};
    const Pagina = pagina(
      () => new Promise<{ Pagina: () => React.JSX.Element }>((r) => (llegar = r)),
      (m) => m.Pagina,
    );
    render(
      <>
        <Indicador />
        <Suspense fallback={null}>
          <Pagina />
        </Suspense>
      </>,
    );
    expect(await screen.findByText("cargando")).toBeTruthy();
    await act(async () => llegar({ Pagina: () => <p>Lista de socios</p> }));
    expect(await screen.findByText("Lista de socios")).toBeTruthy();
    expect(await screen.findByText("quieta")).toBeTruthy();
  });

  it("pide el código de una página antes de pintarla con precargar, el mismo que usa al pintarla", async () => {
    let veces = 0;
    const modulo = { Pagina: () => <p>Mis actos</p> };
    const cargar = () => {
      veces += 1;
      return Promise.resolve(modulo);
    };
    const Pagina = pagina(cargar, (m) => m.Pagina);
    await Pagina.precargar();
    expect(veces).toBe(1);
    render(
      <Suspense fallback={null}>
        <Pagina />
      </Suspense>,
    );
    expect(await screen.findByText("Mis actos")).toBeTruthy();
  });

  it("la primera página es la de la dirección, o adonde lleva la guarda de rutas", () => {
    expect(paginaInicial("/socios", false, "ninguno")).toBe("/login");
    expect(paginaInicial("/privacidad", false, "ninguno")).toBe("/privacidad");
    expect(paginaInicial("/", false, "ninguno")).toBe("/");
    expect(paginaInicial("/", true, "socio")).toBe("/socio-home");
    expect(paginaInicial("/login", true, "administrador")).toBe("/admin-home");
    expect(paginaInicial("/misactos", true, "socio")).toBe("/misactos");
  });
});
