import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prefetch, programarPrecarga, reiniciarPrecarga } from "./precarga";

type Idle = { hacer: IdleRequestCallback; opciones?: IdleRequestOptions };

function cargadoresFalsos(n: number) {
  return Array.from({ length: n }, () => vi.fn(async () => ({})));
}

/** Lets the promise chain of one finished load run (then / finally). */
const vaciarPromesas = () => new Promise((ok) => setTimeout(ok, 0));

describe("programarPrecarga", () => {
  let pendientes: Idle[];
  let estado: DocumentReadyState;

  beforeEach(() => {
    reiniciarPrecarga();
    pendientes = [];
    estado = "loading";
    vi.spyOn(document, "readyState", "get").mockImplementation(() => estado);
    window.requestIdleCallback = (hacer, opciones) => pendientes.push({ hacer, opciones });
    window.cancelIdleCallback = () => {};
  });

  afterEach(() => {
    vi.restoreAllMocks();
    // biome-ignore lint/suspicious/noExplicitAny: jsdom has no requestIdleCallback; put it back.
    delete (window as any).requestIdleCallback;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    delete (window as any).cancelIdleCallback;
  });

  function inactivo() {
    const siguiente = pendientes.shift();
    siguiente?.hacer({ didTimeout: false, timeRemaining: () => 50 });
  }

  it("no carga nada hasta el evento load y, después, una página en cada momento de inactividad", async () => {
    const cargas = cargadoresFalsos(3);
    programarPrecarga({ cargas });
    expect(pendientes).toHaveLength(0);

    estado = "complete";
    window.dispatchEvent(new Event("load"));
    expect(pendientes).toHaveLength(1);
    expect(pendientes[0]?.opciones?.timeout).toBeGreaterThan(0);
    expect(cargas.every((c) => c.mock.calls.length === 0)).toBe(true);

    for (let i = 0; i < 3; i++) {
      inactivo();
      expect(cargas.map((c) => c.mock.calls.length)).toEqual(
        [0, 1, 2].map((j) => (j <= i ? 1 : 0)),
      );
      await vaciarPromesas();
    }
    expect(pendientes).toHaveLength(0);
  });

  it("sigue con las demás páginas cuando una falla y no vuelve a empezar en el mismo documento", async () => {
    estado = "complete";
    const cargas = [
      vi.fn(async () => Promise.reject(new Error("sin red"))),
      vi.fn(async () => ({})),
    ];
    programarPrecarga({ cargas });
    inactivo();
    await vaciarPromesas();
    inactivo();
    await vaciarPromesas();
    expect(cargas[1]).toHaveBeenCalledTimes(1);

    programarPrecarga({ cargas });
    expect(pendientes).toHaveLength(0);
  });

  it("espera a que la página en pantalla tenga sus datos", async () => {
    estado = "complete";
    const cargas = cargadoresFalsos(1);
    let pidiendo = true;
    programarPrecarga({ cargas, ocupado: () => pidiendo });
    inactivo();
    inactivo();
    expect(cargas[0]).not.toHaveBeenCalled();
    expect(pendientes).toHaveLength(1);

    pidiendo = false;
    inactivo();
    expect(cargas[0]).toHaveBeenCalledTimes(1);
  });

  it("con la aplicación ya guardada (un service worker controla la página) no carga nada", () => {
    estado = "complete";
    const cargas = cargadoresFalsos(2);
    programarPrecarga({ cargas, yaGuardada: () => true });
    expect(pendientes).toHaveLength(0);
    expect(cargas.every((c) => c.mock.calls.length === 0)).toBe(true);
  });

  it("cancelada antes de empezar, no carga nada", () => {
    const cargas = cargadoresFalsos(2);
    const cancelar = programarPrecarga({ cargas });
    cancelar();
    estado = "complete";
    window.dispatchEvent(new Event("load"));
    expect(pendientes).toHaveLength(0);
    expect(cargas[0]).not.toHaveBeenCalled();
  });

  it("sin requestIdleCallback espera un momento tras load", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: a browser without requestIdleCallback (Safari)
    delete (window as any).requestIdleCallback;
    vi.useFakeTimers();
    try {
      estado = "complete";
      const cargas = cargadoresFalsos(1);
      programarPrecarga({ cargas });
      expect(cargas[0]).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(cargas[0]).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("pide la lista de ficheros después de load, en un momento de inactividad y con la página ya servida", async () => {
    const cargas = cargadoresFalsos(2);
    const lista = vi.fn(async () => cargas);
    let pidiendo = true;
    programarPrecarga({ cargas: lista, ocupado: () => pidiendo });
    expect(lista).not.toHaveBeenCalled();

    estado = "complete";
    window.dispatchEvent(new Event("load"));
    inactivo();
    expect(lista).not.toHaveBeenCalled();

    pidiendo = false;
    inactivo();
    expect(lista).toHaveBeenCalledTimes(1);
    await vaciarPromesas();
    inactivo();
    expect(cargas[0]).toHaveBeenCalledTimes(1);
    expect(cargas[1]).not.toHaveBeenCalled();
  });
});

describe("prefetch", () => {
  it("descarga el fichero a la caché sin ejecutarlo, con el mismo modo que import()", async () => {
    const hecho = prefetch("/assets/noticias-page-AbCd1234.js");
    const enlace = document.head.querySelector<HTMLLinkElement>(
      'link[href="/assets/noticias-page-AbCd1234.js"]',
    );
    expect(enlace?.rel).toBe("prefetch");
    expect(enlace?.crossOrigin).toBe("anonymous");
    expect(document.querySelector('script[src*="noticias-page"]')).toBeNull();
    enlace?.dispatchEvent(new Event("load"));
    await expect(hecho).resolves.toBeUndefined();
    enlace?.remove();
  });
});
