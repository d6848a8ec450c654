import { describe, expect, it } from "vitest";
import {
  AlertaCrearSchema,
  DestinoAlertaSchema,
  esEnlaceInterno,
  esImagenValida,
  tipoDeDestino,
} from "./alerta.schema";
import { REINTENTO_MAXIMO_MS, retrasoReintento } from "./reintentos-push";

describe("esEnlaceInterno", () => {
  it("acepta rutas de la aplicación", () => {
    expect(esEnlaceInterno("/vernoticias?id=3")).toBe(true);
    expect(esEnlaceInterno("/alertas")).toBe(true);
  });
  it("rechaza enlaces externos, javascript: y rutas con barra doble", () => {
    for (const malo of [
      "javascript:alert(1)",
      "https://malo.example",
      "//malo.example/x",
      "/\\malo.example",
      "vernoticias",
      "/a b",
    ]) {
      expect(esEnlaceInterno(malo), malo).toBe(false);
    }
  });
});

describe("esImagenValida", () => {
  it("acepta http(s) y rutas del servidor y rechaza otros esquemas", () => {
    expect(esImagenValida("https://ejemplo.es/a.png")).toBe(true);
    expect(esImagenValida("/api/socios/1/imagen")).toBe(true);
    expect(esImagenValida("javascript:alert(1)")).toBe(false);
    expect(esImagenValida("data:image/png;base64,AAAA")).toBe(false);
  });
});

describe("DestinoAlertaSchema", () => {
  it("admite exactamente un destino", () => {
    expect(tipoDeDestino(DestinoAlertaSchema.parse({ todos: true }))).toBe("todos");
    expect(tipoDeDestino(DestinoAlertaSchema.parse({ rol: "socio" }))).toBe("rol");
    expect(tipoDeDestino(DestinoAlertaSchema.parse({ tiposSocio: [1, 2] }))).toBe("tiposSocio");
    expect(tipoDeDestino(DestinoAlertaSchema.parse({ idActo: 4 }))).toBe("idActo");
    expect(tipoDeDestino(DestinoAlertaSchema.parse({ idsSocio: [7] }))).toBe("idsSocio");
  });
  it("rechaza vacío, varios a la vez, rol desconocido y listas vacías", () => {
    expect(DestinoAlertaSchema.safeParse({}).success).toBe(false);
    expect(DestinoAlertaSchema.safeParse({ todos: true, rol: "socio" }).success).toBe(false);
    expect(DestinoAlertaSchema.safeParse({ rol: "ninguno" }).success).toBe(false);
    expect(DestinoAlertaSchema.safeParse({ tiposSocio: [] }).success).toBe(false);
    expect(DestinoAlertaSchema.safeParse({ todos: false }).success).toBe(false);
    expect(DestinoAlertaSchema.safeParse({ otro: 1 }).success).toBe(false);
  });
});

describe("AlertaCrearSchema", () => {
  it("recorta el texto y pone valores por defecto", () => {
    expect(AlertaCrearSchema.parse({ titulo: "  Assaig ", destino: { todos: true } })).toEqual({
      titulo: "Assaig",
      mensaje: "",
      tituloVa: "",
      mensajeVa: "",
      imagen: "",
      enlace: "",
      destino: { todos: true },
      email: false,
    });
  });
  it("rechaza un título vacío y un enlace javascript:", () => {
    const r = AlertaCrearSchema.safeParse({
      titulo: " ",
      enlace: "javascript:alert(1)",
      destino: { todos: true },
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toEqual(["titulo", "enlace"]);
  });
});

describe("retrasoReintento", () => {
  it("empieza en 1000 ms, se duplica y no pasa de 4 horas", () => {
    expect([0, 1, 2, 3].map(retrasoReintento)).toEqual([1000, 2000, 4000, 8000]);
    expect(retrasoReintento(14)).toBe(REINTENTO_MAXIMO_MS);
    expect(retrasoReintento(100)).toBe(4 * 60 * 60 * 1000);
  });
});
