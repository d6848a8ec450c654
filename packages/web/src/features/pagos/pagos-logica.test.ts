import { describe, expect, it } from "vitest";
import {
  COLOR_ESTADO,
  FILTROS_PAGOS_POR_DEFECTO,
  filtrosPagosAApi,
  filtrosPagosAUrl,
  filtrosPagosDesdeUrl,
  importe,
  nombrePersona,
  ordenarMisPagos,
} from "./pagos-logica";
import type { PagoApi } from "./tipos";

function pago(id: number, estado: PagoApi["estado"], fechaVencimiento: string): PagoApi {
  return { id, estado, fechaVencimiento } as PagoApi;
}

describe("estado e importes de los cargos", () => {
  it("colorea pendiente en amarillo, pagado en verde, devuelto en rojo y anulado en gris", () => {
    expect(COLOR_ESTADO).toEqual({
      pendiente: "yellow",
      pagado: "green",
      devuelto: "red",
      anulado: "gray",
    });
  });

  it("muestra los euros de la API como 1.234,56 € sin errores de coma flotante", () => {
    expect(importe(1234.56)).toBe("1.234,56 €");
    expect(importe(0.29)).toBe("0,29 €");
    expect(importe(30)).toBe("30,00 €");
    expect(importe(null)).toBe("0,00 €");
  });

  it("nombra a la persona por nombre y apellidos", () => {
    expect(nombrePersona({ id: 1, nombre: "Jordi", apellidos: "Pastor Gisbert" })).toBe(
      "Jordi Pastor Gisbert",
    );
    expect(nombrePersona(null)).toBe("");
  });
});

describe("mis pagos", () => {
  it("pone primero lo que se debe (pendiente, luego devuelto) y cada grupo por vencimiento", () => {
    const ordenados = ordenarMisPagos([
      pago(1, "pagado", "2027-01-01"),
      pago(2, "pendiente", "2027-06-01"),
      pago(3, "anulado", "2026-01-01"),
      pago(4, "devuelto", "2027-01-01"),
      pago(5, "pendiente", "2027-03-01"),
    ]);
    expect(ordenados.map((p) => p.id)).toEqual([5, 2, 4, 1, 3]);
  });
});

describe("filtros de la lista de pagos", () => {
  it("sin query filtra el año en curso, por vencimiento, 50 por página", () => {
    const filtros = filtrosPagosDesdeUrl(new URLSearchParams());
    expect(filtros).toEqual(FILTROS_PAGOS_POR_DEFECTO);
    expect(filtros.anyo).toBe(String(new Date().getFullYear()));
    expect(filtrosPagosAUrl(filtros).toString()).toBe("");
  });

  it("ida y vuelta por la URL, con «todos» los años", () => {
    const filtros = {
      ...FILTROS_PAGOS_POR_DEFECTO,
      anyo: "",
      estado: "pendiente" as const,
      idProducto: "7",
      q: "pastor",
      page: 3,
      sort: "-importe",
    };
    const url = filtrosPagosAUrl(filtros);
    expect(url.get("anyo")).toBe("todos");
    expect(filtrosPagosDesdeUrl(url)).toEqual(filtros);
  });

  it("descarta lo mal formado de la URL", () => {
    const filtros = filtrosPagosDesdeUrl(
      new URLSearchParams("anyo=20x7&estado=cobrado&idProducto=-1&page=0&pageSize=7&sort=a;b"),
    );
    expect(filtros).toEqual(FILTROS_PAGOS_POR_DEFECTO);
  });

  it("manda a la API solo los filtros con valor; la exportación sin página ni orden", () => {
    const filtros = { ...FILTROS_PAGOS_POR_DEFECTO, anyo: "2027", estado: "pagado" as const };
    expect(filtrosPagosAApi(filtros).toString()).toBe(
      "anyo=2027&estado=pagado&page=1&pageSize=50&sort=fechaVencimiento",
    );
    expect(filtrosPagosAApi(filtros, true).toString()).toBe("anyo=2027&estado=pagado");
  });
});
