import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { aplicarHojaInicial, hojaInicialSinBloquear } from "./hoja-inicial";

// The entry's stylesheet does not block the first paint (the boot picture's): index.html only
// preloads it and the app applies it before React draws (main.tsx).

const COMO_LO_ESCRIBE_VITE = `<head>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-XKyaHtl9.js">
    <link rel="stylesheet" crossorigin href="/assets/index-7KFv_1Pb.css">
    <link rel="manifest" href="/manifest.webmanifest" />
  </head>`;

afterEach(() => {
  document.head.innerHTML = "";
});

describe("hoja de estilos de la entrada", () => {
  it("index.html la precarga en lugar de enlazarla: nada bloquea la primera pintura", () => {
    const html = hojaInicialSinBloquear(COMO_LO_ESCRIBE_VITE);
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-7KFv_1Pb.css" data-hoja-inicial>',
    );
    expect(html).not.toContain('rel="stylesheet"');
    // The rest as it was.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-AbCd1234.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin');
  });

  it("el plugin de vite.config.ts la transforma después de que Vite escriba sus etiquetas", () => {
    const config = readFileSync(path.resolve(import.meta.dirname, "../../vite.config.ts"), "utf8");
    expect(config).toMatch(/order: "post" as const, handler: hojaInicialSinBloquear/);
    expect(config).toMatch(/plugins: \[[^\]]*hojaInicial\(\)/);
  });

  it("la aplica en su sitio con el mismo modo de petición y espera a que cargue", async () => {
    document.head.innerHTML = hojaInicialSinBloquear(
      '<link rel="stylesheet" crossorigin href="/assets/index-7KFv_1Pb.css"><style id="despues"></style>',
    );
    let aplicada = false;
    const promesa = aplicarHojaInicial().then(() => {
      aplicada = true;
    });
    const hoja = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(hoja?.getAttribute("href")).toBe("/assets/index-7KFv_1Pb.css");
    expect(hoja?.getAttribute("crossorigin")).toBe("");
    // Right after its preload: before anything the head had after it.
    expect(hoja?.previousElementSibling?.getAttribute("rel")).toBe("preload");
    expect(hoja?.nextElementSibling?.id).toBe("despues");
    await Promise.resolve();
    expect(aplicada).toBe(false);
    hoja?.dispatchEvent(new Event("load"));
    await promesa;
    expect(aplicada).toBe(true);
  });

  it("si no llega, la aplicación arranca igual (como con un <link> que falla)", async () => {
    document.head.innerHTML = hojaInicialSinBloquear(
      '<link rel="stylesheet" href="/assets/index-7KFv_1Pb.css">',
    );
    const promesa = aplicarHojaInicial();
    const hoja = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(hoja?.hasAttribute("crossorigin")).toBe(false);
    hoja?.dispatchEvent(new Event("error"));
    await expect(promesa).resolves.toBeUndefined();
  });

  it("sin precarga (el servidor de desarrollo) no espera a nada", async () => {
    await expect(aplicarHojaInicial()).resolves.toBeUndefined();
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});
