import { describe, expect, it } from "vitest";
import { AlertaCrearSchema } from "../alertas/alerta.schema";
import { avisoDeNoticia } from "./aviso-noticia";
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
      tituloVa: "",
      resumenVa: "",
      contenidoVa: "",
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

describe("avisoDeNoticia", () => {
  const noticia = { id: 7, titulo: "Entrada", resumen: "A las 10:00", audiencia: "todos" as const };

  it("una noticia para todos avisa a todos, con su resumen y el enlace a la noticia", () => {
    const aviso = avisoDeNoticia(noticia, [1, 2]);
    expect(aviso).toEqual({
      titulo: "Entrada",
      mensaje: "A las 10:00",
      enlace: "/vernoticias?id=7",
      destino: { todos: true },
    });
    expect(AlertaCrearSchema.safeParse(aviso).success).toBe(true);
  });

  it("una noticia solo para socios avisa solo a los socios (todos los tipos)", () => {
    expect(avisoDeNoticia({ ...noticia, audiencia: "socios" }, [1, 2, 3]).destino).toEqual({
      tiposSocio: [1, 2, 3],
    });
  });

  it("sin resumen usa el título, y recorta a los límites de una alerta", () => {
    const largo = "x".repeat(300);
    const aviso = avisoDeNoticia({ ...noticia, titulo: largo, resumen: "" }, []);
    expect(aviso.titulo).toHaveLength(120);
    expect(aviso.mensaje).toBe(largo);
    expect(AlertaCrearSchema.safeParse(aviso).success).toBe(true);
  });
});
