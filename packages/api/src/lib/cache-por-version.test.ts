import { describe, expect, it } from "vitest";
import { CachePorVersion, type Calculado } from "./cache-por-version.js";

/** A computation that counts its calls and answers `valor` (kept unless told otherwise). */
function calculo(valor: string, guardable = true) {
  const llamadas = { n: 0 };
  const calcular = async () => {
    llamadas.n++;
    return { valor, guardable };
  };
  return { llamadas, calcular };
}

/** A computation that ends when the test calls `terminar`, counting its calls. */
function calculoPendiente() {
  let terminar: (c: Calculado<string>) => void = () => {};
  const llamadas = { n: 0 };
  const calcular = () => {
    llamadas.n++;
    return new Promise<Calculado<string>>((ok) => {
      terminar = ok;
    });
  };
  return { llamadas, calcular, terminar: (c: Calculado<string>) => terminar(c) };
}

describe("CachePorVersion", () => {
  it("la misma clave en la misma versión se calcula una vez", async () => {
    const cache = new CachePorVersion<string>(10);
    const { llamadas, calcular } = calculo("a");
    expect(await cache.obtener("v1", "k", calcular)).toBe("a");
    expect(await cache.obtener("v1", "k", calcular)).toBe("a");
    expect(llamadas.n).toBe(1);
  });

  it("otra versión, mayor o menor, vacía lo guardado y calcula de nuevo", async () => {
    const cache = new CachePorVersion<string>(10);
    await cache.obtener("v1", "k", calculo("viejo").calcular);
    await cache.obtener("v1", "otra", calculo("x").calcular);
    expect(cache.tamanyo).toBe(2);
    expect(await cache.obtener("v2", "k", calculo("nuevo").calcular)).toBe("nuevo");
    expect(cache.tamanyo).toBe(1);
    // Back to an older version (a database recovered from a crash): nothing of v2 is given.
    expect(await cache.obtener("v1", "k", calculo("recuperado").calcular)).toBe("recuperado");
  });

  it("lo calculado sin poder guardarse se da pero no se guarda", async () => {
    const cache = new CachePorVersion<string>(10);
    const { llamadas, calcular } = calculo("a", false);
    expect(await cache.obtener("v1", "k", calcular)).toBe("a");
    expect(await cache.obtener("v1", "k", calcular)).toBe("a");
    expect(llamadas.n).toBe(2);
    expect(cache.tamanyo).toBe(0);
  });

  it("las peticiones que llegan mientras se calcula comparten el cálculo", async () => {
    const cache = new CachePorVersion<string>(10);
    const { llamadas, calcular, terminar } = calculoPendiente();
    const a = cache.obtener("v1", "k", calcular);
    const b = cache.obtener("v1", "k", calcular);
    terminar({ valor: "x", guardable: true });
    expect(await Promise.all([a, b])).toEqual(["x", "x"]);
    expect(llamadas.n).toBe(1);
  });

  it("lo que no se puede guardar tampoco se comparte: quien llegó mientras se calculaba lee lo suyo", async () => {
    const cache = new CachePorVersion<string>(10);
    const pendiente = calculoPendiente();
    const primera = cache.obtener("v1", "k", pendiente.calcular);
    const { llamadas, calcular } = calculo("leído después");
    const segunda = cache.obtener("v1", "k", calcular);
    pendiente.terminar({ valor: "leído con un cambio a medias", guardable: false });
    expect(await primera).toBe("leído con un cambio a medias");
    expect(await segunda).toBe("leído después");
    expect(llamadas.n).toBe(1);
    // What the second one read could be kept.
    expect(await cache.obtener("v1", "k", calculo("otra").calcular)).toBe("leído después");
  });

  it("un error llega a todas las peticiones que esperaban y no se guarda", async () => {
    const cache = new CachePorVersion<string>(10);
    const fallo = async () => {
      throw new Error("base caída");
    };
    const a = cache.obtener("v1", "k", fallo);
    const b = cache.obtener("v1", "k", fallo);
    await expect(a).rejects.toThrow("base caída");
    await expect(b).rejects.toThrow("base caída");
    expect(await cache.obtener("v1", "k", calculo("bien").calcular)).toBe("bien");
  });

  it("lo que llega calculado para una versión que ya no es la actual no se guarda", async () => {
    const cache = new CachePorVersion<string>(10);
    const pendiente = calculoPendiente();
    const lento = cache.obtener("v1", "k", pendiente.calcular);
    await cache.obtener("v2", "otra", calculo("y").calcular);
    pendiente.terminar({ valor: "de v1", guardable: true });
    expect(await lento).toBe("de v1");
    const { llamadas, calcular } = calculo("de v2");
    expect(await cache.obtener("v2", "k", calcular)).toBe("de v2");
    expect(llamadas.n).toBe(1);
  });

  it("guarda como mucho maxEntradas: sale la usada hace más tiempo", async () => {
    const cache = new CachePorVersion<string>(2);
    await cache.obtener("v1", "a", calculo("a").calcular);
    await cache.obtener("v1", "b", calculo("b").calcular);
    await cache.obtener("v1", "a", calculo("a").calcular); // a is now the most recent
    await cache.obtener("v1", "c", calculo("c").calcular);
    expect(cache.tamanyo).toBe(2);
    const a = calculo("a");
    await cache.obtener("v1", "a", a.calcular);
    expect(a.llamadas.n).toBe(0);
    const b = calculo("b");
    await cache.obtener("v1", "b", b.calcular);
    expect(b.llamadas.n).toBe(1);
  });
});
