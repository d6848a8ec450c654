import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ActoCopiaSchema,
  ActoEntradaSchema,
  ActoSchema,
  ListaActosQuerySchema,
  PrecioActoSchema,
} from "./acto.schema";

describe("ActoSchema", () => {
  it("tiene los campos de la especificación en su orden", () => {
    expect(Object.keys(ActoSchema.shape).slice(0, 13)).toEqual([
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
      idTipoActo: null,
      descripcion: "",
      descripcionVa: "",
      imagen: null,
      aforo: null,
      invitadosMax: 0,
      precioInvitado: 0,
      menus: [],
      cancelado: false,
      plazasLibres: null,
      listaEspera: false,
      numEnEspera: 0,
      turnos: [],
      plazoPagoHoras: null,
      plazasPorMesa: null,
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

describe("ActoEntradaSchema", () => {
  const base = { nombre: "Cena", fecha: "2026-12-20" };

  it("completa los valores por defecto", () => {
    expect(ActoEntradaSchema.parse(base)).toMatchObject({
      aforo: null,
      invitadosMax: 0,
      precioInvitado: 0,
      menus: [],
      precios: [],
      fechaMaximaInscripcion: null,
    });
  });

  it("rechaza con mensajes en español", () => {
    const fallo = (v: object) =>
      ActoEntradaSchema.safeParse({ ...base, ...v }).error?.issues[0]?.message;
    expect(fallo({ fechaMaximaInscripcion: "2026-12-21" })).toBe(
      "La fecha máxima de inscripción no puede ser posterior al acto",
    );
    expect(
      fallo({
        precios: [
          { idTipoSocio: 1, precio: 1 },
          { idTipoSocio: 1, precio: 2 },
        ],
      }),
    ).toBe("Hay dos precios para el mismo tipo de socio");
    expect(fallo({ menus: ["Carne", "carne"] })).toBe("Hay menús repetidos");
    expect(fallo({ aforo: 0 })).toBe(
      "El aforo debe ser al menos 1 (déjalo vacío si no hay límite)",
    );
    expect(fallo({ invitadosMax: -1 })).toBe("No puede ser negativo");
    expect(fallo({ nombre: "  " })).toBe("El nombre es obligatorio");
    expect(fallo({ precioInvitado: 1.234 })).toBe("El importe no puede tener más de dos decimales");
  });

  it("limpia los menús", () => {
    expect(ActoEntradaSchema.parse({ ...base, menus: [" Carne ", "Pescado"] }).menus).toEqual([
      "Carne",
      "Pescado",
    ]);
  });
});

describe("ActoCopiaSchema y ListaActosQuerySchema", () => {
  it("la copia admite fecha opcional", () => {
    expect(ActoCopiaSchema.parse({})).toEqual({});
    expect(ActoCopiaSchema.safeParse({ fecha: "ayer" }).success).toBe(false);
  });

  it("la lista tiene página desde 1 y tamaño hasta 200", () => {
    expect(ListaActosQuerySchema.parse({})).toMatchObject({
      cuando: "todos",
      page: 1,
      pageSize: 50,
    });
    expect(ListaActosQuerySchema.safeParse({ pageSize: "201" }).success).toBe(false);
    expect(ListaActosQuerySchema.safeParse({ sort: "lugar" }).success).toBe(false);
    expect(ListaActosQuerySchema.parse({ sort: "-fecha" }).sort).toBe("-fecha");
  });
});
