import { describe, expect, it } from "vitest";
import { presentarHistorial, presentarSocio } from "./socios.presenter.js";
import type { SocioGuardado } from "./socios.repository.js";
import { camposPropiosEditables } from "./socios.service.js";

const socio = {
  id: 7,
  fechaNacimiento: "2000-02-29",
  importeDerrama: 100,
  anyosPagoDerrama: 3,
  comentarios: "Nota interna de la junta",
} as SocioGuardado;

describe("presentarSocio", () => {
  it("calcula la derrama anual con dos decimales, la pendiente y la edad", () => {
    expect(presentarSocio(socio, "junta", "2025-02-28")).toMatchObject({
      derramaAnual: 33.33,
      derramaPagada: 0,
      derramaPendiente: 100,
      edad: 24,
    });
  });

  it("sin años de pago la derrama anual es 0", () => {
    expect(presentarSocio({ ...socio, anyosPagoDerrama: 0 }, "junta", "2025-03-01")).toMatchObject({
      derramaAnual: 0,
      edad: 25,
    });
  });

  // Issue 32: the member's own record no longer carries the notes either (before, only the
  // record of someone one pays for left them out, as ""). Only the member's data export does.
  it("un socio, en su ficha o en la de quien paga, no recibe las notas de la junta", () => {
    expect(presentarSocio(socio, "socio", "2025-01-01")).not.toHaveProperty("comentarios");
    expect(presentarSocio(socio, "junta", "2025-01-01").comentarios).toBe(socio.comentarios);
  });
});

describe("presentarHistorial", () => {
  const historial = [
    { id: 1, cambios: [{ campo: "comentarios", antes: "", despues: "Debe el traje" }] },
    {
      id: 2,
      cambios: [
        { campo: "telefono", antes: "1", despues: "2" },
        { campo: "comentarios", antes: "Debe el traje", despues: "" },
      ],
    },
    { id: 3, cambios: [] },
  ];

  it("al socio le quita los cambios de las notas de la junta, y las entradas que solo eran eso", () => {
    expect(presentarHistorial(historial, "socio")).toEqual([
      { id: 2, cambios: [{ campo: "telefono", antes: "1", despues: "2" }] },
      { id: 3, cambios: [] },
    ]);
    expect(presentarHistorial(historial, "junta")).toEqual(historial);
  });
});

describe("camposPropiosEditables", () => {
  it("un usuario cambia contacto y banco; un socio, solo contacto", () => {
    expect(camposPropiosEditables("usuario")).toEqual([
      "direccion",
      "poblacion",
      "provincia",
      "codPostal",
      "telefono",
      "email",
      "iban",
      "bic",
    ]);
    expect(camposPropiosEditables("socio")).not.toContain("iban");
    expect(camposPropiosEditables("socio")).toContain("telefono");
  });
});
