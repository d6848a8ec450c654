import { describe, expect, it } from "vitest";
import { AnuncioSchema, ContactoSchema } from "./anuncio.schema";

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
