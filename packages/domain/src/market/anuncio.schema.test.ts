import { describe, expect, it } from "vitest";
import {
  AnuncioEntradaSchema,
  AnuncioSchema,
  ContactoSchema,
  enlaceWhatsapp,
  sumarDias,
} from "./anuncio.schema";

const base = { titulo: "Vendo traje de moro", fecha: "2025-03-01", idSocio: 4 };

describe("AnuncioSchema", () => {
  it("completa los valores por defecto", () => {
    expect(AnuncioSchema.parse(base)).toEqual({
      id: 0,
      titulo: "Vendo traje de moro",
      descripcion: "",
      precio: 0,
      imagenes: [],
      etiquetas: [],
      destacado: false,
      fecha: "2025-03-01",
      contacto: { nombre: "", email: "", telefono: "" },
      activo: true,
      idSocio: 4,
    });
  });

  it("admite como mucho seis imágenes", () => {
    const imagenes = (n: number) => Array.from({ length: n }, (_, i) => `/api/files/${i}`);
    expect(AnuncioSchema.safeParse({ ...base, imagenes: imagenes(6) }).success).toBe(true);
    expect(
      AnuncioSchema.safeParse({ ...base, imagenes: imagenes(7) }).error?.issues[0].message,
    ).toBe("Un anuncio puede tener como mucho 6 imágenes");
  });

  it("exige título y socio", () => {
    expect(AnuncioSchema.safeParse({ ...base, titulo: "" }).success).toBe(false);
    expect(AnuncioSchema.safeParse({ ...base, idSocio: undefined }).success).toBe(false);
  });
});

describe("ContactoSchema", () => {
  it("deja vacíos los datos que faltan y valida el correo", () => {
    expect(ContactoSchema.parse({ telefono: "600000000" })).toEqual({
      nombre: "",
      email: "",
      telefono: "600000000",
    });
    expect(ContactoSchema.safeParse({ email: "no-es-correo" }).success).toBe(false);
  });
});

describe("enlaceWhatsapp", () => {
  it("da el enlace de wa.me para un móvil o fijo español, con o sin prefijo", () => {
    expect(enlaceWhatsapp("600 11 22 33")).toBe("https://wa.me/34600112233");
    expect(enlaceWhatsapp("+34 965-55-44-33")).toBe("https://wa.me/34965554433");
    expect(enlaceWhatsapp("0034600112233")).toBe("https://wa.me/34600112233");
  });

  it("no lo da para un teléfono extranjero o incompleto", () => {
    expect(enlaceWhatsapp("+33 6 12 34 56 78")).toBeNull();
    expect(enlaceWhatsapp("60011")).toBeNull();
    expect(enlaceWhatsapp("")).toBeNull();
  });
});

describe("AnuncioEntradaSchema", () => {
  it("pasa las etiquetas a minúsculas y admite como mucho 10", () => {
    expect(AnuncioEntradaSchema.parse({ titulo: "X", etiquetas: [" Trajes "] }).etiquetas).toEqual([
      "trajes",
    ]);
    const once = Array.from({ length: 11 }, (_, i) => `e${i}`);
    expect(AnuncioEntradaSchema.safeParse({ titulo: "X", etiquetas: once }).success).toBe(false);
  });

  it("suma los días de vigencia", () => {
    expect(sumarDias("2026-11-25", 90)).toBe("2027-02-23");
  });
});
