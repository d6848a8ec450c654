import { describe, expect, it } from "vitest";
import { LectorEnLotes } from "./lector-en-lotes.js";

type Lectura = { claves: string[]; terminar: () => void };

/** A reader whose reads end when the test says, recording the keys of each. */
function lectorControlado(valores: Record<string, number>, maxEnCurso = 1) {
  const lecturas: Lectura[] = [];
  const lector = new LectorEnLotes<string, number>(
    (claves) =>
      new Promise((ok) => {
        // What the database holds when the read starts is what it answers.
        const leido = new Map(claves.filter((c) => c in valores).map((c) => [c, valores[c]]));
        lecturas.push({ claves, terminar: () => ok(leido) });
      }),
    maxEnCurso,
  );
  return { lector, lecturas };
}

/** Lets pending promise callbacks and the reader's next launch (setImmediate) run. */
const unTurno = async () => {
  for (let i = 0; i < 3; i++) await new Promise((ok) => setImmediate(ok));
};

describe("LectorEnLotes", () => {
  it("lee enseguida una clave sola cuando no hay ninguna lectura en curso", async () => {
    const { lector, lecturas } = lectorControlado({ a: 1 });
    const valor = lector.obtener("a");
    await unTurno();
    expect(lecturas.map((l) => l.claves)).toEqual([["a"]]);
    lecturas[0].terminar();
    expect(await valor).toBe(1);
  });

  it("junta en la lectura siguiente las claves que llegan durante una, sin repetirlas", async () => {
    const { lector, lecturas } = lectorControlado({ a: 1, b: 2, c: 3 });
    const a = lector.obtener("a");
    await unTurno();
    const b = lector.obtener("b");
    const c = lector.obtener("c");
    const b2 = lector.obtener("b");
    await unTurno();
    // b and c arrived while a's read was under way: they wait for the next one.
    expect(lecturas).toHaveLength(1);
    lecturas[0].terminar();
    expect(await a).toBe(1);
    await unTurno();
    expect(lecturas.map((l) => l.claves)).toEqual([["a"], ["b", "c"]]);
    lecturas[1].terminar();
    expect([await b, await c, await b2]).toEqual([2, 3, 2]);
  });

  it("nunca responde con una lectura que empezó antes de pedir la clave", async () => {
    const valores: Record<string, number> = { a: 1 };
    const { lector, lecturas } = lectorControlado(valores);
    const primera = lector.obtener("a");
    await unTurno();
    // The value changes (a session revoked) after the first read started, before the second ask.
    delete valores.a;
    const segunda = lector.obtener("a");
    lecturas[0].terminar();
    expect(await primera).toBe(1);
    await unTurno();
    lecturas[1].terminar();
    expect(await segunda).toBeUndefined();
  });

  it("no pasa de las lecturas en curso permitidas", async () => {
    const { lector, lecturas } = lectorControlado({ a: 1, b: 2, c: 3 }, 2);
    const a = lector.obtener("a");
    await unTurno();
    const b = lector.obtener("b");
    await unTurno();
    const c = lector.obtener("c");
    await unTurno();
    expect(lecturas.map((l) => l.claves)).toEqual([["a"], ["b"]]);
    lecturas[1].terminar();
    await unTurno();
    expect(lecturas.map((l) => l.claves)).toEqual([["a"], ["b"], ["c"]]);
    lecturas[0].terminar();
    lecturas[2].terminar();
    expect([await a, await b, await c]).toEqual([1, 2, 3]);
  });

  it("un fallo de la lectura llega a todas las claves de ese lote y no a las siguientes", async () => {
    let fallar = true;
    const lector = new LectorEnLotes<string, number>(async (claves) => {
      if (fallar) throw new Error("conexión perdida");
      return new Map(claves.map((c) => [c, 7]));
    }, 1);
    const lote = [lector.obtener("a"), lector.obtener("b")];
    await expect(Promise.all(lote)).rejects.toThrow("conexión perdida");
    fallar = false;
    expect(await lector.obtener("a")).toBe(7);
  });
});
