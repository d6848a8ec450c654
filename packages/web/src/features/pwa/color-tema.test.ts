import { beforeEach, describe, expect, it, vi } from "vitest";
import { aplicarColorDelManifiesto } from "./color-tema";

const meta = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
const respuesta = (cuerpo: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(cuerpo), { status })) as unknown as typeof fetch;

beforeEach(() => {
  document.head.innerHTML = '<meta name="theme-color" content="#c92a2a" />';
});

describe("aplicarColorDelManifiesto", () => {
  it("pone en theme-color el color de la asociación que trae el manifiesto", async () => {
    await aplicarColorDelManifiesto(respuesta({ theme_color: "#1864ab" }));
    expect(meta()?.content).toBe("#1864ab");
  });

  it("crea la etiqueta si no existe", async () => {
    document.head.innerHTML = "";
    await aplicarColorDelManifiesto(respuesta({ theme_color: "#0b7285" }));
    expect(meta()?.content).toBe("#0b7285");
  });

  it("sin conexión, con error o con un color raro deja el de la página", async () => {
    await aplicarColorDelManifiesto(vi.fn(async () => Promise.reject(new TypeError("offline"))));
    await aplicarColorDelManifiesto(respuesta({}, 500));
    await aplicarColorDelManifiesto(respuesta({ theme_color: "red; x" }));
    expect(meta()?.content).toBe("#c92a2a");
  });
});
