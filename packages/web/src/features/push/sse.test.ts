import { describe, expect, it } from "vitest";
import { crearLectorSse, ESPERA_MAXIMA_MS, esperaReintento } from "./sse";

describe("crearLectorSse", () => {
  it("entrega los datos de cada evento aunque lleguen partidos en trozos", () => {
    const datos: string[] = [];
    const lector = crearLectorSse((d) => datos.push(d));
    lector.trozo(': conectado\n\ndata: {"a"');
    lector.trozo(":1}\n\nevent: push\nid: 7\ndata: uno\r\ndata:dos\r\n\r\n");
    lector.trozo("data: sin terminar");
    expect(datos).toEqual(['{"a":1}', "uno\ndos"]);
  });

  it("dice el tipo de cada evento (`event: asamblea`), «message» sin él", () => {
    const recibidos: [string, string][] = [];
    const lector = crearLectorSse((d, tipo) => recibidos.push([tipo, d]));
    lector.trozo('event: asamblea\ndata: {"idPunto":3}\n\nevent: mensaje\ndata: x\n\ndata: y\n\n');
    expect(recibidos).toEqual([
      ["asamblea", '{"idPunto":3}'],
      ["mensaje", "x"],
      ["message", "y"],
    ]);
  });

  it("ignora eventos sin datos", () => {
    const datos: string[] = [];
    const lector = crearLectorSse((d) => datos.push(d));
    lector.trozo("retry: 1000\n\n:ping\n\n");
    expect(datos).toEqual([]);
  });
});

describe("esperaReintento", () => {
  it("empieza en 1000 ms, se duplica y no pasa de 4 horas", () => {
    expect([0, 1, 2, 3].map(esperaReintento)).toEqual([1000, 2000, 4000, 8000]);
    expect(esperaReintento(13)).toBe(8_192_000);
    expect(esperaReintento(14)).toBe(4 * 60 * 60 * 1000);
    expect(esperaReintento(500)).toBe(ESPERA_MAXIMA_MS);
  });
});
