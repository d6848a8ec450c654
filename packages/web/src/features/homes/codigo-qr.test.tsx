import { render } from "@testing-library/react";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { CodigoQr } from "./codigo-qr";

const ESCALA = 4;

/** The SVG as a camera would see it: each module a square of pixels, the viewBox all around. */
function imagenDe(svg: SVGSVGElement): { pixeles: Uint8ClampedArray; lado: number } {
  const [x0, y0, ancho] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
  const lado = ancho * ESCALA;
  const pixeles = new Uint8ClampedArray(lado * lado * 4).fill(255);
  const d = svg.querySelector("path")?.getAttribute("d") ?? "";
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < ESCALA; dy++) {
      for (let dx = 0; dx < ESCALA; dx++) {
        const px = (Number(x) - x0) * ESCALA + dx;
        const py = (Number(y) - y0) * ESCALA + dy;
        pixeles.fill(0, (py * lado + px) * 4, (py * lado + px) * 4 + 3);
      }
    }
  }
  return { pixeles, lado };
}

describe("CodigoQr", () => {
  it.each(["1", "47", "1234", "FILA-2026-0815"])(
    "a phone reads «%s» back, with its white border",
    (texto) => {
      const { container } = render(<CodigoQr texto={texto} tamanyo={92} titulo="Código" />);
      const svg = container.querySelector("svg") as SVGSVGElement;
      expect(svg.getAttribute("aria-label")).toBe("Código");
      const [x0, y0] = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
      expect([x0, y0]).toEqual([-2, -2]);
      const { pixeles, lado } = imagenDe(svg);
      expect(jsQR(pixeles, lado, lado)?.data).toBe(texto);
    },
  );
});
