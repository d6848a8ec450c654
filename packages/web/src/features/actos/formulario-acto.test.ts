import { type Acto, ActoEntradaSchema, ActoSchema } from "@fila/domain";
import { describe, expect, it } from "vitest";
import { cuerpoDeActo, valoresDeActo } from "./formulario-acto";

const CENA: Acto = ActoSchema.parse({
  id: 7,
  nombre: "Cena de gala",
  fecha: "2026-12-12",
  hora: "21:30",
  lugar: "Casal",
  sePaga: true,
  puntos: 5,
  fechaMaximaInscripcion: "2026-12-05",
  precios: [
    { id: 1, idTipoSocio: 1, idProducto: 40, idActo: 7, precio: 35 },
    { id: 2, idTipoSocio: 3, idProducto: null, idActo: 7, precio: 17.5 },
  ],
  idTipoActo: 2,
  imagen: "cena.jpg",
  aforo: 120,
  invitadosMax: 2,
  precioInvitado: 40,
  menus: ["Carne", "Pescado"],
});

describe("formulario de acto", () => {
  it("un acto editado y guardado sin cambios da un cuerpo válido con los mismos datos", () => {
    const cuerpo = cuerpoDeActo(valoresDeActo(CENA), CENA);
    expect(ActoEntradaSchema.safeParse(cuerpo).success).toBe(true);
    expect(cuerpo).toMatchObject({
      nombre: "Cena de gala",
      idTipoActo: 2,
      aforo: 120,
      invitadosMax: 2,
      precioInvitado: 40,
      menus: ["Carne", "Pescado"],
      fechaMaximaInscripcion: "2026-12-05",
      imagen: "cena.jpg",
      puntos: 5,
      // Kept as it was (the event was created before wait-lists: off).
      listaEspera: false,
    });
    // The product of each price row is kept, so the charges keep going to the same fee.
    expect(cuerpo.precios).toEqual([
      { idTipoSocio: 1, idProducto: 40, precio: 35 },
      { idTipoSocio: 3, idProducto: null, precio: 17.5 },
    ]);
  });

  it("un acto nuevo vacío: sin aforo, sin fecha máxima, sin tipo, sin precios", () => {
    const valores = { ...valoresDeActo(null), nombre: "  Diana  ", fecha: "2027-04-22" };
    const cuerpo = cuerpoDeActo(valores, null);
    expect(cuerpo).toMatchObject({
      nombre: "Diana",
      aforo: null,
      fechaMaximaInscripcion: null,
      idTipoActo: null,
      precios: [],
      invitadosMax: 0,
      precioInvitado: 0,
      imagen: null,
      // No aforo, no wait-list.
      listaEspera: false,
    });
    expect(ActoEntradaSchema.safeParse(cuerpo).success).toBe(true);
  });

  it("solo manda precios de los tipos con importe, y ninguno si el acto no es de pago", () => {
    const valores = {
      ...valoresDeActo(null),
      nombre: "Sopar",
      fecha: "2027-01-10",
      sePaga: true,
      precios: { "1": 30, "2": "", "3": "12,5", "4": 0 },
    };
    expect(cuerpoDeActo(valores, null).precios).toEqual([
      { idTipoSocio: 1, idProducto: null, precio: 30 },
      { idTipoSocio: 3, idProducto: null, precio: 12.5 },
      { idTipoSocio: 4, idProducto: null, precio: 0 },
    ]);
    expect(cuerpoDeActo({ ...valores, sePaga: false }, null).precios).toEqual([]);
  });

  it("sin invitados admitidos manda 0 invitados y 0 € por invitado", () => {
    const valores = { ...valoresDeActo(CENA), admiteInvitados: false };
    expect(cuerpoDeActo(valores, CENA)).toMatchObject({ invitadosMax: 0, precioInvitado: 0 });
  });

  it("un acto nuevo con aforo lleva lista de espera salvo que se quite", () => {
    const valores = { ...valoresDeActo(null), nombre: "Cena", fecha: "2027-04-22", aforo: 80 };
    expect(cuerpoDeActo(valores, null).listaEspera).toBe(true);
    expect(cuerpoDeActo({ ...valores, listaEspera: false }, null).listaEspera).toBe(false);
  });

  it("lleva la descripción en valenciano, sin espacios, y la del acto editado (issue 38)", () => {
    const acto = { ...CENA, descripcionVa: "Sopar de germanor" };
    expect(valoresDeActo(acto).descripcionVa).toBe("Sopar de germanor");
    expect(valoresDeActo(null).descripcionVa).toBe("");
    const valores = { ...valoresDeActo(acto), descripcionVa: "  Sopar  " };
    expect(cuerpoDeActo(valores, acto).descripcionVa).toBe("Sopar");
  });

  it("quita los menús vacíos y los espacios", () => {
    const valores = { ...valoresDeActo(CENA), menus: [" Vegetariano ", "", "Carne"] };
    expect(cuerpoDeActo(valores, CENA).menus).toEqual(["Vegetariano", "Carne"]);
  });
});

describe("turnos, plazo y mesas en el formulario (issue 50)", () => {
  it("los turnos editados vuelven con sus filtros (también grupos y cargos) y la apertura general al final", () => {
    const acto: Acto = ActoSchema.parse({
      ...CENA,
      plazasPorMesa: 10,
      plazoPagoHoras: 2,
      turnos: [
        { desde: "2026-12-01T10:00", antiguedadMinima: 25 },
        { desde: "2026-12-02T10:00", tipos: [1], cargos: [4] },
        { desde: "2026-12-03T10:00" },
      ],
    });
    const valores = valoresDeActo(acto);
    expect(valores.aperturaGeneral).toBe("2026-12-03T10:00");
    expect(valores.turnos).toHaveLength(2);
    const cuerpo = cuerpoDeActo(valores, acto);
    expect(ActoEntradaSchema.safeParse(cuerpo).success).toBe(true);
    expect(cuerpo.turnos).toEqual(acto.turnos);
    expect(cuerpo).toMatchObject({ plazasPorMesa: 10, plazoPagoHoras: 2 });
    // Without a general opening there are no turns; a free event has no deadline.
    const sin = cuerpoDeActo({ ...valores, aperturaGeneral: "", sePaga: false }, acto);
    expect(sin).toMatchObject({ turnos: [], plazoPagoHoras: null });
  });
});
