import { describe, expect, it } from "vitest";
import { cambiosCenso, type FilaCenso, nombresColumnasCenso } from "./censo";

const fila = (idSocio: number, cambios: Partial<FilaCenso> = {}): FilaCenso => ({
  idSocio,
  nif: `0000000${idSocio}T`,
  nombre: `Nombre ${idSocio}`,
  apellidos: "Apellidos",
  fechaNacimiento: "1980-01-01",
  sexo: "hombre",
  tipo: "Fester",
  anyoAlta: 2000,
  antiguedad: 10,
  cargo: "",
  escuadra: "",
  ...cambios,
});

describe("cambiosCenso", () => {
  it("sin censo enviado, todos son altas", () => {
    const c = cambiosCenso(null, [fila(1), fila(2)]);
    expect(c.altas.map((f) => f.idSocio)).toEqual([1, 2]);
    expect(c.bajas).toEqual([]);
    expect(c.modificados).toEqual([]);
  });

  it("altas, bajas y datos cambiados; la antigüedad, el cargo y la escuadra no son cambios", () => {
    const antes = [fila(1), fila(2), fila(3)];
    const ahora = [
      fila(1, { antiguedad: 11, cargo: "Cabo", escuadra: "Primera" }),
      fila(3, { apellidos: "Nuevos", tipo: "Infantil" }),
      fila(4),
    ];
    const c = cambiosCenso(antes, ahora);
    expect(c.altas.map((f) => f.idSocio)).toEqual([4]);
    expect(c.bajas.map((f) => f.idSocio)).toEqual([2]);
    expect(c.modificados).toEqual([
      {
        fila: ahora[1],
        campos: [
          { campo: "apellidos", antes: "Apellidos", despues: "Nuevos" },
          { campo: "tipo", antes: "Fester", despues: "Infantil" },
        ],
      },
    ]);
  });

  it("las columnas llevan el nombre que pide la federación, o el de la filà", () => {
    const cols = nombresColumnasCenso({ nif: "DNI", sexo: "  " });
    expect(cols[0]).toEqual(["nif", "DNI"]);
    expect(cols.find(([c]) => c === "sexo")?.[1]).toBe("Sexo");
  });
});
