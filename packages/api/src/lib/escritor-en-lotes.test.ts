import { describe, expect, it } from "vitest";
import { EscritorEnLotes, SOLA } from "./escritor-en-lotes.js";

type Escritura = {
  clave: string;
  entradas: number[];
  terminar: () => void;
  fallar: (e: unknown) => void;
};

/**
 * A writer whose batch writes end when the test says, recording each; the batch answers each
 * entry doubled, or SOLA for the odd ones when `solas`; one by one answers `-n` (and fails for 13).
 */
function escritorControlado(opciones: { solas?: boolean } = {}) {
  const escrituras: Escritura[] = [];
  const unaAUna: number[] = [];
  const escritor = new EscritorEnLotes<string, number, number>(
    (clave, entradas) =>
      new Promise((ok, mal) => {
        escrituras.push({
          clave,
          entradas,
          terminar: () => ok(entradas.map((n) => (opciones.solas && n % 2 ? SOLA : n * 2))),
          fallar: mal,
        });
      }),
    async (_clave, n) => {
      unaAUna.push(n);
      if (n === 13) throw new Error("trece");
      return -n;
    },
    3,
  );
  return { escritor, escrituras, unaAUna };
}

const unTurno = async () => {
  for (let i = 0; i < 3; i++) await new Promise((ok) => setImmediate(ok));
};

describe("EscritorEnLotes", () => {
  it("escribe enseguida una entrada sola y junta en la siguiente escritura las que llegan durante una", async () => {
    const { escritor, escrituras } = escritorControlado();
    const a = escritor.escribir("acto1", 1);
    await unTurno();
    expect(escrituras.map((x) => x.entradas)).toEqual([[1]]);
    const resto = [2, 3, 4, 5].map((n) => escritor.escribir("acto1", n));
    await unTurno();
    // Writes of one key never overlap: the others wait for the first to end.
    expect(escrituras).toHaveLength(1);
    escrituras[0]?.terminar();
    expect(await a).toBe(2);
    await unTurno();
    // The next one takes them in arrival order, up to the cap (3); the rest go after it.
    expect(escrituras.map((x) => x.entradas)).toEqual([[1], [2, 3, 4]]);
    escrituras[1]?.terminar();
    await unTurno();
    expect(escrituras[2]?.entradas).toEqual([5]);
    escrituras[2]?.terminar();
    expect(await Promise.all(resto)).toEqual([4, 6, 8, 10]);
  });

  it("las claves distintas se escriben a la vez, cada una en su lote", async () => {
    const { escritor, escrituras } = escritorControlado();
    const a = escritor.escribir("acto1", 1);
    const b = escritor.escribir("acto2", 2);
    const c = escritor.escribir("acto1", 3);
    await unTurno();
    // Both under way at once (which starts first does not matter).
    const porClave = Object.fromEntries(escrituras.map((x) => [x.clave, x.entradas]));
    expect(porClave).toEqual({ acto1: [1, 3], acto2: [2] });
    for (const x of escrituras) x.terminar();
    expect(await Promise.all([a, b, c])).toEqual([2, 4, 6]);
  });

  it("lo que el lote deja (SOLA) se escribe después una a una, en orden de llegada", async () => {
    const { escritor, escrituras, unaAUna } = escritorControlado({ solas: true });
    const todas = [1, 2, 3].map((n) => escritor.escribir("acto1", n));
    await unTurno();
    escrituras[0]?.terminar();
    expect(await Promise.all(todas)).toEqual([-1, 4, -3]);
    expect(unaAUna).toEqual([1, 3]);
  });

  it("si falla un lote de varias, cada una se escribe sola y solo falla la suya", async () => {
    const { escritor, escrituras, unaAUna } = escritorControlado();
    const todas = [7, 13, 8].map((n) =>
      escritor.escribir("acto1", n).catch((e: Error) => e.message),
    );
    await unTurno();
    escrituras[0]?.fallar(new Error("23505"));
    expect(await Promise.all(todas)).toEqual([-7, "trece", -8]);
    expect(unaAUna).toEqual([7, 13, 8]);
  });

  it("sin conexión con la base fallan todas a la vez, sin reintentar una a una", async () => {
    const { escritor, escrituras, unaAUna } = escritorControlado();
    const todas = [1, 2].map((n) => escritor.escribir("acto1", n).catch((e: Error) => e.message));
    await unTurno();
    escrituras[0]?.fallar(new Error("Connection terminated unexpectedly"));
    expect(await Promise.all(todas)).toEqual([
      "Connection terminated unexpectedly",
      "Connection terminated unexpectedly",
    ]);
    expect(unaAUna).toEqual([]);
  });
});
