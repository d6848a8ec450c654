import type { Grupo } from "@fila/domain";
import { describe, expect, it } from "vitest";
import { enAlgunaEscuadra, idArrastrado, mover, ordenDelDesfile } from "./escuadras-logica";

const g = (id: number, nombre: string, desfiles: Record<string, number>, socios: number[] = []) =>
  ({
    id,
    nombre,
    orden: 0,
    desfiles,
    miembros: socios.map((idSocio) => ({ idSocio })),
  }) as unknown as Grupo;

describe("escuadras en la pantalla", () => {
  it("el orden de un desfile: las colocadas por su puesto, luego el resto por nombre", () => {
    const lista = [
      g(1, "Negres", {}),
      g(2, "Blanques", { entrada: 2 }),
      g(3, "Àguiles", { entrada: 1 }),
    ];
    expect(ordenDelDesfile(lista, "entrada").map((x) => x.id)).toEqual([3, 2, 1]);
    expect(ordenDelDesfile(lista, "diana").map((x) => x.id)).toEqual([3, 2, 1]);
  });
  it("subir y bajar un puesto, sin salirse", () => {
    expect(mover([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(mover([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(mover([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
  it("quién ya tiene escuadra y qué se soltó", () => {
    expect(enAlgunaEscuadra([g(1, "A", {}, [5, 6]), g(2, "B", {}, [7])])).toEqual(
      new Set([5, 6, 7]),
    );
    expect(idArrastrado("42")).toBe(42);
    expect(idArrastrado("hola")).toBeNull();
    expect(idArrastrado("")).toBeNull();
  });
});
