import { describe, expect, it } from "vitest";
import { filtrosAUrl, filtrosDesdeUrl } from "./filtros-url";

describe("filtros del mercadillo en la URL", () => {
  it("lee búsqueda, etiqueta, vista y página, con valores por defecto si faltan o no valen", () => {
    expect(
      filtrosDesdeUrl(new URLSearchParams("q=tabal&etiqueta=Trajes&vista=mios&page=3")),
    ).toEqual({ q: "tabal", etiqueta: "trajes", vista: "mios", page: 3 });
    expect(filtrosDesdeUrl(new URLSearchParams("vista=otra&page=-2"))).toEqual({
      q: "",
      etiqueta: "",
      vista: "todos",
      page: 1,
    });
  });

  it("escribe solo lo que no es por defecto y conserva el anuncio abierto", () => {
    const url = filtrosAUrl(new URLSearchParams("anuncio=7&q=viejo&page=4"), {
      q: "casco",
      etiqueta: "",
      vista: "todos",
      page: 1,
    });
    expect(url.toString()).toBe("anuncio=7&q=casco");
    expect(filtrosDesdeUrl(url)).toMatchObject({ q: "casco", page: 1 });
  });
});
