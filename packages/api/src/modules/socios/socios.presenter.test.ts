import { describe, expect, it } from "vitest";
import { presentarSocio } from "./socios.presenter.js";
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
    expect(presentarSocio(socio, "completo", "2025-02-28")).toMatchObject({
      derramaAnual: 33.33,
      derramaPagada: 0,
      derramaPendiente: 100,
      edad: 24,
    });
  });

  it("sin años de pago la derrama anual es 0", () => {
    expect(
      presentarSocio({ ...socio, anyosPagoDerrama: 0 }, "completo", "2025-03-01"),
    ).toMatchObject({
      derramaAnual: 0,
      edad: 25,
    });
  });

  it("quien paga a un socio no ve las notas de la junta", () => {
    expect(presentarSocio(socio, "pagado", "2025-01-01").comentarios).toBe("");
    expect(presentarSocio(socio, "completo", "2025-01-01").comentarios).toBe(socio.comentarios);
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
