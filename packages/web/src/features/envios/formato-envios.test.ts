import { describe, expect, it } from "vitest";
import es from "../../../public/assets/i18n/es.json";
import va from "../../../public/assets/i18n/va.json";
import { cargarTextos, t } from "../../lib/i18n";
import { resumenFiltro } from "./formato-envios";

const tipos = [{ id: 2, nombre: "Infantil" }];

describe("resumen de los destinatarios de un envío", () => {
  it("dice cada filtro en palabras, en el orden de la pantalla, y «todos» sin ninguno", () => {
    cargarTextos(es, "es");
    expect(resumenFiltro({}, t, tipos)).toBe("Todos los socios");
    expect(
      resumenFiltro(
        { activo: true, tipo: 2, sexo: "mujer", edadMin: 40, edadMax: 45, conDeuda: true },
        t,
        tipos,
      ),
    ).toBe("socios activos · tipo Infantil · Mujer · de 40 a 45 años · con deuda pendiente");
    expect(
      resumenFiltro({ edadMax: 17, sinCuenta: true, idActo: 9, idsSocio: [1] }, t, tipos),
    ).toBe(
      "hasta 17 años · sin cuenta en la aplicación · inscritos en el acto n.º 9 · 1 elegido a mano",
    );
    // A type deleted since keeps its number.
    expect(resumenFiltro({ tipo: 7 }, t, tipos)).toBe("tipo 7");
  });

  it("en valenciano", () => {
    cargarTextos(va, "va");
    expect(resumenFiltro({ conDeuda: true, idsSocio: [1, 2] }, t, tipos)).toBe(
      "amb deute pendent · 2 triats a mà",
    );
    cargarTextos(es, "es");
  });
});
