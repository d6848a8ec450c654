import { describe, expect, it } from "vitest";
import {
  CargoSocioEntradaSchema,
  EscuadraEntradaSchema,
  GrupoEntradaSchema,
  ListaGruposQuerySchema,
  OrdenDesfileSchema,
} from "./estructura.schema";

describe("esquemas de la estructura", () => {
  it("una escuadra: año y nombre; campos desconocidos fuera", () => {
    expect(EscuadraEntradaSchema.parse({ anyo: 2026, nombre: " Negres " })).toMatchObject({
      nombre: "Negres",
      tipo: "ordinaria",
      traje: "",
    });
    expect(EscuadraEntradaSchema.safeParse({ anyo: 2026, nombre: "" }).success).toBe(false);
    expect(EscuadraEntradaSchema.safeParse({ anyo: 2026, nombre: "X", color: 1 }).success).toBe(
      false,
    );
    expect(EscuadraEntradaSchema.safeParse({ anyo: 1800, nombre: "X" }).success).toBe(false);
  });
  it("un grupo de /api/grupos no es una escuadra", () => {
    expect(GrupoEntradaSchema.safeParse({ clase: "escuadra", nombre: "X" }).success).toBe(false);
    expect(GrupoEntradaSchema.parse({ clase: "junta", nombre: "Junta" })).toMatchObject({
      anyo: null,
      idResponsable: null,
      activo: true,
    });
  });
  it("un cargo del socio no acaba antes de empezar", () => {
    const r = CargoSocioEntradaSchema.safeParse({
      idCargo: 1,
      desde: "2026-02-01",
      hasta: "2026-01-31",
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["hasta"]);
    expect(CargoSocioEntradaSchema.parse({ idCargo: 1, desde: "2026-02-01" }).hasta).toBeNull();
  });
  it("el orden de desfile no repite escuadras; la consulta acepta 0/1", () => {
    expect(OrdenDesfileSchema.safeParse({ anyo: 2026, idsGrupo: [1, 2, 1] }).success).toBe(false);
    expect(ListaGruposQuerySchema.parse({ miembros: "0", anyo: "2026" })).toEqual({
      miembros: false,
      anyo: 2026,
    });
  });
});
