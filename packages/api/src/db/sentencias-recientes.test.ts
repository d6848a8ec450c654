import { describe, expect, it } from "vitest";
import { SentenciasRecientes } from "./sentencias-recientes.js";

describe("SentenciasRecientes", () => {
  it("gives out the least recently used at the cap, never reusing a name", () => {
    const s = new SentenciasRecientes(2);
    s.recordar("a", s.nuevoNombre());
    s.recordar("b", s.nuevoNombre());
    expect(s.usar("a")).toBe("fila_1");
    expect(s.desalojar()).toBe("fila_2");
    expect(s.usar("b")).toBeUndefined();
    expect(s.desalojar()).toBeUndefined();
    expect(s.nuevoNombre()).toBe("fila_3");
  });

  it("forgets a text only under the name given", () => {
    const s = new SentenciasRecientes(5);
    s.recordar("a", "fila_1");
    expect(s.olvidar("a", "fila_9")).toBeUndefined();
    expect(s.usar("a")).toBe("fila_1");
    expect(s.olvidar("a")).toBe("fila_1");
    expect(s.usar("a")).toBeUndefined();
  });
});
