import { describe, expect, it } from "vitest";
import { LectorEnLotes, MAX_CLAVES_POR_LECTURA } from "./lector-en-lotes.js";

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

describe("LectorEnLotes: errores por clave y tamaño del lote", () => {
  it("sin base de datos no parte el lote: una lectura fallida para todas las claves", async () => {
    let lecturas = 0;
    const lector = new LectorEnLotes<string, number>(async () => {
      lecturas++;
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
        code: "ECONNREFUSED",
      });
    }, 1);
    const lote = ["a", "b", "c", "d"].map((c) => lector.obtener(c));
    const respuestas = await Promise.allSettled(lote);
    expect(respuestas.every((r) => r.status === "rejected")).toBe(true);
    expect(lecturas).toBe(1);
  });

  it("una clave que hace fallar la lectura solo rechaza a quien la pidió", async () => {
    const leidas: string[][] = [];
    // As a database refusing one value (an id out of range) fails the whole query.
    const lector = new LectorEnLotes<string, number>(async (claves) => {
      leidas.push(claves);
      if (claves.includes("malo")) throw new Error("valor fuera de rango");
      return new Map(claves.map((c) => [c, c.length]));
    }, 1);
    const resto = ["a", "bb", "malo", "ccc", "bb", "dddd"].map((c) => lector.obtener(c));
    const respuestas = await Promise.allSettled(resto);
    expect(respuestas.map((r) => (r.status === "fulfilled" ? r.value : "error"))).toEqual([
      1,
      2,
      "error",
      3,
      2,
      4,
    ]);
    expect((respuestas[2] as PromiseRejectedResult).reason.message).toBe("valor fuera de rango");
    // The batch was read together first; only on its failure were its keys read apart.
    expect(leidas[0]).toEqual(["a", "bb", "malo", "ccc", "dddd"]);
    // Later batches are not affected.
    expect(await lector.obtener("ee")).toBe(2);
  });

  it("cabe el pico de inscripciones de toda una filà (300) en una lectura", () => {
    expect(MAX_CLAVES_POR_LECTURA).toBeGreaterThanOrEqual(300);
  });

  it("no lee más claves de las permitidas en una consulta: el resto va en la siguiente", async () => {
    const { lector, lecturas } = lectorControlado(
      Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`k${i}`, i])),
    );
    const primera = lector.obtener("k0");
    await unTurno();
    const resto = Array.from({ length: 1200 }, (_, i) => lector.obtener(`k${i}`));
    lecturas[0]?.terminar();
    await primera;
    for (let i = 1; i <= 3; i++) {
      await unTurno();
      expect(lecturas).toHaveLength(i + 1);
      lecturas[i]?.terminar();
    }
    expect(lecturas.map((l) => l.claves.length)).toEqual([1, 500, 500, 200]);
    expect(await Promise.all(resto)).toEqual(Array.from({ length: 1200 }, (_, i) => i));
  });

  it("con dos lecturas permitidas, lo que pasa del máximo empieza enseguida en la otra", async () => {
    const { lector, lecturas } = lectorControlado(
      Object.fromEntries(Array.from({ length: 700 }, (_, i) => [`k${i}`, i])),
      2,
    );
    const todas = Array.from({ length: 700 }, (_, i) => lector.obtener(`k${i}`));
    await unTurno();
    expect(lecturas.map((l) => l.claves.length)).toEqual([500, 200]);
    for (const l of lecturas) l.terminar();
    expect(await Promise.all(todas)).toEqual(Array.from({ length: 700 }, (_, i) => i));
  });
});
