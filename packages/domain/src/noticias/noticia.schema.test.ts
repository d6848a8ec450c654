import { describe, expect, it } from "vitest";
import {
  ListaNoticiasQuerySchema,
  NoticiaEntradaSchema,
  puedeLeerAudiencia,
} from "./noticia.schema";

describe("puedeLeerAudiencia", () => {
  it("«todos» lo lee cualquier sesión; «socios», quien tiene ficha y el administrador", () => {
    expect(puedeLeerAudiencia("todos", { rol: "usuario", socioId: 0 })).toBe(true);
    expect(puedeLeerAudiencia("socios", { rol: "usuario", socioId: 0 })).toBe(false);
    expect(puedeLeerAudiencia("socios", { rol: "socio", socioId: 7 })).toBe(true);
    expect(puedeLeerAudiencia("socios", { rol: "administrador", socioId: 0 })).toBe(true);
  });
});

describe("NoticiaEntradaSchema", () => {
  it("pone los valores por defecto de un borrador", () => {
    expect(NoticiaEntradaSchema.parse({ titulo: " Hola ", fecha: "2026-04-22" })).toEqual({
      titulo: "Hola",
      resumen: "",
      contenido: "",
      fecha: "2026-04-22",
      publicada: false,
      destacada: false,
      audiencia: "todos",
    });
  });

  it("exige título y fecha AAAA-MM-DD", () => {
    const r = NoticiaEntradaSchema.safeParse({ titulo: "", fecha: "22/04/2026" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(["fecha", "titulo"]);
  });
});

describe("ListaNoticiasQuerySchema", () => {
  it("ordena por defecto de la más nueva a la más antigua, 50 por página", () => {
    expect(ListaNoticiasQuerySchema.parse({})).toMatchObject({
      sort: "-fecha",
      page: 1,
      pageSize: 50,
    });
    expect(ListaNoticiasQuerySchema.safeParse({ pageSize: "201" }).success).toBe(false);
  });
});
