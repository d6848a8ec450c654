import { describe, expect, it } from "vitest";
import { DocumentoEntradaSchema, visibilidadesPara } from "./documento.schema";

describe("visibilidadesPara", () => {
  it("administrador ve todo; con ficha, socios y todos; sin ficha, solo todos", () => {
    expect(visibilidadesPara({ rol: "administrador", socioId: 0 })).toEqual([
      "administrador",
      "socios",
      "todos",
    ]);
    expect(visibilidadesPara({ rol: "usuario", socioId: 3 })).toEqual(["socios", "todos"]);
    expect(visibilidadesPara({ rol: "socio", socioId: 0 })).toEqual(["todos"]);
  });
});

describe("DocumentoEntradaSchema", () => {
  it("por defecto solo lo ven los administradores y sin año", () => {
    expect(DocumentoEntradaSchema.parse({ titulo: "Acta" })).toEqual({
      titulo: "Acta",
      descripcion: "",
      categoria: "",
      anyo: null,
      visibilidad: "administrador",
    });
  });

  it("acepta el año como texto de un formulario y rechaza uno fuera de rango", () => {
    expect(DocumentoEntradaSchema.parse({ titulo: "A", anyo: "2026" }).anyo).toBe(2026);
    expect(DocumentoEntradaSchema.safeParse({ titulo: "A", anyo: "19" }).success).toBe(false);
  });
});
