import { describe, expect, it } from "vitest";
import { entradaDeValores } from "./producto-form-modal";

describe("el cuerpo del producto desde el formulario", () => {
  it("solo manda precio para los tipos rellenados; los vacíos pagan el general", () => {
    expect(
      entradaDeValores({
        nombre: "  Cuota 2027 ",
        descripcion: "",
        anyo: 2027,
        tipo: "cuota",
        precio: 120.5,
        precios: { 1: 60, 2: "", 3: 0 },
        activo: true,
      }),
    ).toEqual({
      nombre: "Cuota 2027",
      descripcion: "",
      anyo: 2027,
      tipo: "cuota",
      precio: 120.5,
      precios: [
        { idTipoSocio: 1, precio: 60 },
        { idTipoSocio: 3, precio: 0 },
      ],
      activo: true,
    });
  });

  it("un precio general vacío es 0", () => {
    const entrada = entradaDeValores({
      nombre: "Lotería",
      descripcion: "",
      anyo: "2027",
      tipo: "loteria",
      precio: "",
      precios: {},
      activo: false,
    });
    expect(entrada.precio).toBe(0);
    expect(entrada.anyo).toBe(2027);
  });
});
