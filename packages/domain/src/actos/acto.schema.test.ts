import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ActoSchema, PrecioActoSchema } from "./acto.schema";

describe("ActoSchema", () => {
  it("tiene los campos de la especificación en su orden", () => {
    expect(Object.keys(ActoSchema.shape)).toEqual([
      "id",
      "nombre",
      "fecha",
      "hora",
      "lugar",
      "inscripcionAutomatica",
      "sePaga",
      "esInterno",
      "puntos",
      "observaciones",
      "fechaMaximaInscripcion",
      "precios",
      "numInscritos",
    ]);
  });

  it("completa los valores por defecto", () => {
    expect(ActoSchema.parse({ nombre: "Cena de la filà", fecha: "2025-04-22" })).toEqual({
      id: 0,
      nombre: "Cena de la filà",
      fecha: "2025-04-22",
      hora: "",
      lugar: "",
      inscripcionAutomatica: false,
      sePaga: false,
      esInterno: false,
      puntos: 0,
      observaciones: "",
      fechaMaximaInscripcion: null,
      precios: [],
      numInscritos: 0,
    });
  });

  it("exige nombre y fecha", () => {
    expect(ActoSchema.safeParse({ fecha: "2025-04-22" }).success).toBe(false);
    expect(ActoSchema.safeParse({ nombre: "Entrada" }).success).toBe(false);
    expect(ActoSchema.safeParse({ nombre: " ", fecha: "2025-04-22" }).success).toBe(false);
  });

  it("valida la hora HH:mm y los puntos enteros", () => {
    const base = { nombre: "Entrada", fecha: "2025-04-22" };
    expect(ActoSchema.parse({ ...base, hora: "18:30" }).hora).toBe("18:30");
    expect(ActoSchema.safeParse({ ...base, hora: "6:30" }).success).toBe(false);
    expect(ActoSchema.safeParse({ ...base, puntos: 1.5 }).success).toBe(false);
    expect(ActoSchema.safeParse({ ...base, puntos: -1 }).success).toBe(false);
  });

  it("lleva precios por tipo de socio en euros", () => {
    const acto = ActoSchema.parse({
      nombre: "Cena",
      fecha: "2025-04-22",
      sePaga: true,
      precios: [{ idTipoSocio: 1, idProducto: 3, precio: 25.5 }],
    });
    expect(acto.precios).toEqual([
      { id: 0, idTipoSocio: 1, idProducto: 3, idActo: 0, precio: 25.5 },
    ]);
    expect(z.encode(ActoSchema, acto)).toEqual(acto);
  });
});

describe("PrecioActoSchema", () => {
  it("admite un precio sin producto y rechaza precios negativos o con tres decimales", () => {
    expect(PrecioActoSchema.parse({ idTipoSocio: 2, precio: 0 }).idProducto).toBeNull();
    expect(PrecioActoSchema.safeParse({ idTipoSocio: 2, precio: -1 }).success).toBe(false);
    expect(PrecioActoSchema.safeParse({ idTipoSocio: 2, precio: 1.999 }).success).toBe(false);
  });
});
